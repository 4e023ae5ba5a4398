import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery, orderStatuses } from './schemas';

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
});

export type Sponsor = z.infer<typeof sponsorSchema>;

const sponsorsKey = ['admin', 'sponsorships'] as const;

export function useSponsorships() {
  return useQuery({
    queryKey: sponsorsKey,
    queryFn: async () => z.array(sponsorSchema).parse(await api.get<unknown>('/api/admin/sponsorships')),
    ...freshQuery,
  });
}

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
