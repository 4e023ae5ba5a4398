import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

/**
 * Free tickets drawn among the waitlist's confirmed, subscribed registrations. A draw is announced
 * with the SHA-256 of a seed the server drew and keeps secret, then made: the seed is revealed with
 * the candidates' count and the SHA-256 of their sorted list, so anyone can check and re-run it.
 */
const drawSchema = z.object({
  id: z.string(),
  /** A ticket type's sku, "ticket:developer". */
  item: z.string(),
  itemName: z.string(),
  interestAreas: z.array(z.string()),
  /** How many distinct winners it draws. */
  prizes: z.int(),
  /** The commitment; null only for draws made before draws were announced. */
  seedHash: z.nullable(z.string()),
  /** Registrations confirmed after this do not take part. */
  announcedAt: z.int(),
  /** Null until the draw is made. */
  seed: z.nullable(z.string()),
  drawnAt: z.nullable(z.int()),
  candidates: z.nullable(z.int()),
  /** SHA-256 of the candidates' emails, sorted, one a line; null until made (and for draws from before). */
  candidatesHash: z.nullable(z.string()),
  /** Each got a 100%-off single-use code for the item by email; empty until made. */
  winners: z.array(z.object({ name: z.string(), email: z.string(), code: z.string() })),
});

export type Draw = z.infer<typeof drawSchema>;

export interface NewDraw {
  winners: number;
  item: string;
  interestAreas: string[];
}

const drawsKey = ['admin', 'draws'] as const;

/** Every draw, the latest announced first. */
export function useDraws() {
  return useQuery({
    queryKey: drawsKey,
    queryFn: async () => z.array(drawSchema).parse(await api.get<unknown>('/api/admin/draws')),
    ...freshQuery,
  });
}

/** Announces a draw: the answer carries the seed's SHA-256, not the seed. */
export function useAnnounceDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...drawsKey, 'announce'],
    mutationFn: async (request: NewDraw) => drawSchema.parse(await api.post<unknown>('/api/admin/draws', request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drawsKey }),
  });
}

/** Makes an announced draw: reveals the seed and emails the winners. Read again after, refused or not. */
export function useMakeDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...drawsKey, 'make'],
    mutationFn: async (id: string) =>
      drawSchema.parse(await api.post<unknown>(`/api/admin/draws/${encodeURIComponent(id)}/draw`, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: drawsKey }),
  });
}
