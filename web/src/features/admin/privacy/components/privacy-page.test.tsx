import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { formatTime } from '@/features/admin/shared/components/format';

const runsAt = 1_787_184_000_000;
const erased = { erased: { orders: 2, tickets: 2, registrations: 1, entries: 0 } };

function renderPrivacy(role: string, erase = () => jsonResponse(erased)) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia', role }),
      '/api/admin/privacy': () => jsonResponse({ keepPersonalDataDays: 90, runsAt, erasedAt: null }),
      '/api/admin/privacy/erase': erase,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.privacy },
  );
  return { fetchSpy, ...rendered };
}

/** The value shown for `term`, such as "Erased from". */
function figure(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

describe('the privacy screen', () => {
  it('says how long personal data is kept and when it goes', async () => {
    renderPrivacy('manager');
    expect(await screen.findByText('90 days')).toBeInTheDocument();
    expect(figure('Erasure runs from')).toHaveTextContent(formatTime(runsAt));
    expect(figure('Last erased')).toHaveTextContent('Not yet');
    // a manager sees it, and only the owner erases
    expect(screen.queryByRole('form', { name: 'Erase a person’s data' })).not.toBeInTheDocument();
    expect(screen.getByText('Only the owner can erase a person’s data on request.')).toBeInTheDocument();
  });

  it('erases a person once the owner confirms, and says what went', async () => {
    const { fetchSpy, user } = renderPrivacy('owner');
    const form = await screen.findByRole('form', { name: 'Erase a person’s data' });

    await user.type(within(form).getByLabelText('Their email'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Erase…' }));
    expect(within(form).getByLabelText('Their email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Their email'));
    await user.type(within(form).getByLabelText('Their email'), ' ada@example.com ');
    await user.click(within(form).getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase everything about ada@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep their data' }));
    expect(postedTo(fetchSpy, '/api/admin/privacy/erase')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Erase…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase their data' }));
    expect(
      await screen.findByText(
        'Erased for ada@example.com: 2 orders, 2 tickets, 1 waitlist registration and 0 waiting-list entries.',
      ),
    ).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/privacy/erase')).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the email by the field", async () => {
    const { user } = renderPrivacy('owner', () =>
      jsonResponse(
        { message: 'Please correct the highlighted fields.', fieldErrors: { email: 'This is not an email address.' } },
        422,
      ),
    );
    const form = await screen.findByRole('form', { name: 'Erase a person’s data' });
    await user.type(within(form).getByLabelText('Their email'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Erase…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase their data' }));
    expect(await within(form).findByText('This is not an email address.')).toBeInTheDocument();
  });

  it('is not for support or the door', async () => {
    const { fetchSpy } = renderPrivacy('support');
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Privacy' }),
    ).not.toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/admin/privacy')).toEqual([]);
  });
});
