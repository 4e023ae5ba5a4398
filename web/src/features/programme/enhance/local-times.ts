import { daysBetween, wallClock, writtenClock } from './clock';

/**
 * What the visitor's clock reads at a venue time, as " · 03:30 your time (+1 day)", or nothing when it reads the
 * same as the venue's (same offset at that instant) or the time cannot be read. `visitorZone` is the visitor's
 * own zone when undefined.
 */
export function localTimeLabel(datetime: string, visitorZone?: string): string | undefined {
  const venue = writtenClock(datetime);
  const instant = new Date(datetime);
  if (!venue || Number.isNaN(instant.getTime())) return undefined;
  const visitor = wallClock(instant, visitorZone);
  if (visitor.date === venue.date && visitor.time === venue.time) return undefined;
  const days = daysBetween(venue.date, visitor.date);
  const shift = days === 0 ? '' : ` (${days > 0 ? '+' : '−'}${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'})`;
  return ` · ${visitor.time} your time${shift}`;
}

/** Writes the visitor's time after each venue time in `root` that reads differently for them; once per time. */
export function showLocalTimes(root: ParentNode, visitorZone?: string) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[datetime*="T"]')) {
    if (time.nextElementSibling?.hasAttribute('data-local-time')) continue;
    const label = localTimeLabel(time.dateTime, visitorZone);
    if (!label) continue;
    const span = document.createElement('span');
    span.dataset.localTime = '';
    span.className = 'text-muted-foreground';
    span.textContent = label;
    time.after(span);
  }
}
