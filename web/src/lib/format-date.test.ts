import { describe, expect, it } from 'vitest';
import { formatInstantDate, formatIsoDate } from '@/lib/format-date';

describe('formatIsoDate', () => {
  it('formats a calendar date in words without shifting the day', () => {
    expect(formatIsoDate('2026-03-18')).toBe('March 18, 2026');
    expect(formatIsoDate('2025-12-31')).toBe('December 31, 2025');
  });
});

describe('formatInstantDate', () => {
  it('gives the day the instant falls on at the venue', () => {
    expect(formatInstantDate('2026-12-31T23:59:59-05:00', 'America/New_York')).toBe('December 31, 2026');
    // 03:00 UTC on January 1 is still December 31 in Miami
    expect(formatInstantDate('2027-01-01T03:00:00Z', 'America/New_York')).toBe('December 31, 2026');
  });

  it('gives the day as written without a zone, or with one it does not know', () => {
    expect(formatInstantDate('2026-09-01T09:00:00-04:00')).toBe('September 1, 2026');
    expect(formatInstantDate('2026-09-01T09:00:00-04:00', 'Nowhere/Atlantis')).toBe('September 1, 2026');
  });
});
