import { lazy, Suspense } from 'react';
import { useLocation } from '@/lib/router';
import { OrderInvoices } from '@/components/billing/order-invoices';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIsoDate } from '@/lib/format-date';
import { useHydrated } from '@/lib/use-hydrated';
import { useMyTickets, type MyTickets } from '../api/my-tickets';
import { TicketCard } from './ticket-card';
import { TicketsSkeleton } from './tickets-skeleton';

// With the workshops (see ticket-card.tsx): loaded only for an order that includes them.
const RememberedLink = lazy(async () => ({
  default: (await import('@/features/seats/components/remembered-link')).RememberedLink,
}));

/** /my-tickets#<secret>: the buyer's private page, opened from the receipt, or a holder's, opened from their ticket. */
export function MyTicketsPage() {
  useDocumentTitle('Your tickets');
  const { hash } = useLocation();
  // The secret is in the fragment, which browsers never send to a server: the prerendered page,
  // made without one, reads it once the app runs (undefined until then).
  const token = useHydrated() ? hash.replace(/^#/, '') : undefined;
  const tickets = useMyTickets(token ?? '');

  return (
    // A screen tall at least: the footer starts below the fold, so nothing in view moves when the
    // tickets, or the reason there are none, take the placeholder's place.
    <div className="min-h-[calc(100dvh-4rem)] bg-muted">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-bold">Your tickets</h1>
        {/* the page's largest text is prerendered, so it is painted first, before the tickets arrive */}
        <p className="max-w-2xl text-lg text-muted-foreground">
          Each ticket has its own code, shown as text and as a QR code, to be scanned at the door. Keep the link to this
          page to yourself: anyone who has it can see your tickets.
        </p>
        {token === '' ? (
          <p>Open this page with the “Manage your tickets” link in your receipt email.</p>
        ) : token && tickets.data ? (
          // The placeholder stays until the tickets can be drawn whole: a line arriving after them would push them down.
          <Suspense fallback={<TicketsSkeleton />}>
            <Tickets page={tickets.data} token={token} />
          </Suspense>
        ) : tickets.error ? (
          <p role="alert" className="font-medium text-destructive">
            {tickets.error.message}
          </p>
        ) : (
          <TicketsSkeleton />
        )}
      </div>
    </div>
  );
}

function Tickets({ page, token }: { page: MyTickets; token: string }) {
  const holder = page.view === 'holder';
  return (
    <>
      <p className="text-muted-foreground">
        Order {page.reference} · {page.ticketName} · {holder ? 'given to you by' : 'booked by'} {page.buyerName}
      </p>
      <Rules page={page} />
      {page.tickets.some((ticket) => ticket.status === 'valid' && ticket.workshopSeats > 0) && (
        <RememberedLink token={token} />
      )}
      <ul className="grid gap-4 md:grid-cols-2">
        {page.tickets.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard
              ticket={ticket}
              heading={holder ? 'Your ticket' : `Ticket ${ticket.position} of ${page.tickets.length}`}
              view={page.view}
              canChange={page.canChange}
              wallet={page.wallet}
              token={token}
            />
          </li>
        ))}
      </ul>
      {/* the order's invoices are the buyer's: a holder's link opens only their seat */}
      {!holder && <OrderInvoices proof={{ manageToken: token }} />}
    </>
  );
}

/** What this link can still do, in a sentence or two. */
function Rules({ page }: { page: MyTickets }) {
  const lastDay = formatIsoDate(page.transferUntil);
  const [passedOn] = page.tickets;
  if (page.view === 'holder' && passedOn?.status === 'transferred') {
    return (
      <p className="rounded-md bg-card p-4">
        You gave this ticket to {passedOn.attendeeName ?? 'someone else'}. They have its new code; your code and this
        link no longer work.
      </p>
    );
  }
  if (!page.canChange) {
    return (
      <p className="rounded-md bg-warning p-4 text-warning-foreground">
        {page.status === 'refunded'
          ? 'This order was refunded: its tickets admit no one.'
          : `Tickets could be named or transferred until ${lastDay}. They can no longer be changed here.`}
      </p>
    );
  }
  // what passing a ticket on does is in smaller print, below the lead above in size
  if (page.view === 'holder') {
    return (
      <div className="space-y-1">
        <p>
          This ticket is yours. Until <strong>{lastDay}</strong> you can pass it on to someone else.
        </p>
        <p className="text-sm text-muted-foreground">
          They get a new code and their own link by email, and your code and this link stop working.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p>
        Name each attendee, or give a ticket to someone else, until <strong>{lastDay}</strong>.
      </p>
      <p className="text-sm text-muted-foreground">
        A ticket given to another person’s email becomes theirs: they get a new code and their own link by email, the
        old code stops working, and from then on only they can see its code or pass it on.
      </p>
    </div>
  );
}
