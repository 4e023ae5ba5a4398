import { api } from '@/lib/api-client';
import { fields, int, list, text, textOrNull } from './read';

// The calls a ticket's link makes about its workshop seats, without the query library: the session page's
// panel and "My schedule" make them from plain pages, the tickets page through the hooks beside this file.

/** A seat a ticket holds; `start` and `end` are RFC 3339 in the venue's offset, `room` the room's name. */
export interface Seat {
  session: string;
  title: string;
  start: string;
  end: string;
  room: string | null;
}

export interface TicketSeats {
  limit: number;
  seats: Seat[];
  /** `place` is 1-based: 1 is next in line. */
  waiting: { session: string; place: number }[];
}

/** A ticket of a link, as far as seats are concerned: `workshopSeats` is 0 for a type without workshops. */
export interface LinkTicket {
  id: string;
  position: number;
  status: string;
  attendeeName: string | null;
  workshopSeats: number;
}

function readSeat(value: unknown, url: string): Seat {
  const seat = fields(value, url);
  return {
    session: text(seat.session, url),
    title: text(seat.title, url),
    start: text(seat.start, url),
    end: text(seat.end, url),
    room: textOrNull(seat.room, url),
  };
}

function readTicket(value: unknown, url: string): LinkTicket {
  const ticket = fields(value, url);
  return {
    id: text(ticket.id, url),
    position: int(ticket.position, url),
    status: text(ticket.status, url),
    attendeeName: textOrNull(ticket.attendeeName, url),
    workshopSeats: ticket.workshopSeats === undefined ? 0 : int(ticket.workshopSeats, url),
  };
}

/** The secret travels in a header, never in a URL (as the tickets page sends it). */
const withToken = (token: string) => ({ 'X-Manage-Token': token });
const seatsPath = (ticketId: string) => `/api/my-tickets/${encodeURIComponent(ticketId)}/seats`;
const seatPath = (ticketId: string, slug: string) => `${seatsPath(ticketId)}/${encodeURIComponent(slug)}`;

/** The tickets behind a link that can hold workshop seats: valid, of a type that includes workshops. */
export async function fetchSeatTickets(token: string): Promise<{ ticketName: string; tickets: LinkTicket[] }> {
  const url = '/api/my-tickets';
  const page = fields(await api.get<unknown>(url, withToken(token)), url);
  return {
    ticketName: text(page.ticketName, url),
    tickets: list(page.tickets, url)
      .map((ticket) => readTicket(ticket, url))
      .filter((ticket) => ticket.status === 'valid' && ticket.workshopSeats > 0),
  };
}

export async function fetchTicketSeats(token: string, ticketId: string): Promise<TicketSeats> {
  const url = seatsPath(ticketId);
  const answer = fields(await api.get<unknown>(url, withToken(token)), url);
  return {
    limit: int(answer.limit, url),
    seats: list(answer.seats, url).map((seat) => readSeat(seat, url)),
    waiting: list(answer.waiting, url).map((value) => {
      const place = fields(value, url);
      return { session: text(place.session, url), place: int(place.place, url) };
    }),
  };
}

/** Reserves a seat; a 409 (`full`, `clash`, `limit`, `closed`) is an ApiError with its code and message. */
export async function reserveSeat(token: string, ticketId: string, session: string): Promise<Seat> {
  const url = seatsPath(ticketId);
  return readSeat(await api.post<unknown>(url, { session }, withToken(token)), url);
}

/** Gives a seat back, or leaves the session's waiting list. */
export async function cancelSeat(token: string, ticketId: string, session: string): Promise<void> {
  await api.delete<unknown>(seatPath(ticketId, session), withToken(token));
}

/** Joins a full session's waiting list; answers the place in line (1 = next). */
export async function joinWaitingList(token: string, ticketId: string, session: string): Promise<number> {
  const url = `${seatPath(ticketId, session)}/waiting-list`;
  return int(fields(await api.post<unknown>(url, {}, withToken(token)), url).place, url);
}
