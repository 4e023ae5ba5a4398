import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const count = () => z.int().check(z.nonnegative());

export const sponsorshipTierSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Integer US cents: the one price list for the page, the sponsor form and the charge (DESIGN.md §4.2). */
  amount: count(),
  group: z.enum(['standard', 'signature']),
  available: z.boolean(),
  vipPasses: count(),
  exhibitionSpace: z.optional(z.string()),
  perks: z.array(z.string()),
});

export const sponsorshipTiersSchema = z.array(sponsorshipTierSchema);

export type SponsorshipTier = z.infer<typeof sponsorshipTierSchema>;
export type SponsorshipGroup = SponsorshipTier['group'];

export const sponsorshipTiersQueryKey = ['sponsorship-tiers'] as const;

export async function getSponsorshipTiers(): Promise<SponsorshipTier[]> {
  return sponsorshipTiersSchema.parse(await api.get<unknown>('/api/sponsorship-tiers'));
}

export function useSponsorshipTiers() {
  return useQuery({ queryKey: sponsorshipTiersQueryKey, queryFn: getSponsorshipTiers });
}
