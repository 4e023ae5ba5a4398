import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myScheduleHtml, programmePage, scheduleHtml } from './fixtures';
import { enhanceProgramme } from './index';
import { STARS_KEY } from './star-store';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const star = (page: HTMLElement, slug: string) => {
  const button = page.querySelector<HTMLButtonElement>(`button[data-star="${slug}"]`);
  if (!button) throw new Error(`no star for ${slug}`);
  return button;
};

describe('the enhanced programme page', () => {
  it('shows the stars, and a press stars the session for good', () => {
    const page = programmePage(scheduleHtml);
    const cleanUp = enhanceProgramme(page, { navigate: vi.fn() });
    expect(star(page, 'opening')).toBeVisible();
    expect(star(page, 'opening')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star(page, 'opening'));
    fireEvent.click(star(page, 'react-perf'));
    expect(star(page, 'opening')).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(STARS_KEY) ?? '[]')).toEqual(['opening', 'react-perf']);
    cleanUp();

    // The same page opened again (a reload) shows them starred.
    const again = programmePage(scheduleHtml);
    enhanceProgramme(again, { navigate: vi.fn() });
    expect(star(again, 'opening')).toHaveAttribute('aria-pressed', 'true');
    expect(star(again, 'react-perf')).toHaveAttribute('aria-pressed', 'true');
    expect(star(again, 'rust-web')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star(again, 'opening'));
    expect(JSON.parse(localStorage.getItem(STARS_KEY) ?? '[]')).toEqual(['react-perf']);
  });

  it('applies a filter on change, keeping it in the address, and hides the Apply button', () => {
    const page = programmePage(scheduleHtml);
    const navigate = vi.fn();
    enhanceProgramme(page, { navigate });
    expect(page.querySelector('[data-filters-apply]')).not.toBeVisible();
    const track = page.querySelector<HTMLSelectElement>('select[name="track"]');
    if (!track) throw new Error('no track filter');
    fireEvent.change(track, { target: { value: 'web' } });
    expect(navigate).toHaveBeenCalledWith('/schedule?day=2026-05-18&track=web');
  });

  it('shows now and next during the event, and updates them each minute', () => {
    vi.useFakeTimers();
    let now = Date.parse('2026-05-18T09:59:30-04:00');
    const page = programmePage(scheduleHtml);
    const cleanUp = enhanceProgramme(page, { navigate: vi.fn(), now: () => now });
    const box = page.querySelector('[data-now-next]');
    expect(box).toBeVisible();
    expect(box?.textContent).toContain('Now: Opening keynote');
    now += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(box?.textContent).not.toContain('Now:');
    expect(box?.textContent).toContain('Next: Rust on the web, React performance');
    cleanUp();
    now = Date.parse('2026-05-18T10:45:00-04:00');
    vi.advanceTimersByTime(60_000);
    expect(box?.textContent).not.toContain('Now:');
  });

  it('asks nothing about seats on a page without them', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const page = programmePage(scheduleHtml);
    enhanceProgramme(page, { navigate: vi.fn() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('on my schedule, follows the stars as they are pressed', () => {
    localStorage.setItem(STARS_KEY, '["opening"]');
    const page = programmePage(myScheduleHtml);
    enhanceProgramme(page, { navigate: vi.fn() });
    const opening = page.querySelector('li[data-session="opening"]');
    expect(opening).toBeVisible();
    expect(page.querySelector('[data-my-ics]')).toHaveAttribute('href', '/schedule.ics?sessions=opening');
    fireEvent.click(star(page, 'opening'));
    expect(opening).not.toBeVisible();
    expect(page.querySelector('[data-my-empty]')).toBeVisible();
  });
});
