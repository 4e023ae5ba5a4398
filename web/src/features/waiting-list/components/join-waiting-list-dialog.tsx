import { useEffect, useRef, useState, type RefObject } from 'react';
import { MailCheckIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { withQueryClient } from '@/lib/query-client';
import {
  entryFields,
  useJoinWaitingList,
  waitingListRequest,
  type WaitingListEntry,
  type WaitingListField,
} from '../api/join-waiting-list';
import { waitingListItemName, type WaitingListItem } from '../item';
import { WaitingListForm, type WaitingListFormApi } from './waiting-list-form';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/**
 * "VIP Pass", "Conference T-Shirt in M / Black", "Gold sponsorship": the item with the size and
 * colour of `choice` (by default those the item came with).
 */
function itemPhrase(item: WaitingListItem, choice: { size?: string; color?: string } = {}): string {
  const name = waitingListItemName(item);
  if (item.kind === 'ticket') return name;
  if (item.kind === 'sponsorship') return `${name} sponsorship`;
  const { size = item.size, color = item.color } = choice;
  const variant = [item.item.sizes?.length ? size : undefined, item.item.colors?.length ? color : undefined];
  const chosen = variant.filter(Boolean);
  return chosen.length > 0 ? `${name} in ${chosen.join(' / ')}` : name;
}

export interface JoinWaitingListDialogProps {
  item: WaitingListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog, which has focus again once it closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The waiting-list form in a dialog; it starts afresh each time it opens. */
function WaitingListDialog({ item, open, onOpenChange, returnFocusTo }: JoinWaitingListDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // The dialog is portalled, but React passes its form's submit up to the page's own form
        // around the button (the checkouts').
        onSubmit={(event) => event.stopPropagation()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <WaitingListBody item={item} />
      </DialogContent>
    </Dialog>
  );
}

/** The form, then the place in the queue. */
function WaitingListBody({ item }: { item: WaitingListItem }) {
  const join = useJoinWaitingList();
  const [joined, setJoined] = useState<{ position: number; entry: WaitingListEntry } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // the form, which had focus, is gone: the close button takes it while the status is read out
  useEffect(() => {
    if (joined) closeButton.current?.focus();
  }, [joined]);

  async function submit(entry: WaitingListEntry, form: WaitingListFormApi) {
    setProblem(null);
    try {
      const place = await join.mutateAsync(waitingListRequest(item, entry));
      setJoined({ position: place.position, entry });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) {
        setProblem(error instanceof Error && error.message ? error.message : FALLBACK_ERROR);
        return;
      }
      // each message beside its field; one about a field the form does not show, above the button
      const shown = entryFields(item);
      const isShown = (name: string): name is WaitingListField => shown.has(name as WaitingListField);
      const messages = Object.entries(error.fieldErrors);
      const beside = messages.flatMap(([name, message]) => (isShown(name) ? [[name, message] as const] : []));
      const elsewhere = messages.filter(([name]) => !isShown(name)).map(([, message]) => message);
      beside.forEach(([name, message], index) =>
        form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (beside.length === 0 || elsewhere.length > 0) setProblem(elsewhere.join(' ') || error.message);
    }
  }

  const soldOut =
    item.kind === 'sponsorship' ? `The ${itemPhrase(item)} has been taken.` : `The ${itemPhrase(item)} is sold out.`;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{joined ? 'You are in the queue' : 'Join the waiting list'}</DialogTitle>
        <DialogDescription>
          {joined
            ? `For the ${itemPhrase(item, joined.entry)}.`
            : `${soldOut} Leave your details: if any come back, they are offered to the people waiting, in order, by email.`}
        </DialogDescription>
      </DialogHeader>
      {/* there from the start, so that screen readers announce what fills it */}
      <div role="status">
        {joined && (
          <div className="flex items-start gap-3 rounded-lg bg-muted p-4">
            <MailCheckIcon className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden="true" />
            <div className="space-y-2">
              <p className="font-semibold">You are number {joined.position} in the queue.</p>
              <p className="text-sm text-muted-foreground">
                We have emailed your place to {joined.entry.email}. When it is your turn, we email you an offer that
                holds {joined.entry.quantity === 1 ? 'it' : 'them'} for you for a limited time.
              </p>
            </div>
          </div>
        )}
      </div>
      {joined ? (
        <DialogFooter>
          <DialogClose asChild>
            <Button ref={closeButton}>Close</Button>
          </DialogClose>
        </DialogFooter>
      ) : (
        <WaitingListForm item={item} problem={problem} submitting={join.isPending} onSubmit={submit} />
      )}
    </>
  );
}

const JoinWaitingListDialog = withQueryClient(WaitingListDialog);

// The module's default export, as React.lazy takes it: the landing page's budget counts every byte.
export default JoinWaitingListDialog;
