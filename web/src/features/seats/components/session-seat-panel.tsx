import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { fetchSeatTickets, joinWaitingList, reserveSeat, type LinkTicket } from '../api/ticket-seats';
import { ordinal } from '../seat-text';
import type { SeatPresses } from './seat-presses';
import { forgetTicketLink, rememberedTicketLink, rememberTicketLink, tokenFromLink } from '../ticket-link';

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  /** `busy` while a pasted link is tried: the dialog stays, with what was pasted. */
  | { kind: 'ask-link'; error?: string; busy?: boolean }
  | { kind: 'choose'; token: string; tickets: LinkTicket[]; ticketName: string }
  | { kind: 'done'; text: string }
  | { kind: 'full'; token: string; ticket: LinkTicket; text: string }
  | { kind: 'error'; text: string };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'This did not work. Please try again in a moment.';

/** A link that opens no ticket any more (given away, or mistyped): the server answers 401, 403 or 404. */
const isDeadLink = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status);

const ticketLabel = (ticket: LinkTicket, ticketName: string) =>
  `${ticket.attendeeName ?? `Ticket ${ticket.position}`} · ${ticketName}`;

/**
 * What "Reserve a seat" does on a session's page: with the ticket link this browser keeps (or one pasted from the
 * email, and a ticket chosen when it opens several), reserves the seat or, the session being full, offers its
 * waiting list; the answer is shown under the button.
 */
export function SessionSeatPanel({
  slug,
  title,
  presses,
  changed,
}: {
  slug: string;
  title: string;
  presses: SeatPresses;
  changed: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [waitingList, setWaitingList] = useState(false);

  async function act(token: string, ticket: LinkTicket, join: boolean) {
    setStep({ kind: 'working' });
    try {
      if (join) {
        const place = await joinWaitingList(token, ticket.id, slug);
        setStep({
          kind: 'done',
          text: `You are ${ordinal(place)} in line for ${title}. When a seat frees up it goes to you by itself, and you get an email.`,
        });
      } else {
        await reserveSeat(token, ticket.id, slug);
        setStep({ kind: 'done', text: `Your seat in ${title} is reserved. The confirmation is on its way by email.` });
      }
      changed();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'full') {
        setStep({ kind: 'full', token, ticket, text: error.message });
        changed();
      } else {
        setStep({ kind: 'error', text: messageOf(error) });
      }
    }
  }

  async function withLink(token: string, join: boolean, pasted: boolean) {
    setStep(pasted ? { kind: 'ask-link', busy: true } : { kind: 'working' });
    try {
      const { tickets, ticketName } = await fetchSeatTickets(token);
      if (pasted) rememberTicketLink(token);
      if (tickets.length === 0) {
        setStep({ kind: 'error', text: 'None of the tickets this link opens includes workshops.' });
      } else if (tickets.length === 1) {
        await act(token, tickets[0], join);
      } else {
        setStep({ kind: 'choose', token, tickets, ticketName });
      }
    } catch (error) {
      if (!isDeadLink(error)) {
        setStep({ kind: 'error', text: messageOf(error) });
      } else if (pasted) {
        setStep({ kind: 'ask-link', error: messageOf(error) });
      } else {
        forgetTicketLink();
        setStep({
          kind: 'ask-link',
          error: 'The link this browser kept no longer opens a ticket. Paste your latest one.',
        });
      }
    }
  }

  /** A press starts over: the answer to the last one goes. */
  function press(join: boolean) {
    setWaitingList(join);
    const token = rememberedTicketLink();
    if (token) void withLink(token, join, false);
    else setStep({ kind: 'ask-link' });
  }

  // Subscribed anew each render, so a press is handled with this render's state.
  useEffect(() => presses.subscribe(press));

  const dialogOpen = step.kind === 'ask-link' || step.kind === 'choose';
  return (
    <div className="mt-2 space-y-2 text-sm" aria-live="polite">
      {step.kind === 'working' && <p role="status">One moment…</p>}
      {step.kind === 'done' && <p className="font-medium">{step.text}</p>}
      {step.kind === 'error' && <p className="font-medium text-destructive">{step.text}</p>}
      {step.kind === 'full' && (
        <div className="space-y-2">
          <p className="font-medium">{step.text}</p>
          <Button size="sm" variant="secondary" onClick={() => void act(step.token, step.ticket, true)}>
            Join the waiting list
          </Button>
        </div>
      )}
      <Dialog open={dialogOpen} onOpenChange={(open) => !open && setStep({ kind: 'idle' })}>
        <DialogContent>
          {step.kind === 'choose' ? (
            <ChooseTicket
              tickets={step.tickets}
              ticketName={step.ticketName}
              action={waitingList ? 'Join the waiting list' : 'Reserve'}
              onChoose={(ticket) => void act(step.token, ticket, waitingList)}
            />
          ) : (
            <AskLink
              error={step.kind === 'ask-link' ? step.error : undefined}
              busy={step.kind === 'ask-link' && step.busy === true}
              onLink={(token) => void withLink(token, waitingList, true)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function AskLink({ error, busy, onLink }: { error?: string; busy: boolean; onLink: (token: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const shown = invalid ?? error;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = tokenFromLink(text);
    if (token) onLink(token);
    else setInvalid('This is not a tickets link. Copy the whole “Manage your tickets” link from your email.');
  }
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <DialogTitle>Your ticket’s link</DialogTitle>
      <DialogDescription>
        A seat belongs to a ticket. Paste the “Manage your tickets” link from your email: this browser keeps it for your
        next reservation.
      </DialogDescription>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-link`}>Tickets link</Label>
        <Input
          id={`${id}-link`}
          value={text}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(undefined);
          }}
        />
        {shown && (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {shown}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy || !text.trim()}>
        {busy ? 'Opening your tickets…' : 'Continue'}
      </Button>
    </form>
  );
}

function ChooseTicket({
  tickets,
  ticketName,
  action,
  onChoose,
}: {
  tickets: LinkTicket[];
  ticketName: string;
  action: string;
  onChoose: (ticket: LinkTicket) => void;
}) {
  const [chosen, setChosen] = useState(tickets[0].id);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const ticket = tickets.find((candidate) => candidate.id === chosen);
        if (ticket) onChoose(ticket);
      }}
    >
      <DialogTitle>Which ticket?</DialogTitle>
      <DialogDescription>This link opens several tickets. The seat goes to the one you choose.</DialogDescription>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Ticket</legend>
        {tickets.map((ticket) => (
          <label key={ticket.id} className="flex items-center gap-2">
            <input
              type="radio"
              name="ticket"
              value={ticket.id}
              checked={chosen === ticket.id}
              onChange={() => setChosen(ticket.id)}
            />
            {ticketLabel(ticket, ticketName)}
          </label>
        ))}
      </fieldset>
      <Button type="submit">{action}</Button>
    </form>
  );
}
