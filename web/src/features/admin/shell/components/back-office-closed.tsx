import { LockIcon } from '@/components/icons';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** With neither ADMIN_PASSWORD_HASH nor ADMIN_TOKEN, the back office says how to open it and shows nothing else. */
export function BackOfficeClosed({ message }: { message: string }) {
  useDocumentTitle('Back office');
  return (
    <main className="mx-auto max-w-2xl space-y-5 p-6 sm:p-10">
      <LockIcon className="size-10 text-secondary" aria-hidden="true" />
      <h1 className="font-display text-3xl font-bold">The back office is closed</h1>
      <p>{message}</p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          Make a password hash on the server:{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-sm">conference admin hash-password</code> (type the
          password, then press Enter).
        </li>
        <li>
          Set the printed hash as <code className="rounded bg-muted px-1.5 py-0.5 text-sm">ADMIN_PASSWORD_HASH</code>{' '}
          and restart the site. Scripts can use a token instead:{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-sm">ADMIN_TOKEN</code> of at least 32 characters.
        </li>
        <li>Come back to this page and sign in.</li>
      </ol>
    </main>
  );
}
