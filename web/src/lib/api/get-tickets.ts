import { expectShape, resource } from '@/lib/resource';

export interface Ticket {
  id: number;
  type: string;
  name: string;
  description: string;
  price: number;
  regularPrice?: number;
  features: string[];
  /** The fewest and most people one order covers. */
  minQuantity: number;
  maxQuantity: number;
  available: boolean;
}

const URL = '/api/tickets';

function parseTickets(body: unknown): Ticket[] {
  expectShape(Array.isArray(body), URL);
  return (body as Partial<Ticket>[]).map((ticket) => {
    expectShape(
      Number.isInteger(ticket.id) &&
        typeof ticket.type === 'string' &&
        typeof ticket.name === 'string' &&
        Number.isInteger(ticket.price) &&
        Array.isArray(ticket.features),
      URL,
    );
    return { minQuantity: 1, maxQuantity: 20, available: true, ...ticket } as Ticket;
  });
}

export const tickets = resource(URL, parseTickets, 3);

export function useTickets() {
  return tickets.use();
}
