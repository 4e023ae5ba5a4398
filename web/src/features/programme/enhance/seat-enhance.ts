import { showReservedWorkshops } from './reserved-workshops';
import { enableSeatPanels } from './seat-panels';
import { pollSeats } from './seats';

/**
 * The seats on a programme page: the lines kept up to date, the session page's reserve button, and on "My schedule"
 * the reserved workshops. Loaded only by the pages that have them; `titles` are the page's sessions' titles by slug
 * (read by the programme's own chunk, which this one does not import, so that chunk keeps its one export).
 * Answers the clean-up.
 */
export function enhanceSeats(
  root: HTMLElement,
  { mySchedule, titles }: { mySchedule: boolean; titles: ReadonlyMap<string, string> },
): () => void {
  const cleanUps: (() => void)[] = [];
  if (root.querySelector('[data-seats], [data-seat-panel]')) {
    const seats = pollSeats(root);
    cleanUps.push(seats.stop);
    if (root.querySelector('[data-seat-panel]')) cleanUps.push(enableSeatPanels(root, titles, seats.refresh));
  }
  if (mySchedule) cleanUps.push(showReservedWorkshops(root, titles));
  return () => cleanUps.forEach((cleanUp) => cleanUp());
}
