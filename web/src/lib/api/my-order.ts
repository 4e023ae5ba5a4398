import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { BillingRequest } from './billing-details';

/**
 * How the buyer proves an order is theirs: the secret of the receipt's "Manage your tickets"
 * link, or the payment's id and client secret from the confirmation page's address. Both travel
 * in headers, never in a URL.
 */
export type OrderProof = { manageToken: string } | { paymentIntent: string; clientSecret: string };

export function proofHeaders(proof: OrderProof): Record<string, string> {
  return 'manageToken' in proof
    ? { 'X-Manage-Token': proof.manageToken }
    : { 'X-Payment-Intent': proof.paymentIntent, 'X-Client-Secret': proof.clientSecret };
}

const invoiceLinkSchema = z.object({
  /** "CW2026-00001" */
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  /** Cents, negative for a credit note. */
  total: z.int(),
  /** Unix milliseconds. */
  issuedAt: z.number(),
  /** The PDF, which takes the same headers. */
  url: z.string(),
});

export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

const billingDetailsSchema = z.object({
  company: z.string(),
  address: z.string(),
  city: z.string(),
  region: z.optional(z.nullable(z.string())),
  postalCode: z.optional(z.nullable(z.string())),
  country: z.string(),
  taxId: z.optional(z.nullable(z.string())),
});

const myOrderSchema = z.object({
  reference: z.string(),
  kind: z.string(),
  status: z.string(),
  /** The company the invoices are made out to; null when they name the buyer. */
  billing: z.nullable(billingDetailsSchema),
  canCorrectBilling: z.boolean(),
  /** The last day a correction is taken, "2026-12-24". */
  correctBillingUntil: z.nullable(z.string()),
  /** When the details were corrected (Unix ms): they can be corrected once. */
  billingCorrectedAt: z.nullable(z.number()),
  invoices: z.array(invoiceLinkSchema),
});

export type MyOrder = z.infer<typeof myOrderSchema>;

const key = (proof: OrderProof) => ['my-order', proofHeaders(proof)] as const;

/** The paperwork of the order the buyer's proof opens: billing details, invoices and credit notes. */
export function useMyOrder(proof: OrderProof) {
  return useQuery({
    queryKey: key(proof),
    queryFn: async () => myOrderSchema.parse(await api.get<unknown>('/api/my-order', proofHeaders(proof))),
  });
}

/**
 * Corrects the billing details, once: the server cancels the current invoice with a credit
 * note and issues a new one, and answers the paperwork listing both.
 */
export function useCorrectBilling(proof: OrderProof) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billing: BillingRequest) =>
      myOrderSchema.parse(await api.put<unknown>('/api/my-order/billing', { billing }, proofHeaders(proof))),
    onSuccess: (order) => queryClient.setQueryData(key(proof), order),
  });
}

/** The name the server gives the document's file: "invoice-CW2026-00001.pdf", "credit-note-CW2026-00002.pdf". */
export function documentFilename(document: Pick<InvoiceLink, 'kind' | 'number'>): string {
  return `${document.kind.replace('_', '-')}-${document.number}.pdf`;
}

/** Saves the document's PDF. A link cannot send the proof's headers, so the file is fetched first. */
export async function downloadDocument(document: InvoiceLink, proof: OrderProof): Promise<void> {
  saveFile(await api.getBlob(document.url, proofHeaders(proof)), documentFilename(document));
}
