import { screen } from '@testing-library/react';
import { act, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const CODE = 'TK-7K3P-9QXM-7K3P-9QXM-7K3P';

describe('check-in', () => {
  it('admits a typed code once and then says when it was used', async () => {
    let scans = 0;
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in': () => {
          scans += 1;
          return scans === 1
            ? jsonResponse({
                result: 'admitted',
                message: 'Welcome!',
                code: CODE,
                attendeeName: 'Bo Lee',
                ticketName: 'Team Pass',
              })
            : jsonResponse(
                {
                  result: 'already_checked_in',
                  message: 'Already checked in: this ticket was used before.',
                  code: CODE,
                  attendeeName: 'Bo Lee',
                  ticketName: 'Team Pass',
                  checkedInAt: 1_779_100_000_000,
                  checkedInBy: 'Door 1',
                },
                409,
              );
        },
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    await user.type(await screen.findByLabelText('Ticket code'), CODE.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const result = await screen.findByRole('region', { name: 'Check-in result' });
    expect(result).toHaveTextContent('Valid');
    expect(result).toHaveTextContent('Bo Lee');
    expect(result).toHaveTextContent('Team Pass');
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');

    await user.type(screen.getByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Already checked in')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Check-in result' })).toHaveTextContent('by Door 1');
    expect(postedTo(fetchSpy, '/api/admin/check-in')).toEqual([{ code: CODE.toLowerCase() }, { code: CODE }]);
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeInTheDocument();
  });

  it('finds a person by name and checks them in by their ticket id, never a code', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in/search': () =>
          jsonResponse({
            attendees: [
              { ticketId: 'ticket-1', attendeeName: 'Grace Hopper', ticketName: 'Developer Pass', status: 'valid' },
            ],
          }),
        '/api/admin/check-in': () =>
          jsonResponse({
            result: 'admitted',
            message: 'Welcome!',
            attendeeName: 'Grace Hopper',
            ticketName: 'Developer Pass',
          }),
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    await user.type(await screen.findByLabelText("Attendee's name"), 'hop');
    await user.click(await screen.findByRole('button', { name: 'Check in Grace Hopper' }));

    const result = await screen.findByRole('region', { name: 'Check-in result' });
    expect(result).toHaveTextContent('Valid');
    expect(result).toHaveTextContent('Grace Hopper');
    expect(postedTo(fetchSpy, '/api/admin/check-in')).toEqual([{ ticketId: 'ticket-1' }]);
    // Searched once typing paused (never for "h" or "ho"), and again to show the person checked in.
    await waitFor(() =>
      expect(requestedUrls(fetchSpy, '/api/admin/check-in/search')).toEqual([
        '/api/admin/check-in/search?q=hop',
        '/api/admin/check-in/search?q=hop',
      ]),
    );
  });

  it('shows the answers flagged for the door beside the name', async () => {
    mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in': () =>
          jsonResponse({
            result: 'admitted',
            message: 'Welcome!',
            code: CODE,
            attendeeName: 'Bo Lee',
            ticketName: 'Team Pass',
            flaggedAnswers: [{ label: 'Accessibility needs', text: 'Wheelchair user' }],
          }),
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    await user.type(await screen.findByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const result = await screen.findByRole('region', { name: 'Check-in result' });
    expect(within(result).getByRole('list', { name: 'Flagged answers' })).toHaveTextContent(
      'Accessibility needs: Wheelchair user',
    );
  });

  it('names the device afresh when another session has its name', async () => {
    let downloads = 0;
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in/list': () =>
          ++downloads === 1
            ? jsonResponse(
                { message: 'This device id belongs to another session. Please name this device afresh.' },
                409,
              )
            : jsonResponse({
                generatedAt: 1_779_100_000_000,
                ticketTypes: [{ ticketType: 'developer', name: 'Developer Pass', expected: 1, checkedIn: 0 }],
                tickets: [],
                duplicates: [],
              }),
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    expect(await screen.findByRole('region', { name: 'At the door' })).toHaveTextContent('0 of 1 checked in');
    const [taken, renamed] = requestedUrls(fetchSpy, '/api/admin/check-in/list');
    expect(taken).toMatch(/\?deviceId=door-/);
    expect(renamed).toMatch(/\?deviceId=door-/);
    expect(renamed).not.toBe(taken);
  });

  describe('without the network', () => {
    afterEach(() => vi.restoreAllMocks());

    // The server's list: Ada's ticket (code 7K3P9QXMABCDEFGHJKMN) by the digest of its code, and a refunded one.
    const list = {
      generatedAt: 1_779_100_000_000,
      ticketTypes: [{ ticketType: 'developer', name: 'Developer Pass', expected: 1, checkedIn: 0 }],
      tickets: [
        {
          hash: '5768e4383a837b80',
          name: 'Ada Offline',
          type: 'developer',
          status: 'valid',
          flaggedAnswers: [{ label: 'Accessibility needs', text: 'Step-free access' }],
        },
        { hash: '0000000000000000', name: 'Rex Refund', type: 'developer', status: 'refunded' },
      ],
      duplicates: [],
    };

    it('checks codes against the downloaded list, queues them, and sends them when the network returns', async () => {
      let online = true;
      vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
      const answer = routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in/list': () => jsonResponse(list),
        '/api/admin/check-in/batch': () =>
          jsonResponse({ results: [{ code: '7K3P-9QXM-ABCD-EFGH-JKMN', result: 'admitted', message: 'Admitted.' }] }),
      });
      const fetchSpy = mockFetch((url, init) => {
        if (!online) throw new TypeError('Failed to fetch');
        return answer(url, init);
      });
      const { user } = renderWithProviders(
        <Routes>
          <Route path={paths.admin.route} element={<AdminApp />} />
        </Routes>,
        { route: paths.admin.checkIn },
      );
      const counts = await screen.findByRole('region', { name: 'At the door' });
      expect(counts).toHaveTextContent('Developer Pass0 of 1 checked in');

      online = false;
      act(() => window.dispatchEvent(new Event('offline')));
      expect(await screen.findByText(/^Offline: 0 scans waiting/)).toBeInTheDocument();
      await user.type(screen.getByLabelText('Ticket code'), 'tk-7k3p-9qxm-abcd-efgh-jkmn');
      await user.click(screen.getByRole('button', { name: 'Check in' }));
      const result = await screen.findByRole('region', { name: 'Check-in result' });
      expect(result).toHaveTextContent('Valid');
      expect(result).toHaveTextContent('Ada Offline');
      expect(await screen.findByText(/^Offline: 1 scan waiting/)).toBeInTheDocument();
      expect(counts).toHaveTextContent('Developer Pass1 of 1 checked in');

      await user.type(screen.getByLabelText('Ticket code'), '7K3P9QXMABCDEFGHJKMN');
      await user.click(screen.getByRole('button', { name: 'Check in' }));
      expect(await screen.findByText('Already checked in')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Ticket code'), 'TK-AAAA-AAAA-AAAA-AAAA-AAAA');
      await user.click(screen.getByRole('button', { name: 'Check in' }));
      expect(await screen.findByText('Unknown code')).toBeInTheDocument();
      expect(screen.getByText(/^Offline: 1 scan waiting/)).toBeInTheDocument();
      expect(postedTo(fetchSpy, '/api/admin/check-in/batch')).toEqual([]);

      online = true;
      act(() => window.dispatchEvent(new Event('online')));
      const connection = screen.getByRole('region', { name: 'Connection' });
      await waitFor(() => expect(connection).toHaveTextContent(/^Online1 offline scan sent\.$/));
      const sent = postedTo(fetchSpy, '/api/admin/check-in/batch') as { deviceId: string; scans: { code: string }[] }[];
      expect(sent).toHaveLength(1);
      expect(sent[0].deviceId).toMatch(/^door-/);
      // The scans go in the name the device downloaded its list under: the server believes them from then on.
      expect(requestedUrls(fetchSpy, '/api/admin/check-in/list')[0]).toBe(
        `/api/admin/check-in/list?deviceId=${sent[0].deviceId}`,
      );
      expect(sent[0].scans.map((scan) => scan.code)).toEqual(['7K3P9QXMABCDEFGHJKMN']);
      expect(screen.getByText('1 offline scan sent.')).toBeInTheDocument();
    });

    it('shows the flagged answers from the downloaded list, by a scan and by name', async () => {
      let online = true;
      vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
      const answer = routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/check-in/list': () => jsonResponse(list),
      });
      mockFetch((url, init) => {
        if (!online) throw new TypeError('Failed to fetch');
        return answer(url, init);
      });
      const { user } = renderWithProviders(
        <Routes>
          <Route path={paths.admin.route} element={<AdminApp />} />
        </Routes>,
        { route: paths.admin.checkIn },
      );
      await screen.findByRole('region', { name: 'At the door' });
      online = false;
      act(() => window.dispatchEvent(new Event('offline')));
      await screen.findByText(/^Offline: 0 scans waiting/);

      await user.type(screen.getByLabelText('Ticket code'), '7K3P9QXMABCDEFGHJKMN');
      await user.click(screen.getByRole('button', { name: 'Check in' }));
      const result = await screen.findByRole('region', { name: 'Check-in result' });
      expect(within(result).getByRole('list', { name: 'Flagged answers' })).toHaveTextContent(
        'Accessibility needs: Step-free access',
      );

      await user.type(screen.getByLabelText("Attendee's name"), 'ada');
      const found = await screen.findByText('Ada Offline', { selector: 'span' });
      expect(
        within(found.closest('li') as HTMLElement).getByRole('list', { name: 'Flagged answers' }),
      ).toHaveTextContent('Accessibility needs: Step-free access');
      await user.clear(screen.getByLabelText("Attendee's name"));
      await user.type(screen.getByLabelText("Attendee's name"), 'rex');
      const rex = await screen.findByText('Rex Refund', { selector: 'span' });
      expect(within(rex.closest('li') as HTMLElement).queryByRole('list')).not.toBeInTheDocument();
    });
  });
});
