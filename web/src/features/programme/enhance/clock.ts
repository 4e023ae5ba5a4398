/** A wall clock's reading: the date as YYYY-MM-DD and the time as HH:MM (24 h). */
export interface WallClock {
  date: string;
  time: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, found);
  }
  return found;
}

/** What a clock in `timeZone` (the visitor's own when undefined) reads at `instant`. */
export function wallClock(instant: Date, timeZone?: string): WallClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of format(timeZone).formatToParts(instant)) parts[type] = value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/** The venue's wall clock as an RFC 3339 time written in the venue's offset states it. */
export function writtenClock(datetime: string): WallClock | undefined {
  const match = RFC3339.exec(datetime);
  return match ? { date: match[1], time: match[2] } : undefined;
}

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}
