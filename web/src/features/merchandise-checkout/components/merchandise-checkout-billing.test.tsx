import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { MerchandiseCheckoutPage } from './merchandise-checkout-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const mug = {
  id: 3,
  name: 'Ocean Mug',
  description: 'Holds a lot of coffee.',
  price: 1800,
  category: 'accessories',
  sales: 'open',
  available: true,
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/merchandise': () => jsonResponse([mug]),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/quote': quoteAtListPrice((id) => (Number(id) === mug.id ? mug.price : undefined)),
      '/api/create-merchandise-payment': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_abc_secret_xyz',
          paymentIntentId: 'pi_sandbox_abc',
          amount: (body as { amount: number }).amount,
        }),
      ...overrides,
    }),
  );
}

function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.merchandiseCheckoutRoute} element={<MerchandiseCheckoutPage />} />
    </Routes>,
    { route: paths.merchandiseCheckout(mug.id) },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const textbox = (name: string) => screen.getByRole('textbox', { name });
const toggle = () => screen.getByRole('button', { name: 'Buying for a company? Add billing details' });
const proceed = () => screen.getByRole('button', { name: /Continue to Payment|Processing/ });

async function fillCustomer(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ana Diaz');
  await user.type(textbox('Email'), 'ana@example.com');
}

describe('merchandise checkout: billing details', () => {
  it('sends no billing details while the section stays closed', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillCustomer(user);

    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([
      { merchandiseId: 3, amount: 1800, name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
    expect(requestedUrls(fetchSpy, '/api/countries')).toEqual([]);
  });

  it('sends the company’s details, leaving blank optional fields out, when the section is open', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillCustomer(user);
    await user.click(toggle());
    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.type(textbox('Company name'), 'Globex GmbH');
    await user.type(textbox('Address'), 'Unter den Linden 1');
    await user.type(textbox('City'), 'Berlin');
    await user.selectOptions(country, 'Germany');
    await user.type(textbox('Tax / VAT ID (optional)'), 'DE123456789');

    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toEqual([
      {
        merchandiseId: 3,
        amount: 1800,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
        billing: {
          company: 'Globex GmbH',
          address: 'Unter den Linden 1',
          city: 'Berlin',
          country: 'DE',
          taxId: 'DE123456789',
        },
      },
    ]);
  });

  it('shows the server’s billing field errors next to their fields', async () => {
    serve({
      '/api/create-merchandise-payment': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { 'billing.company': 'Please enter the company’s registered name.' },
          },
          422,
        ),
    });
    const { user } = renderCheckout();
    await fillCustomer(user);
    await user.click(toggle());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeEnabled());
    await user.type(textbox('Company name'), 'Globex');
    await user.type(textbox('Address'), '1 Main Street');
    await user.type(textbox('City'), 'Springfield');

    await user.click(proceed());

    expect(await findToast('Could not process payment')).toHaveTextContent('Please correct the highlighted fields.');
    expect(textbox('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Company name')).toHaveAccessibleDescription('Please enter the company’s registered name.');
  });
});
