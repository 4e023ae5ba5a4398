import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { AdminApp } from './admin-app';

const order = {
  id: 'o1',
  reference: 'CW-7K3P9QXM',
  kind: 'ticket',
  status: 'paid',
  buyerName: 'Ana Diaz',
  buyerEmail: 'ana@example.com',
  itemName: 'Developer Pass',
  sku: 'ticket:developer',
  unitPrice: 79900,
  quantity: 1,
  options: { ticketType: 'developer' },
  amount: 79900,
  refundedAmount: 0,
  currency: 'usd',
  gateway: 'sandbox',
  paymentId: 'pi_sandbox_1',
  createdAt: 1_767_225_600_000,
  updatedAt: 1_767_225_600_000,
  expiresAt: 1_767_227_400_000,
  paidAt: 1_767_225_660_000,
};

const closedPolicy = {
  window: 'closed',
  amount: 0,
  explanation:
    'No refund: the ticket refund period ended on April 18, 2026. You may still refund an amount with a reason.',
};

function serve(refundPolicy = closedPolicy) {
  return mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia' }),
      '/api/admin/orders/o1': () => jsonResponse({ order, refunds: [], tickets: [], timeline: [], refundPolicy }),
      '/api/admin/orders/o1/refund': (body) =>
        jsonResponse({
          refund: {
            id: 'r1',
            orderId: 'o1',
            amount: (body as { amount: number }).amount,
            policy: 'override',
            reason: 'Visa refused',
            status: 'succeeded',
            actor: 'Olivia',
            createdAt: 1,
            completedAt: 2,
          },
          order: { ...order, refundedAmount: (body as { amount: number }).amount },
        }),
    }),
  );
}

describe('refunding an order', () => {
  it('asks for an amount and a reason once the policy gives nothing, and sends one key per attempt', async () => {
    const fetchSpy = serve();
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: '/admin/orders/o1' },
    );

    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order CW-7K3P9QXM' });
    expect(dialog).toHaveTextContent('No refund: the ticket refund period ended on April 18, 2026.');
    expect(within(dialog).queryByRole('radio', { name: /By the policy/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Enter an amount in dollars, such as 25.00.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason for refunding this amount.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '900');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Visa refused');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $900.00' }));
    expect(within(dialog).getByText('At most $799.00 can still be refunded.')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Amount in US dollars'));
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $25.50' }));

    expect(await findToast('Refunded')).toHaveTextContent('$25.50 is on its way back to Ana Diaz.');
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([{ amount: 2550, reason: 'Visa refused' }]);
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/admin/orders/o1/refund') ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
