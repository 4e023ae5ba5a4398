import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { MyTicketsPage } from '@/features/my-tickets/components/my-tickets-page';
import { TICKET_LINK_KEY } from '../ticket-link';

afterEach(() => localStorage.clear());

const ticket = (id: string, position: number, workshopSeats: number) => ({
  id,
  position,
  code: `TK-${id}`,
  status: 'valid',
  attendeeName: null,
  attendeeEmail: null,
  checkedInAt: null,
  qr: null,
  workshopSeats,
});

const ticketsPage = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Developer Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: true,
  view: 'buyer',
  tickets: [ticket('t1', 1, 3), ticket('t2', 2, 0)],
};

const open = { opensAt: '2026-01-01T09:00:00-05:00', closesAt: '2099-05-18T10:00:00-04:00' };
const programme = {
  rooms: [
    { id: 'r1', name: 'Room 101', capacity: 36 },
    { id: 'r2', name: 'Lab', capacity: 20 },
  ],
  sessions: [
    {
      slug: 'rust-101',
      title: 'Rust 101',
      start: '2026-05-18T10:00:00-04:00',
      end: '2026-05-18T12:00:00-04:00',
      room: 'r1',
      cancelled: false,
      seats: { limit: 36, taken: 30, left: 6, waiting: 0, ...open },
    },
    {
      slug: 'react-lab',
      title: 'React lab',
      start: '2026-05-18T10:30:00-04:00',
      end: '2026-05-18T11:30:00-04:00',
      room: 'r2',
      cancelled: false,
      seats: { limit: 20, taken: 19, left: 1, waiting: 0, ...open },
    },
    {
      slug: 'ai-agents',
      title: 'AI agents',
      start: '2026-05-19T14:00:00-04:00',
      end: '2026-05-19T16:00:00-04:00',
      room: null,
      cancelled: false,
      seats: { limit: 20, taken: 20, left: 0, waiting: 4, ...open },
    },
    {
      slug: 'keynote',
      title: 'Keynote',
      start: '2026-05-18T09:00:00-04:00',
      end: '2026-05-18T10:00:00-04:00',
      room: 'r1',
      cancelled: false,
    },
  ],
};

const rust101Seat = {
  session: 'rust-101',
  title: 'Rust 101',
  start: '2026-05-18T10:00:00-04:00',
  end: '2026-05-18T12:00:00-04:00',
  room: 'Room 101',
};

interface Call {
  method: string;
  url: string;
  token: string | null;
  body: unknown;
}

/** A fake server for one ticket's seats: reserving adds the seat unless `refusals` has an answer for the session. */
function fakeServer(refusals: Record<string, { status: number; body: unknown }> = {}) {
  const calls: Call[] = [];
  let seats: (typeof rust101Seat)[] = [];
  let waiting: { session: string; place: number }[] = [{ session: 'ai-agents', place: 3 }];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const token = new Headers(init?.headers).get('X-Manage-Token');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, token, body });
    if (url === '/api/my-tickets') return jsonResponse(ticketsPage);
    if (url === '/api/programme') return jsonResponse(programme);
    if (url === '/api/my-tickets/t1/seats' && method === 'GET') return jsonResponse({ limit: 3, seats, waiting });
    if (url === '/api/my-tickets/t1/seats' && method === 'POST') {
      const { session } = body as { session: string };
      const refusal = refusals[session];
      if (refusal) return jsonResponse(refusal.body, refusal.status);
      seats = [...seats, { ...rust101Seat, session }];
      return jsonResponse(rust101Seat, 201);
    }
    const one = /^\/api\/my-tickets\/t1\/seats\/([^/]+)$/.exec(url);
    if (one && method === 'DELETE') {
      seats = seats.filter((seat) => seat.session !== one[1]);
      waiting = waiting.filter((place) => place.session !== one[1]);
      return new Response(null, { status: 204 });
    }
    return new Response('not found', { status: 404 });
  });
  return { calls, holdRust101: () => (seats = [rust101Seat]) };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.myTickets} element={<MyTicketsPage />} />
    </Routes>,
    { route: `${paths.myTickets}#s3cret-link` },
  );
}

const panelOf = async (label: string) => screen.findByRole('region', { name: `Workshops of ${label}` });

