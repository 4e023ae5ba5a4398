import { useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CodeField } from '@/components/payment/code-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCountries } from '@/lib/api/countries';
import { OptionalBilling } from '@/components/billing/optional-billing';
import { draftsOf, type Question } from '@/features/questions/api/questions';
import { QuestionFields } from '@/features/questions/components/question-fields';
import { JoinWaitingListButton } from '@/features/waiting-list/components/join-waiting-list-button';
import type { Ticket } from '@/lib/api/get-tickets';
import { formatCents } from '@/lib/money';
import { ticketDetailsSchema, type TicketDetails } from '../api/create-payment-intent';

export type TicketDetailsFormApi = UseFormReturn<TicketDetails, unknown, TicketDetails>;

interface TicketDetailsFormProps {
  ticket: Ticket;
  /** The questions asked for the buyer's own ticket. */
  questions: Question[];
  /** The order's quoted total, as the form currently reads. */
  total: number;
  /** The code to start with, from a `?code=` link. */
  initialCode: string;
  /** Why the latest quote refused the code. */
  codeError: string | undefined;
  /** Why the ticket cannot be ordered now (not on sale yet, closed, sold out); null while it can. */
  unavailable: string | null;
  submitting: boolean;
  onQuantityChange: (quantity: number) => void;
  onCodeChange: (code: string) => void;
  onSubmit: (details: TicketDetails, form: TicketDetailsFormApi) => unknown;
}

/**
 * Step one: who the ticket is for (and, for group tickets, how many people), a company's billing
 * details, and any code.
 */
export function TicketDetailsForm({
  ticket,
  questions,
  total,
  initialCode,
  codeError,
  unavailable,
  submitting,
  onQuantityChange,
  onCodeChange,
  onSubmit,
}: TicketDetailsFormProps) {
  const [billingOpen, setBillingOpen] = useState(false);
  const asksCountry = questions.some((question) => question.kind === 'country');
  const countries = useCountries({ enabled: billingOpen || asksCountry });
  const schema = useMemo(
    () => ticketDetailsSchema(ticket, countries.codes, questions),
    [ticket, countries.codes, questions],
  );
  const perGroup = ticket.minQuantity > 1;

  return (
    <Form
      schema={schema}
      options={{
        defaultValues: {
          name: '',
          email: '',
          quantity: ticket.minQuantity,
          code: initialCode,
          answers: draftsOf(questions),
        },
      }}
      aria-label="Your details"
      className="space-y-6"
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" {...field} />
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
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" inputMode="email" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          {perGroup && (
            <FormField
              control={form.control}
              name="quantity"
              render={({ field }) => (
                <FormItem hasDescription className="sm:max-w-xs">
                  <FormLabel>Number of people</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={ticket.minQuantity}
                      max={ticket.maxQuantity}
                      step={1}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(event) => {
                        field.onChange(event.target.valueAsNumber);
                        onQuantityChange(event.target.valueAsNumber);
                      }}
                    />
                  </FormControl>
                  <FormDescription>
                    {ticket.name} orders are for {ticket.minQuantity} to {ticket.maxQuantity} people.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}

          {questions.length > 0 && (
            <fieldset className="min-w-0 space-y-4">
              <legend className="font-semibold">About you</legend>
              {perGroup && (
                <p className="text-sm text-muted-foreground">
                  These answers are for your own ticket. Each person you name answers for theirs on their ticket’s link.
                </p>
              )}
              <QuestionFields questions={questions} countries={countries} />
            </fieldset>
          )}

          <OptionalBilling open={billingOpen} onOpenChange={setBillingOpen} countries={countries} />

          <CodeField quoteError={codeError} onCodeChange={onCodeChange} />

          <p className="flex items-baseline justify-between gap-4 border-t border-border pt-4 text-lg">
            <span className="font-medium">Total</span>
            <span className="font-display text-2xl font-bold" aria-live="polite">
              {formatCents(total)}
            </span>
          </p>

          {unavailable && (
            <p role="status" className="font-medium text-destructive">
              {unavailable}
            </p>
          )}

          {ticket.sales === 'sold_out' ? (
            <JoinWaitingListButton
              item={{ kind: 'ticket', ticket }}
              name={ticket.name}
              className={buttonVariants({ size: 'lg', className: 'w-full' })}
            />
          ) : (
            <Button type="submit" size="lg" className="w-full" disabled={submitting || unavailable !== null}>
              {submitting ? 'Processing...' : 'Proceed to Payment'}
            </Button>
          )}
        </>
      )}
    </Form>
  );
}
