import { autoApplyFilters } from './filters';
import { showLocalTimes } from './local-times';
import { isMySchedule, showMySchedule } from './my-schedule';
import { showNowNext } from './now-next';
import { readSessions } from './sessions';
import { STARS_KEY, starStore } from './star-store';
import { enableStars, showStars } from './stars';

export interface EnhanceOptions {
  /** Opens an address inside the app (a filter's change). */
  navigate: (address: string) => void;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/** How often "Now" and "Next" are brought up to date. */
const NOW_NEXT_EVERY_MS = 60_000;

/**
 * Adds to a programme page the server rendered (#programme-page) what needs the browser: the stars, the
 * visitor's local times, filters that apply themselves, "Now" and "Next", and the personal schedule.
 * Answers the clean-up, for the page's next content.
 */
export function enhanceProgramme(root: HTMLElement, { navigate, now = Date.now }: EnhanceOptions): () => void {
  const store = starStore();
  const mySchedule = isMySchedule(root);
  const follow = () => {
    if (mySchedule) showMySchedule(root, store.starred());
  };
  const cleanUps = [enableStars(root, store, follow), autoApplyFilters(root, navigate)];
  follow();
  showLocalTimes(root);

  const venueZone = root.dataset.timezone;
  if (venueZone && root.querySelector('[data-now-next]')) {
    const sessions = readSessions(root);
    const update = () => showNowNext(root, sessions, now(), venueZone);
    update();
    const timer = window.setInterval(update, NOW_NEXT_EVERY_MS);
    cleanUps.push(() => window.clearInterval(timer));
  }

  // The seats load on the pages that show them: the programme's own chunk, which the landing page's list of chunks
  // names, stays as it was.
  if (mySchedule || root.querySelector('[data-seats], [data-seat-panel]')) {
    let stopped = false;
    cleanUps.push(() => (stopped = true));
    const titles = new Map(readSessions(root).map((session) => [session.slug, session.title]));
    void import('./seat-enhance').then(({ enhanceSeats }) => {
      if (!stopped) cleanUps.push(enhanceSeats(root, { mySchedule, titles }));
    });
  }

  // Stars given in another tab show here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STARS_KEY) return;
    showStars(root, store.starred());
    follow();
  };
  window.addEventListener('storage', onStorage);
  cleanUps.push(() => window.removeEventListener('storage', onStorage));

  return () => cleanUps.forEach((cleanUp) => cleanUp());
}
