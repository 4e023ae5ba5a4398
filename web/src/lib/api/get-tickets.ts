import { expectShape, resource } from '@/lib/resource';
import { salesFactsOf, type SalesFacts } from '@/lib/sales';

/** The price phase a ticket sells in now, such as "Early bird". */
export interface PricePhase {
  name: string;
  /** When it ends by the calendar (RFC 3339), if it does. */
  endsAt?: string;
  /** The units it is for ("while 150 last"), if it ends by units. */
  units?: number;
  /** Of those, the units not yet sold or held. */
  unitsLeft?: number;
}

/** A share off larger orders, such as 10% off for teams of 10 or more. */
export interface VolumeDiscount {
  minQuantity: number;
  percentOff: number;
  label: string;
}

export interface Ticket extends SalesFacts {
  id: number;
  type: string;
  name: string;
  description: string;
  /** The price now, in cents: the current phase's. */
  price: number;
  /** The price shown struck through: the next phase's, or the event file's regular price. */
  regularPrice?: number;
  /** The price once the current phase is over. */
  nextPrice?: number;
  phase?: PricePhase;
  features: string[];
  /** The fewest and most people one order covers. */
  minQuantity: number;
  maxQuantity: number;
  /** The most people one waiting-list entry may ask for: `maxQuantity`, or the ticket's limit when lower. */
  waitingListMaxQuantity?: number;
  volumeDiscounts?: VolumeDiscount[];
}

const URL = '/api/tickets';

export function parseTickets(body: unknown): Ticket[] {
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
    return { minQuantity: 1, maxQuantity: 20, ...ticket, ...salesFactsOf(ticket) } as Ticket;
  });
}

export const tickets = resource(URL, parseTickets, 3);

export function useTickets() {
  return tickets.use();
}
