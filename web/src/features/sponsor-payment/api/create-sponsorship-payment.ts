import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import { billingAddressSchema, type BillingRequest } from '@/lib/api/billing-details';
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

/**
 * The sponsor form, with the brief's messages; the tier must be one of the server's list. The
 * billing address is required (a sponsor's invoice is what gets them reimbursed); `countries` are
 * the codes it may name.
 */
export function sponsorFormSchema(tiers: Pick<SponsorshipTier, 'value'>[], countries?: ReadonlySet<string>) {
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
    /** A discount or access code; empty when there is none. */
    code: trimmed(),
    /** The company's address for its invoice; the company's name is `companyName`. */
    billing: billingAddressSchema(countries),
  });
}

export type SponsorForm = z.output<ReturnType<typeof sponsorFormSchema>>;

export interface SponsorshipPaymentRequest {
  /** The tier's value, e.g. "platinum". */
  tier: string;
  /** The quote's total in cents; the server refuses (409) a price that is not its own. */
  price: number;
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  additionalInfo: string;
  /** Only when the sponsor gave one. */
  code?: string;
  /** The invoice's address; without `company`, the server names `companyName` on it. */
  billing: BillingRequest;
}

export const sponsorshipPaymentSchema = z.object({
  // checked by the screen: without it there is no payment to confirm ('Failed to initialize payment')
  clientSecret: z.optional(z.string()),
  paymentIntentId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  amount: z.optional(z.int()),
  /** Nothing to pay (a 100% code): the order is paid already and there is no card step. */
  paid: z.optional(z.boolean()),
});

export type SponsorshipPayment = z.infer<typeof sponsorshipPaymentSchema>;

/**
 * Reserves the tier (signature tiers sell once) and creates its payment at the server's price.
 * `idempotencyKey` names the checkout attempt: a retry with it gets the same order back.
 */
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
