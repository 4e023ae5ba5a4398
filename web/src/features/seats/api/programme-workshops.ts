import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fields, list, text, textOrNull } from './read';
import { readSeatCounts, type SeatCounts } from './seat-counts';

/** A session one can sign up for, with its room's name and its seats. */
export interface Workshop {
  slug: string;
  title: string;
  start: string;
  end: string;
  room: string | null;
  seats: SeatCounts;
}

/**
 * The published programme's sessions that take sign-ups (those with `seats`; cancelled ones left out), in the
 * programme's order, each with its room's name (the programme gives sessions a room's id).
 */
export async function fetchWorkshops(): Promise<Workshop[]> {
  const url = '/api/programme';
  const programme = fields(await api.get<unknown>(url), url);
  const rooms = new Map(
    list(programme.rooms, url).map((value) => {
      const room = fields(value, url);
      return [text(room.id, url), text(room.name, url)];
    }),
  );
  return list(programme.sessions, url).flatMap((value) => {
    const session = fields(value, url);
    if (session.seats === undefined || session.cancelled === true) return [];
    const room = textOrNull(session.room, url);
    return [
      {
        slug: text(session.slug, url),
        title: text(session.title, url),
        start: text(session.start, url),
        end: text(session.end, url),
        room: room === null ? null : (rooms.get(room) ?? null),
        seats: readSeatCounts(session.seats, url),
      },
    ];
  });
}

export const workshopsKey = ['seats', 'workshops'] as const;

export function useWorkshops() {
  return useQuery({ queryKey: workshopsKey, queryFn: fetchWorkshops, staleTime: 0 });
}
