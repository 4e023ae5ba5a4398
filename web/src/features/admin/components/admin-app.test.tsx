import { screen } from '@testing-library/react';
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
};

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

  it('signs in with a name and the password, then shows the dashboard', async () => {
    let signedIn = false;
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': (body) => {
          if (body === undefined) {
            return signedIn
              ? jsonResponse({ name: 'Olivia' })
              : jsonResponse({ message: 'Please sign in.', code: 'sign_in_required' }, 401);
          }
          signedIn = true;
          return jsonResponse({ name: 'Olivia' });
        },
        '/api/admin/dashboard': () => jsonResponse(emptyDashboard),
      }),
    );
    const { user } = renderAdmin();

    const form = await screen.findByRole('form', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(form).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your name'), 'Olivia');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/session')).toEqual([{ name: 'Olivia', password: 'correct horse' }]);
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
            : jsonResponse({ message: 'That password is not right.', code: 'wrong_password' }, 401),
      }),
    );
    const { user } = renderAdmin();

    await user.type(await screen.findByLabelText('Your name'), 'Mallory');
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
