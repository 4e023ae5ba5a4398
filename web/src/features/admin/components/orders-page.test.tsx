import { screen } from '@testing-library/react';
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
});
