import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from './admin-app';

const emptyDashboard = {
  totals: [{ kind: 'ticket', status: 'paid', count: 2, amount: 159800, refunded: 0 }],
  revenue: { ticket: 159800 },
  stock: [],
  salesByDay: [],
  latestOrders: [],
  attention: { flaggedForRefund: [], failedEmails: [], stuckPending: [] },
  checkIns: [],
  duplicateScans: [],
};

const latestOrder = {
  id: 'o1',
  reference: 'CW-7K3P9QXM',
  kind: 'ticket',
  status: 'paid',
  buyerName: 'Ana Diaz',
  buyerEmail: 'ana@example.com',
  itemName: 'Developer Pass',
  sku: 'ticket:developer',
  unitPrice: 79900,
  quantity: 2,
  options: { ticketType: 'developer' },
  amount: 159800,
  refundedAmount: 0,
  currency: 'usd',
  gateway: 'sandbox',
  createdAt: 1_767_225_600_000,
  updatedAt: 1_767_225_600_000,
  expiresAt: 1_767_227_400_000,
  paidAt: 1_767_225_660_000,
};

const dashboardWithBuyer = { ...emptyDashboard, latestOrders: [latestOrder] };

const signInRequired = () =>
  jsonResponse({ message: 'Please sign in to the back office.', code: 'sign_in_required' }, 401);

function renderAdmin() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: '/admin' },
  );
}

describe('back office access', () => {
  it('explains how to open a closed back office and shows nothing else', async () => {
    mockFetch(
      routeRequests({
        '/api/admin/session': () =>
          jsonResponse({ message: 'The back office is not enabled on this server.', code: 'admin_disabled' }, 401),
      }),
    );
    renderAdmin();

    expect(await screen.findByRole('heading', { level: 1, name: 'The back office is closed' })).toBeInTheDocument();
    expect(screen.getByText('The back office is not enabled on this server.')).toBeInTheDocument();
    expect(screen.getByText('conference admin hash-password')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('signs in with an email and a password, then shows the dashboard', async () => {
    let signedIn = false;
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': (body) => {
          if (body === undefined) {
            return signedIn
              ? jsonResponse({ name: 'Olivia', role: 'owner' })
              : jsonResponse({ message: 'Please sign in.', code: 'sign_in_required' }, 401);
          }
          signedIn = true;
          return jsonResponse({ name: 'Olivia', role: 'owner' });
        },
        '/api/admin/dashboard': () => jsonResponse(emptyDashboard),
      }),
    );
    const { user } = renderAdmin();

    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(form).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'olivia@codewave.example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/session')).toEqual([
      { email: 'olivia@codewave.example.com', password: 'correct horse' },
    ]);
    expect(screen.getByText('Signed in as')).toBeInTheDocument();
    const tickets = await screen.findByText('Tickets', { selector: 'dt' });
    expect(tickets.nextElementSibling).toHaveTextContent('$1,598.00');
  });

  it('says beside the field when the password is wrong', async () => {
    mockFetch(
      routeRequests({
        '/api/admin/session': (body) =>
          body === undefined
            ? jsonResponse({ message: 'Please sign in.', code: 'sign_in_required' }, 401)
            : jsonResponse({ message: 'That email and password do not match.', code: 'wrong_password' }, 401),
      }),
    );
    const { user } = renderAdmin();

    await user.type(await screen.findByLabelText('Email'), 'mallory@example.com');
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('That email and password do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('leaving the back office', () => {
  /** Olivia's session, which lasts until she signs out; `routes` answer the other calls. */
  function serveSession(routes: Parameters<typeof routeRequests>[0] = {}) {
    let signedIn = true;
    const answer = routeRequests({
      '/api/admin/session': () => (signedIn ? jsonResponse({ name: 'Olivia', role: 'owner' }) : signInRequired()),
      '/api/admin/dashboard': () => jsonResponse(dashboardWithBuyer),
      ...routes,
    });
    return mockFetch((url, init) => {
      if (url === '/api/admin/session' && init?.method === 'DELETE') {
        signedIn = false;
        return new Response(null, { status: 204 });
      }
      return answer(url, init);
    });
  }

  /** The back-office queries left in the cache, by key. */
  function cachedAdminQueries(queryClient: ReturnType<typeof renderAdmin>['queryClient']) {
    return queryClient
      .getQueryCache()
      .findAll({ queryKey: ['admin'] })
      .map((query) => query.queryKey);
  }

  async function expectDashboard() {
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as')).toBeInTheDocument();
    expect(await screen.findByText('Tickets', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getAllByText('$1,598.00').length).toBeGreaterThan(0);
    expect(screen.getByText('Ana Diaz')).toBeInTheDocument();
  }

  function expectNothingOfTheSession() {
    expect(screen.queryByText('Signed in as')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('$1,598.00')).not.toBeInTheDocument();
    expect(screen.queryByText('Ana Diaz')).not.toBeInTheDocument();
    expect(screen.queryByText(/Please reload the page/)).not.toBeInTheDocument();
  }

  it('signing out shows the sign-in form at once and drops the dashboard’s figures and buyers', async () => {
    const fetchSpy = serveSession();
    const { user, queryClient } = renderAdmin();
    await expectDashboard();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are signed out.');
    expectNothingOfTheSession();
    expect(cachedAdminQueries(queryClient)).toEqual([['admin', 'access']]);
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url))).toEqual([
      '/api/admin/session',
    ]);
  });

  it('when a screen’s call answers 401, the session ended elsewhere: back to the sign-in form, nothing kept', async () => {
    serveSession({ '/api/admin/orders': signInRequired });
    const { user, queryClient } = renderAdmin();
    await expectDashboard();

    const navigation = screen.getByRole('navigation', { name: 'Back office' });
    await user.click(within(navigation).getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    expectNothingOfTheSession();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    expect(cachedAdminQueries(queryClient)).toEqual([['admin', 'access']]);
  });

  it('when an action answers 401, such as a check-in at the door, back to the sign-in form', async () => {
    const fetchSpy = serveSession({ '/api/admin/check-in': signInRequired });
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    await user.type(await screen.findByLabelText('Ticket code'), 'TK-7K3P-9QXM-7K3P-9QXM-7K3P');
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument();
    expect(screen.queryByText('Signed in as')).not.toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/check-in')).toHaveLength(1);
  });

  it('when the back office is closed on the server meanwhile, says so instead', async () => {
    serveSession({
      '/api/admin/orders': () =>
        jsonResponse({ message: 'The back office is not enabled on this server.', code: 'admin_disabled' }, 401),
    });
    const { user, queryClient } = renderAdmin();
    await expectDashboard();

    await user.click(screen.getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The back office is closed' })).toBeInTheDocument();
    expectNothingOfTheSession();
    expect(cachedAdminQueries(queryClient)).toEqual([['admin', 'access']]);
  });
});
