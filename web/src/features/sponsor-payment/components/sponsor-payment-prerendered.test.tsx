import { QueryClientProvider } from '@tanstack/react-query';
import { act, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { config, type SiteConfig } from '@/features/config/api/get-config';
import { parseTiers, sponsorshipTiers } from '@/lib/api/get-sponsorship-tiers';
import { createQueryClient } from '@/lib/query-client';
import { MemoryRouter, Route, Routes, StaticRouter } from '@/lib/router';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { SponsorPaymentPage } from './sponsor-payment-page';

vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const tiers = [
  {
    value: 'platinum',
    label: 'Platinum',
    amount: 5000000,
    group: 'standard',
    available: true,
    vipPasses: 4,
    perks: [],
  },
  { value: 'gold', label: 'Gold', amount: 2500000, group: 'standard', available: true, vipPasses: 2, perks: [] },
];

function app(router: (routes: ReactNode) => ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      {router(
        <Routes>
          <Route path={paths.sponsorPayment} element={<SponsorPaymentPage />} />
        </Routes>,
      )}
    </QueryClientProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The page as the prerenderer makes it, from the catalogue and without a query, hydrated at `route`. */
async function prerenderAndHydrate(route: string) {
  config.prime(sandboxConfig as SiteConfig, { fresh: true });
  sponsorshipTiers.prime(parseTiers(tiers));
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    app((routes) => <StaticRouter location={paths.sponsorPayment}>{routes}</StaticRouter>),
  );
  document.body.append(container);
  const prerenderedTier = within(container).getByRole<HTMLSelectElement>('combobox', {
    name: 'Sponsorship tier',
  }).value;
  const hydrationErrors = vi.fn();
  await act(async () => {
    root = hydrateRoot(
      container,
      app((routes) => <MemoryRouter initialEntries={[route]}>{routes}</MemoryRouter>),
      { onRecoverableError: hydrationErrors },
    );
  });
  return { container, prerenderedTier, hydrationErrors };
}

describe('the prerendered sponsor payment page', () => {
  it('arrives with the form, and takes the tier from the address once the app runs', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/countries': () => jsonResponse(testCountries),
        '/api/sponsorship-tiers': () => jsonResponse(tiers),
        '/api/quote': quoteAtListPrice((value) => tiers.find((tier) => tier.value === value)?.amount),
      }),
    );

    const { container, prerenderedTier, hydrationErrors } = await prerenderAndHydrate(
      `${paths.sponsorPayment}?tier=gold`,
    );

    expect(prerenderedTier).toBe('');
    expect(within(container).getByRole('combobox', { name: 'Sponsorship tier' })).toHaveValue('gold');
    expect(await within(container).findByRole('region', { name: 'Price' })).toHaveTextContent('$25,000.00');
    // the tiers' availability was unknown when the page was made: it is asked for again
    expect(requestedUrls(fetchSpy, '/api/sponsorship-tiers')).toHaveLength(1);
    expect(hydrationErrors).not.toHaveBeenCalled();
  });

  it('lets the tier go when the refreshed list finds it taken since the page was made', async () => {
    const taken = tiers.map((tier) => (tier.value === 'gold' ? { ...tier, available: false } : tier));
    mockFetch(
      routeRequests({
        '/api/countries': () => jsonResponse(testCountries),
        '/api/sponsorship-tiers': () => jsonResponse(taken),
        '/api/quote': quoteAtListPrice((value) => tiers.find((tier) => tier.value === value)?.amount),
      }),
    );

    const { container, hydrationErrors } = await prerenderAndHydrate(`${paths.sponsorPayment}?tier=gold`);

    expect(await within(container).findByText(/The Gold sponsorship has already been taken/)).toBeVisible();
    expect(within(container).getByRole('combobox', { name: 'Sponsorship tier' })).toHaveValue('');
    expect(hydrationErrors).not.toHaveBeenCalled();
  });
});
