import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from './schemas';

/** Free tickets drawn among the waitlist's subscribed registrations, reproducible from the seed. */
const drawSchema = z.object({
  id: z.string(),
  seed: z.string(),
  /** A ticket type's sku, "ticket:developer". */
  item: z.string(),
  itemName: z.string(),
  interestAreas: z.array(z.string()),
  /** Subscribed registrations (in the interest areas, if any) at draw time. */
  candidates: z.int(),
  /** Each got a 100%-off single-use code for the item by email. */
  winners: z.array(z.object({ name: z.string(), email: z.string(), code: z.string() })),
  createdAt: z.int(),
});

export type Draw = z.infer<typeof drawSchema>;

export interface NewDraw {
  winners: number;
  item: string;
  /** Generated (and recorded) when absent. */
  seed?: string;
  interestAreas: string[];
}

const drawsKey = ['admin', 'draws'] as const;

/** Every draw, newest first. */
export function useDraws() {
  return useQuery({
    queryKey: drawsKey,
    queryFn: async () => z.array(drawSchema).parse(await api.get<unknown>('/api/admin/draws')),
    ...freshQuery,
  });
}

export function useCreateDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...drawsKey, 'create'],
    mutationFn: async (request: NewDraw) => drawSchema.parse(await api.post<unknown>('/api/admin/draws', request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drawsKey }),
  });
}
