import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CheckoutPage } from './checkout-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const developer = {
  id: 1,
  type: 'developer',
  name: 'Developer Pass',
  description: 'Everything you need.',
  price: 79900,
  features: ['Hackathon participation'],
  minQuantity: 1,
  maxQuantity: 20,
  sales: 'open',
  available: true,
};

const speaker = { ...developer, id: 4, type: 'speaker', name: 'Speaker Pass', price: 129900 };

const INVALID = 'This code is not valid. Please check it and try again.';

type Handler = Parameters<typeof routeRequests>[0][string];

/** The server: the Developer Pass on sale, PARTNER20 taking 20% off, SPEAKER-1 unlocking the Speaker Pass. */
function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/tickets': (_, url) => jsonResponse(url.endsWith('?code=SPEAKER-1') ? [developer, speaker] : [developer]),
      '/api/quote': quoteAtListPrice((type) => [developer, speaker].find((ticket) => ticket.type === type)?.price, {
        PARTNER20: 20,
        'SPEAKER-1': 100,
        USEDUP: 'This code has been used as many times as it may be.',
      }),
      '/api/create-payment-intent': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_abc_secret_xyz',
          paymentIntentId: 'pi_sandbox_abc',
          ticketId: 1,
          amount: (body as { amount: number }).amount,
          paid: false,
        }),
      '/api/confirm-purchase': () => jsonResponse({ status: 'paid', orderId: 'ord_1', reference: 'CW-7K3P9QXM' }),
      ...overrides,
    }),
  );
}

function renderCheckout(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.checkoutRoute} element={<CheckoutPage />} />
      <Route path={paths.home} element={<h1>Home page</h1>} />
    </Routes>,
    { route },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const codeField = () => screen.getByRole('textbox', { name: 'Code' });
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });

async function fillDetails(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
}

async function typeCode(user: User, code: string) {
  await user.click(screen.getByRole('button', { name: 'Have a code?' }));
  expect(codeField()).toHaveFocus();
  await user.type(codeField(), code);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ticket checkout: codes', () => {
  it('prices a typed 20% code before paying, and charges the quoted total', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout(paths.checkout('developer'));
    await fillDetails(user);
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();

    await typeCode(user, 'PARTNER20');

    const order = summary();
    expect(await within(order).findByText('Code PARTNER20: 20% off')).toBeInTheDocument();
    expect(within(order).getByText('−$159.80')).toBeInTheDocument();
    expect(within(order).getByText('Code applied').nextElementSibling).toHaveTextContent('PARTNER20: 20% off');
    expect(within(order).getByText('1 × $799.00')).toBeInTheDocument();
    expect(within(order).getByText('Total').nextElementSibling).toHaveTextContent('$639.20');
    // typing is priced once it pauses, not letter by letter
    expect(postedTo(fetchSpy, '/api/quote')).toEqual([
      { kind: 'ticket', item: 'developer', quantity: 1 },
      { kind: 'ticket', item: 'developer', quantity: 1, code: 'PARTNER20' },
    ]);

    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      {
        ticketType: 'developer',
        amount: 63920,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
        code: 'PARTNER20',
      },
    ]);
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('$639.20');
  });

  it('fills in the code of a ?code= link and prices the order with it at once', async () => {
    const fetchSpy = serve();
    renderCheckout('/checkout/developer?code=PARTNER20');

    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveValue('PARTNER20');
    expect(await within(summary()).findByText('Code PARTNER20: 20% off')).toBeInTheDocument();
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('$639.20');
    expect(postedTo(fetchSpy, '/api/quote')).toEqual([
      { kind: 'ticket', item: 'developer', quantity: 1, code: 'PARTNER20' },
    ]);
    // the code's own list is asked too: a code may open what the public list cannot sell
    expect(requestedUrls(fetchSpy, '/api/tickets')).toEqual(['/api/tickets', '/api/tickets?code=PARTNER20']);
  });

  it('sells a sold-out ticket to the holder of a waiting-list offer, whose list holds their seat', async () => {
    const soldOut = { ...developer, sales: 'sold_out', available: false };
    const fetchSpy = serve({
      '/api/tickets': (_, url) => jsonResponse(url.endsWith('?code=WAIT-7K3P9QXM') ? [developer] : [soldOut]),
      '/api/quote': quoteAtListPrice(() => developer.price, { 'WAIT-7K3P9QXM': 0 }),
    });
    const { user } = renderCheckout('/checkout/developer?code=WAIT-7K3P9QXM');

    await fillDetails(user);
    await waitFor(() => expect(proceed()).toBeEnabled());
    expect(screen.queryByText('Sorry, the Developer Pass is sold out.')).not.toBeInTheDocument();
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      expect.objectContaining({ ticketType: 'developer', amount: 79900, code: 'WAIT-7K3P9QXM' }),
    ]);
  });

  it('finds a hidden ticket by asking for the list with the code of the link', async () => {
    const fetchSpy = serve();
    renderCheckout('/checkout/speaker?code=SPEAKER-1');

    expect(
      await within(await screen.findByRole('region', { name: 'Order summary' })).findByText('Speaker Pass'),
    ).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/tickets')).toEqual(['/api/tickets', '/api/tickets?code=SPEAKER-1']);
    expect(codeField()).toHaveValue('SPEAKER-1');
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('shows why the quote refused a code next to the field, and prices the order without it', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout(paths.checkout('developer'));
    await fillDetails(user);

    await typeCode(user, 'NOPE');

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(INVALID));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(summary()).queryByText(/^Code NOPE/)).not.toBeInTheDocument();
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('$799.00');

    await user.click(proceed());

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(INVALID));
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);

    await user.clear(codeField());
    await user.type(codeField(), 'PARTNER20');

    await waitFor(() => expect(codeField()).not.toHaveAttribute('aria-invalid'));
    expect(await within(summary()).findByText('Code PARTNER20: 20% off')).toBeInTheDocument();
  });

  it('shows the create call’s refusal of a code next to the field', async () => {
    serve({
      '/api/create-payment-intent': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { code: 'This code has been used as many times as it may be.' },
          },
          422,
        ),
    });
    const { user } = renderCheckout(paths.checkout('developer'));
    await fillDetails(user);
    await typeCode(user, 'PARTNER20');
    await within(summary()).findByText('Code PARTNER20: 20% off');

    await user.click(proceed());

    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription('This code has been used as many times as it may be.'),
    );
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('skips the card for an order a code made free and confirms it at once', async () => {
    const fetchSpy = serve({
      '/api/create-payment-intent': () =>
        jsonResponse({
          clientSecret: 'free_ord_4_secret',
          paymentIntentId: 'free_ord_4',
          ticketId: 4,
          amount: 0,
          paid: true,
        }),
    });
    const { user } = renderCheckout('/checkout/speaker?code=SPEAKER-1');
    await fillDetails(user);
    expect(await within(summary()).findByText('Code SPEAKER-1: Free')).toBeInTheDocument();

    await user.click(proceed());

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toMatchObject([
      { ticketType: 'speaker', amount: 0, code: 'SPEAKER-1' },
    ]);
    expect(postedTo(fetchSpy, '/api/confirm-purchase')).toEqual([
      { paymentIntentId: 'free_ord_4', ticketId: 4, clientSecret: 'free_ord_4_secret' },
    ]);
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();
    expect(screen.getByText('Paid').nextElementSibling).toHaveTextContent('$0.00');
    expect(screen.getByText('CW-7K3P9QXM')).toBeInTheDocument();
  });
});
