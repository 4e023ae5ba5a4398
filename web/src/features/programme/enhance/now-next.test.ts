import { afterEach, describe, expect, it } from 'vitest';
import { programmePage, scheduleHtml } from './fixtures';
import { nowNext, showNowNext } from './now-next';
import { readSessions } from './sessions';

const MIAMI = 'America/New_York';
const moment = (text: string) => Date.parse(text);

afterEach(() => document.body.replaceChildren());

describe('now and next', () => {
  const sessions = () => readSessions(programmePage(scheduleHtml));

  it('are what runs and what starts next, with a jump to the first session not ended', () => {
    const found = nowNext(sessions(), moment('2026-05-18T09:30:00-04:00'), MIAMI);
    expect(found?.now.map((s) => s.slug)).toEqual(['opening']);
    expect(found?.next.map((s) => s.slug)).toEqual(['rust-web', 'react-perf']);
    expect(found?.jump.slug).toBe('opening');
  });

  it('run until the last session of the day, and not on another day', () => {
    const between = nowNext(sessions(), moment('2026-05-18T10:10:00-04:00'), MIAMI);
    expect(between?.now).toEqual([]);
    expect(between?.jump.slug).toBe('rust-web');
    // Before the day starts (in Miami: 7:00, though it is already 11:00 in UTC) the first session is next.
    expect(nowNext(sessions(), moment('2026-05-18T07:00:00-04:00'), MIAMI)?.next[0]?.slug).toBe('opening');
    expect(nowNext(sessions(), moment('2026-05-17T22:00:00-04:00'), MIAMI)).toBeUndefined();
    expect(nowNext(sessions(), moment('2026-05-19T01:00:00-04:00'), MIAMI)).toBeUndefined();
  });

  it('fill and show the box, and hide it again when nothing is on', () => {
    const page = programmePage(scheduleHtml);
    const list = readSessions(page);
    showNowNext(page, list, moment('2026-05-18T10:45:00-04:00'), MIAMI);
    const box = page.querySelector<HTMLElement>('[data-now-next]');
    expect(box).toBeVisible();
    expect(box?.textContent).toBe('Now: Rust on the web, React performanceNext: Late talkJump to now');
    expect(box?.querySelector('a')).toHaveAttribute('href', '/sessions/rust-web');
    expect(box?.lastElementChild).toHaveAttribute('href', '#session-rust-web');
    showNowNext(page, list, moment('2026-05-20T10:00:00-04:00'), MIAMI);
    expect(box).not.toBeVisible();
  });
});
