import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { MyTicketsPage } from './my-tickets-page';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

const page = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Team Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: true,
  tickets: [
    {
      id: 't1',
      position: 1,
      code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
      status: 'valid',
      attendeeName: 'Ana Diaz',
      attendeeEmail: 'ana@acme.dev',
      qr: QR,
    },
    {
      id: 't2',
      position: 2,
      code: 'TK-BBBB-BBBB-BBBB-BBBB-BBBB',
      status: 'valid',
      attendeeName: null,
      attendeeEmail: null,
      qr: QR,
    },
  ],
};

function renderPage(hash = '#s3cret') {
  return renderWithProviders(
    <Routes>
      <Route path={paths.myTickets} element={<MyTicketsPage />} />
    </Routes>,
    { route: `${paths.myTickets}${hash}` },
  );
}

describe('manage your tickets', () => {
  it('shows each ticket with its code and QR, using the secret from the link', async () => {
    const fetchSpy = mockFetch(routeRequests({ '/api/my-tickets': () => jsonResponse(page) }));
    renderPage();

    expect(await screen.findByText('Order CW-7K3P9QXM · Team Pass · booked by Ana Diaz')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for ticket TK-BBBB-BBBB-BBBB-BBBB-BBBB' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(screen.getByText('Not named yet')).toBeInTheDocument();
    expect(screen.getByText('May 11, 2026')).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls[0];
    expect(new Headers(init?.headers).get('X-Manage-Token')).toBe('s3cret');
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/my-tickets');
  });

  it('names an attendee and says where their ticket went', async () => {
    const named = {
      ...page,
      tickets: [page.tickets[0], { ...page.tickets[1], attendeeName: 'Bo Lee', attendeeEmail: 'bo@acme.dev' }],
    };
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(page),
        '/api/my-tickets/t2/attendee': () => jsonResponse(named),
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Name the attendee of ticket 2 of 2' }));
    const form = screen.getByRole('form', { name: 'Attendee of ticket 2 of 2' });
    await user.type(within(form).getByLabelText("Attendee's name"), 'Bo Lee');
    await user.type(within(form).getByLabelText("Attendee's email"), 'bo@acme.dev');
    await user.click(within(form).getByRole('button', { name: 'Send them the ticket' }));

    expect(await findToast('Ticket sent')).toHaveTextContent('Bo Lee gets their ticket at bo@acme.dev.');
    expect(postedTo(fetchSpy, '/api/my-tickets/t2/attendee')).toEqual([{ name: 'Bo Lee', email: 'bo@acme.dev' }]);
    expect(screen.getByText('bo@acme.dev')).toBeInTheDocument();
  });

  it('shows the server’s reason next to the field', async () => {
    mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(page),
        '/api/my-tickets/t2/attendee': () =>
          jsonResponse(
            {
              message: 'This person already has a ticket on this order.',
              fieldErrors: { email: 'This person already has a ticket on this order.' },
            },
            422,
          ),
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Name the attendee of ticket 2 of 2' }));
    await user.type(screen.getByLabelText("Attendee's name"), 'Ana Again');
    await user.type(screen.getByLabelText("Attendee's email"), 'ana@acme.dev');
    await user.click(screen.getByRole('button', { name: 'Send them the ticket' }));

    expect(await screen.findByText('This person already has a ticket on this order.')).toBeInTheDocument();
    expect(screen.getByLabelText("Attendee's email")).toHaveAttribute('aria-invalid', 'true');
  });

  it('after the cut-off, shows the tickets without a way to change them', async () => {
    mockFetch(routeRequests({ '/api/my-tickets': () => jsonResponse({ ...page, canChange: false }) }));
    renderPage();

    expect(
      await screen.findByText(
        'Tickets could be named or transferred until May 11, 2026. They can no longer be changed here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Name the attendee|Give to someone else/ })).not.toBeInTheDocument();
  });

  it('without the secret, points to the receipt', () => {
    const fetchSpy = mockFetch(routeRequests({}));
    renderPage('');

    expect(screen.getByText(/Open this page with the “Manage your tickets” link/)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
