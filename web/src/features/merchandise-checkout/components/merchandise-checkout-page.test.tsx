import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getStripe } from '@/lib/stripe';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig, testEvent } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { findToast, renderWithProviders } from '@/test/render';
import { MerchandiseCheckoutPage } from './merchandise-checkout-page';

// Stripe.js never arrives here: the tests only check whether, and with which key, it is asked for.
vi.mock('@/lib/stripe', () => {
  const neverLoads = new Promise<never>(() => {});
  return { getStripe: vi.fn(() => neverLoads) };
});

const merchandise = [
  {
    id: 1,
    name: 'Conference T-Shirt',
    description: 'Soft organic cotton tee.',
    price: 500,
    regularPrice: 2999,
    category: 'tshirt',
    imageUrl: '/images/merch/conference-tshirt.svg',
    sizes: ['S', 'M', 'L'],
    colors: ['Black', 'White'],
    specialOffer: 'tshirt',
  },
  {
    id: 2,
    name: 'Hackathon Tee',
    description: 'Heavyweight tee for the people who ship at 3 a.m.',
    price: 3499,
    category: 'tshirt',
    imageUrl: '/images/merch/hackathon-tee.svg',
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['Coral', 'Charcoal'],
  },
  {
    id: 5,
    name: 'Sticker Pack',
    description: 'Ten vinyl stickers.',
    price: 600,
    category: 'hat',
  },
];

const CLIENT_SECRET = 'pi_sandbox_abc_secret_xyz';

type Handler = Parameters<typeof routeRequests>[0][string];

function serveMerchandise(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/merchandise': () => jsonResponse(merchandise),
      '/api/quote': quoteAtListPrice((id) => merchandise.find((item) => item.id === Number(id))?.price),
      '/api/create-merchandise-payment': (body) =>
        jsonResponse({
          clientSecret: CLIENT_SECRET,
          paymentIntentId: 'pi_sandbox_abc',
          orderId: 'ord_1',
          amount: (body as { amount: number }).amount,
        }),
      '/api/sandbox/confirm': () => jsonResponse({ status: 'succeeded', paymentIntentId: 'pi_sandbox_abc' }),
      ...overrides,
    }),
  );
}

