import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import type { AdminSession } from '../api/sessions';

const rust101: AdminSession = {
  slug: 'rust-101',
  title: 'Rust 101',
  start: '2026-05-18T10:00:00-04:00',
  end: '2026-05-18T12:00:00-04:00',
  room: 'Room 101',
  kind: 'workshop',
  signup: true,
  seatLimit: null,
  limit: 36,
  taken: 34,
  left: 2,
  waiting: 5,
  checkedIn: 0,
};

const keynote: AdminSession = {
  ...rust101,
  slug: 'keynote',
  title: 'Opening keynote',
  room: 'Main Hall',
  kind: 'keynote',
  signup: false,
  limit: null,
  taken: null,
  left: null,
  waiting: null,
  checkedIn: null,
};

const detail = {
  ...rust101,
  roster: [
    {
      ticketId: 't1',
      code: 'TK-AAAA',
      name: 'Ana Diaz',
      email: 'ana@acme.dev',
      ticketType: 'developer',
      reservedAt: 1_779_000_000_000,
      checkedInAt: null,
      walkIn: false,
    },
    {
      ticketId: 't2',
      code: 'TK-BBBB',
      name: null,
      email: 'buyer@acme.dev',
      ticketType: 'vip',
      reservedAt: 1_779_000_100_000,
      checkedInAt: 1_779_100_000_000,
      walkIn: true,
    },
  ],
  queue: [{ ticketId: 't9', name: 'Bo Lee', email: 'bo@acme.dev', place: 1, joinedAt: 1_779_000_200_000 }],
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function serve(role: string, answers: { patch?: () => Response } = {}) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/admin/session') return jsonResponse({ name: 'Sam', role });
    if (url === '/api/admin/sessions') return jsonResponse({ sessions: [keynote, rust101] });
    if (url === '/api/admin/sessions/rust-101' && method === 'GET') return jsonResponse(detail);
    if (url === '/api/admin/sessions/rust-101' && method === 'PATCH') {
      return answers.patch?.() ?? jsonResponse({ ...rust101, ...(body as object) });
    }
    if (url === '/api/admin/sessions/rust-101/message') return jsonResponse({ recipients: 2 }, 202);
    return new Response('not found', { status: 404 });
  });
  return sent;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route },
  );
}

describe('the workshops screen', () => {
  it('lists the sessions taking sign-ups with their seats, and every session on demand', async () => {
    serve('support');
    const { user } = renderAt(paths.admin.workshops);

    const table = await screen.findByRole('table', { name: 'Sessions and their seats' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Rust 101');
    expect(rows[0]).toHaveTextContent('Mon, May 18, 10:00–12:00');
    expect(rows[0]).toHaveTextContent('36room’s capacity');
    expect(within(rows[0]).getByRole('link', { name: 'Rust 101' })).toHaveAttribute(
      'href',
      '/admin/workshops/rust-101',
    );
    // Support reads, and changes nothing.
    expect(screen.queryByRole('button', { name: /Change seats/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Workshops' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Show every session, also those without sign-up'));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /Opening keynote/ })).toHaveTextContent('Off');
  });

  it('lets a manager switch sign-up and set the limit, showing the server’s field error', async () => {
    let refuse = true;
    const sent = serve('manager', {
      patch: () =>
        refuse
          ? jsonResponse(
              {
                message: 'Please correct the highlighted fields.',
                fieldErrors: { seatLimit: 'Too many for the room.' },
              },
              422,
            )
          : jsonResponse({ ...rust101, seatLimit: 40, limit: 40, left: 6 }),
    });
    const { user } = renderAt(paths.admin.workshops);

    await user.click(await screen.findByRole('button', { name: 'Change seats of Rust 101' }));
    const form = screen.getByRole('form', { name: 'Seats of Rust 101' });
    const limit = within(form).getByLabelText('Seat limit');
    await user.type(limit, 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(/Enter a whole number of seats/)).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Too many for the room.')).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.click(within(form).getByLabelText('Takes sign-ups'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Change seats of Rust 101' })).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { signup: true, seatLimit: 40 },
      { signup: false, seatLimit: 40 },
    ]);
  });

  it('is not the door’s', async () => {
    serve('door');
    renderAt(paths.admin.workshops);
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Workshops' })).toBeNull();
  });
});

describe('a workshop’s page', () => {
  it('shows its roster, its queue and the roster’s CSV, and emails its attendees', async () => {
    const sent = serve('owner');
    const { user } = renderAt(paths.admin.workshop('rust-101'));

    expect(await screen.findByRole('heading', { name: 'Rust 101', level: 1 })).toBeInTheDocument();
    const roster = screen.getByRole('table', { name: 'Seat holders of Rust 101' });
    expect(within(roster).getAllByRole('row')).toHaveLength(3);
    expect(within(roster).getByRole('row', { name: /TK-BBBB/ })).toHaveTextContent('Not named');
    expect(within(roster).getByRole('row', { name: /TK-BBBB/ })).toHaveTextContent('Walk-in');
    expect(screen.getByRole('table', { name: 'Waiting list of Rust 101' })).toHaveTextContent('Bo Lee');
    expect(screen.getByRole('link', { name: 'Download roster (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/sessions/rust-101/roster.csv',
    );

    const form = screen.getByRole('form', { name: 'Email attendees' });
    await user.click(within(form).getByRole('button', { name: 'Send to 2 attendees' }));
    expect(within(form).getByText('Please write a subject.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subject'), 'Bring a laptop');
    await user.type(within(form).getByLabelText('Message'), 'With Python 3.12 installed.');
    await user.click(within(form).getByRole('button', { name: 'Send to 2 attendees' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Queued for 2 attendees.');
    expect(sent.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/sessions/rust-101/message', { subject: 'Bring a laptop', body: 'With Python 3.12 installed.' }],
    ]);
  });

  it('offers support the roster but not the email', async () => {
    serve('support');
    renderAt(paths.admin.workshop('rust-101'));
    expect(await screen.findByRole('table', { name: 'Seat holders of Rust 101' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Email attendees' })).toBeNull();
  });
});
