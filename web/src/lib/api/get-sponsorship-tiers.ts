import { expectShape, resource } from '@/lib/resource';
import { salesFactsOf, type SalesFacts } from '@/lib/sales';

export interface SponsorshipTier extends SalesFacts {
  value: string;
  label: string;
  /** Integer US cents: the one price list for the page, the sponsor form and the charge (DESIGN.md §4.2). */
  amount: number;
  group: 'standard' | 'signature';
  vipPasses: number;
  exhibitionSpace?: string;
  perks: string[];
}

export type SponsorshipGroup = SponsorshipTier['group'];

const URL = '/api/sponsorship-tiers';

export function parseTiers(body: unknown): SponsorshipTier[] {
  expectShape(Array.isArray(body), URL);
  return (body as Partial<SponsorshipTier>[]).map((tier) => {
    expectShape(
      typeof tier.value === 'string' &&
        Number.isInteger(tier.amount) &&
        (tier.group === 'standard' || tier.group === 'signature') &&
        Array.isArray(tier.perks),
      URL,
    );
    return { ...tier, ...salesFactsOf(tier) } as SponsorshipTier;
  });
}

export const sponsorshipTiers = resource(URL, parseTiers);

/** The tier list; `enabled: false` holds the call back (a page that asks with a code instead). */
export function useSponsorshipTiers({ enabled = true }: { enabled?: boolean } = {}) {
  return sponsorshipTiers.use({ enabled });
}
