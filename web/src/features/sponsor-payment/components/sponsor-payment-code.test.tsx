import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { testCountries } from '@/test/countries';
import { LocationProbe } from '@/test/location-probe';
import { renderWithProviders } from '@/test/render';
import { SponsorPaymentPage } from './sponsor-payment-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

function tier(value: string, label: string, amount: number) {
  return { value, label, amount, group: 'standard', sales: 'open', available: true, vipPasses: 2, perks: [] };
}

const gold = tier('gold', 'Gold', 2500000);
const founders = tier('founders', 'Founders Circle', 7500000);

type Handler = Parameters<typeof routeRequests>[0][string];

/** The server: Gold on sale, GOLD10 taking 10% off, PARTNER-FREE all of it and unlocking Founders Circle. */
function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/sponsorship-tiers': (_, url) =>
        jsonResponse(url.endsWith('?code=PARTNER-FREE') ? [gold, founders] : [gold]),
      '/api/quote': quoteAtListPrice(
        (value) => [gold, founders].find((candidate) => candidate.value === value)?.amount,
        {
          GOLD10: 10,
          'PARTNER-FREE': 100,
        },
      ),
      '/api/create-sponsorship-payment': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_spn_secret_xyz',
          paymentIntentId: 'pi_sandbox_spn',
          amount: (body as { price: number }).price,
          paid: false,
        }),
      ...overrides,
    }),
  );
}

function renderSponsorPayment(query: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.sponsorPayment} element={<SponsorPaymentPage />} />
      <Route path={paths.sponsorConfirmation} element={<LocationProbe />} />
    </Routes>,
    { route: `${paths.sponsorPayment}${query}` },
  );
}

type User = ReturnType<typeof renderSponsorPayment>['user'];

async function fillSponsor(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Acme Corp');
  await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Ana Diaz');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@acme.example');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+1 305 555 0100');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Ocean Drive');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Miami Beach');
}

describe('sponsor payment: codes', () => {
  it('shows the tier’s quoted price with a code, and pays that', async () => {
    const fetchSpy = serve();
    const { user } = renderSponsorPayment('?tier=gold');
    await fillSponsor(user);

    const price = await screen.findByRole('region', { name: 'Price' });
    expect(within(price).getByText('Total').nextElementSibling).toHaveTextContent('$25,000.00');

    await user.click(screen.getByRole('button', { name: 'Have a code?' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'GOLD10');

    expect(await within(price).findByText('Code GOLD10: 10% off')).toBeInTheDocument();
    expect(within(price).getByText('−$2,500.00')).toBeInTheDocument();
    expect(within(price).getByText('Total').nextElementSibling).toHaveTextContent('$22,500.00');

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    await screen.findByRole('heading', { name: 'Complete Your Sponsorship Payment' });
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toMatchObject([
      { tier: 'gold', price: 2250000, code: 'GOLD10' },
    ]);
    const summary = screen.getByRole('region', { name: 'Sponsorship summary' });
    expect(within(summary).getByText('Code GOLD10: 10% off')).toBeInTheDocument();
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$22,500.00');
  });

  it('lists the hidden tier a ?code= link unlocks, and confirms a sponsorship the code made free', async () => {
    const fetchSpy = serve({
      '/api/create-sponsorship-payment': () =>
        jsonResponse({ clientSecret: 'free_ord_9_secret', paymentIntentId: 'free_ord_9', amount: 0, paid: true }),
    });
    const { user } = renderSponsorPayment('?tier=founders&code=PARTNER-FREE');

    expect(await screen.findByRole('combobox', { name: 'Sponsorship tier' })).toHaveValue('founders');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('PARTNER-FREE');
    expect(requestedUrls(fetchSpy, '/api/sponsorship-tiers')).toEqual(['/api/sponsorship-tiers?code=PARTNER-FREE']);
    const price = screen.getByRole('region', { name: 'Price' });
    expect(await within(price).findByText('Code PARTNER-FREE: Free')).toBeInTheDocument();
    expect(within(price).getByText('Total').nextElementSibling).toHaveTextContent('$0.00');
    await fillSponsor(user);

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/sponsor-confirmation?tier=founders&payment_intent=free_ord_9&payment_intent_client_secret=free_ord_9_secret&redirect_status=succeeded',
    );
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toMatchObject([
      { tier: 'founders', price: 0, code: 'PARTNER-FREE' },
    ]);
  });
});
