import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { MerchandiseConfirmationPage } from './merchandise-confirmation-page';

const PAYMENT_ID = 'pi_sandbox_abc';
const RETURN_QUERY = `?payment_intent=${PAYMENT_ID}&payment_intent_client_secret=${PAYMENT_ID}_secret_xyz&redirect_status=succeeded`;

const confirmed = {
  status: 'paid',
  orderId: 'ord_1',
  reference: 'CW-7K3P9QXM',
  pickupCode: 'PU-4F7K2Q',
  itemName: 'Hackathon Tee',
  size: 'M',
  color: 'Coral',
  quantity: 2,
  amount: 6998,
};

const invoicesPage = {
  reference: 'CW-7K3P9QXM',
  kind: 'merchandise',
  status: 'paid',
  billing: null,
  canCorrectBilling: true,
  correctBillingUntil: '2026-12-24',
  billingCorrectedAt: null,
  invoices: [
    {
      number: 'CW2026-00001',
      kind: 'invoice',
      total: 6998,
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
      '/api/get-payment-details': () => jsonResponse({ merchandiseId: 2, name: 'Ana Diaz', email: 'ana@example.com' }),
      '/api/confirm-merchandise-purchase': () => jsonResponse(confirmed),
      ...overrides,
    }),
  );
}

function renderConfirmation(query = RETURN_QUERY) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.merchandiseConfirmation} element={<MerchandiseConfirmationPage />} />
    </Routes>,
    // as in main.tsx: effects run twice on mount
    { route: `${paths.merchandiseConfirmation}${query}`, strictMode: true },
  );
}

describe('merchandise confirmation', () => {
  it('looks the payment up, confirms the purchase once, and shows the order with its pickup code', async () => {
    const confirmation = deferred<Response>();
    const fetchSpy = serveConfirmation({ '/api/confirm-merchandise-purchase': () => confirmation.promise });
    renderConfirmation();

    expect(screen.getByRole('heading', { level: 1, name: 'Processing Your Order' })).toBeInTheDocument();
    await waitFor(() => expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toHaveLength(1));
    confirmation.resolve(jsonResponse(confirmed));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toHaveFocus();
    expect(requestedUrls(fetchSpy, '/api/get-payment-details')).toEqual([
      `/api/get-payment-details?paymentIntentId=${PAYMENT_ID}&clientSecret=${PAYMENT_ID}_secret_xyz`,
    ]);
    // Strict Mode runs effects twice; the purchase is still confirmed once
    expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toEqual([
      {
        paymentIntentId: PAYMENT_ID,
        merchandiseId: 2,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        clientSecret: `${PAYMENT_ID}_secret_xyz`,
      },
    ]);

    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('PU-4F7K2Q')).toBeInTheDocument();
    const order = screen.getByText('Order reference').closest('dl') as HTMLElement;
    expect(within(order).getByText('Hackathon Tee')).toBeInTheDocument();
    expect(within(order).getByText('M')).toBeInTheDocument();
    expect(within(order).getByText('Coral')).toBeInTheDocument();
    expect(within(order).getByText('2')).toBeInTheDocument();
    expect(within(order).getByText('$69.98')).toBeInTheDocument();
    expect(within(order).getByText('CW-7K3P9QXM')).toBeInTheDocument();
    expect(
      screen.getByText(/Pick up your order at the conference in South Beach, Miami, May 18-22, 2026\./),
    ).toHaveTextContent('Bring your confirmation email or a photo ID.');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

    expect(await findToast('Purchase Confirmed')).toHaveTextContent('Your merchandise order has been confirmed!');
    await waitFor(() => expect(document.title).toBe('Order Confirmed | CodeWave Miami 2026'));
  });

  it('sends the brief’s fallbacks when the order has no name or email', async () => {
    const fetchSpy = serveConfirmation({
      '/api/get-payment-details': () => jsonResponse({ merchandiseId: 2, name: '', email: null }),
    });
    renderConfirmation();

    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toEqual([
      {
        paymentIntentId: PAYMENT_ID,
        merchandiseId: 2,
        name: 'Unknown',
        email: 'unknown@example.com',
        clientSecret: `${PAYMENT_ID}_secret_xyz`,
      },
    ]);
  });

  it('says the payment information is missing when the address lacks it', async () => {
    const fetchSpy = serveConfirmation();
    renderConfirmation(`?payment_intent=${PAYMENT_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Missing payment information in URL');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(requestedUrls(fetchSpy, '/api/get-payment-details')).toEqual([]);
    expect(await findToast('Confirmation Failed')).toHaveTextContent(
      "We couldn't confirm your purchase. Please contact support.",
    );
  });

  it('says the payment could not be verified when the lookup fails', async () => {
    const fetchSpy = serveConfirmation({
      '/api/get-payment-details': () =>
        jsonResponse({ message: 'No merchandise order was found for this payment.' }, 404),
    });
    renderConfirmation();

    expect(await screen.findByRole('heading', { name: 'Order Confirmation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment verification failed');
    expect(screen.getByRole('alert')).toHaveTextContent('No merchandise order was found for this payment.');
    expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toEqual([]);
  });

  it('calls the details invalid when they name no item', async () => {
    const fetchSpy = serveConfirmation({
      '/api/get-payment-details': () => jsonResponse({ merchandiseId: 0, name: 'Ana Diaz', email: 'ana@example.com' }),
    });
    renderConfirmation();

    expect(await screen.findByRole('heading', { name: 'Order Confirmation Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid payment details');
    expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toEqual([]);
  });

  it('says the purchase could not be confirmed, with a toast and the support address', async () => {
    serveConfirmation({
      '/api/confirm-merchandise-purchase': () => jsonResponse({ message: 'The payment has not been completed.' }, 409),
    });
    renderConfirmation();

    expect(await screen.findByRole('heading', { name: 'Order Confirmation Failed' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to confirm purchase');
    expect(screen.getByText(/If your payment went through, you will receive a confirmation email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@codewave.events' })).toHaveAttribute(
      'href',
      'mailto:hello@codewave.events',
    );
    expect(await findToast('Confirmation Failed')).toHaveTextContent(
      "We couldn't confirm your purchase. Please contact support.",
    );
    await waitFor(() => expect(document.title).toBe('Order Confirmation Failed | CodeWave Miami 2026'));
  });
});

describe('merchandise confirmation: invoices', () => {
  it('lists the order’s invoices once it is confirmed, asking with the payment from the address', async () => {
    const confirmation = deferred<Response>();
    const fetchSpy = serveConfirmation({
      '/api/confirm-merchandise-purchase': () => confirmation.promise,
      '/api/my-order': () => jsonResponse(invoicesPage),
    });
    renderConfirmation();

    await waitFor(() => expect(postedTo(fetchSpy, '/api/confirm-merchandise-purchase')).toHaveLength(1));
    expect(requestedUrls(fetchSpy, '/api/my-order')).toEqual([]);
    confirmation.resolve(jsonResponse(confirmed));

    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByRole('button', { name: 'Download invoice CW2026-00001' })).toBeInTheDocument();
    expect(within(invoices).getByRole('button', { name: 'Correct billing details' })).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls.find(([input]) => input === '/api/my-order') ?? [];
    expect(new Headers(init?.headers).get('X-Payment-Intent')).toBe(PAYMENT_ID);
    expect(new Headers(init?.headers).get('X-Client-Secret')).toBe(`${PAYMENT_ID}_secret_xyz`);
  });
});
