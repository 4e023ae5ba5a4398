import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

// The calls a ticket's link makes about its workshop seats, without the query library: the session page's
// panel and "My schedule" make them from plain pages, the tickets page through the hooks beside this file.

/** A seat a ticket holds; `start` and `end` are RFC 3339 in the venue's offset, `room` the room's name. */
export const seatSchema = z.object({
  session: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  room: z.nullable(z.string()),
});

export type Seat = z.infer<typeof seatSchema>;

const ticketSeatsSchema = z.object({
  limit: z.int(),
  seats: z.array(seatSchema),
  /** `place` is 1-based: 1 is next in line. */
  waiting: z.array(z.object({ session: z.string(), place: z.int() })),
});

export type TicketSeats = z.infer<typeof ticketSeatsSchema>;

/** A ticket of a link, as far as seats are concerned: `workshopSeats` is 0 for a type without workshops. */
const linkTicketSchema = z.object({
  id: z.string(),
  position: z.int(),
  status: z.enum(['valid', 'transferred', 'refunded']),
  attendeeName: z.optional(z.nullable(z.string())),
  workshopSeats: z._default(z.int(), 0),
});

export type LinkTicket = z.infer<typeof linkTicketSchema>;

const linkTicketsSchema = z.object({ ticketName: z.string(), tickets: z.array(linkTicketSchema) });

/** The secret travels in a header, never in a URL (as the tickets page sends it). */
const withToken = (token: string) => ({ 'X-Manage-Token': token });
const seatsPath = (ticketId: string) => `/api/my-tickets/${encodeURIComponent(ticketId)}/seats`;
const seatPath = (ticketId: string, slug: string) => `${seatsPath(ticketId)}/${encodeURIComponent(slug)}`;

/** The tickets behind a link that can hold workshop seats: valid, of a type that includes workshops. */
export async function fetchSeatTickets(token: string): Promise<{ ticketName: string; tickets: LinkTicket[] }> {
  const page = linkTicketsSchema.parse(await api.get<unknown>('/api/my-tickets', withToken(token)));
  return {
    ticketName: page.ticketName,
    tickets: page.tickets.filter((ticket) => ticket.status === 'valid' && ticket.workshopSeats > 0),
  };
}

export async function fetchTicketSeats(token: string, ticketId: string): Promise<TicketSeats> {
  return ticketSeatsSchema.parse(await api.get<unknown>(seatsPath(ticketId), withToken(token)));
}

/** Reserves a seat; a 409 (`full`, `clash`, `limit`, `closed`) is an ApiError with its code and message. */
export async function reserveSeat(token: string, ticketId: string, session: string): Promise<Seat> {
  return seatSchema.parse(await api.post<unknown>(seatsPath(ticketId), { session }, withToken(token)));
}

/** Gives a seat back, or leaves the session's waiting list. */
export async function cancelSeat(token: string, ticketId: string, session: string): Promise<void> {
  await api.delete<unknown>(seatPath(ticketId, session), withToken(token));
}

/** Joins a full session's waiting list; answers the place in line (1 = next). */
export async function joinWaitingList(token: string, ticketId: string, session: string): Promise<number> {
  const answer = z
    .object({ place: z.int() })
    .parse(await api.post<unknown>(`${seatPath(ticketId, session)}/waiting-list`, {}, withToken(token)));
  return answer.place;
}
