import { lazy, Suspense, useRef, useState } from 'react';
import type { WaitingListItem } from '../item';

// The form, its dialog and their libraries load when a visitor first reaches for the button:
// the landing page's JavaScript budget has no room for them.
const load = () => import('./join-waiting-list-dialog');
const JoinWaitingListDialog = lazy(load);

interface JoinWaitingListButtonProps {
  item: WaitingListItem;
  /** The item as its card names it, for the button's accessible name. */
  name: string;
  /**
   * The purchase button's classes (`buttonVariants`), so this one takes its place at its size.
   * A plain <button> rather than <Button>: with this module shared by the landing page and the
   * lazily loaded pages, importing <Button> here made the bundler split React's JSX runtime and
   * `cn` out of the landing page's chunk, half a kilobyte over its budget.
   */
  className: string;
}

/** Stands in for a sold-out item's purchase button, and opens the form to queue for it. */
export function JoinWaitingListButton({ item, name, className }: JoinWaitingListButtonProps) {
  // undefined until first opened: the dialog is not loaded before then
  const [open, setOpen] = useState<boolean>();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        ref={button}
        className={className}
        aria-haspopup="dialog"
        aria-label={`Join the waiting list: ${name}`}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => setOpen(true)}
      >
        Join the waiting list
      </button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <JoinWaitingListDialog item={item} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
