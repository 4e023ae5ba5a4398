import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
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

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/tickets': () => jsonResponse([developer]),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/quote': quoteAtListPrice((type) => (type === 'developer' ? developer.price : undefined)),
      '/api/create-payment-intent': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_abc_secret_xyz',
          paymentIntentId: 'pi_sandbox_abc',
          ticketId: 1,
          amount: (body as { amount: number }).amount,
        }),
      ...overrides,
    }),
  );
}

function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.checkoutRoute} element={<CheckoutPage />} />
    </Routes>,
    { route: paths.checkout('developer') },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const textbox = (name: string) => screen.getByRole('textbox', { name });
const toggle = () => screen.getByRole('button', { name: 'Buying for a company? Add billing details' });
const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });

async function fillDetails(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
  await user.type(textbox('Email'), 'ana@example.com');
}

async function fillBilling(user: User) {
  await user.click(toggle());
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeEnabled());
  await user.type(textbox('Company name'), ' Acme Inc. ');
  await user.type(textbox('Address'), '1 Ocean Drive{Enter}Suite 200');
  await user.type(textbox('City'), 'Miami Beach');
  await user.type(textbox('State / region (optional)'), 'FL');
  await user.type(textbox('Postal code (optional)'), '33139');
}

const acme = {
  company: 'Acme Inc.',
  address: '1 Ocean Drive\nSuite 200',
  city: 'Miami Beach',
  region: 'FL',
  postalCode: '33139',
  country: 'US',
};

describe('ticket checkout: billing details', () => {
  it('sends no billing details while the section stays closed, and never loads the countries', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillDetails(user);

    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    const [created] = postedTo(fetchSpy, '/api/create-payment-intent');
    expect(created).not.toHaveProperty('billing');
    expect(requestedUrls(fetchSpy, '/api/countries')).toEqual([]);
  });

  it('sends the company’s details, trimmed, once the section is open', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillDetails(user);
    await fillBilling(user);

    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      {
        ticketType: 'developer',
        amount: 79900,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
        billing: acme,
      },
    ]);
  });

  it('checks the open section before sending, and forgets it once closed', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillDetails(user);
    await user.click(toggle());
    await user.type(textbox('Company name'), 'A');

    await user.click(proceed());

    expect(await screen.findByText("Please enter the company's name (2 to 200 characters).")).toBeInTheDocument();
    expect(textbox('City')).toHaveAccessibleDescription('Please enter the city.');
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);

    await user.click(toggle());
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      { ticketType: 'developer', amount: 79900, name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
  });

  it('shows the server’s billing field errors next to their fields', async () => {
    serve({
      '/api/create-payment-intent': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: {
              'billing.postalCode': 'Please enter a valid postal code.',
              'billing.taxId': 'Please enter a valid tax or VAT ID (letters, digits, spaces, . - /).',
            },
          },
          422,
        ),
    });
    const { user } = renderCheckout();
    await fillDetails(user);
    await fillBilling(user);
    await user.type(textbox('Tax / VAT ID (optional)'), 'US 12-3456789');

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('Please correct the highlighted fields.');
    expect(textbox('Postal code (optional)')).toHaveAccessibleDescription('Please enter a valid postal code.');
    expect(textbox('Tax / VAT ID (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Tax / VAT ID (optional)')).toHaveAccessibleDescription(
      'Please enter a valid tax or VAT ID (letters, digits, spaces, . - /).',
    );
  });

  it('retries a lost create with the same key, but makes changed billing details a new attempt', async () => {
    let calls = 0;
    const fetchSpy = serve({
      '/api/create-payment-intent': () =>
        ++calls <= 2
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse({ clientSecret: 'pi_sandbox_abc_secret_xyz', ticketId: 1, amount: 79900 }),
    });
    const { user } = renderCheckout();
    await fillDetails(user);
    await fillBilling(user);

    await user.click(proceed());
    await findToast('Error');
    await user.click(proceed());
    await waitFor(() => expect(postedTo(fetchSpy, '/api/create-payment-intent')).toHaveLength(2));
    await user.clear(textbox('City'));
    await user.type(textbox('City'), 'Miami');
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    const keys = fetchSpy.mock.calls
      .filter(([input]) => input === '/api/create-payment-intent')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(postedTo(fetchSpy, '/api/create-payment-intent')[2]).toMatchObject({ billing: { city: 'Miami' } });
  });
});
