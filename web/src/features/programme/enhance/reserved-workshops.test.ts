import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { myScheduleHtml, programmePage } from './fixtures';
import { showReservedWorkshops } from './reserved-workshops';

afterEach(() => document.body.replaceChildren());

const ticket = (id: string, position: number, attendeeName: string | null, workshopSeats = 3) => ({
  id,
  position,
  status: 'valid',
  attendeeName,
  workshopSeats,
});

const seat = (session: string, title: string, start: string, end: string, room: string | null) => ({
  session,
  title,
  start,
  end,
  room,
});

const section = (page: HTMLElement) => page.querySelector<HTMLElement>('[data-my-seats]');

describe('reserved workshops on my schedule', () => {
  it('are listed apart from the starred sessions, by time, with each holder when the link opens several tickets', async () => {
    const spy = mockFetch((url) => {
      if (url === '/api/my-tickets')
        return jsonResponse({
          ticketName: 'Team Pass',
          tickets: [ticket('t1', 1, 'Ana Diaz'), ticket('t2', 2, null), ticket('t3', 3, 'Cy', 0)],
        });
      if (url === '/api/my-tickets/t1/seats')
        return jsonResponse({
          limit: 3,
          seats: [seat('hackathon', 'Hackathon', '2026-05-19T09:00:00-04:00', '2026-05-19T17:00:00-04:00', null)],
          waiting: [{ session: 'rust-web', place: 2 }],
        });
      if (url === '/api/my-tickets/t2/seats')
        return jsonResponse({
          limit: 3,
          seats: [
            seat('react-perf', 'React performance', '2026-05-18T10:30:00-04:00', '2026-05-18T11:30:00-04:00', 'Lab'),
          ],
          waiting: [],
        });
      return new Response('not found', { status: 404 });
    });
    const page = programmePage(myScheduleHtml);
    const titles = new Map([['rust-web', 'Rust on the web']]);
    showReservedWorkshops(page, titles, 'kept-link');

    await vi.waitFor(() => expect(section(page)).not.toBeNull());
    const reserved = section(page) as HTMLElement;
    expect(reserved.querySelector('h2')).toHaveTextContent('Reserved workshops');
    expect([...reserved.querySelectorAll('ul.grid li')].map((item) => item.textContent)).toEqual([
      'React performanceMon, May 18, 10:30–11:30 venue time · Lab · Ticket 2',
      'HackathonTue, May 19, 09:00–17:00 venue time · Ana Diaz',
    ]);
    expect(reserved.querySelector('a')).toHaveAttribute('href', '/sessions/react-perf');
    expect(reserved).toHaveTextContent('Waiting list of Rust on the web: 2nd in line (Ana Diaz)');
    // After the starred sessions: the last thing on the page.
    expect(page.lastElementChild).toBe(reserved);
    // The third ticket includes no workshops: not asked about.
    expect(spy.mock.calls.map(([url]) => String(url))).not.toContain('/api/my-tickets/t3/seats');
    expect(new Headers(spy.mock.calls[0][1]?.headers).get('X-Manage-Token')).toBe('kept-link');
  });

  it('are not shown without a kept link, and say so when the kept link opens no ticket any more', async () => {
    const spy = mockFetch(() => jsonResponse({ message: 'This link is not valid.' }, 404));
    const page = programmePage(myScheduleHtml);
    showReservedWorkshops(page, new Map(), undefined);
    expect(spy).not.toHaveBeenCalled();
    expect(section(page)).toBeNull();

    showReservedWorkshops(page, new Map(), 'old-link');
    await vi.waitFor(() => expect(section(page)).toHaveTextContent('no longer opens a ticket'));
    expect(section(page)).toHaveTextContent('Reserved workshops');
  });
});
