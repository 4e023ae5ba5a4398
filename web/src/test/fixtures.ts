import { jsonResponse, type mockFetch } from './fetch-mock';

// What GET /api/config answers in the tests: the shipped event, with the sandbox gateway.

export const testEvent = {
  name: 'CodeWave Miami 2026',
  shortName: 'CodeWave',
  tagline: 'Five days of code, AI and ocean air in South Beach.',
  description: 'A five-day technology and coding conference.',
  startsAt: '2026-05-18T00:00:00-04:00',
  endsAt: '2026-05-22T18:00:00-04:00',
  timezone: 'America/New_York',
  dateLabel: 'May 18-22, 2026',
  siteUrl: 'http://127.0.0.1:8080',
  contactEmail: 'hello@codewave.events',
  hashtags: ['CodeWave2026', 'TechConference', 'Miami'],
  earlyBirdUntil: '2025-12-31',
  fullRefundUntil: '2026-03-18',
  halfRefundUntil: '2026-04-18',
  figures: { speakers: '50+', workshops: '100+', attendees: '1000+', hackathonPrize: '$50,000', weather: '75-85°F' },
  venue: {
    name: 'Miami Beach Convention Center',
    area: 'South Beach, Miami',
    address: '1901 Convention Center Drive, Miami Beach, FL 33139',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Miami+Beach+Convention+Center',
    description: 'Our home for the week.',
    benefits: ['A ten-minute walk to the beach'],
  },
};

export const sandboxConfig = { paymentProvider: 'sandbox', event: testEvent };

type Handler = (body: unknown, url: string) => Response | Promise<Response>;

/**
 * A fake server for `mockFetch`: each path (without its query) answers with its handler,
 * anything else with 404. Handlers get the parsed JSON body and the full URL.
 */
export function routeRequests(routes: Record<string, Handler>) {
  return (url: string, init: RequestInit | undefined): Response | Promise<Response> => {
    const handler = routes[url.split('?')[0]];
    if (!handler) return new Response('not found', { status: 404 });
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined, url);
  };
}

type FetchSpy = ReturnType<typeof mockFetch>;

/** The JSON bodies a fetch spy posted to `path`, in order. */
export function postedTo(fetchSpy: FetchSpy, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** The URLs a fetch spy requested whose path is `path`. */
export function requestedUrls(fetchSpy: FetchSpy, path: string): string[] {
  return fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.split('?')[0] === path);
}

interface QuoteBody {
  item: string | number;
  quantity?: number;
  code?: string;
}

/**
 * A stand-in for POST /api/quote without phases or team discounts: the item at its price
 * (`priceOf` its ticket type, merchandise id or tier value), times the quantity, less the code's
 * percentage when `codes` gives one, or refused as the server refuses a code when `codes` gives
 * a message (any other code: "not valid"). An item it does not price answers 404, as the server does.
 */
export function quoteAtListPrice(
  priceOf: (item: string | number) => number | undefined,
  codes: Record<string, number | string> = {},
) {
  return (body: unknown): Response => {
    const { item, quantity = 1, code } = body as QuoteBody;
    const unitPrice = priceOf(item);
    if (unitPrice === undefined) return jsonResponse({ message: 'There is no such item.' }, 404);
    const subtotal = unitPrice * quantity;
    if (!code) return jsonResponse({ unitPrice, discounts: [], total: subtotal });
    const percentOff = codes[code] ?? 'This code is not valid. Please check it and try again.';
    if (typeof percentOff === 'string') {
      return jsonResponse(
        { message: 'Please correct the highlighted fields.', fieldErrors: { code: percentOff } },
        422,
      );
    }
    const amount = Math.round((subtotal * percentOff) / 100);
    const label = percentOff === 100 ? 'Free' : `${percentOff}% off`;
    return jsonResponse({
      unitPrice,
      discounts: [{ label: `Code ${code}: ${label}`, amount }],
      total: subtotal - amount,
      code: { code, label },
    });
  };
}
