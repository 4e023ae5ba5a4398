import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import { api } from '@/lib/api-client';
import { AttemptKey } from '@/lib/attempt-key';

const trimmed = () => z.string().check(z.trim());

/** An http(s) address, as a sponsor's website must be. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The sponsor form, with the brief's messages; the tier must be one of the server's list. */
export function sponsorFormSchema(tiers: Pick<SponsorshipTier, 'value'>[]) {
  return z.object({
    companyName: trimmed().check(z.minLength(2, 'Company name is required')),
    contactName: trimmed().check(z.minLength(2, 'Contact name is required')),
    email: z.pipe(trimmed(), z.email('Please enter a valid email address')),
    phone: trimmed().check(
      z.minLength(5, 'Phone number is required'),
      // the server's rule too: digits, spaces and + - ( ) .
      z.regex(/^[\d\s+\-().]*$/, 'Please enter a valid phone number'),
    ),
    website: trimmed().check(z.refine((value) => value === '' || isWebAddress(value), 'Please enter a valid URL')),
    sponsorshipTier: z.string().check(
      z.minLength(1, 'Please select a sponsorship tier'),
      z.refine(
        (value) => value === '' || tiers.some((tier) => tier.value === value),
        'Invalid sponsorship tier selected',
      ),
    ),
    additionalInfo: trimmed(),
  });
}

export type SponsorForm = z.output<ReturnType<typeof sponsorFormSchema>>;

export interface SponsorshipPaymentRequest {
  /** The tier's value, e.g. "platinum". */
  tier: string;
  /** In cents, from GET /api/sponsorship-tiers; the server refuses (409) a price that is not its own. */
  price: number;
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  additionalInfo: string;
}

export const sponsorshipPaymentSchema = z.object({
  // checked by the screen: without it there is no payment to confirm ('Failed to initialize payment')
  clientSecret: z.optional(z.string()),
  paymentIntentId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  amount: z.optional(z.int()),
});

export type SponsorshipPayment = z.infer<typeof sponsorshipPaymentSchema>;

/** Reserves the tier (signature tiers sell once) and creates its payment at the server's price. */
/** `idempotencyKey` names the checkout attempt: a retry with it gets the same order back. */
export async function createSponsorshipPayment(
  request: SponsorshipPaymentRequest,
  idempotencyKey: string,
): Promise<SponsorshipPayment> {
  return sponsorshipPaymentSchema.parse(
    await api.post<unknown>('/api/create-sponsorship-payment', request, { 'Idempotency-Key': idempotencyKey }),
  );
}

export function useCreateSponsorshipPayment() {
  const [attempt] = useState(() => new AttemptKey());
  return useMutation({
    mutationFn: (request: SponsorshipPaymentRequest) =>
      attempt.send(request, (key) => createSponsorshipPayment(request, key)),
  });
}
