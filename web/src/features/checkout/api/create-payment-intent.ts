import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { Ticket } from '@/lib/api/get-tickets';
import { api } from '@/lib/api-client';
import { AttemptKey } from '@/lib/attempt-key';

const trimmed = () => z.string().check(z.trim());

/** The details form: the brief's messages; the people count only matters for tickets sold per group. */
export function ticketDetailsSchema(ticket: Pick<Ticket, 'name' | 'minQuantity' | 'maxQuantity'>) {
  const tooFew = `The ${ticket.name} is for at least ${ticket.minQuantity} people.`;
  const tooMany = `One ${ticket.name} order is for at most ${ticket.maxQuantity} people. For a larger group, please contact the organizers.`;
  return z.object({
    name: trimmed().check(z.minLength(3, 'Name must be at least 3 characters')),
    email: z.pipe(trimmed(), z.email('Please enter a valid email address')),
    quantity: z
      .number(tooFew)
      .check(z.int(tooFew), z.minimum(ticket.minQuantity, tooFew), z.maximum(ticket.maxQuantity, tooMany)),
  });
}

export type TicketDetails = z.output<ReturnType<typeof ticketDetailsSchema>>;

export interface PaymentIntentRequest {
  ticketType: string;
  /** price × quantity in cents; the server refuses (409) an amount that is not its own. */
  amount: number;
  name: string;
  email: string;
  quantity: number;
}

export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  ticketId: z.int(),
  paymentIntentId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  amount: z.optional(z.int()),
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
