import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export interface MerchandiseConfirmationRequest {
  paymentIntentId: string;
  merchandiseId: number;
  /** The brief's fallbacks are 'Unknown' and 'unknown@example.com'; the server keeps the order's own. */
  name: string;
  email: string;
  /** Proves this browser is the buyer's: only then does the answer carry the pickup code. */
  clientSecret: string;
}

const optionalText = () => z.optional(z.nullable(z.string()));

export const merchandiseConfirmationSchema = z.object({
  status: z.string(),
  orderId: optionalText(),
  /** The order reference the buyer quotes, e.g. "CW-7K3P9QXM". */
  reference: optionalText(),
  /** What the buyer shows at the merchandise desk, e.g. "PU-4F7K2Q". */
  pickupCode: optionalText(),
  itemName: optionalText(),
  size: optionalText(),
  color: optionalText(),
  quantity: z.optional(z.nullable(z.int())),
  amount: z.optional(z.nullable(z.int())),
});

export type MerchandiseConfirmation = z.infer<typeof merchandiseConfirmationSchema>;

/** Asks the server to check the payment with the gateway and mark the order paid (idempotent). */
export async function confirmMerchandisePurchase(
  request: MerchandiseConfirmationRequest,
): Promise<MerchandiseConfirmation> {
  return merchandiseConfirmationSchema.parse(await api.post<unknown>('/api/confirm-merchandise-purchase', request));
}