describe('a ticket’s workshops', () => {
  it('shows the seats held, the places in line and the count, for the tickets that include workshops', async () => {
    const server = fakeServer();
    server.holdRust101();
    renderPage();

    const panel = await panelOf('ticket 1 of 2');
    expect(await within(panel).findByText('1 of 3 seats used')).toBeInTheDocument();
    const held = within(panel).getByRole('list', { name: 'Your seats' });
    expect(held).toHaveTextContent('Rust 101');
    expect(held).toHaveTextContent('Mon, May 18, 10:00–12:00 venue time · Room 101');
    const queued = within(panel).getByRole('list', { name: 'Your waiting lists' });
    expect(await within(queued).findByText('AI agents')).toBeInTheDocument();
    expect(queued).toHaveTextContent('3rd in line');
    // The second ticket's type includes no workshops.
    expect(screen.queryByRole('region', { name: 'Workshops of ticket 2 of 2' })).toBeNull();
    // The link is kept for the sessions' pages, and the page says so.
    expect(localStorage.getItem(TICKET_LINK_KEY)).toBe('s3cret-link');
    expect(screen.getByText(/This browser keeps this link/)).toBeInTheDocument();
    expect(server.calls.find((call) => call.url === '/api/my-tickets/t1/seats')?.token).toBe('s3cret-link');
  });

  it('reserves a seat, offers the waiting list of a full session and shows a clash beside its session', async () => {
    const clash = 'This overlaps Rust 101 (Mon, May 18, 10:00–12:00), which you hold.';
    const server = fakeServer({
      'react-lab': { status: 409, body: { message: clash, code: 'clash', clashesWith: 'rust-101' } },
    });
    const { user } = renderPage();

    const panel = await panelOf('ticket 1 of 2');
    expect(await within(panel).findByText('0 of 3 seats used')).toBeInTheDocument();
    expect(within(panel).getByText('No workshop seat reserved yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Choose a workshop' }));
    const choices = await within(panel).findByRole('list', { name: 'Workshops to choose from' });
    // Only the sessions taking sign-ups, without the one this ticket already waits for.
    expect(
      within(choices)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Rust 101', 'React lab']);
    expect(choices).toHaveTextContent('6 seats left');
    expect(choices).toHaveTextContent('1 seat left');

    await user.click(within(choices).getByRole('button', { name: 'Reserve a seat in React lab' }));
    const refused = within(choices).getByText('React lab').closest('li');
    expect(await within(refused as HTMLElement).findByRole('alert')).toHaveTextContent(clash);

    await user.click(within(choices).getByRole('button', { name: 'Reserve a seat in Rust 101' }));
    expect(await within(panel).findByText('1 of 3 seats used')).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Your seats' })).toHaveTextContent('Rust 101');
    const posted = server.calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => [call.url, call.body, call.token])).toEqual([
      ['/api/my-tickets/t1/seats', { session: 'react-lab' }, 's3cret-link'],
      ['/api/my-tickets/t1/seats', { session: 'rust-101' }, 's3cret-link'],
    ]);
  });

  it('offers the waiting list when a session is full, and cancels seats and leaves lines', async () => {
    const server = fakeServer();
    server.holdRust101();
    const { user } = renderPage();
    const panel = await panelOf('ticket 1 of 2');

    await user.click(await within(panel).findByRole('button', { name: 'Leave the waiting list of AI agents' }));
    await user.click(within(panel).getByRole('button', { name: 'Choose a workshop' }));
    const choices = await within(panel).findByRole('list', { name: 'Workshops to choose from' });
    expect(await within(choices).findByText('Full: join the waiting list')).toBeInTheDocument();
    expect(within(choices).getByRole('button', { name: 'Join the waiting list of AI agents' })).toBeEnabled();

    await user.click(within(panel).getByRole('button', { name: 'Cancel your seat in Rust 101' }));
    expect(await within(panel).findByText('0 of 3 seats used')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => [call.url, call.token])).toEqual([
      ['/api/my-tickets/t1/seats/ai-agents', 's3cret-link'],
      ['/api/my-tickets/t1/seats/rust-101', 's3cret-link'],
    ]);
  });
});
