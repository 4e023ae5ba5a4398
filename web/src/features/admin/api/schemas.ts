import { z } from 'zod/mini';

const optionalText = () => z.optional(z.nullable(z.string()));

export const orderKinds = ['ticket', 'merchandise', 'sponsorship'] as const;
export const orderStatuses = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;

export const orderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  buyerName: z.string(),
  buyerEmail: z.string(),
  itemName: z.string(),
  sku: z.string(),
  unitPrice: z.int(),
  quantity: z.int(),
  options: z.record(z.string(), z.unknown()),
  amount: z.int(),
  refundedAmount: z.int(),
  currency: z.string(),
  gateway: z.string(),
  paymentId: optionalText(),
  clientAddress: optionalText(),
  pickupCode: optionalText(),
  lastPaymentError: optionalText(),
  refundReason: optionalText(),
  createdAt: z.int(),
  updatedAt: z.int(),
  expiresAt: z.int(),
  paidAt: z.optional(z.nullable(z.int())),
});

export type Order = z.infer<typeof orderSchema>;

export const emailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  subjectId: z.string(),
  recipient: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'cancelled']),
  attempts: z.int(),
  lastError: optionalText(),
  createdAt: z.int(),
  sentAt: z.optional(z.nullable(z.int())),
});

export type Email = z.infer<typeof emailSchema>;

/** One page of a server-side listing. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), page: z.int(), pageSize: z.int(), total: z.int() });
}

export const refundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.int(),
  policy: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  gatewayRefundId: optionalText(),
  error: optionalText(),
  actor: z.string(),
  createdAt: z.int(),
  completedAt: z.optional(z.nullable(z.int())),
});

export type Refund = z.infer<typeof refundSchema>;

/** Admin screens show what is true now: refetched whenever they open. */
export const freshQuery = { staleTime: 0, refetchOnMount: 'always' } as const;
