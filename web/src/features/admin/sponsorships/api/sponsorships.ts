import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError, api } from '@/lib/api-client';
import { freshQuery, orderStatuses } from '@/features/admin/shared/api/schemas';

export const profileStates = ['incomplete', 'in_review', 'approved', 'rejected'] as const;
export type ProfileState = (typeof profileStates)[number];

/** The sponsor's profile for the wall, as they edit it, and where its review stands. */
const profileSchema = z.object({
  displayName: z.string(),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** The logo sent last; in CSS pixels (an SVG's from its viewBox). */
  logo: z.nullable(z.object({ format: z.enum(['svg', 'png']), width: z.int(), height: z.int() })),
  /** `incomplete`: no logo yet; `in_review`: waiting for the organizer; `rejected`: changes asked. */
  state: z.enum(profileStates),
  /** Why the organizer asked for changes, when `state` is `rejected`. */
  reviewReason: z.nullable(z.string()),
  /** An approved version is on the wall, also while a later change waits for review. */
  onWall: z.boolean(),
  updatedAt: z.int(),
  /** Counts the sponsor's changes; a review names the one it decides on. */
  revision: z.int(),
});

export type SponsorProfile = z.infer<typeof profileSchema>;

const sponsorSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  status: z.enum(orderStatuses),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  additionalInfo: z.string(),
  tierLabel: z.string(),
  amount: z.int(),
  refundedAmount: z.int(),
  paidAt: z.optional(z.nullable(z.int())),
  vipPasses: z.int(),
  exhibitionSpace: z.optional(z.nullable(z.string())),
  perks: z.array(z.string()),
  note: z.optional(z.nullable(z.object({ text: z.string(), actor: z.string(), at: z.int() }))),
  /** Issued: passes that still admit someone; named: given a name; used: checked in at the door. */
  passes: z.object({ issued: z.int(), named: z.int(), used: z.int() }),
  /** None for a sponsorship paid before sponsor pages existed. */
  profile: z.nullable(profileSchema),
});

export type Sponsor = z.infer<typeof sponsorSchema>;

const sponsorsKey = ['admin', 'sponsorships'] as const;

const sponsorPath = (orderId: string) => `/api/admin/sponsorships/${encodeURIComponent(orderId)}`;

export function useSponsorships() {
  return useQuery({
    queryKey: sponsorsKey,
    queryFn: async () => z.array(sponsorSchema).parse(await api.get<unknown>('/api/admin/sponsorships')),
    ...freshQuery,
  });
}

/** Every paid or refunded sponsorship as CSV, a download the session cookie opens. */
export const sponsorsCsvUrl = '/api/admin/exports/sponsors.csv';

/** The approved logos of current sponsors in one zip, for the printer. */
export const approvedLogosZipUrl = '/api/admin/sponsorships/logos.zip';

/** The logo the sponsor sent last; the revision in the query so a new one is not read from the cache. */
export const sponsorLogoUrl = (orderId: string, profile: SponsorProfile) =>
  `${sponsorPath(orderId)}/logo?v=${profile.revision}`;

/** A follow-up note on a sponsor, kept in the order's history. */
export function useAddSponsorNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sponsor-note'],
    mutationFn: ({ orderId, text }: { orderId: string; text: string }) =>
      api.post<unknown>(`/api/admin/orders/${encodeURIComponent(orderId)}/notes`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorsKey }),
  });
}

export type Review = { approve: true } | { approve: false; reason: string };

/**
 * Puts the profile, at the revision shown, on the wall, or asks the sponsor (by email) for changes. When the
 * sponsor changed it since, the server decides nothing (409) and the list is read again to show the change.
 */
export function useReviewSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sponsor-review'],
    mutationFn: async ({ orderId, revision, review }: { orderId: string; revision: number; review: Review }) =>
      profileSchema.parse(await api.post<unknown>(`${sponsorPath(orderId)}/review`, { ...review, revision })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sponsorsKey }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: sponsorsKey });
    },
  });
}

/** A new private link to the sponsor's page, emailed to them; their earlier links stop working. */
export function useNewSponsorPageLink() {
  return useMutation({
    mutationKey: ['admin', 'sponsor-page-link'],
    mutationFn: async (orderId: string) =>
      z.object({ sponsorPageUrl: z.string() }).parse(await api.post<unknown>(`${sponsorPath(orderId)}/page-link`, {})),
  });
}