function renderCheckout(id: string | number = 2) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.merchandiseCheckoutRoute} element={<MerchandiseCheckoutPage />} />
      <Route path={paths.merchandiseConfirmation} element={<LocationProbe />} />
      <Route path={paths.home} element={<h1>Home page</h1>} />
    </Routes>,
    { route: `/merchandise-checkout/${id}` },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const nameField = () => screen.getByRole('textbox', { name: 'Full name' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const quantityField = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const continueButton = () => screen.getByRole('button', { name: /Continue to Payment|Processing/ });

async function fillCustomer(user: User, { quantity = 1 }: { quantity?: number } = {}) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ana Diaz');
  await user.type(emailField(), 'ana@example.com');
  if (quantity !== 1) {
    await user.clear(quantityField());
    await user.type(quantityField(), String(quantity));
  }
}

async function reachPayment(user: User, options?: { quantity?: number }) {
  await fillCustomer(user, options);
  await user.click(continueButton());
  await screen.findByRole('heading', { name: 'Payment' });
}

async function payWithCard(user: User, number: string, label: RegExp | string) {
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiration (MM/YY)' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await user.click(screen.getByRole('button', { name: label }));
}

afterEach(() => {
  vi.mocked(getStripe).mockClear();
  vi.restoreAllMocks();
});

describe('merchandise checkout: the item', () => {
  it('shows a spinner, then the breadcrumb, the order details and the customer form', async () => {
    const list = deferred<Response>();
    serveMerchandise({ '/api/merchandise': () => list.promise });
    renderCheckout(2);

    expect(screen.getByRole('status')).toHaveTextContent('Loading merchandise…');
    list.resolve(jsonResponse(merchandise));

    const details = await screen.findByRole('region', { name: 'Order details' });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Merchandise' })).toHaveAttribute('href', '/#merchandise');
    expect(within(breadcrumb).getByText('Hackathon Tee')).toHaveAttribute('aria-current', 'page');

    expect(within(details).getByRole('img', { name: 'Hackathon Tee' })).toHaveAttribute(
      'src',
      '/images/merch/hackathon-tee.svg',
    );
    expect(within(details).getByText('Heavyweight tee for the people who ship at 3 a.m.')).toBeInTheDocument();
    expect(within(details).getByText('1 × $34.99')).toBeInTheDocument();

    expect(quantityField()).toHaveValue(1);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('S');
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveValue('Coral');
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Hackathon Tee Checkout | CodeWave Miami 2026'));
  });

  it('asks for no size or color when the item has none, and says when it has no image', async () => {
    serveMerchandise();
    renderCheckout(5);

    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('No image')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Color' })).not.toBeInTheDocument();
  });

  it('shows the error screen for an unknown item', async () => {
    serveMerchandise();
    renderCheckout(999);

    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Could not find the requested merchandise. Please go back and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Merchandise Not Found | CodeWave Miami 2026'));
  });

  it('makes no lookup for an id that is not a number', async () => {
    const fetchSpy = serveMerchandise();
    renderCheckout('tee');

    expect(screen.getByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    await waitFor(() => expect(requestedUrls(fetchSpy, '/api/config')).toHaveLength(1));
    expect(requestedUrls(fetchSpy, '/api/merchandise')).toEqual([]);
  });

  it('shows the error screen when the list cannot be loaded, after three retries', async () => {
    const fetchSpy = serveMerchandise({ '/api/merchandise': () => jsonResponse({ message: 'Unavailable.' }, 503) });
    renderCheckout(2);

    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/merchandise')).toHaveLength(4);
  });
});

describe('merchandise checkout: customer information', () => {
  it('validates on submit first, then on every change', async () => {
    const fetchSpy = serveMerchandise();
    const { user } = renderCheckout();

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.tab();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();

    await user.click(continueButton());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Name is required');
    expect(emailField()).toHaveAccessibleDescription('Invalid email address');
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([]);

    await user.type(nameField(), 'A');

    await waitFor(() => expect(screen.queryByText('Name is required')).not.toBeInTheDocument());
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('keeps the quantity between 1 and 10', async () => {
    const fetchSpy = serveMerchandise();
    const { user } = renderCheckout();
    await fillCustomer(user, { quantity: 11 });

    await user.click(continueButton());

    expect(await screen.findByText('Quantity must be between 1 and 10.')).toBeInTheDocument();
    expect(quantityField()).toHaveAccessibleDescription('Quantity must be between 1 and 10.');
    expect(quantityField()).toHaveAttribute('min', '1');
    expect(quantityField()).toHaveAttribute('max', '10');
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([]);
  });

  it('posts price × quantity with the chosen size and color, then shows the payment card', async () => {
    const payment = deferred<Response>();
    const fetchSpy = serveMerchandise({ '/api/create-merchandise-payment': () => payment.promise });
    const { user } = renderCheckout();
    await fillCustomer(user, { quantity: 2 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Coral');

    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('2 × $34.99')).toBeInTheDocument();
    expect(within(details).getByText('$69.98')).toBeInTheDocument();

    await user.click(continueButton());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([
      {
        merchandiseId: 2,
        amount: 6998,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 2,
        size: 'M',
        color: 'Coral',
      },
    ]);

    payment.resolve(jsonResponse({ clientSecret: CLIENT_SECRET, paymentIntentId: 'pi_sandbox_abc', amount: 6998 }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Customer information' })).not.toBeInTheDocument();
    expect(screen.getByText('For Ana Diaz (ana@example.com)')).toBeInTheDocument();
    expect(screen.getByText('Hackathon Tee: Size M · Coral · 2 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $69.98' })).toBeEnabled();
  });

  it('charges a special offer its special price', async () => {
    const fetchSpy = serveMerchandise();
    const { user } = renderCheckout(1);

    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Special Price')).toBeInTheDocument();
    expect(within(details).getByText('$29.99').closest('s')).not.toBeNull();

    await reachPayment(user, { quantity: 3 });

    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([
      {
        merchandiseId: 1,
        amount: 1500,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 3,
        size: 'S',
        color: 'Black',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Pay $15.00' })).toBeInTheDocument();
  });

  it('sends no size or color for an item without them', async () => {
    const fetchSpy = serveMerchandise();
    const { user } = renderCheckout(5);

    await reachPayment(user);

    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([
      { merchandiseId: 5, amount: 600, name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
  });

  it('says it could not initialize the payment when the server returns no client secret', async () => {
    serveMerchandise({ '/api/create-merchandise-payment': () => jsonResponse({ orderId: 'ord_1' }) });
    const { user } = renderCheckout();
    await fillCustomer(user);

    await user.click(continueButton());

    const toast = await findToast('Could not initialize payment');
    expect(toast.closest('[data-slot="toast"]')).toHaveClass('bg-destructive');
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('shows the server message and field errors when the payment cannot be created', async () => {
    serveMerchandise({
      '/api/create-merchandise-payment': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { size: 'Please choose a size from the list.' },
          },
          422,
        ),
    });
    const { user } = renderCheckout();
    await fillCustomer(user);

    await user.click(continueButton());

    const toast = await findToast('Could not process payment');
    expect(toast).toHaveTextContent('Please correct the highlighted fields.');
    expect(toast.closest('[data-slot="toast"]')).toHaveClass('bg-destructive');
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveAccessibleDescription(
      'Please choose a size from the list.',
    );
    expect(nameField()).toHaveValue('Ana Diaz');
  });
});

describe('merchandise checkout: payment', () => {
  it('pays with the sandbox card and goes to the confirmation page with Stripe’s parameters', async () => {
    const fetchSpy = serveMerchandise();
    const { user } = renderCheckout();
    await reachPayment(user, { quantity: 2 });

    await payWithCard(user, '4242424242424242', 'Pay $69.98');

    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent(
      `/merchandise-confirmation?payment_intent=pi_sandbox_abc&payment_intent_client_secret=${CLIENT_SECRET}&redirect_status=succeeded`,
    );
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toEqual([
      { clientSecret: CLIENT_SECRET, cardNumber: '4242424242424242', expMonth: '12', expYear: '34', cvc: '123' },
    ]);
    expect(getStripe).not.toHaveBeenCalled();
  });

  it('stays on the payment form with a Payment Failed toast when the card is declined', async () => {
    serveMerchandise({
      '/api/sandbox/confirm': () => jsonResponse({ message: 'Your card was declined.', code: 'card_declined' }, 402),
    });
    const { user } = renderCheckout();
    await reachPayment(user);

    await payWithCard(user, '4000000000000002', 'Pay $34.99');

    expect(await findToast('Payment Failed')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay $34.99' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says an unexpected error occurred when the payment fails otherwise', async () => {
    serveMerchandise({ '/api/sandbox/confirm': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderCheckout();
    await reachPayment(user);

    await payWithCard(user, '4242424242424242', 'Pay $34.99');

    expect(await findToast('Payment Error')).toHaveTextContent('An unexpected error occurred');
    expect(screen.getByRole('button', { name: 'Pay $34.99' })).toBeEnabled();
  });

  it('says Stripe is not configured when the server has no publishable key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveMerchandise({ '/api/config': () => jsonResponse({ paymentProvider: 'stripe', event: testEvent }) });
    const { user } = renderCheckout();
    await reachPayment(user);

    expect(screen.getByRole('alert')).toHaveTextContent('Stripe is not configured');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(getStripe).not.toHaveBeenCalled();
  });

  it('says it is loading the payment details while Stripe loads', async () => {
    serveMerchandise({
      '/api/config': () =>
        jsonResponse({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123', event: testEvent }),
    });
    const { user } = renderCheckout();
    await reachPayment(user);

    expect(await screen.findByText('Loading payment details...')).toBeInTheDocument();
    await waitFor(() => expect(getStripe).toHaveBeenCalledWith('pk_test_123'));
  });
});

describe('merchandise checkout: a sold-out size and color', () => {
  const listPrice = quoteAtListPrice((id) => merchandise.find((item) => item.id === Number(id))?.price);

  function serveWithSoldOutVariant() {
    return serveMerchandise({
      '/api/quote': (body) => {
        const { size, color } = body as { size?: string; color?: string };
        return size === 'M' && color === 'Coral'
          ? jsonResponse({ message: 'Sorry, the Hackathon Tee in M / Coral is sold out.' }, 409)
          : listPrice(body);
      },
      '/api/waiting-list': () => jsonResponse({ position: 4 }, 201),
    });
  }

  it('offers that variant’s waiting list instead of the payment, with the size and color in the entry', async () => {
    const fetchSpy = serveWithSoldOutVariant();
    const { user } = renderCheckout(2);
    await screen.findByRole('textbox', { name: 'Full name' });
    expect(continueButton()).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');

    expect(await screen.findByText('Sorry, the Hackathon Tee in M / Coral is sold out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to Payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list: Hackathon Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    expect(dialog).toHaveAccessibleDescription(/The Hackathon Tee in M \/ Coral is sold out\./);
    expect(within(dialog).getByLabelText('Size')).toHaveValue('M');
    expect(within(dialog).getByLabelText('Color')).toHaveValue('Coral');
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 4 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      {
        kind: 'merchandise',
        item: 2,
        size: 'M',
        color: 'Coral',
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
      },
    ]);
    // the dialog's form is its own: the checkout's form around the button was not submitted with it
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([]);
  });

  it('offers the payment again for a size that is in stock', async () => {
    serveWithSoldOutVariant();
    const { user } = renderCheckout(2);
    await screen.findByRole('textbox', { name: 'Full name' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'M');
    expect(await screen.findByRole('button', { name: 'Join the waiting list: Hackathon Tee' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'L');

    expect(await screen.findByRole('button', { name: /Continue to Payment/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Join the waiting list/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/is sold out/)).not.toBeInTheDocument();
  });
});
