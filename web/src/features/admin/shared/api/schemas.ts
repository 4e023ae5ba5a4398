import { z } from 'zod/mini';

const optionalText = () => z.optional(z.nullable(z.string()));

export const orderKinds = ['ticket', 'merchandise', 'sponsorship'] as const;
export const orderStatuses = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;

/** A company's billing details, as the buyer gave them for the invoice. */
export const billingSchema = z.object({
  company: z.string(),
  /** One or two lines. */
  address: z.string(),
  city: z.string(),
  region: optionalText(),
  postalCode: optionalText(),
  /** ISO 3166-1 alpha-2: "US". */
  country: z.string(),
  taxId: optionalText(),
});

export type Billing = z.infer<typeof billingSchema>;

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
  /** The price phase it was priced in, such as "Early bird". */
  phase: optionalText(),
  /** Each discount taken off `unitPrice × quantity` to make `amount`, such as a code's. */
  discounts: z._default(z.array(z.object({ label: z.string(), amount: z.int() })), () => []),
  /** The code the buyer gave. */
  code: optionalText(),
  /** Without them, the invoice names the buyer. */
  billing: z.optional(z.nullable(billingSchema)),
  /** When the buyer corrected the billing details (once at most). */
  billingCorrectedAt: z.optional(z.nullable(z.int())),
});

export type Order = z.infer<typeof orderSchema>;

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** An invoice or credit note, and where its PDF is (the session cookie opens it). */
export const invoiceLinkSchema = z.object({
  /** "CW2026-00001" */
  number: z.string(),
  kind: z.enum(invoiceKinds),
  /** Cents, negative for a credit note. */
  total: z.int(),
  issuedAt: z.int(),
  url: z.string(),
});

export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

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
  /** The policy window it was made under, `override` for an amount with a reason, or `goodwill`. */
  policy: z.string(),
  reason: z.string(),
  /** A refund under the terms cancels the order, whatever the amount; a goodwill refund keeps it valid. */
  cancelsOrder: z.boolean(),
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

/** Why the server did not believe the time a device gave an offline scan. */
export const scanDoubts = [
  'device_of_another_session',
  'before_list_download',
  'before_code_issued',
  'before_doors_open',
] as const;

/**
 * A ticket scanned again after it let someone in, or an offline scan whose time was not believed
 * (`doubt`): the admitting scan, and the other one.
 */
export const duplicateScanSchema = z.object({
  attendeeName: z.string(),
  ticketType: z.string(),
  firstAt: z.int(),
  firstBy: z.string(),
  firstDevice: z.string(),
  scannedAt: z.int(),
  scannedBy: z.string(),
  deviceId: z.string(),
  doubt: z.optional(z.enum(scanDoubts)),
});

export type DuplicateScan = z.infer<typeof duplicateScanSchema>;
