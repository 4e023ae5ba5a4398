import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const optionalText = () => z.optional(z.nullable(z.string()));

export const sponsorshipConfirmationSchema = z.object({
  status: z.string(),
  orderId: optionalText(),
  /** The order reference the sponsor quotes, e.g. "CW-7K3P9QXM". */
  reference: optionalText(),
  tier: optionalText(),
  tierLabel: optionalText(),
  companyName: optionalText(),
  amount: z.optional(z.nullable(z.int())),
  /** The sponsor's private page (`/sponsor#<secret>`): only for the browser that paid. */
  sponsorPageUrl: optionalText(),
});

export type SponsorshipConfirmation = z.infer<typeof sponsorshipConfirmationSchema>;

/**
 * Asks the server to check the payment with the gateway and mark the sponsorship paid (idempotent). The client
 * secret from the return URL proves this browser is the sponsor's; without it the answer carries no reference.
 */
export async function confirmSponsorship(
  paymentIntentId: string,
  clientSecret: string | null,
): Promise<SponsorshipConfirmation> {
  return sponsorshipConfirmationSchema.parse(
    await api.post<unknown>('/api/confirm-sponsorship', { paymentIntentId, clientSecret }),
  );
}
