import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeatCounts } from '@/features/seats/api/seat-counts';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { programmePage, workshopCardsHtml, workshopPageHtml } from './fixtures';
import { fillSeats, pollSeats, SEATS_EVERY_MS } from './seats';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

const NOW = Date.parse('2026-05-01T12:00:00-04:00');
const window_ = { opensAt: '2026-04-01T09:00:00-04:00', closesAt: '2026-05-18T10:00:00-04:00' };
const counts = (left: number, extra: Partial<SeatCounts> = {}): SeatCounts => ({
  limit: 20,
  taken: 20 - left,
  left,
  waiting: 0,
  ...window_,
  ...extra,
});
const line = (page: HTMLElement, slug: string) => page.querySelector(`[data-seats="${slug}"]`)?.textContent;

describe('the seats left', () => {
  it('are written in each line, in the contract’s words', () => {
    const page = programmePage(workshopCardsHtml);
    const at = (slug: string, seats: SeatCounts, now = NOW) => {
      fillSeats(page, new Map([[slug, seats]]), now);
      return line(page, slug);
    };
    expect(at('rust-101', counts(6))).toBe('6 seats left');
    expect(at('rust-101', counts(1))).toBe('1 seat left');
    expect(at('rust-101', counts(0))).toBe('Full: join the waiting list');
    expect(page.querySelector('[data-seats="rust-101"]')).toHaveClass('text-destructive');
    expect(at('rust-101', counts(6), Date.parse('2026-03-01T12:00:00-05:00'))).toBe('Sign-up opens Wed, Apr 1, 09:00');
    expect(at('rust-101', counts(6), Date.parse('2026-05-18T10:00:00-04:00'))).toBe('Sign-up closed');
    // A session no longer taking sign-ups loses its line's text, and keeps the line.
    expect(at('ai-agents', counts(3))).toBe('3 seats left');
    fillSeats(page, new Map(), NOW);
    expect(line(page, 'ai-agents')).toBe('');
    expect(page.querySelector('[data-seats="ai-agents"]')).not.toBeNull();
  });

  it('show the reserve button while sign-up is open, as the waiting list when full', () => {
    const page = programmePage(workshopPageHtml);
    const button = page.querySelector<HTMLButtonElement>('[data-reserve]');
    fillSeats(page, new Map([['rust-101', counts(2)]]), NOW);
    expect(button).toBeVisible();
    expect(button).toHaveTextContent('Reserve a seat');
    fillSeats(page, new Map([['rust-101', counts(0)]]), NOW);
    expect(button).toHaveTextContent('Join the waiting list');
    fillSeats(page, new Map([['rust-101', counts(2)]]), Date.parse('2026-06-01T00:00:00-04:00'));
    expect(button).not.toBeVisible();
  });

  it('are read every 30 s while the page is visible, not while hidden, and again when shown', async () => {
    vi.useFakeTimers();
    let hidden = false;
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    let left = 6;
    const fetchSpy = mockFetch(() => jsonResponse({ sessions: { 'rust-101': counts(left) } }));
    const page = programmePage(workshopCardsHtml);
    const polling = pollSeats(page, { now: () => NOW });
    await vi.waitFor(() => expect(line(page, 'rust-101')).toBe('6 seats left'));
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/programme/seats');

    left = 4;
    await vi.advanceTimersByTimeAsync(SEATS_EVERY_MS);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(line(page, 'rust-101')).toBe('4 seats left');

    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(SEATS_EVERY_MS * 4);
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    left = 0;
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(line(page, 'rust-101')).toBe('Full: join the waiting list');

    polling.stop();
    await vi.advanceTimersByTimeAsync(SEATS_EVERY_MS * 2);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('keep the last counts when a reading fails', async () => {
    vi.useFakeTimers();
    let fail = false;
    mockFetch(() =>
      fail ? new Response('busy', { status: 503 }) : jsonResponse({ sessions: { 'rust-101': counts(6) } }),
    );
    const page = programmePage(workshopCardsHtml);
    const polling = pollSeats(page, { now: () => NOW });
    await vi.waitFor(() => expect(line(page, 'rust-101')).toBe('6 seats left'));
    fail = true;
    await vi.advanceTimersByTimeAsync(SEATS_EVERY_MS);
    expect(line(page, 'rust-101')).toBe('6 seats left');
    polling.stop();
  });
});
