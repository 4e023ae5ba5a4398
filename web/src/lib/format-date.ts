const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Formats a calendar date ('2026-03-18') as 'March 18, 2026', whatever the visitor's timezone. */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return longDate.format(new Date(Date.UTC(year, month - 1, day)));
}

const longDateIn = new Map<string, Intl.DateTimeFormat>();

function longDateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = longDateIn.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });
    longDateIn.set(timeZone, format);
  }
  return format;
}

/**
 * Formats an instant ('2026-12-31T23:59:59-05:00') as the day it falls on at the venue, in
 * `timeZone` (the event's): 'December 31, 2026'. Without a zone (or with one the browser does
 * not know), the day as written: the server writes the venue's offset.
 */
export function formatInstantDate(instant: string, timeZone?: string): string {
  const at = new Date(instant);
  if (timeZone && !Number.isNaN(at.getTime())) {
    try {
      return longDateFormatIn(timeZone).format(at);
    } catch {
      // an unknown zone: fall back to the written day
    }
  }
  return formatIsoDate(instant.slice(0, 10));
}
