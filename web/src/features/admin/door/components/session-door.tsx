import { venueTimeLabel } from '@/features/admin/shared/components/format';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { DoorSessionCounts } from '../api/door';
import { useDoorSessions } from '../api/door';

/** The main entrance, or a workshop's door: where this device admits people. */
export function DoorPicker({ session, onSession }: { session: string; onSession: (slug: string) => void }) {
  const id = useId();
  const sessions = useDoorSessions(session !== '');
  return (
    <div className="grid max-w-md gap-1.5">
      <Label htmlFor={`${id}-door`}>Door</Label>
      <NativeSelect id={`${id}-door`} value={session} onChange={(event) => onSession(event.target.value)}>
        <option value="">Main entrance</option>
        {sessions.data?.map((workshop) => (
          <option key={workshop.slug} value={workshop.slug}>
            {workshop.title} ({venueTimeLabel(workshop.start)})
          </option>
        ))}
      </NativeSelect>
      {sessions.error && <p className="text-sm text-destructive">{sessions.error.message}</p>}
    </div>
  );
}

/**
 * A workshop door's live counts: from the last scan's answer when it is about this session, otherwise as last read
 * from the sessions' list (which other devices' scans change too).
 */
export function SessionCounts({ session, latest }: { session: string; latest: DoorSessionCounts | undefined }) {
  const sessions = useDoorSessions(true);
  const listed = sessions.data?.find((workshop) => workshop.slug === session);
  const counts =
    latest?.slug === session
      ? { title: latest.title, checkedIn: latest.checkedIn, left: latest.left }
      : listed && { title: listed.title, checkedIn: listed.checkedIn ?? 0, left: listed.left ?? 0 };
  if (!counts) return null;
  return (
    <p aria-label="Workshop counts" aria-live="polite" className="rounded-md bg-card px-4 py-3 text-lg font-semibold">
      {counts.title}: in {counts.checkedIn} · free {counts.left}
    </p>
  );
}
