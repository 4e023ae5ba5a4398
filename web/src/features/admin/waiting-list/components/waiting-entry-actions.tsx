import { useState } from 'react';
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
import { toast } from '@/hooks/use-toast';
import { useMoveUp, useRemoveEntry, useSendOffer, type WaitingEntry } from '../api/waiting-list';
import { formatTime } from '@/features/admin/shared/components/format';

/** What the organizer may do with an entry still in play: reorder and offer a waiting one, remove either. */
export function WaitingEntryActions({ entry, itemName }: { entry: WaitingEntry; itemName: string }) {
  if (entry.state !== 'waiting' && entry.state !== 'offered') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {entry.state === 'waiting' && entry.place !== null && entry.place > 1 && <MoveUpButton entry={entry} />}
      {entry.state === 'waiting' && <OfferButton entry={entry} />}
      <RemoveButton entry={entry} itemName={itemName} />
    </div>
  );
}

function MoveUpButton({ entry }: { entry: WaitingEntry }) {
  const moveUp = useMoveUp();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={moveUp.isPending}
      onClick={() =>
        moveUp.mutate(entry.id, {
          onSuccess: ({ place }) => toast({ title: 'Moved up', description: `${entry.name} is number ${place} now.` }),
          onError: (error) => toast({ title: 'Not moved', description: error.message, variant: 'destructive' }),
        })
      }
    >
      Move up <span className="sr-only">{entry.name}</span>
    </Button>
  );
}

function OfferButton({ entry }: { entry: WaitingEntry }) {
  const offer = useSendOffer();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={offer.isPending}
      onClick={() =>
        offer.mutate(entry.id, {
          onSuccess: ({ code, offerExpiresAt }) =>
            toast({
              title: 'Offer sent',
              description: `${entry.name} has code ${code} until ${formatTime(offerExpiresAt)}.`,
            }),
          onError: (error) => toast({ title: 'No offer sent', description: error.message, variant: 'destructive' }),
        })
      }
    >
      Send offer now <span className="sr-only">to {entry.name}</span>
    </Button>
  );
}

/** Removing asks first: it cannot be undone, and an offered entry's code stops working. */
function RemoveButton({ entry, itemName }: { entry: WaitingEntry; itemName: string }) {
  const remove = useRemoveEntry();
  const [confirming, setConfirming] = useState(false);

  function confirm() {
    remove.mutate(entry.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Removed', description: `${entry.name} is no longer in the queue for ${itemName}.` });
      },
    });
  }

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Remove <span className="sr-only">{entry.name}</span>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove {entry.name}?</DialogTitle>
            <DialogDescription>
              {entry.state === 'offered'
                ? `Their offer ends: the code ${entry.code ?? ''} stops working and its units go to the next in line.`
                : `They lose their place in the queue for ${itemName}.`}
            </DialogDescription>
          </DialogHeader>
          {remove.error && (
            <p role="alert" className="font-medium text-destructive">
              {remove.error.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep them</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
              Remove from the queue
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
