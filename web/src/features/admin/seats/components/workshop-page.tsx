import { DownloadIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { Link, useParams } from '@/lib/router';
import { formatTime, venueTimeLabel } from '@/features/admin/shared/components/format';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { canManageSeats, type StaffRole } from '@/features/admin/shell/roles';
import { rosterCsvPath, useSessionDetail, type SessionDetail } from '../api/sessions';
import { MessageForm } from './message-form';

/** /admin/workshops/:slug: a session's seats, its roster and its queue; its roster as CSV; an email to its attendees. */
export function WorkshopPage({ role }: { role: StaffRole }) {
  const { slug = '' } = useParams();
  const detail = useSessionDetail(slug);
  const session = detail.data;
  return (
    <Screen
      title={session?.title ?? 'Workshop'}
      description={
        session && `${venueTimeLabel(session.start, session.end)} venue time${session.room ? ` · ${session.room}` : ''}`
      }
      actions={
        session && (
          <a
            href={rosterCsvPath(session.slug)}
            download
            className="inline-flex items-center gap-1 font-semibold text-secondary underline"
          >
            <DownloadIcon className="size-4" aria-hidden="true" /> Download roster (CSV)
          </a>
        )
      }
    >
      <Link to={paths.admin.workshops} className="text-sm font-medium text-secondary underline">
        All workshops
      </Link>
      {!session ? (
        <Loading error={detail.error} />
      ) : (
        <div className="space-y-6">
          <Counts session={session} />
          <Roster session={session} />
          <Queue session={session} />
          {canManageSeats(role) && <MessageForm slug={session.slug} holders={session.roster.length} />}
        </div>
      )}
    </Screen>
  );
}

function Counts({ session }: { session: SessionDetail }) {
  const figures = [
    ['Limit', session.limit],
    ['Taken', session.taken],
    ['Left', session.left],
    ['Waiting', session.waiting],
    ['Checked in', session.checkedIn],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Roster({ session }: { session: SessionDetail }) {
  return (
    <section aria-labelledby="roster-heading" className="space-y-3">
      <h2 id="roster-heading" className="text-lg font-semibold">
        Roster
      </h2>
      {session.roster.length === 0 ? (
        <p className="text-muted-foreground">No seat reserved yet.</p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Seat holders of {session.title}</caption>
            <thead>
              <tr>
                {['Name', 'Email', 'Ticket', 'Type', 'Reserved', 'Checked in'].map((heading) => (
                  <th key={heading} scope="col" className={tableClasses.head}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {session.roster.map((holder) => (
                <tr key={holder.ticketId}>
                  <td className={tableClasses.cell}>{holder.name ?? 'Not named'}</td>
                  <td className={tableClasses.cell}>{holder.email}</td>
                  <td className={`${tableClasses.cell} font-mono`}>{holder.code}</td>
                  <td className={tableClasses.cell}>{holder.ticketType}</td>
                  <td className={tableClasses.cell}>{holder.walkIn ? 'Walk-in' : formatTime(holder.reservedAt)}</td>
                  <td className={tableClasses.cell}>{formatTime(holder.checkedInAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Queue({ session }: { session: SessionDetail }) {
  return (
    <section aria-labelledby="queue-heading" className="space-y-3">
      <h2 id="queue-heading" className="text-lg font-semibold">
        Waiting list
      </h2>
      {session.queue.length === 0 ? (
        <p className="text-muted-foreground">Nobody is waiting.</p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Waiting list of {session.title}</caption>
            <thead>
              <tr>
                {['Place', 'Name', 'Email', 'Joined'].map((heading) => (
                  <th key={heading} scope="col" className={tableClasses.head}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {session.queue.map((entry) => (
                <tr key={entry.ticketId}>
                  <td className={tableClasses.cell}>{entry.place}</td>
                  <td className={tableClasses.cell}>{entry.name ?? 'Not named'}</td>
                  <td className={tableClasses.cell}>{entry.email}</td>
                  <td className={tableClasses.cell}>{formatTime(entry.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
