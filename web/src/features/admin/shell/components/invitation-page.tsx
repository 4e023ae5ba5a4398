import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useAcceptInvitation } from '@/features/admin/staff/api/staff';
import { Field } from '@/features/admin/shared/components/field';

const minimumLength = 12;

/** /admin/invitation#<token>: the invited person sets their password, once. */
export function InvitationPage() {
  useDocumentTitle('Set your password | Back office');
  const accept = useAcceptInvitation();
  const id = useId();
  const [token] = useState(() => window.location.hash.slice(1));
  const [password, setPassword] = useState('');
  const [tooShort, setTooShort] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const short = [...password].length < minimumLength;
    setTooShort(short);
    if (!short) accept.mutate({ token, password });
  }

  const serverError =
    accept.error instanceof ApiError
      ? (accept.error.fieldErrors.password ?? accept.error.message)
      : accept.error?.message;
  const error = tooShort ? `Please choose a password of at least ${minimumLength} characters.` : serverError;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="font-display text-2xl font-bold">Set your password</h1>
          <p className="text-sm text-muted-foreground">For the conference's back office. This link works once.</p>
        </CardHeader>
        <CardContent className="space-y-5">
          {accept.data ? (
            <div role="status" className="space-y-3">
              <p>
                Welcome, {accept.data.name}. Your password is set: sign in with {accept.data.email} and that password.
              </p>
              <Button asChild>
                <a href={paths.admin.dashboard}>Sign in</a>
              </Button>
            </div>
          ) : !token ? (
            <p role="alert" className="text-destructive">
              This link is incomplete: open the whole link from your invitation email.
            </p>
          ) : (
            <form aria-label="Set your password" className="space-y-4" onSubmit={submit} noValidate>
              <Field
                id={`${id}-password`}
                label="New password"
                hint={`At least ${minimumLength} characters.`}
                error={error}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" className="w-full" disabled={accept.isPending}>
                {accept.isPending ? 'Saving…' : 'Set password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
