import { fields, int, text } from './read';

/** A session's seats as the server counts them; `opensAt` and `closesAt` are RFC 3339 in the venue's offset. */
export interface SeatCounts {
  limit: number;
  taken: number;
  left: number;
  waiting: number;
  opensAt: string;
  closesAt: string;
}

export function readSeatCounts(value: unknown, url: string): SeatCounts {
  const answer = fields(value, url);
  return {
    limit: int(answer.limit, url),
    taken: int(answer.taken, url),
    left: int(answer.left, url),
    waiting: int(answer.waiting, url),
    opensAt: text(answer.opensAt, url),
    closesAt: text(answer.closesAt, url),
  };
}

const SEATS_URL = '/api/programme/seats';

/** Every session taking sign-ups, by slug: GET /api/programme/seats, small enough to poll. */
export async function fetchAllSeats(): Promise<Map<string, SeatCounts>> {
  const response = await fetch(SEATS_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The seats could not be read (${response.status}).`);
  const sessions = fields(fields(await response.json(), SEATS_URL).sessions, SEATS_URL);
  return new Map(Object.entries(sessions).map(([slug, counts]) => [slug, readSeatCounts(counts, SEATS_URL)]));
}
