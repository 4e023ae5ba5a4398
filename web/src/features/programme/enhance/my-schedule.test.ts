import { afterEach, describe, expect, it } from 'vitest';
import { myScheduleHtml, programmePage } from './fixtures';
import { icsAddress, showMySchedule } from './my-schedule';
import type { SessionTime } from './sessions';

afterEach(() => document.body.replaceChildren());

const shownSessions = (page: HTMLElement) =>
  [...page.querySelectorAll<HTMLElement>('li[data-session]:not([hidden])')].map((item) => item.dataset.session);

describe('my schedule', () => {
  it('links the calendar of exactly the starred sessions', () => {
    const session = (slug: string) => ({ slug }) as SessionTime;
    expect(icsAddress([session('opening'), session('rust & web')])).toBe(
      '/schedule.ics?sessions=opening,rust%20%26%20web',
    );
  });

  it('says so when nothing is starred', () => {
    const page = programmePage(myScheduleHtml);
    showMySchedule(page, new Set(['no-longer-in-the-programme']));
    expect(page.querySelector('[data-my-empty]')).toBeVisible();
    expect(page.querySelector('[data-my-ics]')).not.toBeVisible();
    expect(shownSessions(page)).toEqual([]);
    expect(page.querySelector('section[data-day]:not([hidden])')).toBeNull();
  });

  it('shows the starred sessions and their days, marks clashes in both, and links their calendar', () => {
    const page = programmePage(myScheduleHtml);
    showMySchedule(page, new Set(['rust-web', 'react-perf', 'hackathon']));
    expect(shownSessions(page)).toEqual(['rust-web', 'react-perf', 'hackathon']);
    expect([...page.querySelectorAll<HTMLElement>('section[data-day]:not([hidden])')].length).toBe(2);
    expect(page.querySelector('[data-my-empty]')).not.toBeVisible();
    const clashNotes = (slug: string) =>
      [...page.querySelectorAll(`[data-session="${slug}"] [data-clash]`)].map((note) => note.textContent);
    expect(clashNotes('rust-web')).toEqual(['Clashes with React performance']);
    expect(clashNotes('react-perf')).toEqual(['Clashes with Rust on the web']);
    expect(clashNotes('hackathon')).toEqual([]);
    const ics = page.querySelector('[data-my-ics]');
    expect(ics).toBeVisible();
    expect(ics).toHaveAttribute('href', '/schedule.ics?sessions=rust-web,react-perf,hackathon');

    // Unstarring one hides it, its day when it was the last, and its clashes.
    showMySchedule(page, new Set(['rust-web']));
    expect(shownSessions(page)).toEqual(['rust-web']);
    expect(page.querySelector('section[data-day="2026-05-19"]')).not.toBeVisible();
    expect(page.querySelectorAll('[data-clash]')).toHaveLength(0);
    expect(ics).toHaveAttribute('href', '/schedule.ics?sessions=rust-web');
  });
});
