import { TicketIcon } from '@/components/icons';
import { useState } from 'react';
import { useLocation } from '@/lib/router';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/format-date';
import { useMyTickets, useNameAttendee, type MyTicket, type MyTickets } from '../api/my-tickets';

/** /my-tickets#<secret>: the buyer's private page, opened from the receipt. */
export function MyTicketsPage() {
  useDocumentTitle('Your tickets');
  // The secret is in the fragment, which browsers never send to a server.
  const token = useLocation().hash.replace(/^#/, '');
  const tickets = useMyTickets(token);

  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-bold">Your tickets</h1>
        {!token ? (
          <p>Open this page with the “Manage your tickets” link in your receipt email.</p>
        ) : tickets.data ? (
          <Tickets page={tickets.data} token={token} />
        ) : tickets.error ? (
          <p role="alert" className="font-medium text-destructive">
            {tickets.error.message}
          </p>
        ) : (
          <div role="status" className="flex items-center gap-3 text-muted-foreground">
            <Spinner className="size-5" /> Loading your tickets…
          </div>
        )}
      </div>
    </div>
  );
}

function Tickets({ page, token }: { page: MyTickets; token: string }) {
  const lastDay = formatIsoDate(page.transferUntil);
  return (
    <>
      <p className="text-muted-foreground">
        Order {page.reference} · {page.ticketName} · booked by {page.buyerName}
      </p>
      {page.canChange ? (
        <p>
          Name each attendee: they get their own ticket and code by email. You can change who holds a ticket until{' '}
          <strong>{lastDay}</strong>; giving a ticket to someone else issues a new code, and the old one stops working.
        </p>
      ) : (
        <p className="rounded-md bg-warning p-4 text-warning-foreground">
          {page.status === 'refunded'
            ? 'This order was refunded: its tickets admit no one.'
            : `Tickets could be named or transferred until ${lastDay}. They can no longer be changed here.`}
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-2">
        {page.tickets.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard ticket={ticket} count={page.tickets.length} canChange={page.canChange} token={token} />
          </li>
        ))}
      </ul>
    </>
  );
}

function TicketCard({
  ticket,
  count,
  canChange,
  token,
}: {
  ticket: MyTicket;
  count: number;
  canChange: boolean;
  token: string;
}) {
  const [editing, setEditing] = useState(false);
  const named = Boolean(ticket.attendeeEmail);
  const changeable = canChange && ticket.status === 'valid' && !ticket.checkedInAt;
  const heading = `Ticket ${ticket.position} of ${count}`;

  return (
    <Card className="h-full">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <TicketIcon className="size-5 text-secondary" aria-hidden="true" /> {heading}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <img src={ticket.qr} alt={`QR code for ticket ${ticket.code}`} width={128} height={128} className="rounded" />
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
        {changeable &&
          (editing ? (
            <AttendeeForm ticket={ticket} token={token} heading={heading} onDone={() => setEditing(false)} />
          ) : (
            <Button
              variant="outline"
              onClick={() => setEditing(true)}
              aria-label={`${named ? 'Give to someone else' : 'Name the attendee'} of ${heading.toLowerCase()}`}
            >
              {named ? 'Give to someone else' : 'Name the attendee'}
            </Button>
          ))}
      </CardContent>
    </Card>
  );
}

const attendeeSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, "Please enter the attendee's name.")),
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address.')),
});

function AttendeeForm({
  ticket,
  token,
  heading,
  onDone,
}: {
  ticket: MyTicket;
  token: string;
  heading: string;
  onDone: () => void;
}) {
  const nameAttendee = useNameAttendee(token);
  return (
    <Form
      schema={attendeeSchema}
      options={{ defaultValues: { name: '', email: '' } }}
      aria-label={`Attendee of ${heading.toLowerCase()}`}
      className="grid gap-3"
      onSubmit={async (values, form) => {
        try {
          await nameAttendee.mutateAsync({ ticketId: ticket.id, ...values });
          toast({ title: 'Ticket sent', description: `${values.name} gets their ticket at ${values.email}.` });
          onDone();
        } catch (error) {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if (field === 'name' || field === 'email') form.setError(field, { type: 'server', message });
            }
          } else {
            form.setError('email', {
              type: 'server',
              message: error instanceof Error ? error.message : 'The ticket could not be changed. Please try again.',
            });
          }
        }
      }}
    >
      {(form) => (
        <>
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Attendee's name</FormLabel>
                <FormControl>
                  <Input autoComplete="off" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Attendee's email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="off" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={nameAttendee.isPending}>
              {nameAttendee.isPending ? 'Sending…' : 'Send them the ticket'}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
