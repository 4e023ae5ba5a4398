import { describe, expect, it } from 'vitest';
import { formatIsoDate } from '@/lib/format-date';

describe('formatIsoDate', () => {
  it('formats a calendar date in words without shifting the day', () => {
    expect(formatIsoDate('2026-03-18')).toBe('March 18, 2026');
    expect(formatIsoDate('2025-12-31')).toBe('December 31, 2025');
  });
});
