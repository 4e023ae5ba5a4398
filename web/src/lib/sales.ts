import { formatInstantDate } from '@/lib/format-date';

/** Where an item's sales stand now: before its sales window, in it, after it, or sold out. */
export type SalesState = 'open' | 'not_yet' | 'closed' | 'sold_out';

/** What the three catalogue lists say of each item's sales. */
export interface SalesFacts {
  sales: SalesState;
  /** When sales open (RFC 3339), for an item not on sale yet. */
  salesOpenAt?: string;
  /** True only while `sales` is 'open'. */
  available: boolean;
}

const STATES: readonly string[] = ['open', 'not_yet', 'closed', 'sold_out'] satisfies SalesState[];

/** An item's sales facts as the server sent them; an answer with only `available` means sold out or open. */
export function salesFactsOf(item: { sales?: unknown; salesOpenAt?: unknown; available?: unknown }): SalesFacts {
  const sales: SalesState =
    typeof item.sales === 'string' && STATES.includes(item.sales)
      ? (item.sales as SalesState)
      : item.available === false
        ? 'sold_out'
        : 'open';
  const salesOpenAt = typeof item.salesOpenAt === 'string' ? item.salesOpenAt : undefined;
  return { sales, ...(salesOpenAt && { salesOpenAt }), available: sales === 'open' };
}

/**
 * What a card says in place of its purchase button when the item cannot be bought now
 * ("On sale from September 1, 2026", "Sales closed", "Sold out"); null while it can.
 * `timeZone` is the venue's, in which the opening date is given.
 */
export function salesNotice(facts: SalesFacts, timeZone?: string): string | null {
  switch (facts.sales) {
    case 'open':
      return null;
    case 'not_yet':
      return facts.salesOpenAt ? `On sale from ${formatInstantDate(facts.salesOpenAt, timeZone)}` : 'Not on sale yet';
    case 'closed':
      return 'Sales closed';
    case 'sold_out':
      return 'Sold out';
  }
}

/** Why the item called `name` cannot be ordered now, in the server's words; null while it can. */
export function notOnSaleMessage(name: string, facts: SalesFacts, timeZone?: string): string | null {
  switch (facts.sales) {
    case 'open':
      return null;
    case 'not_yet':
      return facts.salesOpenAt
        ? `The ${name} is not on sale yet: sales open on ${formatInstantDate(facts.salesOpenAt, timeZone)}.`
        : `The ${name} is not on sale yet.`;
    case 'closed':
      return `Sales of the ${name} have closed.`;
    case 'sold_out':
      return `Sorry, the ${name} is sold out.`;
  }
}
