import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import { answersSchema, type Answers, type Question } from '@/features/questions/api/questions';
import { billingSchema, type BillingRequest } from '@/lib/api/billing-details';
import type { Ticket } from '@/lib/api/get-tickets';
import { api } from '@/lib/api-client';
import { AttemptKey } from '@/lib/attempt-key';

const trimmed = () => z.string().check(z.trim());

/**
 * The details form: the brief's messages; the people count only matters for tickets sold per group.
 * `billing` is there only while its section is open; `countries` are the codes it and a country
 * question may name; `questions` are those asked for the buyer's own ticket.
 */
export function ticketDetailsSchema(
  ticket: Pick<Ticket, 'name' | 'minQuantity' | 'maxQuantity'>,
  countries?: ReadonlySet<string>,
  questions: Question[] = [],
) {
  const tooFew = `The ${ticket.name} is for at least ${ticket.minQuantity} people.`;
  const tooMany = `One ${ticket.name} order is for at most ${ticket.maxQuantity} people. For a larger group, please contact the organizers.`;
  return z.object({
    name: trimmed().check(z.minLength(3, 'Name must be at least 3 characters')),
    email: z.pipe(trimmed(), z.email('Please enter a valid email address')),
    quantity: z
      .number(tooFew)
      .check(z.int(tooFew), z.minimum(ticket.minQuantity, tooFew), z.maximum(ticket.maxQuantity, tooMany)),
    /** A discount or access code; empty when there is none. */
    code: trimmed(),
    billing: z.optional(billingSchema(countries)),
    answers: answersSchema(questions, countries),
  });
}

export type TicketDetails = z.output<ReturnType<typeof ticketDetailsSchema>>;

export interface PaymentIntentRequest {
  ticketType: string;
  /** The quote's total in cents; the server refuses (409) an amount that is not its own. */
  amount: number;
  name: string;
  email: string;
  quantity: number;
  /** Only when the buyer gave one. */
  code?: string;
  /** A company's details for its invoice; only when the buyer gave them. */
  billing?: BillingRequest;
  /** The buyer's own ticket's answers (the first place of the order), by question id; answered ones only. */
  answers?: Answers;
}

export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  ticketId: z.int(),
  paymentIntentId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  amount: z.optional(z.int()),
  /** Nothing to pay (a 100% code): the order is paid already and there is no card step. */
  paid: z.optional(z.boolean()),
});

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** `idempotencyKey` names the checkout attempt: a retry with it gets the same order back. */
export async function createPaymentIntent(
  request: PaymentIntentRequest,
  idempotencyKey: string,
): Promise<PaymentIntent> {
  return paymentIntentSchema.parse(
    await api.post<unknown>('/api/create-payment-intent', request, { 'Idempotency-Key': idempotencyKey }),
  );
}

export function useCreatePaymentIntent() {
  const [attempt] = useState(() => new AttemptKey());
  return useMutation({
    mutationFn: (request: PaymentIntentRequest) => attempt.send(request, (key) => createPaymentIntent(request, key)),
  });
}
