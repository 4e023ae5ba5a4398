import { venueTimeLabel } from '@/features/admin/shared/components/format';
import type { Changes, Slot } from '../api/programme';

export const formatLabels: Record<string, string> = {
  pretalx: 'pretalx JSON',
  'frab-xml': 'frab XML',
  sessionize: 'Sessionize JSON',
};

/**
 * "Mon, May 18, 09:00–10:00, Main Hall": read from the time's own text, so it stays the venue's time (as the file
 * has it) whatever the organizer's own time zone.
 */
export function slotLabel({ start, end, room }: Slot): string {
  return [venueTimeLabel(start, end), room].filter(Boolean).join(', ');
}

/** Sessions changed in other ways than their time or room: the server counts a moved session as changed too. */
export function changedInPlace(changes: Changes): number {
  return Math.max(0, changes.sessionsChanged - changes.moved.length);
}

export function changesNothing(changes: Changes): boolean {
  return (
    changes.sessionsAdded + changes.sessionsChanged + changes.sessionsRemoved === 0 &&
    changes.speakersAdded + changes.speakersChanged + changes.speakersRemoved === 0
  );
}

const counted = (count: number, what: string) => (count > 0 ? [`${count} ${what}`] : []);

/** "2 sessions added, 1 moved, 1 speaker changed"; only what is not zero. */
export function changesSummary(changes: Changes): string {
  const sessions = (count: number) => (count === 1 ? 'session' : 'sessions');
  const speakers = (count: number) => (count === 1 ? 'speaker' : 'speakers');
  const parts = [
    ...counted(changes.sessionsAdded, `${sessions(changes.sessionsAdded)} added`),
    ...counted(changedInPlace(changes), `${sessions(changedInPlace(changes))} changed`),
    ...counted(changes.moved.length, `${sessions(changes.moved.length)} moved`),
    ...counted(changes.sessionsRemoved, `${sessions(changes.sessionsRemoved)} removed`),
    ...counted(changes.speakersAdded, `${speakers(changes.speakersAdded)} added`),
    ...counted(changes.speakersChanged, `${speakers(changes.speakersChanged)} changed`),
    ...counted(changes.speakersRemoved, `${speakers(changes.speakersRemoved)} removed`),
  ];
  return parts.length > 0 ? parts.join(', ') : 'Rooms, tracks or the speakers’ order';
}
