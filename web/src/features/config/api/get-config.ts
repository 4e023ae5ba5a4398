import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const venueSchema = z.object({
  name: z.string(),
  area: z.string(),
  address: z.string(),
  mapsUrl: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
});

export const eventSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  tagline: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  dateLabel: z.string(),
  siteUrl: z.string(),
  contactEmail: z.string(),
  hashtags: z.array(z.string()),
  earlyBirdUntil: z.string(),
  fullRefundUntil: z.string(),
  halfRefundUntil: z.string(),
  figures: z.object({
    speakers: z.string(),
    workshops: z.string(),
    attendees: z.string(),
    hackathonPrize: z.string(),
    weather: z.string(),
  }),
  venue: venueSchema,
});

export const configSchema = z.object({
  paymentProvider: z.enum(['stripe', 'sandbox']),
  stripePublishableKey: z.optional(z.string()),
  event: eventSchema,
});

export type SiteConfig = z.infer<typeof configSchema>;
export type EventInfo = z.infer<typeof eventSchema>;

export async function getConfig(): Promise<SiteConfig> {
  return configSchema.parse(await api.get<unknown>('/api/config'));
}

export function useConfig() {
  return useQuery({ queryKey: ['config'], queryFn: getConfig });
}
