import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_LINK_KEY } from '@/features/seats/ticket-link';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { programmePage, workshopPageHtml } from './fixtures';
import { enhanceProgramme } from './index';

let cleanUp: (() => void) | undefined;
afterEach(async () => {
  cleanUp?.();
  // The panel's React tree unmounts once its module answers, before the page goes.
  await new Promise((resolve) => setTimeout(resolve, 0));
  document.body.replaceChildren();
  localStorage.clear();
});

const seats = (left: number) => ({
  sessions: {
    'rust-101': {
      limit: 36,
      taken: 36 - left,
      left,
      waiting: 0,
      opensAt: '2026-01-01T09:00:00-05:00',
      closesAt: '2099-05-18T10:00:00-04:00',
    },
  },
});

const ticket = (id: string, position: number, attendeeName: string | null, workshopSeats = 3) => ({
  id,
  position,
  code: `TK-${id}`,
  qr: null,
  status: 'valid',
  attendeeName,
  attendeeEmail: null,
  workshopSeats,
});

const rust101 = {
  session: 'rust-101',
  title: 'Rust 101',
  start: '2026-05-18T10:00:00-04:00',
  end: '2026-05-18T12:00:00-04:00',
  room: 'Room 101',
};

interface Answers {
  tickets: unknown[];
  reserve: () => Response;
  left?: number;
}

function fakeServer({ tickets, reserve, left = 6 }: Answers) {
  return mockFetch((url, init) => {
    if (url === '/api/programme/seats') return jsonResponse(seats(left));
    const token = new Headers(init?.headers).get('X-Manage-Token');
    if (token !== 'buyer-secret-link') return jsonResponse({ message: 'This link is not valid.' }, 404);
    if (url === '/api/my-tickets') return jsonResponse({ ticketName: 'Developer Pass', tickets });
    if (url.endsWith('/seats/rust-101/waiting-list')) return jsonResponse({ place: 3 }, 201);
    if (url.endsWith('/seats') && init?.method === 'POST') return reserve();
    return new Response('not found', { status: 404 });
  });
}

async function openWorkshopPage() {
  const page = programmePage(workshopPageHtml);
  cleanUp = enhanceProgramme(page, { navigate: vi.fn() });
  return within(page).findByRole('button', { name: /Reserve a seat|Join the waiting list/ });
}

const postsTo = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe('reserving a seat on a session’s page', () => {
  it('uses the link this browser keeps and says the seat is reserved, in place', async () => {
    localStorage.setItem(TICKET_LINK_KEY, 'buyer-secret-link');
    const spy = fakeServer({ tickets: [ticket('t1', 1, 'Ana Diaz')], reserve: () => jsonResponse(rust101, 201) });
    const user = userEvent.setup();
    await user.click(await openWorkshopPage());

    expect(await screen.findByText(/Your seat in Rust 101 is reserved/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(postsTo(spy)).toEqual([['/api/my-tickets/t1/seats', { session: 'rust-101' }]]);
    // The counts are read again at once.
    await waitFor(() => expect(spy.mock.calls.filter(([url]) => url === '/api/programme/seats')).toHaveLength(2));
  });

  it('asks for the link, then which ticket, and offers the waiting list when the last seat went meanwhile', async () => {
    const full = { message: 'Rust 101 is full. Join its waiting list to get the next seat.', code: 'full' };
    const spy = fakeServer({
      tickets: [ticket('t1', 1, 'Ana Diaz'), ticket('t2', 2, null), ticket('t3', 3, 'No Workshops', 0)],
      reserve: () => jsonResponse(full, 409),
    });
    const user = userEvent.setup();
    await user.click(await openWorkshopPage());

    const askLink = await screen.findByRole('dialog', { name: 'Your ticket’s link' });
    await user.type(within(askLink).getByLabelText('Tickets link'), 'not a link at all');
    await user.click(within(askLink).getByRole('button', { name: 'Continue' }));
    expect(within(askLink).getByText(/This is not a tickets link/)).toBeInTheDocument();
    await user.clear(within(askLink).getByLabelText('Tickets link'));
    await user.type(within(askLink).getByLabelText('Tickets link'), 'https://codewave.events/my-tickets#wrong-secret');
    await user.click(within(askLink).getByRole('button', { name: 'Continue' }));
    expect(await within(askLink).findByText('This link is not valid.')).toBeInTheDocument();
    await user.clear(within(askLink).getByLabelText('Tickets link'));
    await user.type(
      within(askLink).getByLabelText('Tickets link'),
      'https://codewave.events/my-tickets#buyer-secret-link',
    );
    await user.click(within(askLink).getByRole('button', { name: 'Continue' }));

    const choose = await screen.findByRole('dialog', { name: 'Which ticket?' });
    // Only the tickets whose type includes workshops.
    expect(
      within(choose)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Ana Diaz · Developer Pass', 'Ticket 2 · Developer Pass']);
    await user.click(within(choose).getByLabelText('Ticket 2 · Developer Pass'));
    await user.click(within(choose).getByRole('button', { name: 'Reserve' }));

    expect(await screen.findByText(full.message)).toBeInTheDocument();
    expect(localStorage.getItem(TICKET_LINK_KEY)).toBe('buyer-secret-link');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText(/You are 3rd in line for Rust 101/)).toBeInTheDocument();
    expect(postsTo(spy)).toEqual([
      ['/api/my-tickets/t2/seats', { session: 'rust-101' }],
      ['/api/my-tickets/t2/seats/rust-101/waiting-list', {}],
    ]);
  });

  it('forgets a kept link that no longer opens a ticket, and shows a refusal such as a clash in place', async () => {
    localStorage.setItem(TICKET_LINK_KEY, 'given-away-link');
    const clash = 'Rust 101 overlaps React lab (Mon, May 18, 10:30–11:30), where this ticket holds a seat.';
    fakeServer({
      tickets: [ticket('t1', 1, 'Ana Diaz')],
      reserve: () => jsonResponse({ message: clash, code: 'clash', clashesWith: 'react-lab' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await openWorkshopPage());

    const askLink = await screen.findByRole('dialog', { name: 'Your ticket’s link' });
    expect(within(askLink).getByText(/The link this browser kept no longer opens a ticket/)).toBeInTheDocument();
    expect(localStorage.getItem(TICKET_LINK_KEY)).toBeNull();
    await user.type(within(askLink).getByLabelText('Tickets link'), 'buyer-secret-link');
    await user.click(within(askLink).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(clash)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('joins the waiting list at once from a full session’s button', async () => {
    localStorage.setItem(TICKET_LINK_KEY, 'buyer-secret-link');
    const spy = fakeServer({ tickets: [ticket('t1', 1, 'Ana Diaz')], reserve: () => jsonResponse(rust101), left: 0 });
    const user = userEvent.setup();
    const button = await openWorkshopPage();
    await waitFor(() => expect(button).toHaveTextContent('Join the waiting list'));
    await user.click(button);
    expect(await screen.findByText(/You are 3rd in line for Rust 101/)).toBeInTheDocument();
    expect(postsTo(spy)).toEqual([['/api/my-tickets/t1/seats/rust-101/waiting-list', {}]]);
  });
});
