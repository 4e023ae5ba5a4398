import { fetchAllSeats, type SeatCounts } from '@/features/seats/api/seat-counts';
import { seatsText, signupState } from '@/features/seats/seat-text';

/** How often the counts are read again while the page is in view. */
export const SEATS_EVERY_MS = 30_000;

/**
 * Writes each `[data-seats]` line from the counts, and shows each `[data-reserve]` button while sign-up is open
 * (as "Join the waiting list" when full). The server keeps the line's height, so filling it moves nothing.
 */
export function fillSeats(root: ParentNode, seats: ReadonlyMap<string, SeatCounts>, now: number) {
  for (const line of root.querySelectorAll<HTMLElement>('[data-seats]')) {
    const counts = seats.get(line.dataset.seats ?? '');
    line.textContent = counts ? seatsText(counts, now) : '';
    line.classList.toggle('text-destructive', counts !== undefined && counts.left === 0);
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-reserve]')) {
    const counts = seats.get(button.dataset.reserve ?? '');
    const state = counts ? signupState(counts, now) : 'closed';
    button.dataset.seatState = state;
    button.hidden = state !== 'open' && state !== 'full';
    button.textContent = state === 'full' ? 'Join the waiting list' : 'Reserve a seat';
  }
}

export interface SeatPolling {
  fetchSeats?: () => Promise<ReadonlyMap<string, SeatCounts>>;
  now?: () => number;
}

/**
 * Fills the seats at once, then every 30 s while the page is visible: a hidden tab asks nothing, and catches up as
 * soon as it is shown again. A failed reading keeps the last counts. Answers a way to read them at once (after a
 * reservation) and the clean-up.
 */
export function pollSeats(
  root: ParentNode,
  { fetchSeats = fetchAllSeats, now = Date.now }: SeatPolling = {},
): { refresh: () => void; stop: () => void } {
  let timer: number | undefined;
  let stopped = false;
  const refresh = async () => {
    try {
      const seats = await fetchSeats();
      if (!stopped) fillSeats(root, seats, now());
    } catch {
      // the next reading will try again; the counts shown stay as they were
    }
  };
  const start = () => {
    if (timer !== undefined || document.hidden) return;
    void refresh();
    timer = window.setInterval(() => void refresh(), SEATS_EVERY_MS);
  };
  const stop = () => {
    window.clearInterval(timer);
    timer = undefined;
  };
  const onVisibility = () => (document.hidden ? stop() : start());
  document.addEventListener('visibilitychange', onVisibility);
  start();
  return {
    refresh: () => void refresh(),
    stop: () => {
      stopped = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
