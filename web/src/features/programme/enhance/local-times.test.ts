import { describe, expect, it } from 'vitest';
import { localRangeLabel, localTimeLabel, showLocalTimes } from './local-times';
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

  it('gives a range one label, shifted by the day its start falls on', () => {
    expect(localRangeLabel('2026-05-18T23:30:00-04:00', '2026-05-19T00:15:00-04:00', 'Asia/Tokyo')).toBe(
      ' · 12:30–13:15 your time (+1 day)',
    );
    expect(localRangeLabel('2026-05-18T09:00:00-04:00', '2026-05-18T10:00:00-04:00', 'America/New_York')).toBe(
      undefined,
    );
  });

  it('follows each venue time or range on the page, once however often the page is enhanced', () => {
    const page = programmePage(scheduleHtml);
    showLocalTimes(page, 'Asia/Tokyo');
    showLocalTimes(page, 'Asia/Tokyo');
    const late = page.querySelector('#session-late-talk');
    const labels = [...(late?.querySelectorAll('[data-local-time]') ?? [])].map((span) => span.textContent);
    expect(labels).toEqual([' · 12:30–13:15 your time (+1 day)']);
    expect(page.querySelectorAll('[data-local-time]')).toHaveLength(4);
    expect(late?.querySelectorAll('time')[1]?.nextElementSibling).toHaveAttribute('data-local-time');
  });

  it('writes into the line the server kept for it', () => {
    const page = programmePage(
      '<dd><time datetime="2026-05-18T09:00:00-04:00">09:00</time>–<time datetime="2026-05-18T10:00:00-04:00">10:00</time> Miami time<span data-local-slot></span></dd>',
    );
    showLocalTimes(page, 'UTC');
    expect(page.querySelector('[data-local-slot]')?.textContent).toBe('13:00–14:00 your time');
  });
});
