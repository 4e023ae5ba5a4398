import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { seatCountsSchema, type SeatCounts } from './seat-counts';

const programmeSchema = z.object({
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
  sessions: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      start: z.string(),
      end: z.string(),
      /** A room's `id`. */
      room: z.nullable(z.string()),
      cancelled: z.boolean(),
      /** Only on the sessions that take sign-ups. */
      seats: z.optional(seatCountsSchema),
    }),
  ),
});

/** A session one can sign up for, with its room's name and its seats. */
export interface Workshop {
  slug: string;
  title: string;
  start: string;
  end: string;
  room: string | null;
  seats: SeatCounts;
}

/** The published programme's sessions that take sign-ups (cancelled ones left out), in the programme's order. */
export async function fetchWorkshops(): Promise<Workshop[]> {
  const programme = programmeSchema.parse(await api.get<unknown>('/api/programme'));
  const rooms = new Map(programme.rooms.map((room) => [room.id, room.name]));
  return programme.sessions.flatMap(({ seats, cancelled, room, ...session }) =>
    seats && !cancelled ? [{ ...session, room: room === null ? null : (rooms.get(room) ?? null), seats }] : [],
  );
}

export const workshopsKey = ['seats', 'workshops'] as const;

export function useWorkshops(enabled: boolean) {
  return useQuery({ queryKey: workshopsKey, queryFn: fetchWorkshops, enabled, staleTime: 0 });
}
