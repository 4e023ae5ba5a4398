import { paths } from '@/config/paths';
import { wallClock } from './clock';
import type { SessionTime } from './sessions';

export interface NowNext {
  /** Running at the moment. */
  now: SessionTime[];
  /** Starting next, all at the same time. */
  next: SessionTime[];
  /** The first session not ended, where "Jump to now" leads. */
  jump: SessionTime;
}

/**
 * What runs and what starts next among `sessions`, when `now` falls on a day (at the venue, in `venueZone`)
 * that has sessions and one of them has not ended; nothing otherwise.
 */
export function nowNext(sessions: readonly SessionTime[], now: number, venueZone: string): NowNext | undefined {
  const today = wallClock(new Date(now), venueZone).date;
  const todays = sessions.filter((session) => session.startText.slice(0, 10) === today);
  const open = todays.filter((session) => session.end > now).sort((a, b) => a.start - b.start);
  const jump = open[0];
  if (!jump) return undefined;
  const upcoming = open.filter((session) => session.start > now);
  const nextStart = upcoming[0]?.start;
  return {
    now: open.filter((session) => session.start <= now),
    next: upcoming.filter((session) => session.start === nextStart),
    jump,
  };
}

function line(label: string, sessions: SessionTime[]) {
  const paragraph = document.createElement('p');
  paragraph.append(`${label}: `);
  sessions.forEach((session, index) => {
    if (index > 0) paragraph.append(', ');
    const link = document.createElement('a');
    link.href = paths.session(session.slug);
    link.className = 'font-medium text-secondary underline underline-offset-4';
    link.textContent = session.title;
    paragraph.append(link);
  });
  return paragraph;
}

/** Fills and shows `[data-now-next]` in `root` for the moment `now`, or hides it when nothing is on. */
export function showNowNext(root: ParentNode, sessions: readonly SessionTime[], now: number, venueZone: string) {
  const box = root.querySelector<HTMLElement>('[data-now-next]');
  if (!box) return;
  const found = nowNext(sessions, now, venueZone);
  if (!found) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const jump = document.createElement('a');
  jump.href = `#session-${found.jump.slug}`;
  jump.className = 'font-semibold text-primary underline underline-offset-4';
  jump.textContent = 'Jump to now';
  box.replaceChildren(
    ...(found.now.length > 0 ? [line('Now', found.now)] : []),
    ...(found.next.length > 0 ? [line('Next', found.next)] : []),
    jump,
  );
  box.hidden = false;
}
