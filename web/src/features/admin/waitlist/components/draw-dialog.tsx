import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useTickets } from '@/lib/api/get-tickets';
import { useAnnounceDraw, type Draw, type NewDraw } from '../api/draws';
import type { Interest } from '../api/waitlist';
import { parseWhole } from '@/features/admin/shared/components/format';
import { DrawResult } from './draw-result';
import { Field } from '@/features/admin/shared/components/field';
import { InterestAreasField } from './interest-areas-field';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';

const fields = ['winners', 'item', 'interestAreas'] as const;
type Errors = FormErrors<(typeof fields)[number]>;

/** "New draw…": the form, then the announced draw's commitment, to publish before the draw is made. */
export function NewDrawDialog({ interests }: { interests: Interest[] }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [announced, setAnnounced] = useState<Draw | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setAttempt((current) => current + 1);
          setAnnounced(null);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button>New draw…</Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        {announced ? (
          <>
            <DialogHeader>
              <DialogTitle>Draw announced</DialogTitle>
              <DialogDescription>
                Publish the commitment before you make the draw: once made, anyone can check that its seed has this
                SHA-256. Registrations confirmed from now on do not take part. Make the draw from the list.
              </DialogDescription>
            </DialogHeader>
            <DrawResult draw={announced} interests={interests} />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New draw</DialogTitle>
              <DialogDescription>
                Free tickets drawn among the registrations who confirmed their address and want updates. Announcing
                fixes the terms and a secret seed; the winners are drawn and emailed when you make the draw.
              </DialogDescription>
            </DialogHeader>
            <DrawForm key={attempt} interests={interests} onAnnounced={setAnnounced} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DrawForm({ interests, onAnnounced }: { interests: Interest[]; onAnnounced: (draw: Draw) => void }) {
  const announce = useAnnounceDraw();
  const tickets = useTickets();
  const id = useId();
  const [winners, setWinners] = useState('1');
  const [item, setItem] = useState('');
  const [interestAreas, setInterestAreas] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const firstTicket = tickets.data?.[0];
  const chosenItem = item || (firstTicket ? `ticket:${firstTicket.type}` : '');

  function toRequest(): { request?: NewDraw; errors: Errors } {
    const found: Errors = {};
    const count = parseWhole(winners);
    if (count === null || count === 0) found.winners = 'A whole number from 1.';
    if (!chosenItem) found.item = 'Choose a ticket type.';
    if (count === null || Object.keys(found).length > 0) return { errors: found };
    return { request: { winners: count, item: chosenItem, interestAreas }, errors: found };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, errors: found } = toRequest();
    setErrors(found);
    if (!request) return;
    try {
      onAnnounced(await announce.mutateAsync(request));
    } catch (error) {
      setErrors(serverErrors(error, fields));
    }
  }

  return (
    <form aria-label="New draw" className="grid gap-5" onSubmit={submit} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-winners`} label="Winners" error={errors.winners}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={winners}
              onChange={(event) => setWinners(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-item`} label="Ticket" error={errors.item}>
          {(control) => (
            <NativeSelect {...control} value={chosenItem} onChange={(event) => setItem(event.target.value)}>
              {tickets.data?.map((ticket) => (
                <option key={ticket.type} value={`ticket:${ticket.type}`}>
                  {ticket.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <InterestAreasField
        id={`${id}-areas`}
        interests={interests}
        chosen={interestAreas}
        onChange={setInterestAreas}
        error={errors.interestAreas}
      />
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" disabled={announce.isPending} className="justify-self-end">
        {announce.isPending ? 'Announcing…' : 'Announce the draw'}
      </Button>
    </form>
  );
}
