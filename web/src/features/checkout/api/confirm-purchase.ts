import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export interface PurchaseConfirmationRequest {
  paymentIntentId: string;
  ticketId: number;
  /** Proves this browser is the buyer's: only then does the answer carry the ticket code. */
  clientSecret: string;
}

export const purchaseConfirmationSchema = z.object({
  status: z.string(),
  orderId: z.optional(z.string()),
  /** The order reference the buyer quotes, e.g. "CW-7K3P9QXM"; only sent to the buyer. */
  reference: z.optional(z.string()),
});

export type PurchaseConfirmation = z.infer<typeof purchaseConfirmationSchema>;

/** Tells the server the gateway took the payment; it checks with the gateway and marks the order paid once. */
export async function confirmPurchase(request: PurchaseConfirmationRequest): Promise<PurchaseConfirmation> {
  return purchaseConfirmationSchema.parse(await api.post<unknown>('/api/confirm-purchase', request));
}

export function useConfirmPurchase() {
  return useMutation({ mutationFn: confirmPurchase });
}
