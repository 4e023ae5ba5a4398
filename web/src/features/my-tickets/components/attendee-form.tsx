import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useNameAttendee, type MyTicket, type MyTickets } from '../api/my-tickets';

const attendeeSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, "Please enter the attendee's name.")),
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address.')),
});

const sameEmail = (a: string, b: string | null | undefined) => a.trim().toLowerCase() === b?.trim().toLowerCase();

/** Names the holder of a ticket, or gives it to someone else, saying first what giving it away means. */
export function AttendeeForm({
  ticket,
  token,
  label,
  view,
  onDone,
}: {
  ticket: MyTicket;
  token: string;
  label: string;
  view: MyTickets['view'];
  onDone: () => void;
}) {
  const nameAttendee = useNameAttendee(token);
  const warningId = useId();
  return (
    <Form
      schema={attendeeSchema}
      options={{ defaultValues: { name: '', email: '' } }}
      aria-label={label}
      className="grid gap-3"
      onSubmit={async (values, form) => {
        try {
          await nameAttendee.mutateAsync({ ticketId: ticket.id, ...values });
          if (sameEmail(values.email, ticket.attendeeEmail)) {
            toast({ title: 'Name corrected', description: `The ticket is now in the name of ${values.name}.` });
          } else {
            toast({ title: 'Ticket sent', description: `${values.name} gets their ticket at ${values.email}.` });
          }
          onDone();
        } catch (error) {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if (field === 'name' || field === 'email') form.setError(field, { type: 'server', message });
            }
          } else {
            // A refusal such as too many transfers today (429) or a ticket already used (409).
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
          <Warning id={warningId} ticket={ticket} view={view} />
          <div className="flex gap-2">
            <Button type="submit" disabled={nameAttendee.isPending} aria-describedby={warningId}>
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

/** Before sending: giving a ticket to another email is for good; the same email only corrects the name. */
function Warning({ id, ticket, view }: { id: string; ticket: MyTicket; view: MyTickets['view'] }) {
  const email = useWatch<{ email: string }, 'email'>({ name: 'email' });
  if (ticket.attendeeEmail && sameEmail(email, ticket.attendeeEmail)) {
    return (
      <p id={id} className="text-sm text-muted-foreground">
        Same email as now: this only corrects the name on the ticket.
      </p>
    );
  }
  return (
    <p id={id} className="rounded-md bg-warning p-3 text-sm text-warning-foreground">
      They will get the ticket and their own link by email. You will no longer see its code or be able to change it.
      {view === 'holder' && ' This link will stop working.'}
      {ticket.attendeeEmail && ' To correct only the name, keep the same email.'}
    </p>
  );
}
