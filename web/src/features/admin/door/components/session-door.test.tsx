import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const session = (slug: string, title: string, signup: boolean, limit: number | null, left = 3, checkedIn = 12) => ({
  slug,
  title,
  start: '2026-05-18T10:00:00-04:00',
  end: '2026-05-18T12:00:00-04:00',
  room: 'Room 101',
  kind: 'workshop',
  signup,
  seatLimit: null,
  limit,
  taken: limit === null ? null : limit - left,
  left: limit === null ? null : left,
  waiting: 0,
  checkedIn: limit === null ? null : checkedIn,
});

const sessions = {
  sessions: [
    session('rust-101', 'Rust 101', true, 15),
    session('keynote', 'Opening keynote', false, null),
    session('no-room', 'No room yet', true, null),
  ],
};

const counts = (checkedIn: number, left: number) => ({
  slug: 'rust-101',
  title: 'Rust 101',
  limit: 15,
  taken: 15 - left,
  left,
  checkedIn,
});

const CODE = 'TK-7K3P-9QXM-7K3P-9QXM-7K3P';

function renderDoor() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.checkIn },
  );
}

async function scan(user: ReturnType<typeof renderDoor>['user'], code: string) {
  await user.type(screen.getByLabelText('Ticket code'), code);
  await user.click(screen.getByRole('button', { name: 'Check in' }));
}

describe('a workshop’s door', () => {
  it('admits to the chosen session, says when a walk-in took a seat or it is full, with live counts', async () => {
    const answers = [
      jsonResponse({
        result: 'admitted',
        message: 'Welcome to Rust 101.',
        attendeeName: 'Bo Lee',
        session: counts(13, 3),
      }),
      jsonResponse({
        result: 'admitted',
        walkIn: true,
        message: 'Welcome: a free seat is now yours.',
        attendeeName: 'Cy Walker',
        session: counts(14, 2),
      }),
      jsonResponse(
        { result: 'full', message: 'No seat for this ticket, and none is free.', session: counts(14, 0) },
        409,
      ),
    ];
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
        '/api/admin/sessions': () => jsonResponse(sessions),
        '/api/admin/check-in': () => answers.shift() ?? new Response('', { status: 500 }),
      }),
    );
    const { user } = renderDoor();

    const picker = await screen.findByLabelText('Door');
    // Main entrance and the sessions taking sign-ups with a limit.
    expect(await screen.findByRole('option', { name: 'Rust 101 (Mon, May 18, 10:00)' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Main entrance',
      'Rust 101 (Mon, May 18, 10:00)',
    ]);
    await user.selectOptions(picker, 'rust-101');
    expect(await screen.findByLabelText('Workshop counts')).toHaveTextContent('Rust 101: in 12 · free 3');
    expect(screen.queryByLabelText("Attendee's name")).toBeNull();

    await scan(user, CODE);
    expect(await screen.findByRole('region', { name: 'Check-in result' })).toHaveTextContent('Bo Lee');
    expect(screen.getByLabelText('Workshop counts')).toHaveTextContent('Rust 101: in 13 · free 3');

    await scan(user, CODE);
    const walkIn = await screen.findByText('Walk-in: took a free seat');
    expect(walkIn.closest('section')).toHaveTextContent('Cy Walker');
    expect(screen.getByLabelText('Workshop counts')).toHaveTextContent('in 14 · free 2');

    await scan(user, CODE);
    expect(await screen.findByText('Full')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Check-in result' })).toHaveTextContent(
      'No seat for this ticket, and none is free.',
    );
    expect(screen.getByLabelText('Workshop counts')).toHaveTextContent('in 14 · free 0');
    expect(postedTo(fetchSpy, '/api/admin/check-in')).toEqual([
      { code: CODE, session: 'rust-101' },
      { code: CODE, session: 'rust-101' },
      { code: CODE, session: 'rust-101' },
    ]);
  });

  it('says a workshop’s door needs the network instead of queuing its scans', async () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const answer = routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Door 1', role: 'door' }),
      '/api/admin/sessions': () => jsonResponse(sessions),
    });
    mockFetch((url, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return answer(url, init);
    });
    const { user } = renderDoor();
    await screen.findByRole('option', { name: 'Rust 101 (Mon, May 18, 10:00)' });
    await user.selectOptions(screen.getByLabelText('Door'), 'rust-101');

    online = false;
    act(() => window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/^Offline: a workshop's door needs the network/)).toBeInTheDocument();
    await scan(user, CODE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Offline: a workshop's door needs the network, and its scans are not kept for later.",
    );
    expect(screen.queryByRole('region', { name: 'Check-in result' })).toBeNull();
  });
});
