import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests } from '@/test/fixtures';
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
  view: 'buyer',
  tickets: [
    {
      id: 't1',
      position: 1,
      code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
      status: 'valid',
      attendeeName: 'Ana Diaz',
      attendeeEmail: 'ana@acme.dev',
      checkedInAt: null,
      qr: QR,
    },
    {
      id: 't2',
      position: 2,
      code: 'TK-BBBB-BBBB-BBBB-BBBB-BBBB',
      status: 'valid',
      attendeeName: null,
      attendeeEmail: null,
      checkedInAt: null,
      qr: QR,
    },
  ],
};

const givenToBo = {
  ...page.tickets[1],
  status: 'transferred',
  code: null,
  qr: null,
  attendeeName: 'Bo Lee',
  attendeeEmail: null,
};

/** A colleague's own link: the one ticket Ana gave them. */
const holderPage = {
  ...page,
  view: 'holder',
  tickets: [
    {
      ...page.tickets[1],
      code: 'TK-CCCC-CCCC-CCCC-CCCC-CCCC',
      attendeeName: 'Bo Lee',
      attendeeEmail: 'bo@acme.dev',
    },
  ],
};

const invoicesPage = {
  reference: 'CW-7K3P9QXM',
  kind: 'ticket',
  status: 'paid',
  billing: null,
  canCorrectBilling: true,
  correctBillingUntil: '2026-12-24',
  billingCorrectedAt: null,
  invoices: [
    {
      number: 'CW2026-00001',
      kind: 'invoice',
      total: 139800,
      issuedAt: 1795500000000,
      url: '/api/my-order/invoices/CW2026-00001',
    },
  ],
};

const giveAwayWarning =
  'They will get the ticket and their own link by email. You will no longer see its code or be able to change it.';

