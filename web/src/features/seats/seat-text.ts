import type { SeatCounts } from './api/seat-counts';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The venue's clock as the server writes it (RFC 3339 in the venue's offset), whatever the visitor's zone. */
function venueClock(datetime: string): { day: string; time: string } | undefined {
  const match = RFC3339.exec(datetime);
  if (!match) return undefined;
  const [, year, month, day, time] = match;
  return { day: dayFormat.format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))), time };
}

/** "Mon, May 18, 10:30" in venue time, or the text as written when it is not a time. */
export function venueTime(datetime: string): string {
  const clock = venueClock(datetime);
  return clock ? `${clock.day}, ${clock.time}` : datetime;
}

/** "Mon, May 18, 10:30–12:00" in venue time (the end's day when it differs). */
export function venueTimeRange(start: string, end: string): string {
  const from = venueClock(start);
  const to = venueClock(end);
  if (!from || !to) return `${venueTime(start)}–${venueTime(end)}`;
  return `${from.day}, ${from.time}–${to.day === from.day ? '' : `${to.day}, `}${to.time}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Where sign-up stands at `now`: not yet open, closed, or open (with or without a free seat). */
export type SignupState = 'not_open' | 'closed' | 'open' | 'full';

export function signupState(counts: SeatCounts, now: number): SignupState {
  if (now < Date.parse(counts.opensAt)) return 'not_open';
  if (now >= Date.parse(counts.closesAt)) return 'closed';
  return counts.left > 0 ? 'open' : 'full';
}

/** The line a session shows about its seats: "6 seats left", "Full: join the waiting list", "Sign-up opens …". */
export function seatsText(counts: SeatCounts, now: number): string {
  switch (signupState(counts, now)) {
    case 'not_open':
      return `Sign-up opens ${venueTime(counts.opensAt)}`;
    case 'closed':
      return 'Sign-up closed';
    case 'full':
      return 'Full: join the waiting list';
    case 'open':
      return `${counts.left} ${counts.left === 1 ? 'seat' : 'seats'} left`;
  }
}
