import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError, api } from '@/lib/api-client';

// The price of an order before it is paid (POST /api/quote), as the create call would charge
// it now: the checkouts show it, and send its total as the amount.

export interface QuoteRequest {
  kind: 'ticket' | 'merchandise' | 'sponsorship';
  /** A ticket's type, a merchandise item's id or a sponsorship tier's value. */
  item: string | number;
  quantity?: number;
  size?: string;
  color?: string;
  /** A discount or access code; left out when there is none. */
  code?: string;
}

export const quoteSchema = z.object({
  /** Cents per unit before discounts: the current phase's price. */
  unitPrice: z.int(),
  /** The price phase, such as "Early bird". */
  phase: z.optional(z.string()),
  discounts: z.array(z.object({ label: z.string(), amount: z.int() })),
  /** What is charged, in cents. */
  total: z.int(),
  code: z.optional(z.object({ code: z.string(), label: z.string() })),
});

export type Quote = z.infer<typeof quoteSchema>;

/** A quote with the request it answers, so a screen showing an earlier one shows its own quantity. */
export interface QuotedOrder {
  request: QuoteRequest;
  quote: Quote;
}

/** How long a quote is taken as the price: older than this, paying asks again. */
const FRESH_MS = 30_000;

export async function getQuote(request: QuoteRequest): Promise<Quote> {
  return quoteSchema.parse(await api.post<unknown>('/api/quote', request));
}

export function quoteQuery(request: QuoteRequest) {
  return queryOptions({
    queryKey: ['quote', request],
    queryFn: async (): Promise<QuotedOrder> => ({ request, quote: await getQuote(request) }),
    staleTime: FRESH_MS,
  });
}

/**
 * The quote of `request` (none while it is null). While a changed request is asked, the previous
 * quote stays on screen rather than a blank.
 */
export function useQuote(request: QuoteRequest | null) {
  return useQuery<QuotedOrder, Error, QuotedOrder, readonly unknown[]>({
    queryKey: ['quote', request],
    queryFn: request ? async () => ({ request, quote: await getQuote(request) }) : skipToken,
    staleTime: FRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Why the server refused the code of a quote or create call, said next to the code field. */
export function codeErrorOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fieldErrors.code : undefined;
}
