import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getStripe } from '@/lib/stripe';
import { deferred, jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { findToast, renderWithProviders } from '@/test/render';
import { CheckoutPage } from './checkout-page';
import { quoteAtListPrice, routeRequests, sandboxConfig, testEvent as event } from '@/test/fixtures';

// Stripe.js never arrives here: the tests only check whether, and with which key, it is asked for.
vi.mock('@/lib/stripe', () => {
  const neverLoads = new Promise<never>(() => {});
  return { getStripe: vi.fn(() => neverLoads) };
});

const tickets = [
  {
    id: 1,
    type: 'developer',
    name: 'Developer Pass',
    description: 'Everything you need.',
    price: 79900,
    regularPrice: 99900,
    features: ['Access to all keynotes and talks', 'Hackathon participation'],
    minQuantity: 1,
    available: true,
  },
  {
    id: 3,
    type: 'team',
    name: 'Team Pass',
    description: 'Bring your team.',
    price: 69900,
    regularPrice: 89900,
    features: ['A team table at the hackathon'],
    minQuantity: 4,
    maxQuantity: 19,
    available: true,
  },
];

const CLIENT_SECRET = 'pi_sandbox_abc_secret_xyz';

type Handler = Parameters<typeof routeRequests>[0][string];

/** A fake server: GET config and tickets, the quote and the payment calls, each replaceable per test. */
function serveCheckout(overrides: Partial<Record<string, Handler>> = {}) {
  const routes: Record<string, Handler> = {
    '/api/config': () => jsonResponse(sandboxConfig),
    '/api/tickets': () => jsonResponse(tickets),
    '/api/quote': quoteAtListPrice((type) => tickets.find((ticket) => ticket.type === type)?.price),
    '/api/create-payment-intent': (body) => {
      const { amount } = body as { amount: number };
      return jsonResponse({
        clientSecret: CLIENT_SECRET,
        ticketId: 1,
        paymentIntentId: 'pi_sandbox_abc',
        orderId: 'ord_1',
        amount,
      });
    },
    '/api/sandbox/confirm': () => jsonResponse({ status: 'succeeded', paymentIntentId: 'pi_sandbox_abc' }),
    '/api/confirm-purchase': () => jsonResponse({ status: 'paid', orderId: 'ord_1', reference: 'CW-7K3P9QXM' }),
  };
  for (const [path, handler] of Object.entries(overrides)) if (handler) routes[path] = handler;
  return mockFetch(routeRequests(routes));
}

/** The JSON bodies posted to `url`, in order. */
function postedTo(fetchSpy: ReturnType<typeof serveCheckout>, url: string): unknown[] {
  return fetchSpy.mock.calls.filter(([input]) => input === url).map(([, init]) => JSON.parse(String(init?.body)));
}

/** The Idempotency-Key header of each call to `url`, in order. */
function keysSentTo(fetchSpy: ReturnType<typeof serveCheckout>, url: string): (string | null)[] {
  return fetchSpy.mock.calls
    .filter(([input]) => input === url)
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

function renderCheckout(ticketType = 'developer') {
  return renderWithProviders(
    <Routes>
      <Route path={paths.checkoutRoute} element={<CheckoutPage />} />
      <Route path={paths.home} element={<h1>Home page</h1>} />
    </Routes>,
    { route: paths.checkout(ticketType) },
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });
const cardNumber = () => screen.getByRole('textbox', { name: 'Card number' });
const expiry = () => screen.getByRole('textbox', { name: 'Expiration (MM/YY)' });
const cvc = () => screen.getByRole('textbox', { name: 'CVC' });

type User = ReturnType<typeof renderCheckout>['user'];

async function fillDetails(user: User, name = 'Ana Diaz', email = 'ana@example.com') {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), name);
  await user.type(emailField(), email);
  await user.click(proceed());
  await screen.findByRole('heading', { name: 'Payment' });
}

async function fillCard(user: User, number: string) {
  await user.type(cardNumber(), number);
  await user.type(expiry(), '1234');
  await user.type(cvc(), '123');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(getStripe).mockClear();
});

