import { expectShape, resource } from '@/lib/resource';

export interface SponsorshipTier {
  value: string;
  label: string;
  /** Integer US cents: the one price list for the page, the sponsor form and the charge (DESIGN.md §4.2). */
  amount: number;
  group: 'standard' | 'signature';
  available: boolean;
  vipPasses: number;
  exhibitionSpace?: string;
  perks: string[];
}

export type SponsorshipGroup = SponsorshipTier['group'];

const URL = '/api/sponsorship-tiers';

function parseTiers(body: unknown): SponsorshipTier[] {
  expectShape(Array.isArray(body), URL);
  for (const tier of body as Partial<SponsorshipTier>[]) {
    expectShape(
      typeof tier.value === 'string' &&
        Number.isInteger(tier.amount) &&
        (tier.group === 'standard' || tier.group === 'signature') &&
        Array.isArray(tier.perks),
      URL,
    );
  }
  return body as SponsorshipTier[];
}

export const sponsorshipTiers = resource(URL, parseTiers);

export function useSponsorshipTiers() {
  return sponsorshipTiers.use();
}
