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

/** " · 18:30–19:15 your time (+1 day)" for a range, or nothing when the visitor reads the venue's clock. */
export function localRangeLabel(from: string, to: string, visitorZone?: string): string | undefined {
  const start = localTimeLabel(from, visitorZone);
  const end = localTimeLabel(to, visitorZone);
  if (!start || !end) return start ?? end;
  const clock = (label: string) => label.slice(' · '.length, label.indexOf(' your time'));
  const shift = start.slice(start.indexOf(' your time') + ' your time'.length);
  return ` · ${clock(start)}–${clock(end)} your time${shift}`;
}

/** The `<time>` a range's dash joins to `time` on the side given, if any: `<time>09:00</time>–<time>10:00</time>`. */
function rangeNeighbour(time: HTMLTimeElement, side: 'before' | 'after'): HTMLTimeElement | undefined {
  const dash = side === 'after' ? time.nextSibling : time.previousSibling;
  const other = side === 'after' ? dash?.nextSibling : dash?.previousSibling;
  return dash?.nodeType === Node.TEXT_NODE && dash.textContent === '–' && other instanceof HTMLTimeElement
    ? other
    : undefined;
}

/**
 * Writes the visitor's time beside each venue time in `root` that reads differently for them, once per time; a
 * range gets one label after its end. Where the server left a `[data-local-slot]` beside the times (a line kept
 * for it, so the page does not move), the label goes there.
 */
export function showLocalTimes(root: ParentNode, visitorZone?: string) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[datetime*="T"]')) {
    if (rangeNeighbour(time, 'after')) continue;
    const slot = time.parentElement?.querySelector<HTMLElement>('[data-local-slot]');
    if (slot?.querySelector('[data-local-time]') || time.nextElementSibling?.hasAttribute('data-local-time')) continue;
    const start = rangeNeighbour(time, 'before');
    const label = start
      ? localRangeLabel(start.dateTime, time.dateTime, visitorZone)
      : localTimeLabel(time.dateTime, visitorZone);
    if (!label) continue;
    const span = document.createElement('span');
    span.dataset.localTime = '';
    span.className = 'text-muted-foreground';
    span.textContent = slot ? label.replace(/^ · /, '') : label;
    if (slot) slot.append(span);
    else time.after(span);
  }
}