/** The card of the ticket whose heading is `heading`. */
function ticketCard(heading: string) {
  const card = screen.getByRole('heading', { name: heading }).closest<HTMLElement>('li');
  if (!card) throw new Error(`"${heading}" is not in a list item`);
  return card;
}

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

  it('warns before giving a seat away, then shows it as theirs: their name only', async () => {
    const named = { ...page, tickets: [page.tickets[0], givenToBo] };
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
    const send = within(form).getByRole('button', { name: 'Send them the ticket' });
    expect(send).toHaveAccessibleDescription(giveAwayWarning);
    expect(postedTo(fetchSpy, '/api/my-tickets/t2/attendee')).toEqual([]);
    await user.click(send);

    expect(await findToast('Ticket sent')).toHaveTextContent('Bo Lee gets their ticket at bo@acme.dev.');
    expect(postedTo(fetchSpy, '/api/my-tickets/t2/attendee')).toEqual([{ name: 'Bo Lee', email: 'bo@acme.dev' }]);
    const second = ticketCard('Ticket 2 of 2');
    expect(second).toHaveTextContent('Given to Bo Lee');
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    expect(second).not.toHaveTextContent('TK-');
    expect(second).not.toHaveTextContent('bo@acme.dev');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(within(ticketCard('Ticket 1 of 2')).getByText('TK-AAAA-AAAA-AAAA-AAAA-AAAA')).toBeInTheDocument();
  });

  it('a seat given to someone else shows who holds it, without its code, QR, email or a form', async () => {
    mockFetch(
      routeRequests({ '/api/my-tickets': () => jsonResponse({ ...page, tickets: [page.tickets[0], givenToBo] }) }),
    );
    renderPage();

    await screen.findByRole('heading', { name: 'Ticket 2 of 2' });
    const second = ticketCard('Ticket 2 of 2');
    expect(second).toHaveTextContent('Transferred');
    expect(second).toHaveTextContent('Given to Bo Lee');
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    expect(second).not.toHaveTextContent('TK-');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Give to someone else of ticket 1 of 2' })).toBeInTheDocument();
  });

  it('with the same email, only corrects the name, and says so before sending', async () => {
    const corrected = { ...page, tickets: [{ ...page.tickets[0], attendeeName: 'Ana Díaz' }, page.tickets[1]] };
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(page),
        '/api/my-tickets/t1/attendee': () => jsonResponse(corrected),
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Give to someone else of ticket 1 of 2' }));
    const form = screen.getByRole('form', { name: 'Attendee of ticket 1 of 2' });
    const send = within(form).getByRole('button', { name: 'Send them the ticket' });
    expect(send).toHaveAccessibleDescription(`${giveAwayWarning} To correct only the name, keep the same email.`);
    await user.type(within(form).getByLabelText("Attendee's name"), 'Ana Díaz');
    await user.type(within(form).getByLabelText("Attendee's email"), 'ANA@acme.dev');
    expect(send).toHaveAccessibleDescription('Same email as now: this only corrects the name on the ticket.');
    await user.click(send);

    expect(await findToast('Name corrected')).toHaveTextContent('The ticket is now in the name of Ana Díaz.');
    expect(postedTo(fetchSpy, '/api/my-tickets/t1/attendee')).toEqual([{ name: 'Ana Díaz', email: 'ANA@acme.dev' }]);
    expect(within(ticketCard('Ticket 1 of 2')).getByText('TK-AAAA-AAAA-AAAA-AAAA-AAAA')).toBeInTheDocument();
  });

  it('a holder’s link shows their one ticket with its code, and a form to pass it on', async () => {
    const passedOn = {
      ...holderPage,
      tickets: [
        {
          ...holderPage.tickets[0],
          status: 'transferred',
          code: null,
          qr: null,
          attendeeName: 'Cy Park',
          attendeeEmail: null,
        },
      ],
    };
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(holderPage),
        '/api/my-tickets/t2/attendee': () => jsonResponse(passedOn),
      }),
    );
    const { user } = renderPage('#h0lder');

    expect(await screen.findByText('Order CW-7K3P9QXM · Team Pass · given to you by Ana Diaz')).toBeInTheDocument();
    const card = ticketCard('Your ticket');
    expect(
      within(card).getByRole('img', { name: 'QR code for ticket TK-CCCC-CCCC-CCCC-CCCC-CCCC' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('TK-CCCC-CCCC-CCCC-CCCC-CCCC')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Give to someone else' }));
    const form = screen.getByRole('form', { name: 'Give your ticket to someone else' });
    expect(within(form).getByRole('button', { name: 'Send them the ticket' })).toHaveAccessibleDescription(
      `${giveAwayWarning} This link will stop working. To correct only the name, keep the same email.`,
    );
    await user.type(within(form).getByLabelText("Attendee's name"), 'Cy Park');
    await user.type(within(form).getByLabelText("Attendee's email"), 'cy@acme.dev');
    await user.click(within(form).getByRole('button', { name: 'Send them the ticket' }));

    expect(await screen.findByText(/You gave this ticket to Cy Park/)).toBeInTheDocument();
    expect(screen.queryByText('TK-CCCC-CCCC-CCCC-CCCC-CCCC')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/my-tickets/t2/attendee')).toEqual([{ name: 'Cy Park', email: 'cy@acme.dev' }]);
    const [, init] = fetchSpy.mock.calls[1];
    expect(new Headers(init?.headers).get('X-Manage-Token')).toBe('h0lder');
  });

  it('a link that no longer works says so', async () => {
    mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse({ message: 'This link is not valid. Please use the latest one.' }, 404),
      }),
    );
    renderPage('#h0lder');

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid. Please use the latest one.');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('says when too many tickets were passed on today', async () => {
    mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(page),
        '/api/my-tickets/t2/attendee': () =>
          jsonResponse({ message: 'Too many tickets were passed on today. Please try again tomorrow.' }, 429),
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Name the attendee of ticket 2 of 2' }));
    await user.type(screen.getByLabelText("Attendee's name"), 'Bo Lee');
    await user.type(screen.getByLabelText("Attendee's email"), 'bo@acme.dev');
    await user.click(screen.getByRole('button', { name: 'Send them the ticket' }));

    expect(
      await screen.findByText('Too many tickets were passed on today. Please try again tomorrow.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Attendee of ticket 2 of 2' })).toBeInTheDocument();
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

describe('manage your tickets: invoices', () => {
  it('shows the buyer the order’s invoices, asking with the link’s secret', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(page),
        '/api/my-order': () => jsonResponse(invoicesPage),
      }),
    );
    renderPage();

    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByRole('button', { name: 'Download invoice CW2026-00001' })).toBeInTheDocument();
    const [, init] = fetchSpy.mock.calls.find(([input]) => input === '/api/my-order') ?? [];
    expect(new Headers(init?.headers).get('X-Manage-Token')).toBe('s3cret');
  });

  it('asks for no invoices on a holder’s link: they are the buyer’s', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/my-tickets': () => jsonResponse(holderPage),
        '/api/my-order': () => jsonResponse(invoicesPage),
      }),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Your ticket' })).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/my-order')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Invoices' })).not.toBeInTheDocument();
  });
});
