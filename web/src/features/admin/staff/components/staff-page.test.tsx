import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const olivia = {
  id: 's1',
  email: 'olivia@codewave.example.com',
  name: 'Olivia Organizer',
  role: 'owner',
  status: 'active',
  createdAt: 1_767_225_600_000,
};
const dora = { ...olivia, id: 's2', email: 'dora@example.com', name: 'Dora Door', role: 'door', status: 'invited' };

function renderStaff(role: string, routes: Parameters<typeof routeRequests>[0] = {}) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia Organizer', role }),
      '/api/admin/staff': (body) =>
        body === undefined
          ? jsonResponse({ staff: [olivia] })
          : jsonResponse({ person: dora, invitationUrl: 'http://localhost/admin/invitation#tok3n' }),
      ...routes,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.staff },
  );
  return { fetchSpy, ...rendered };
}

describe('the staff screen', () => {
  it('invites a person with a role and shows the link that was emailed', async () => {
    const { fetchSpy, user } = renderStaff('owner');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByText('olivia@codewave.example.com')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Dora Door');
    await user.type(within(form).getByLabelText('Email'), 'dora@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'door');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('http://localhost/admin/invitation#tok3n')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/staff')).toEqual([
      { email: 'dora@example.com', name: 'Dora Door', role: 'door' },
    ]);
  });

  it('shows the server’s field errors next to their fields', async () => {
    const { user } = renderStaff('owner', {
      '/api/admin/staff': (body) =>
        body === undefined
          ? jsonResponse({ staff: [olivia] })
          : jsonResponse(
              {
                message: 'Please enter the person’s email address.',
                fieldErrors: { email: 'Please enter the person’s email address.' },
              },
              422,
            ),
    });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Dora Door');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter the person’s email address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is only in the owner’s navigation', async () => {
    renderStaff('manager');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
  });
});
