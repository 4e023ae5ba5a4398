import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrdersPage } from './orders-page';

const emptyList = {
  items: [],
  page: 1,
  pageSize: 50,
  total: 0,
  catalogue: [{ sku: 'ticket:developer', label: 'Developer Pass' }],
};

describe('orders page', () => {
  it('keeps what the organizer typed while the list is still loading', async () => {
    const list = deferred<Response>();
    mockFetch(routeRequests({ '/api/admin/orders': () => list.promise }));
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/admin/orders" element={<OrdersPage />} />
      </Routes>,
      { route: '/admin/orders' },
    );

    const search = screen.getByRole('searchbox', { name: 'Name, email, reference or pickup code' });
    await user.type(search, 'rita@example.com');
    list.resolve(jsonResponse(emptyList));

    expect(await screen.findByRole('option', { name: 'Developer Pass' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Name, email, reference or pickup code' })).toHaveValue(
      'rita@example.com',
    );
  });

  it('shows the code an order used under its amount', async () => {
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
      options: {},
      amount: 63920,
      refundedAmount: 0,
      currency: 'usd',
      gateway: 'sandbox',
      createdAt: 1_767_225_600_000,
      updatedAt: 1_767_225_600_000,
      expiresAt: 1_767_227_400_000,
      phase: null,
      discounts: [{ label: 'Code PARTNER20: 20% off', amount: 15980 }],
      code: 'PARTNER20',
    };
    mockFetch(routeRequests({ '/api/admin/orders': () => jsonResponse({ ...emptyList, items: [order], total: 1 }) }));
    renderWithProviders(
      <Routes>
        <Route path="/admin/orders" element={<OrdersPage />} />
      </Routes>,
      { route: '/admin/orders' },
    );

    const table = await screen.findByRole('table', { name: 'Orders matching the search' });
    const row = within(table).getByRole('row', { name: /CW-7K3P9QXM/ });
    expect(within(row).getByText('$639.20').closest('td')).toHaveTextContent('$639.20PARTNER20');
  });
});
