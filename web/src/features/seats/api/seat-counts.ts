import { z } from 'zod/mini';

/** A session's seats as the server counts them; `opensAt` and `closesAt` are RFC 3339 in the venue's offset. */
export const seatCountsSchema = z.object({
  limit: z.int(),
  taken: z.int(),
  left: z.int(),
  waiting: z.int(),
  opensAt: z.string(),
  closesAt: z.string(),
});

export type SeatCounts = z.infer<typeof seatCountsSchema>;

const allSeatsSchema = z.object({ sessions: z.record(z.string(), seatCountsSchema) });

/** Every session taking sign-ups, by slug: GET /api/programme/seats, small enough to poll. */
export async function fetchAllSeats(): Promise<Map<string, SeatCounts>> {
  const response = await fetch('/api/programme/seats', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The seats could not be read (${response.status}).`);
  return new Map(Object.entries(allSeatsSchema.parse(await response.json()).sessions));
}
