import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

/** Priority links emailed to the waitlist's registrations before public sales open. */
const presaleSchema = z.object({
  id: z.string(),
  /** "tickets" (every ticket) or one ticket type's sku, "ticket:developer". */
  item: z.string(),
  itemName: z.string(),
  deadline: z.int(),
  /** Empty: everyone subscribed. */
  interestAreas: z.array(z.string()),
  unitsPerPerson: z.optional(z.nullable(z.int())),
  /** Links queued. */
  recipients: z.int(),
  /** Emails delivered. */
  sent: z.int(),
  /** Units bought with the links. */
  used: z.int(),
  createdAt: z.int(),
});

export type Presale = z.infer<typeof presaleSchema>;

export interface NewPresale {
  item: string;
  /** Unix milliseconds; before public sales open. */
  deadline: number;
  interestAreas: string[];
  unitsPerPerson?: number;
}

const presalesKey = ['admin', 'presales'] as const;

/** Every presale, newest first. */
export function usePresales() {
  return useQuery({
    queryKey: presalesKey,
    queryFn: async () => z.array(presaleSchema).parse(await api.get<unknown>('/api/admin/presales')),
    ...freshQuery,
  });
}

export function useCreatePresale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...presalesKey, 'create'],
    mutationFn: async (request: NewPresale) =>
      presaleSchema.parse(await api.post<unknown>('/api/admin/presales', request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presalesKey }),
  });
}