describe('ticket checkout: loading and lookup', () => {
  it('shows skeletons while the ticket loads, then the summary and the details form', async () => {
    const ticketsResponse = deferred<Response>();
    serveCheckout({ '/api/tickets': () => ticketsResponse.promise });
    renderCheckout();

    expect(screen.getByRole('status')).toHaveTextContent('Loading ticket information…');
    expect(screen.queryByRole('form', { name: 'Your details' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    ticketsResponse.resolve(jsonResponse(tickets));

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Developer Pass')).toBeInTheDocument();
    expect(within(summary).getByText('per person').parentElement).toHaveTextContent(/^\$799\.00\s*per person$/);
    expect(within(summary).getByText('Hackathon participation')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Number of people' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading ticket information…')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Developer Pass Checkout | CodeWave Miami 2026'));
  });

  it('offers a sold-out ticket’s waiting list instead of the payment', async () => {
    const fetchSpy = serveCheckout({
      '/api/tickets': () => jsonResponse([{ ...tickets[0], sales: 'sold_out', available: false }]),
      '/api/waiting-list': () => jsonResponse({ position: 2 }, 201),
    });
    const { user } = renderCheckout();

    expect(await screen.findByText('Sorry, the Developer Pass is sold out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list: Developer Pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 2 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      { kind: 'ticket', item: 'developer', name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);
  });

  it('sends an unknown ticket type home with a toast', async () => {
    serveCheckout();
    renderCheckout('no-such-type');

    const toast = await findToast('Invalid Ticket Type');
    expect(toast).toHaveTextContent('The selected ticket type does not exist');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('sends the buyer home with a toast when the tickets cannot be loaded', async () => {
    const fetchSpy = serveCheckout({ '/api/tickets': () => textResponse('unavailable', 503) });
    renderCheckout();

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Could not load ticket information');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    // the brief's three retries came first
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/tickets')).toHaveLength(4);
  });
});

describe('ticket checkout: details', () => {
  it('validates on submit first, then on every change', async () => {
    const fetchSpy = serveCheckout();
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Al  ');
    await user.type(emailField(), 'not-an-email');
    await user.tab();
    expect(screen.queryByText('Name must be at least 3 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    await user.click(proceed());

    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);

    await user.type(nameField(), 'ex');

    await waitFor(() => expect(screen.queryByText('Name must be at least 3 characters')).not.toBeInTheDocument());
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('posts the ticket, the price as the amount and the trimmed details, showing Processing... meanwhile', async () => {
    const intent = deferred<Response>();
    const fetchSpy = serveCheckout({ '/api/create-payment-intent': () => intent.promise });
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' Ana Diaz ');
    await user.type(emailField(), 'ana@example.com');
    await user.click(proceed());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() =>
      expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
        { ticketType: 'developer', amount: 79900, name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
      ]),
    );

    intent.resolve(jsonResponse({ clientSecret: CLIENT_SECRET, ticketId: 1, amount: 79900 }));

    const heading = await screen.findByRole('heading', { name: 'Payment' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('For Ana Diaz (ana@example.com)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
  });

  it('retries a create that got no answer with the same Idempotency-Key, so no second ticket is held', async () => {
    let calls = 0;
    const fetchSpy = serveCheckout({
      '/api/create-payment-intent': () =>
        ++calls === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse({ clientSecret: CLIENT_SECRET, ticketId: 1, amount: 79900 }),
    });
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
    await user.type(emailField(), 'ana@example.com');
    await user.click(proceed());
    expect(await findToast('Error')).toHaveTextContent('Failed to fetch');
    await user.click(proceed());
    await screen.findByRole('heading', { name: 'Payment' });

    const [lost, retried] = keysSentTo(fetchSpy, '/api/create-payment-intent');
    expect(lost).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(lost);
  });

  it('holds a team pass to its minimum and charges the price per person', async () => {
    const fetchSpy = serveCheckout();
    const { user } = renderCheckout('team');

    const people = await screen.findByRole('spinbutton', { name: 'Number of people' });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(people).toHaveValue(4);
    expect(within(form).getByText('$2,796.00')).toBeInTheDocument();
    expect(within(summary).getByText('$2,796.00')).toBeInTheDocument();

    await user.type(nameField(), 'Ana Diaz');
    await user.type(emailField(), 'ana@example.com');
    await user.clear(people);
    await user.type(people, '3');
    await user.click(proceed());

    expect(await screen.findByText('The Team Pass is for at least 4 people.')).toBeInTheDocument();
    expect(people).toHaveAttribute('aria-invalid', 'true');
    expect(people).toHaveAccessibleDescription(
      'Team Pass orders are for 4 to 19 people. The Team Pass is for at least 4 people.',
    );
    // a count that cannot be ordered leaves the total at the last one that can
    expect(within(summary).getByText('$2,796.00')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);

    await user.clear(people);
    await user.type(people, '6');

    await waitFor(() => expect(screen.queryByText('The Team Pass is for at least 4 people.')).not.toBeInTheDocument());
    expect(await within(form).findByText('$4,194.00')).toBeInTheDocument();
    expect(within(summary).getByText('6 × $699.00')).toBeInTheDocument();

    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      { ticketType: 'team', amount: 419400, name: 'Ana Diaz', email: 'ana@example.com', quantity: 6 },
    ]);
  });

  it('shows the server field errors and an Error toast, keeping the details form', async () => {
    serveCheckout({
      '/api/create-payment-intent': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { email: 'This address cannot receive email.' },
          },
          422,
        ),
    });
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
    await user.type(emailField(), 'ana@example.com');
    await user.click(proceed());

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Please correct the highlighted fields.');
    expect(emailField()).toHaveAccessibleDescription('This address cannot receive email.');
    expect(nameField()).toHaveValue('Ana Diaz');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('falls back to the brief’s message when the failure has none', async () => {
    serveCheckout({ '/api/create-payment-intent': () => Promise.reject(new Error('')) });
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
    await user.type(emailField(), 'ana@example.com');
    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('Could not process payment request');
  });
});

describe('ticket checkout: sandbox card', () => {
  it('confirms the card, then the purchase, and shows the success view', async () => {
    const fetchSpy = serveCheckout();
    const { user } = renderCheckout();
    await fillDetails(user);

    expect(screen.getByText('Test mode: no real payment is taken. Use card 4242 4242 4242 4242.')).toBeInTheDocument();
    expect(cardNumber()).toHaveAttribute('autocomplete', 'cc-number');
    expect(cardNumber()).toHaveAttribute('inputmode', 'numeric');
    expect(expiry()).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc()).toHaveAttribute('autocomplete', 'cc-csc');

    await fillCard(user, '4242424242424242');
    expect(cardNumber()).toHaveValue('4242 4242 4242 4242');
    expect(expiry()).toHaveValue('12/34');
    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toHaveFocus();
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toEqual([
      { clientSecret: CLIENT_SECRET, cardNumber: '4242424242424242', expMonth: '12', expYear: '34', cvc: '123' },
    ]);
    expect(postedTo(fetchSpy, '/api/confirm-purchase')).toEqual([
      { paymentIntentId: 'pi_sandbox_abc', ticketId: 1, clientSecret: CLIENT_SECRET },
    ]);
    const urls = fetchSpy.mock.calls.map(([url]) => url);
    expect(urls.indexOf('/api/sandbox/confirm')).toBeLessThan(urls.indexOf('/api/confirm-purchase'));

    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText(/A receipt and your ticket details have been sent to/)).toBeInTheDocument();
    expect(screen.getByText('See you in Miami Beach on May 18-22, 2026!')).toBeInTheDocument();
    expect(screen.getByText('CW-7K3P9QXM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(await findToast('Payment Successful')).toHaveTextContent('Thank you for your purchase!');
    await waitFor(() => expect(document.title).toBe('Payment Successful | CodeWave Miami 2026'));
    expect(getStripe).not.toHaveBeenCalled();
  });

  it('keeps the card form and shows the decline when the card is refused', async () => {
    const fetchSpy = serveCheckout({
      '/api/sandbox/confirm': () => jsonResponse({ message: 'Your card was declined.', code: 'card_declined' }, 402),
    });
    const { user } = renderCheckout();
    await fillDetails(user);

    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await findToast('Payment Failed')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
    expect(cardNumber()).toHaveValue('4000 0000 0000 0002');
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/confirm-purchase')).toEqual([]);
  });

  it('asks for the missing card details before calling the gateway', async () => {
    const fetchSpy = serveCheckout();
    const { user } = renderCheckout();
    await fillDetails(user);

    await user.type(cardNumber(), '4242 4242');
    await user.type(expiry(), '12');
    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(cardNumber()).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(expiry()).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(cvc()).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toEqual([]);
  });

  it('retries only the order confirmation after the payment went through', async () => {
    let confirmations = 0;
    const fetchSpy = serveCheckout({
      '/api/confirm-purchase': () =>
        ++confirmations === 1
          ? jsonResponse({ message: 'The service is temporarily unavailable.' }, 503)
          : jsonResponse({ status: 'paid', orderId: 'ord_1', reference: 'CW-7K3P9QXM' }),
    });
    const { user } = renderCheckout();
    await fillDetails(user);
    await fillCard(user, '4242424242424242');

    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await findToast('Error Processing Payment')).toHaveTextContent('The service is temporarily unavailable.');
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toHaveLength(1);
    expect(postedTo(fetchSpy, '/api/confirm-purchase')).toHaveLength(2);
  });

  it('says when payment fails for an unknown reason', async () => {
    serveCheckout({ '/api/sandbox/confirm': () => Promise.reject(new Error('')) });
    const { user } = renderCheckout();
    await fillDetails(user);
    await fillCard(user, '4242424242424242');

    await user.click(screen.getByRole('button', { name: 'Complete Purchase' }));

    expect(await findToast('Error Processing Payment')).toHaveTextContent('An unknown error occurred');
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
  });
});

describe('ticket checkout: Stripe', () => {
  it('shows the yellow notice instead of a card form when the publishable key is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveCheckout({ '/api/config': () => jsonResponse({ paymentProvider: 'stripe', event }) });
    const { user } = renderCheckout();
    await fillDetails(user);

    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Stripe is not properly configured. Please set your Stripe public key.');
    expect(notice).toHaveClass('bg-warning');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Purchase' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(getStripe).not.toHaveBeenCalled();
    expect(screen.getByText(/Payments are processed securely by Stripe/)).toBeInTheDocument();
  });

  it('loads Stripe with the publishable key when there is one', async () => {
    serveCheckout({
      '/api/config': () => jsonResponse({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123', event }),
    });
    const { user } = renderCheckout();
    await fillDetails(user);

    await waitFor(() => expect(getStripe).toHaveBeenCalledWith('pk_test_123'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the secure card form…');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });
});
