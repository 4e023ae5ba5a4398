import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { backOfficePaths } from '@/features/admin/shell/paths';

const tickets = [
  { id: 1, type: 'developer', name: 'Developer Pass', description: '', price: 79900, features: [] },
  { id: 2, type: 'vip', name: 'VIP Pass', description: '', price: 129900, features: [] },
];

const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

const saved: { href: string; download: string }[] = [];
const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost/badges-1');

beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  // jsdom cannot save files: record what the link would have saved
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  createObjectURL.mockClear();
});

function renderBadges(role: string, badges: () => Response = pdf, route: string = backOfficePaths.badges) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia', role }),
      '/api/tickets': () => jsonResponse(tickets),
      '/api/admin/badges.pdf': badges,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route },
  );
  return { fetchSpy, ...rendered };
}

describe('the badges screen', () => {
  it('downloads the badges of the chosen layout, ticket types and those not yet checked in', async () => {
    const { fetchSpy, user } = renderBadges('manager');
    const form = await screen.findByRole('form', { name: 'Badges to print' });

    await user.selectOptions(within(form).getByLabelText('Layout'), 'Four A6 on an A4 sheet, to cut');
    await user.click(await within(form).findByRole('checkbox', { name: 'VIP Pass' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Developer Pass' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Not yet checked in only' }));
    await user.click(within(form).getByRole('button', { name: 'Download badges (PDF)' }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:http://localhost/badges-1', download: 'badges-4-a6-on-a4.pdf' }]),
    );
    expect(requestedUrls(fetchSpy, '/api/admin/badges.pdf')).toEqual([
      '/api/admin/badges.pdf?layout=4-a6-on-a4&ticketTypes=developer%2Cvip&checkedIn=false',
    ]);
    const [badges] = createObjectURL.mock.calls[0];
    expect(await badges.text()).toBe('%PDF-1.7');
  });

  it('without a choice, asks for every valid ticket’s badge on the event file’s first layout', async () => {
    const { fetchSpy, user } = renderBadges('owner');

    await user.click(await screen.findByRole('button', { name: 'Download badges (PDF)' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:http://localhost/badges-1', download: 'badges.pdf' }]));
    expect(requestedUrls(fetchSpy, '/api/admin/badges.pdf')).toEqual(['/api/admin/badges.pdf']);
  });

  it('shows an unknown layout beside its field', async () => {
    const { user } = renderBadges('owner', () =>
      jsonResponse(
        {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { layout: 'There is no badge layout by that name: choose desk-printer, label-sheets.' },
        },
        422,
      ),
    );

    await user.selectOptions(await screen.findByLabelText('Layout'), 'One a page, A6 (105 × 148 mm)');
    await user.click(screen.getByRole('button', { name: 'Download badges (PDF)' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Layout')).toHaveAccessibleDescription(
        'There is no badge layout by that name: choose desk-printer, label-sheets.',
      ),
    );
    expect(saved).toEqual([]);
  });

  it('says so when nobody matches', async () => {
    const { user } = renderBadges('door', () =>
      jsonResponse({ message: 'No valid ticket matches: there are no badges to print.' }, 404),
    );

    await user.click(await screen.findByRole('button', { name: 'Download badges (PDF)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No valid ticket matches: there are no badges to print.',
    );
    expect(screen.getByRole('button', { name: 'Download badges (PDF)' })).toBeEnabled();
  });

  it('is in the navigation of owners, managers and the door, not support', async () => {
    for (const role of ['owner', 'manager', 'door']) {
      const { unmount } = renderBadges(role);
      const navigation = await screen.findByRole('navigation', { name: 'Back office' });
      expect(within(navigation).getByRole('link', { name: 'Badges' })).toHaveAttribute('href', backOfficePaths.badges);
      unmount();
    }
    const { fetchSpy } = renderBadges('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(navigation).queryByRole('link', { name: 'Badges' })).not.toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/admin/badges.pdf')).toEqual([]);
  });
});
