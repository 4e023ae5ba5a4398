import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, routeRequests, sandboxConfig } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { SponsorPaymentPage } from './sponsor-payment-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const gold = {
  value: 'gold',
  label: 'Gold',
  amount: 2500000,
  group: 'standard',
  sales: 'open',
  available: true,
  vipPasses: 2,
  perks: [],
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/sponsorship-tiers': () => jsonResponse([gold]),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/quote': quoteAtListPrice((value) => (value === 'gold' ? gold.amount : undefined)),
      '/api/create-sponsorship-payment': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_spn_secret_xyz',
          paymentIntentId: 'pi_sandbox_spn',
          amount: (body as { price: number }).price,
        }),
      ...overrides,
    }),
  );
}

function renderSponsorPayment() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.sponsorPayment} element={<SponsorPaymentPage />} />
    </Routes>,
    { route: `${paths.sponsorPayment}?tier=gold` },
  );
}

type User = ReturnType<typeof renderSponsorPayment>['user'];

const textbox = (name: string) => screen.getByRole('textbox', { name });
const country = () => screen.getByRole('combobox', { name: 'Country' });
const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });

async function fillSponsor(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Acme Corp');
  await user.type(textbox('Contact name'), 'Ana Diaz');
  await user.type(textbox('Email'), 'ana@acme.example');
  await user.type(textbox('Phone'), '+1 305 555 0100');
}

describe('sponsor payment: billing address', () => {
  it('asks for the address and the city before anything is sent, with the company named once', async () => {
    const fetchSpy = serve();
    const { user } = renderSponsorPayment();
    await fillSponsor(user);

    expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /Company name/ })).toHaveLength(1);
    await user.click(proceed());

    expect(await screen.findByText('Please enter the street address (one or two lines).')).toBeInTheDocument();
    expect(textbox('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Address')).toHaveAccessibleDescription(
      'One or two lines. Please enter the street address (one or two lines).',
    );
    expect(textbox('City')).toHaveAccessibleDescription('Please enter the city.');
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toEqual([]);
  });

  it('sends the billing address without a company: the sponsor’s company name stands in', async () => {
    const fetchSpy = serve();
    const { user } = renderSponsorPayment();
    await fillSponsor(user);
    await waitFor(() => expect(country()).toHaveValue('US'));
    await user.type(textbox('Address'), '200 Biscayne Blvd{Enter}Floor 12');
    await user.type(textbox('City'), 'Toronto');
    await user.type(textbox('State / region (optional)'), 'ON');
    await user.type(textbox('Postal code (optional)'), 'M5V 2T6');
    await user.selectOptions(country(), 'Canada');
    await user.type(textbox('Tax / VAT ID (optional)'), '123456789RT0001');

    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Complete Your Sponsorship Payment' });
    const [created] = postedTo(fetchSpy, '/api/create-sponsorship-payment');
    expect(created).toMatchObject({
      companyName: 'Acme Corp',
      billing: {
        address: '200 Biscayne Blvd\nFloor 12',
        city: 'Toronto',
        region: 'ON',
        postalCode: 'M5V 2T6',
        country: 'CA',
        taxId: '123456789RT0001',
      },
    });
    expect(created).not.toHaveProperty('billing.company');
  });

  it('puts the server’s billing errors next to their fields, the invoice’s company on the company name', async () => {
    serve({
      '/api/create-sponsorship-payment': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: {
              'billing.city': 'Please enter the city.',
              'billing.company': "Please enter the company's name (2 to 200 characters).",
            },
          },
          422,
        ),
    });
    const { user } = renderSponsorPayment();
    await fillSponsor(user);
    await user.type(textbox('Address'), '1 Main Street');
    await user.type(textbox('City'), 'Miami');
    await waitFor(() => expect(country()).toHaveValue('US'));

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('Please correct the highlighted fields.');
    expect(textbox('City')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('City')).toHaveAccessibleDescription('Please enter the city.');
    expect(textbox('Company name')).toHaveAccessibleDescription(
      "Please enter the company's name (2 to 200 characters).",
    );
  });
});
