import { paths } from '@/config/paths';
import { clashes } from './clashes';
import { readSession, type SessionTime } from './sessions';

/** The calendar file of the starred sessions, in the page's order. */
export function icsAddress(starred: readonly SessionTime[]): string {
  return paths.scheduleIcs(starred.map((session) => session.slug));
}

/** Whether `root` is the "My schedule" page. */
export function isMySchedule(root: ParentNode): boolean {
  return root.querySelector('[data-my-empty]') !== null;
}

/**
 * Shows the starred sessions of the page (which holds every session, hidden) and their days, marks each clash
 * in both sessions, and points the calendar link at them; or says there are none.
 */
export function showMySchedule(root: ParentNode, starred: Set<string>) {
  const chosen: SessionTime[] = [];
  const items = new Map<string, HTMLElement>();
  for (const item of root.querySelectorAll<HTMLElement>('li[data-session]')) {
    item.querySelectorAll('[data-clash]').forEach((old) => old.remove());
    const session = readSession(item);
    const shown = session !== undefined && starred.has(session.slug);
    item.hidden = !shown;
    if (shown) {
      chosen.push(session);
      items.set(session.slug, item);
    }
  }
  for (const day of root.querySelectorAll<HTMLElement>('section[data-day]')) {
    day.hidden = day.querySelector('li[data-session]:not([hidden])') === null;
  }
  for (const [slug, others] of clashes(chosen)) {
    for (const other of others) {
      const note = document.createElement('p');
      note.dataset.clash = '';
      note.className = 'mt-1 text-sm font-medium text-destructive';
      note.textContent = `Clashes with ${other.title}`;
      items.get(slug)?.append(note);
    }
  }
  const empty = root.querySelector<HTMLElement>('[data-my-empty]');
  if (empty) empty.hidden = chosen.length > 0;
  const ics = root.querySelector<HTMLAnchorElement>('a[data-my-ics]');
  if (ics) {
    ics.href = icsAddress(chosen);
    ics.hidden = chosen.length === 0;
  }
}
