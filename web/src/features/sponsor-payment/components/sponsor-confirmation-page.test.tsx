import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SponsorConfirmationPage } from './sponsor-confirmation-page';

const PAYMENT_ID = 'pi_sandbox_spn';
const SUCCEEDED = `?payment_intent=${PAYMENT_ID}&payment_intent_client_secret=${PAYMENT_ID}_secret_xyz&redirect_status=succeeded`;

const confirmed = {
  status: 'paid',
  orderId: 'ord_9',
  reference: 'CW-SP0N5R42',
  tier: 'platinum',
  tierLabel: 'Platinum',
  companyName: 'Acme Corp',
  amount: 5000000,
};

const invoicesPage = {
  reference: 'CW-SP0N5R42',
  kind: 'sponsorship',
  status: 'paid',
  billing: null,
  canCorrectBilling: true,
  correctBillingUntil: '2026-12-24',
  billingCorrectedAt: null,
  invoices: [
    {
      number: 'CW2026-00001',
      kind: 'invoice',
      total: 5000000,
      issuedAt: 1795500000000,
      url: '/api/my-order/invoices/CW2026-00001',
    },
  ],
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serveConfirmation(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/confirm-sponsorship': () => jsonResponse(confirmed),
      ...overrides,
    }),
  );
}

function renderConfirmation(query: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.sponsorConfirmation} element={<SponsorConfirmationPage />} />
    </Routes>,
    { route: `${paths.sponsorConfirmation}${query}`, strictMode: true },
  );
}

describe('sponsor confirmation', () => {
  it('confirms a succeeded payment with the server once and shows the sponsorship', async () => {
    const confirmation = deferred<Response>();
    const fetchSpy = serveConfirmation({ '/api/confirm-sponsorship': () => confirmation.promise });
    renderConfirmation(SUCCEEDED);

    expect(screen.getByRole('status')).toHaveTextContent('Confirming your sponsorship payment…');
    await waitFor(() => expect(postedTo(fetchSpy, '/api/confirm-sponsorship')).toHaveLength(1));
    confirmation.resolve(jsonResponse(confirmed));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsorship Confirmed!' })).toHaveFocus();
    // Strict Mode runs effects twice; the sponsorship is still confirmed once
    // the client secret from the return URL proves this browser is the sponsor's
    expect(postedTo(fetchSpy, '/api/confirm-sponsorship')).toEqual([
      { paymentIntentId: PAYMENT_ID, clientSecret: `${PAYMENT_ID}_secret_xyz` },
    ]);
    const details = screen.getByText('Payment reference').closest('dl') as HTMLElement;
    expect(within(details).getByText('CW-SP0N5R42')).toBeInTheDocument();
    // the gateway's payment id is no reference for the sponsor to quote
    expect(within(details).queryByText(PAYMENT_ID)).not.toBeInTheDocument();
    expect(within(details).getByText('Platinum')).toBeInTheDocument();
    expect(within(details).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(details).getByText('$50,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Sponsorship' })).toHaveAttribute('href', '/sponsorship');
    await waitFor(() => expect(document.title).toBe('Sponsorship Confirmed | CodeWave Miami 2026'));
  });

  it('shows N/A when the confirmation carries no reference', async () => {
    serveConfirmation({ '/api/confirm-sponsorship': () => jsonResponse({ status: 'paid' }) });
    renderConfirmation(SUCCEEDED);

    await screen.findByRole('heading', { name: 'Sponsorship Confirmed!' });
    const details = screen.getByText('Payment reference').closest('dl') as HTMLElement;
    expect(within(details).getByText('N/A')).toBeInTheDocument();
  });

  it.each([
    ['the payment did not succeed', `?payment_intent=${PAYMENT_ID}&redirect_status=failed`],
    ['the address has no payment', ''],
    ['the address has no payment id', '?redirect_status=succeeded'],
  ])('says the payment was not completed when %s, without asking the server', async (_, query) => {
    const fetchSpy = serveConfirmation();
    renderConfirmation(query);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/sponsor-payment');
    expect(postedTo(fetchSpy, '/api/confirm-sponsorship')).toEqual([]);
  });

  it('keeps the tier for another attempt', async () => {
    serveConfirmation();
    renderConfirmation(`?tier=gold&payment_intent=${PAYMENT_ID}&redirect_status=failed`);

    expect(await screen.findByRole('link', { name: 'Try Again' })).toHaveAttribute(
      'href',
      '/sponsor-payment?tier=gold',
    );
  });

  it('says the payment was not completed when the server cannot confirm it', async () => {
    serveConfirmation({
      '/api/confirm-sponsorship': () => jsonResponse({ message: 'The payment has not been completed.' }, 409),
    });
    renderConfirmation(SUCCEEDED);

    expect(await screen.findByRole('heading', { name: 'Payment Not Completed' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('The payment has not been completed.');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/sponsor-payment');
    expect(screen.getByRole('link', { name: 'hello@codewave.events' })).toHaveAttribute(
      'href',
      'mailto:hello@codewave.events',
    );
  });
});

describe('sponsor confirmation: invoices', () => {
  it('lists the sponsorship’s invoices once it is confirmed, asking with the payment from the address', async () => {
    const fetchSpy = serveConfirmation({ '/api/my-order': () => jsonResponse(invoicesPage) });
    renderConfirmation(SUCCEEDED);

    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('Invoice CW2026-00001 · $50,000.00 · November 24, 2026')).toBeVisible();
    const [, init] = fetchSpy.mock.calls.find(([input]) => input === '/api/my-order') ?? [];
    expect(new Headers(init?.headers).get('X-Payment-Intent')).toBe(PAYMENT_ID);
    expect(new Headers(init?.headers).get('X-Client-Secret')).toBe(`${PAYMENT_ID}_secret_xyz`);
  });

  it('asks for no invoices when the payment did not go through', async () => {
    const fetchSpy = serveConfirmation({ '/api/my-order': () => jsonResponse(invoicesPage) });
    renderConfirmation(SUCCEEDED.replace('succeeded', 'failed'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/my-order')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Invoices' })).not.toBeInTheDocument();
  });
});
