// Event dates arrive as ISO calendar dates ("2026-03-18") or offsets ("2026-05-18T00:00:00-04:00").
// They are formatted as calendar days in UTC so no visitor's timezone can shift them by a day.
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DAY_MS = 24 * 60 * 60 * 1000;

function toUtcDay(isoDate: string): Date {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  return new Date(Date.UTC(year, month - 1, day));
}

/** "2026-03-18" -> "March 18, 2026". */
export function formatEventDate(isoDate: string): string {
  return longDate.format(toUtcDay(isoDate));
}

/** Adds whole days to a calendar date: ("2026-03-18", 1) -> "2026-03-19". */
export function addDays(isoDate: string, days: number): string {
  return new Date(toUtcDay(isoDate).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The policy dates every legal page quotes, derived from the event file. */
export function policyDates(event: {
  startsAt: string;
  endsAt: string;
  earlyBirdUntil: string;
  fullRefundUntil: string;
  halfRefundUntil: string;
}) {
  return {
    earlyBirdUntil: formatEventDate(event.earlyBirdUntil),
    fullRefundUntil: formatEventDate(event.fullRefundUntil),
    halfRefundFrom: formatEventDate(addDays(event.fullRefundUntil, 1)),
    halfRefundUntil: formatEventDate(event.halfRefundUntil),
    noRefundFrom: formatEventDate(addDays(event.halfRefundUntil, 1)),
    transferUntil: formatEventDate(addDays(event.startsAt, -7)),
    lastDay: formatEventDate(event.endsAt),
  };
}
