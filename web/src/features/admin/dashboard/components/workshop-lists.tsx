import { venueTimeLabel } from '@/features/admin/shared/components/format';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import type { Dashboard } from '../api/dashboard';

type Workshops = NonNullable<Dashboard['workshops']>;

function SessionLink({ session }: { session: { slug: string; title: string; start: string } }) {
  return (
    <>
      <Link to={paths.admin.workshop(session.slug)} className="font-medium text-secondary underline">
        {session.title}
      </Link>{' '}
      <span className="text-muted-foreground">({venueTimeLabel(session.start)})</span>
    </>
  );
}

/** "Nearly full" and "Longest queues": where a limit may need raising or a bigger room; nothing when both are empty. */
export function WorkshopLists({ workshops }: { workshops: Workshops | null | undefined }) {
  if (!workshops || (workshops.nearlyFull.length === 0 && workshops.longestQueues.length === 0)) return null;
  return (
    <section aria-labelledby="workshops-heading" className="space-y-3">
      <h2 id="workshops-heading" className="text-lg font-semibold">
        Workshops
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {workshops.nearlyFull.length > 0 && (
          <div className="rounded-lg border border-border bg-card p-4">
            <h3 className="font-semibold">Nearly full</h3>
            <ul aria-label="Nearly full" className="mt-2 space-y-1">
              {workshops.nearlyFull.map((session) => (
                <li key={session.slug}>
                  <SessionLink session={session} />:{' '}
                  {session.left === 0 ? 'full' : `${session.left} of ${session.limit} left`}
                </li>
              ))}
            </ul>
          </div>
        )}
        {workshops.longestQueues.length > 0 && (
          <div className="rounded-lg border border-border bg-card p-4">
            <h3 className="font-semibold">Longest queues</h3>
            <ul aria-label="Longest queues" className="mt-2 space-y-1">
              {workshops.longestQueues.map((session) => (
                <li key={session.slug}>
                  <SessionLink session={session} />: {session.waiting} waiting
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
