import { expectShape, resource } from '@/lib/resource';

export interface Venue {
  name: string;
  area: string;
  address: string;
  mapsUrl: string;
  description: string;
  benefits: string[];
}

export interface EventInfo {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  dateLabel: string;
  siteUrl: string;
  contactEmail: string;
  hashtags: string[];
  earlyBirdUntil: string;
  fullRefundUntil: string;
  halfRefundUntil: string;
  figures: { speakers: string; workshops: string; attendees: string; hackathonPrize: string; weather: string };
  venue: Venue;
}

export interface SiteConfig {
  paymentProvider: 'stripe' | 'sandbox';
  stripePublishableKey?: string;
  event: EventInfo;
  /** The event file's questions for attendees, read where they are asked (`features/questions`, with its schema). */
  questions?: unknown;
}

const URL = '/api/config';

function parseConfig(body: unknown): SiteConfig {
  const config = body as SiteConfig;
  expectShape(
    (config?.paymentProvider === 'stripe' || config?.paymentProvider === 'sandbox') &&
      typeof config.event?.name === 'string' &&
      typeof config.event.startsAt === 'string' &&
      Array.isArray(config.event.hashtags) &&
      typeof config.event.venue?.name === 'string',
    URL,
  );
  return config;
}

export const config = resource(URL, parseConfig);

export function useConfig() {
  return config.use();
}
