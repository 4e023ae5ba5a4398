import type { SeatPanelHandle } from '@/features/seats/components/mount-seat-panel';

/**
 * Makes each session page's "Reserve a seat" button work. The reservation's dialog and its calls load on the first
 * press, so a page that is only read never downloads them. `changed` reads the counts again after a reservation.
 * Answers the clean-up.
 */
export function enableSeatPanels(
  root: HTMLElement,
  titles: ReadonlyMap<string, string>,
  changed: () => void,
): () => void {
  const mounted = new Map<HTMLElement, Promise<SeatPanelHandle>>();
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-reserve]');
    const panel = button?.closest<HTMLElement>('[data-seat-panel]');
    const slug = button?.dataset.reserve;
    if (!button || !panel || !slug || !root.contains(panel)) return;
    const waitingList = button.dataset.seatState === 'full';
    let handle = mounted.get(panel);
    if (!handle) {
      const title = titles.get(slug) ?? slug;
      handle = import('@/features/seats/components/mount-seat-panel').then(({ mountSeatPanel }) =>
        mountSeatPanel(panel, { slug, title, changed }),
      );
      mounted.set(panel, handle);
    }
    void handle.then((panelHandle) => panelHandle.start(waitingList));
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    for (const handle of mounted.values()) void handle.then((panelHandle) => panelHandle.unmount());
  };
}
