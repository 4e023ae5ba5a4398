import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const sponsorshipTierSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Integer US cents. */
  amount: z.number().int().nonnegative(),
  group: z.enum(['standard', 'signature']),
  available: z.boolean(),
  vipPasses: z.number().int().nonnegative(),
  exhibitionSpace: z.string().optional(),
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
