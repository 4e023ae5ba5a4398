const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Formats a calendar date ('2026-03-18') as 'March 18, 2026', whatever the visitor's timezone. */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return longDate.format(new Date(Date.UTC(year, month - 1, day)));
}
