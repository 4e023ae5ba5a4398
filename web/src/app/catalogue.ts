import { config, type SiteConfig } from '@/features/config/api/get-config';
import { merchandise, type MerchandiseItem } from '@/lib/api/get-merchandise';
import { sponsorshipTiers, type SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import { tickets, type Ticket } from '@/lib/api/get-tickets';

/**
 * The four catalogue answers a prerendered page was made from, embedded in it (`conference
 * catalogue` prints them; the server serves a page only while they are still current).
 */
export interface Catalogue {
  config: SiteConfig;
  tickets: Ticket[];
  merchandise: MerchandiseItem[];
  sponsorshipTiers: SponsorshipTier[];
}

export const CATALOGUE_ELEMENT_ID = 'catalogue';

/**
 * Shows the page's data at once. Availability (the stock) was not known when the page was made,
 * so the lists are asked for again; the settings come from the event file and are current.
 */
export function primeCatalogue(catalogue: Catalogue) {
  config.prime(catalogue.config, { fresh: true });
  merchandise.prime(catalogue.merchandise);
  tickets.prime(catalogue.tickets);
  sponsorshipTiers.prime(catalogue.sponsorshipTiers);
}

/** The catalogue a prerendered page carries, or undefined in the app shell. */
export function embeddedCatalogue(): Catalogue | undefined {
  const text = document.getElementById(CATALOGUE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as Catalogue) : undefined;
}
