import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import { billingSchema, type BillingRequest } from '@/lib/api/billing-details';
import { MAX_MERCHANDISE_QUANTITY } from '@/lib/api/get-merchandise';
import { api } from '@/lib/api-client';
import { AttemptKey } from '@/lib/attempt-key';

export const MAX_QUANTITY = MAX_MERCHANDISE_QUANTITY;

const QUANTITY_MESSAGE = `Quantity must be between 1 and ${MAX_QUANTITY}.`;
const trimmed = () => z.string().check(z.trim());

/**
 * The customer form, with the brief's messages; size and color come from selects holding the item's
 * options. `billing` is there only while its section is open; `countries` are the codes it may name.
 */
export function merchandiseOrderSchema(countries?: ReadonlySet<string>) {
  return z.object({
    name: trimmed().check(z.minLength(1, 'Name is required')),
    email: z.pipe(trimmed(), z.email('Invalid email address')),
    quantity: z
      .number(QUANTITY_MESSAGE)
      .check(z.int(QUANTITY_MESSAGE), z.minimum(1, QUANTITY_MESSAGE), z.maximum(MAX_QUANTITY, QUANTITY_MESSAGE)),
    size: z.string(),
    color: z.string(),
    /** A discount or access code; empty when there is none. */
    code: trimmed(),
    billing: z.optional(billingSchema(countries)),
  });
}

export type MerchandiseOrder = z.output<ReturnType<typeof merchandiseOrderSchema>>;

export interface MerchandisePaymentRequest {
  merchandiseId: number;
  /** The quote's total in cents; the server refuses (409) an amount that is not its own. */
  amount: number;
  name: string;
  email: string;
  quantity: number;
  /** Only for items that come in sizes or colors. */
  size?: string;
  color?: string;
  /** Only when the buyer gave one. */
  code?: string;
  /** A company's details for its invoice; only when the buyer gave them. */
  billing?: BillingRequest;
}

export const merchandisePaymentSchema = z.object({
  // checked by the screen: without it there is no payment to confirm ('Could not initialize payment')
  clientSecret: z.optional(z.string()),
  paymentIntentId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  amount: z.optional(z.int()),
  /** Nothing to pay (a 100% code): the order is paid already and there is no card step. */
  paid: z.optional(z.boolean()),
});

export type MerchandisePayment = z.infer<typeof merchandisePaymentSchema>;

/**
 * Reserves the item and creates its payment at the server's price. `idempotencyKey` names the
 * checkout attempt: a retry with it gets the same order back.
 */
export async function createMerchandisePayment(
  request: MerchandisePaymentRequest,
  idempotencyKey: string,
): Promise<MerchandisePayment> {
  return merchandisePaymentSchema.parse(
    await api.post<unknown>('/api/create-merchandise-payment', request, { 'Idempotency-Key': idempotencyKey }),
  );
}

export function useCreateMerchandisePayment() {
  const [attempt] = useState(() => new AttemptKey());
  return useMutation({
    mutationFn: (request: MerchandisePaymentRequest) =>
      attempt.send(request, (key) => createMerchandisePayment(request, key)),
  });
}
