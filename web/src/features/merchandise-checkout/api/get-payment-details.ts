import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const paymentDetailsSchema = z.object({
  // checked by the confirmation page: without it the payment is not a merchandise order ('Invalid payment details')
  merchandiseId: z.optional(z.nullable(z.int())),
  name: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
});

export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/**
 * Who bought which item with a payment, for the page the gateway returns to. The client secret proves
 * this browser is the buyer's; without it the server answers with the name and email masked.
 */
export async function getPaymentDetails(paymentIntentId: string, clientSecret: string): Promise<PaymentDetails> {
  const query = new URLSearchParams({ paymentIntentId, clientSecret });
  return paymentDetailsSchema.parse(await api.get<unknown>(`/api/get-payment-details?${query.toString()}`));
}
