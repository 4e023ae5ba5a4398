/**
 * The presses of a session page's server-rendered button, passed to the panel's React tree: a press made before the
 * panel is on screen (the first, which loads it) waits for it.
 */
export class SeatPresses {
  private listener?: (waitingList: boolean) => void;
  private pending?: boolean;

  press(waitingList: boolean) {
    if (this.listener) this.listener(waitingList);
    else this.pending = waitingList;
  }

  subscribe(listener: (waitingList: boolean) => void): () => void {
    this.listener = listener;
    const pending = this.pending;
    this.pending = undefined;
    if (pending !== undefined) listener(pending);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}
