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
import { useMakeDraw, type Draw } from '../api/draws';

/** Making the draw asks first: it reveals the seed and emails the winners at once, for good. */
export function MakeDrawButton({ draw }: { draw: Draw }) {
  const make = useMakeDraw();
  const [confirming, setConfirming] = useState(false);

  function confirm() {
    make.mutate(draw.id, {
      onSuccess: (drawn) => {
        setConfirming(false);
        toast({
          title: 'Drawn',
          description: `${drawn.winners.length} ${drawn.winners.length === 1 ? 'winner was' : 'winners were'} emailed a code for a free ${drawn.itemName}.`,
        });
      },
    });
  }

  return (
    <>
      <Button
        onClick={() => {
          make.reset();
          setConfirming(true);
        }}
      >
        Make the draw <span className="sr-only">for the {draw.itemName}</span>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Make the draw now?</DialogTitle>
            <DialogDescription>
              The seed is revealed and the winners are emailed a code for a free {draw.itemName} at once. A draw is made
              once.
            </DialogDescription>
          </DialogHeader>
          {make.error && (
            <p role="alert" className="font-medium text-destructive">
              {make.error.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Not yet</Button>
            </DialogClose>
            <Button disabled={make.isPending} onClick={confirm}>
              {make.isPending ? 'Drawing…' : 'Draw and email the winners'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
