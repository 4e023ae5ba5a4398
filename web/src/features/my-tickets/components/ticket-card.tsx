import { TicketIcon } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { MyTicket, MyTickets } from '../api/my-tickets';
import { AttendeeForm } from './attendee-form';
import { CertificateButton } from './certificate-button';
import { TicketAnswers } from './ticket-answers';
import { WalletButtons } from './wallet-buttons';

// Loaded only for a ticket that includes workshops: the page's own chunk, which the landing page's list of
// chunks names, stays as it was.
const WorkshopsPanel = lazy(async () => ({
  default: (await import('@/features/seats/components/workshops-panel')).WorkshopsPanel,
}));

export function TicketCard({
  ticket,
  heading,
  view,
  canChange,
  wallet,
  token,
}: {
  ticket: MyTicket;
  heading: string;
  view: MyTickets['view'];
  canChange: boolean;
  wallet: MyTickets['wallet'];
  token: string;
}) {
  const [editing, setEditing] = useState(false);
  const named = Boolean(ticket.attendeeEmail);
  // The code while the ticket is still this link's to use: valid, and not given away from under it.
  const heldCode = ticket.status === 'valid' ? ticket.code : null;
  const held = heldCode !== null;
  const changeable = canChange && held && !ticket.checkedInAt;
  // The buyer's page lists every seat: each ticket's buttons say which ticket they are for.
  const of = view === 'buyer' ? heading.toLowerCase() : undefined;
  const action = named ? 'Give to someone else' : 'Name the attendee';

  return (
    <Card className="h-full">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <TicketIcon className="size-5 text-secondary" aria-hidden="true" /> {heading}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        {ticket.status === 'transferred' || ticket.code === null ? (
          <GivenAway ticket={ticket} view={view} />
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            {ticket.qr && (
              <img
                src={ticket.qr}
                alt={`QR code for ticket ${ticket.code}`}
                width={128}
                height={128}
                className="rounded"
              />
            )}
            <div className="space-y-1">
              <p className="font-mono text-sm font-semibold break-all">{ticket.code}</p>
              {named ? (
                <p>
                  {ticket.attendeeName}
                  <span className="block text-sm text-muted-foreground">{ticket.attendeeEmail}</span>
                </p>
              ) : (
                <p className="text-muted-foreground">Not named yet</p>
              )}
              {ticket.checkedInAt && <p className="text-sm font-medium text-secondary">Checked in at the event</p>}
              {ticket.status === 'refunded' && <p className="text-sm font-medium text-destructive">Refunded</p>}
            </div>
          </div>
        )}
        {heldCode !== null && (
          <>
            <WalletButtons ticketId={ticket.id} code={heldCode} wallet={wallet} token={token} of={of} />
            <CertificateButton
              ticketId={ticket.id}
              code={heldCode}
              checkedInAt={ticket.checkedInAt}
              token={token}
              of={of}
            />
          </>
        )}
        {changeable &&
          (editing ? (
            <AttendeeForm
              ticket={ticket}
              token={token}
              label={view === 'holder' ? 'Give your ticket to someone else' : `Attendee of ${heading.toLowerCase()}`}
              view={view}
              onDone={() => setEditing(false)}
            />
          ) : (
            <Button
              variant="outline"
              onClick={() => setEditing(true)}
              aria-label={view === 'buyer' ? `${action} of ${heading.toLowerCase()}` : undefined}
            >
              {view === 'holder' ? 'Give to someone else' : action}
            </Button>
          ))}
        {ticket.questions.length > 0 && (
          <TicketAnswers
            ticket={ticket}
            token={token}
            editable={canChange && held}
            label={view === 'holder' ? 'Your answers' : `Answers for ${heading.toLowerCase()}`}
          />
        )}
        {held && ticket.workshopSeats > 0 && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading your workshops…</p>}>
            <WorkshopsPanel token={token} ticketId={ticket.id} label={heading.toLowerCase()} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}

/** A seat now held by someone else: their name only, never their code or email. */
function GivenAway({ ticket, view }: { ticket: MyTicket; view: MyTickets['view'] }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-muted-foreground">Transferred</p>
      <p>
        Given to <strong>{ticket.attendeeName ?? 'someone else'}</strong>
      </p>
      <p className="text-sm text-muted-foreground">
        {view === 'holder'
          ? 'Their new code replaced yours.'
          : 'They have their own code and link: only they can see the code or pass the ticket on.'}
      </p>
    </div>
  );
}
