import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SeatPresses } from './seat-presses';
import { SessionSeatPanel } from './session-seat-panel';

export interface SeatPanelHandle {
  /** A press of the panel's button: reserve, or join the waiting list of a full session. */
  start(waitingList: boolean): void;
  unmount(): void;
}

/** Brings a session page's server-rendered `[data-seat-panel]` to life: its dialog and its answers, shown in place. */
export function mountSeatPanel(
  panel: HTMLElement,
  { slug, title, changed }: { slug: string; title: string; changed: () => void },
): SeatPanelHandle {
  const container = document.createElement('div');
  panel.append(container);
  const root = createRoot(container);
  const presses = new SeatPresses();
  root.render(createElement(SessionSeatPanel, { slug, title, presses, changed }));
  return {
    start: (waitingList) => presses.press(waitingList),
    unmount() {
      root.unmount();
      container.remove();
    },
  };
}
