import { venueTimeLabel } from '@/features/admin/shared/components/format';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/router';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { canManageSeats, type StaffRole } from '@/features/admin/shell/roles';
import { useAdminSessions, type AdminSession } from '../api/sessions';
import { SeatsForm } from './seats-form';

const count = (value: number | null) => value ?? '—';

/** /admin/workshops: every session's seats, and (owners, managers) which take sign-ups and how many. */
export function WorkshopsPage({ role }: { role: StaffRole }) {
  const id = useId();
  const sessions = useAdminSessions();
  const [all, setAll] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const editable = canManageSeats(role);
  const shown = (sessions.data ?? []).filter((session) => all || session.signup);

  return (
    <Screen
      title="Workshops"
      description="Seats taken and free, and waiting lists, per session taking sign-ups. Open a session for its roster and queue."
    >
      {!sessions.data ? (
        <Loading error={sessions.error} />
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-all`} checked={all} onCheckedChange={setAll} />
            <Label htmlFor={`${id}-all`}>Show every session, also those without sign-up</Label>
          </div>
          {shown.length === 0 ? (
            <p className="text-muted-foreground">No session takes sign-ups.</p>
          ) : (
            <div className={tableClasses.wrapper}>
              <table className={tableClasses.table}>
                <caption className="sr-only">Sessions and their seats</caption>
                <thead>
                  <tr>
                    {['Session', 'When (venue time)', 'Room', 'Sign-up', 'Limit', 'Taken', 'Left', 'Waiting', 'In']
                      .concat(editable ? [''] : [])
                      .map((heading, index) => (
                        <th key={index} scope="col" className={tableClasses.head}>
                          {heading}
                        </th>
                      ))}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((session) => (
                    <SessionRow
                      key={session.slug}
                      session={session}
                      editable={editable}
                      editing={editing === session.slug}
                      onEdit={(on) => setEditing(on ? session.slug : null)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Screen>
  );
}

function SessionRow({
  session,
  editable,
  editing,
  onEdit,
}: {
  session: AdminSession;
  editable: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const nearlyFull = session.left !== null && session.limit !== null && session.left <= Math.max(3, session.limit / 10);
  return (
    <tr>
      <th scope="row" className={cn(tableClasses.cell, 'font-medium whitespace-normal')}>
        {session.signup ? (
          <Link to={paths.admin.workshop(session.slug)} className="text-secondary underline">
            {session.title}
          </Link>
        ) : (
          session.title
        )}
      </th>
      <td className={tableClasses.cell}>{venueTimeLabel(session.start, session.end)}</td>
      <td className={tableClasses.cell}>{session.room ?? '—'}</td>
      <td className={tableClasses.cell}>{session.signup ? 'On' : 'Off'}</td>
      <td className={tableClasses.cell}>
        {count(session.limit)}
        {session.signup && session.seatLimit === null && session.limit !== null && (
          <div className="text-xs text-muted-foreground">room’s capacity</div>
        )}
        {session.signup && session.limit === null && (
          <div className="text-xs text-destructive">no capacity: set a limit</div>
        )}
      </td>
      <td className={tableClasses.cell}>{count(session.taken)}</td>
      <td className={cn(tableClasses.cell, nearlyFull && 'font-semibold text-destructive')}>{count(session.left)}</td>
      <td className={tableClasses.cell}>{count(session.waiting)}</td>
      <td className={tableClasses.cell}>{count(session.checkedIn)}</td>
      {editable && (
        <td className={tableClasses.cell}>
          {editing ? (
            <SeatsForm session={session} onDone={() => onEdit(false)} />
          ) : (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Change seats of ${session.title}`}
              onClick={() => onEdit(true)}
            >
              Change
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}
