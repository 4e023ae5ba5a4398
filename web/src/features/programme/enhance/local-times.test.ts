import { describe, expect, it } from 'vitest';
import { localTimeLabel, showLocalTimes } from './local-times';
import { programmePage, scheduleHtml } from './fixtures';

describe("the visitor's local time", () => {
  it('is shown when their clock reads differently, with the day it falls on', () => {
    expect(localTimeLabel('2026-05-18T14:30:00-04:00', 'UTC')).toBe(' · 18:30 your time');
    // 23:30 in Miami is the next day's lunchtime in Tokyo (UTC+9).
    expect(localTimeLabel('2026-05-18T23:30:00-04:00', 'Asia/Tokyo')).toBe(' · 12:30 your time (+1 day)');
    expect(localTimeLabel('2026-05-18T01:00:00+09:00', 'America/New_York')).toBe(' · 12:00 your time (−1 day)');
  });

  it('is left out where the visitor keeps the venue’s time, or the time cannot be read', () => {
    expect(localTimeLabel('2026-05-18T14:30:00-04:00', 'America/New_York')).toBeUndefined();
    // Another zone with the same offset at that instant reads the same.
    expect(localTimeLabel('2026-05-18T14:30:00-04:00', 'America/Toronto')).toBeUndefined();
    expect(localTimeLabel('soon', 'UTC')).toBeUndefined();
  });

  it('follows each venue time on the page, once however often the page is enhanced', () => {
    const page = programmePage(scheduleHtml);
    showLocalTimes(page, 'Asia/Tokyo');
    showLocalTimes(page, 'Asia/Tokyo');
    const late = page.querySelector('#session-late-talk');
    const labels = [...(late?.querySelectorAll('[data-local-time]') ?? [])].map((span) => span.textContent);
    // The end, 00:15 on the 19th in Miami, is the same day in Tokyo.
    expect(labels).toEqual([' · 12:30 your time (+1 day)', ' · 13:15 your time']);
    expect(page.querySelectorAll('[data-local-time]')).toHaveLength(8);
    expect(late?.querySelector('time')?.nextElementSibling).toHaveAttribute('data-local-time');
  });
});
