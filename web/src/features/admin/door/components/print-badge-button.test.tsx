import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { printPdf } from '../print-pdf';

// jsdom has no print dialog: record what would have been printed.
vi.mock('../print-pdf', () => ({ printPdf: vi.fn(async () => true) }));
const printed = vi.mocked(printPdf);

const CODE = 'TK-7K3P-9QXM-7K3P-9QXM-7K3P';

const admitted = {
  result: 'admitted',
  message: 'Welcome!',
  code: CODE,
  ticketId: 'ticket-1',
  attendeeName: 'Bo Lee',
  ticketName: 'Team Pass',
};

const pdf = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'application/pdf' } });

beforeEach(() => printed.mockClear());

function renderDoor(routes: Parameters<typeof routeRequests>[0]) {
  const fetchSpy = mockFetch(
    routeRequests({ '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }), ...routes }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.checkIn },
  );
  return { fetchSpy, ...rendered };
}

async function checkIn(user: ReturnType<typeof renderDoor>['user'], code = CODE) {
  await user.type(await screen.findByLabelText('Ticket code'), code);
  await user.click(screen.getByRole('button', { name: 'Check in' }));
  return screen.findByRole('region', { name: 'Check-in result' });
}

describe('printing a badge at the door', () => {
  it('prints the admitted person’s badge, fetched again for each print so a corrected name reprints', async () => {
    let name = 'Bo Lee';
    const { fetchSpy, user } = renderDoor({
      '/api/admin/check-in': () => jsonResponse(admitted),
      '/api/admin/badges.pdf': () => pdf(`%PDF badge of ${name}`),
    });

    const result = await checkIn(user);
    await user.click(within(result).getByRole('button', { name: 'Print badge' }));
    await waitFor(() => expect(printed).toHaveBeenCalledOnce());
    expect(await printed.mock.calls[0][0].text()).toBe('%PDF badge of Bo Lee');

    name = 'Bo Leigh';
    await user.click(await within(result).findByRole('button', { name: 'Print badge' }));
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(2));
    expect(await printed.mock.calls[1][0].text()).toBe('%PDF badge of Bo Leigh');
    expect(requestedUrls(fetchSpy, '/api/admin/badges.pdf')).toEqual([
      '/api/admin/badges.pdf?ticket=ticket-1',
      '/api/admin/badges.pdf?ticket=ticket-1',
    ]);
  });

  it('prints by the ticket a name search found', async () => {
    const { fetchSpy, user } = renderDoor({
      '/api/admin/check-in/search': () =>
        jsonResponse({
          attendees: [
            { ticketId: 'ticket-9', attendeeName: 'Grace Hopper', ticketName: 'Developer Pass', status: 'valid' },
          ],
        }),
      '/api/admin/check-in': () =>
        jsonResponse({
          result: 'admitted',
          message: 'Welcome!',
          ticketId: 'ticket-9',
          attendeeName: 'Grace Hopper',
          ticketName: 'Developer Pass',
        }),
      '/api/admin/badges.pdf': () => pdf('%PDF'),
    });

    await user.type(await screen.findByLabelText("Attendee's name"), 'hop');
    await user.click(await screen.findByRole('button', { name: 'Check in Grace Hopper' }));
    const result = await screen.findByRole('region', { name: 'Check-in result' });
    await user.click(within(result).getByRole('button', { name: 'Print badge' }));

    await waitFor(() => expect(printed).toHaveBeenCalledOnce());
    expect(requestedUrls(fetchSpy, '/api/admin/badges.pdf')).toEqual(['/api/admin/badges.pdf?ticket=ticket-9']);
  });

  it('is offered only after an admission', async () => {
    const { user } = renderDoor({
      '/api/admin/check-in': () =>
        jsonResponse(
          { ...admitted, result: 'already_checked_in', message: 'Already checked in: this ticket was used before.' },
          409,
        ),
    });

    const result = await checkIn(user);
    expect(result).toHaveTextContent('Already checked in');
    expect(within(result).queryByRole('button', { name: 'Print badge' })).not.toBeInTheDocument();
  });

  it('offers a link to the badge when the browser blocks the tab it opens in', async () => {
    printed.mockResolvedValueOnce(false);
    const { user } = renderDoor({
      '/api/admin/check-in': () => jsonResponse(admitted),
      '/api/admin/badges.pdf': () => pdf('%PDF'),
    });

    const result = await checkIn(user);
    await user.click(within(result).getByRole('button', { name: 'Print badge' }));

    expect(await within(result).findByRole('link', { name: 'Open the badge (PDF)' })).toHaveAttribute(
      'href',
      '/api/admin/badges.pdf?ticket=ticket-1',
    );
  });

  it('says why no badge came', async () => {
    const { user } = renderDoor({
      '/api/admin/check-in': () => jsonResponse(admitted),
      '/api/admin/badges.pdf': () =>
        jsonResponse({ message: 'No valid ticket matches: there are no badges to print.' }, 404),
    });

    const result = await checkIn(user);
    const print = within(result).getByRole('button', { name: 'Print badge' });
    await user.click(print);

    expect(await within(result).findByRole('alert')).toHaveTextContent(
      'No valid ticket matches: there are no badges to print.',
    );
    expect(print).toHaveAccessibleDescription('No valid ticket matches: there are no badges to print.');
    expect(printed).not.toHaveBeenCalled();
  });
});
