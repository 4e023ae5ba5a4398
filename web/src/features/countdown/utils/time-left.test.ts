import { describe, expect, it } from 'vitest';
import { NO_TIME_LEFT, timeLeft } from './time-left';

const START = Date.parse('2026-05-18T00:00:00-04:00');

describe('timeLeft', () => {
  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const now = START - (3 * 86_400 + 4 * 3_600 + 5 * 60 + 6) * 1000 - 999;
    expect(timeLeft(START, now)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });

  it('counts to midnight at the venue, not in UTC', () => {
    // 03:59:59 UTC on May 18 is still 23:59:59 on May 17 in Miami
    expect(timeLeft(START, Date.UTC(2026, 4, 18, 3, 59, 59))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('is all zeros at and after the start', () => {
    expect(timeLeft(START, START)).toEqual(NO_TIME_LEFT);
    expect(timeLeft(START, START + 86_400_000)).toEqual(NO_TIME_LEFT);
  });
});
