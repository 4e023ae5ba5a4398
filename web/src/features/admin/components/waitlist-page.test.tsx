import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import type { Draw } from '../api/draws';
import type { Presale } from '../api/presales';
import { formatTime } from './format';
import { WaitlistPage } from './waitlist-page';

const waitlist = {
  items: [],
  page: 1,
  pageSize: 50,
  total: 0,
  interests: [
    { value: 'web', label: 'Web Development', count: 40 },
    { value: 'ai', label: 'AI & Machine Learning', count: 25 },
    { value: 'cloud', label: 'Cloud & DevOps', count: 12 },
  ],
  registered: 60,
  subscribed: 55,
};

const tickets = [
  { id: 1, type: 'developer', name: 'Developer Pass', description: '', price: 79_900, features: [] },
  { id: 2, type: 'vip', name: 'VIP Pass', description: '', price: 149_900, features: [] },
];

const created = 1_767_225_600_000;
const deadline = Date.UTC(2026, 1, 1, 17);

const everyTicket: Presale = {
  id: 'p1',
  item: 'tickets',
  itemName: 'Every ticket',
  deadline,
  interestAreas: [],
  unitsPerPerson: null,
  recipients: 812,
  sent: 790,
  used: 12,
  createdAt: created,
};

const drawn: Draw = {
  id: 'd1',
  seed: 'spring-2026',
  item: 'ticket:developer',
  itemName: 'Developer Pass',
  interestAreas: ['ai'],
  candidates: 25,
  winners: [
    { name: 'Ana Diaz', email: 'ana@example.com', code: 'DRAW-7KQ2' },
    { name: 'Ben Okafor', email: 'ben@example.com', code: 'DRAW-9PX4' },
  ],
  createdAt: created,
};

/** The waitlist screen over a fake server: `routes` replace the answers to posts (and lists) it makes. */
function renderWaitlist(routes: Parameters<typeof routeRequests>[0] = {}) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/waitlist': () => jsonResponse(waitlist),
      '/api/tickets': () => jsonResponse(tickets),
      '/api/admin/presales': () => jsonResponse([]),
      '/api/admin/draws': () => jsonResponse([]),
      ...routes,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.waitlist} element={<WaitlistPage />} />
    </Routes>,
    { route: paths.admin.waitlist },
  );
  return { fetchSpy, ...rendered };
}

async function open(user: ReturnType<typeof renderWaitlist>['user'], button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: title });
}

describe('the waitlist screen’s presale', () => {
  it('lists the presales with their item, deadline, interest areas, recipients, sent and used', async () => {
    renderWaitlist({
      '/api/admin/presales': () =>
        jsonResponse([
          {
            ...everyTicket,
            id: 'p2',
            item: 'ticket:vip',
            itemName: 'VIP Pass',
            interestAreas: ['ai', 'cloud'],
            unitsPerPerson: 2,
          },
          everyTicket,
        ]),
    });

    const table = await screen.findByRole('table', { name: 'Presales' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'VIP Pass',
        formatTime(deadline),
        'AI & Machine Learning, Cloud & DevOps',
        '2',
        '812',
        '790',
        '12',
        formatTime(created),
      ],
      ['Every ticket', formatTime(deadline), 'Everyone subscribed', '—', '812', '790', '12', formatTime(created)],
    ]);
  });

  it('posts the item, the deadline in milliseconds, the interest areas and the units per person', async () => {
    let presales: Presale[] = [];
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/presales': (body) => {
        if (body === undefined) return jsonResponse(presales);
        presales = [{ ...everyTicket, id: 'p9', item: 'ticket:vip', itemName: 'VIP Pass', interestAreas: ['ai'] }];
        return jsonResponse(presales[0], 201);
      },
    });

    const dialog = await open(user, 'New presale…', 'New presale');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Item' }), 'VIP Pass');
    fireEvent.change(within(dialog).getByLabelText('Deadline'), { target: { value: '2026-02-01T12:00' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'AI & Machine Learning' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Units per person' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send the presale links' }));

    expect(await findToast('Presale made')).toHaveTextContent('812 priority links for VIP Pass are on their way.');
    expect(postedTo(fetchSpy, '/api/admin/presales')).toEqual([
      {
        item: 'ticket:vip',
        deadline: new Date('2026-02-01T12:00').getTime(),
        interestAreas: ['ai'],
        unitsPerPerson: 2,
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'VIP Pass' })).toBeInTheDocument();
  });

  it('sends every ticket to everyone subscribed when nothing else is chosen, and asks for a deadline first', async () => {
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/presales': (body) => (body === undefined ? jsonResponse([]) : jsonResponse(everyTicket, 201)),
    });

    const dialog = await open(user, 'New presale…', 'New presale');
    await user.click(within(dialog).getByRole('button', { name: 'Send the presale links' }));
    expect(within(dialog).getByLabelText('Deadline')).toHaveAccessibleDescription(
      'Your own time zone; before public sales open. Choose when the links stop working.',
    );
    expect(postedTo(fetchSpy, '/api/admin/presales')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Deadline'), { target: { value: '2026-02-01T12:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send the presale links' }));
    await findToast('Presale made');
    expect(postedTo(fetchSpy, '/api/admin/presales')).toEqual([
      { item: 'tickets', deadline: new Date('2026-02-01T12:00').getTime(), interestAreas: [] },
    ]);
  });

  it('shows the server’s field errors next to their fields, and a conflict above the button', async () => {
    let attempts = 0;
    const { user } = renderWaitlist({
      '/api/admin/presales': (body) => {
        if (body === undefined) return jsonResponse([]);
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              {
                message: 'Please correct the highlighted fields.',
                fieldErrors: {
                  deadline: 'The deadline must be in the future.',
                  unitsPerPerson: 'At most 10 per person.',
                },
              },
              422,
            )
          : jsonResponse({ message: 'Public sales of every ticket are open already.' }, 409);
      },
    });

    const dialog = await open(user, 'New presale…', 'New presale');
    fireEvent.change(within(dialog).getByLabelText('Deadline'), { target: { value: '2020-01-01T09:00' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Units per person' }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Send the presale links' }));

    await within(dialog).findByText('The deadline must be in the future.');
    expect(within(dialog).getByLabelText('Deadline')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Units per person' })).toHaveAccessibleDescription(
      'Optional: the most units one person may buy with their link. At most 10 per person.',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send the presale links' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Public sales of every ticket are open already.',
    );
  });
});

describe('the waitlist screen’s draw', () => {
  it('posts the draw and shows its seed and winners, then lists it with how to re-run it', async () => {
    let draws: Draw[] = [];
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/draws': (body) => {
        if (body === undefined) return jsonResponse(draws);
        draws = [drawn];
        return jsonResponse(drawn, 201);
      },
    });

    const dialog = await open(user, 'New draw…', 'New draw');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    expect(within(dialog).getByRole('combobox', { name: 'Ticket' })).toHaveValue('ticket:developer');
    expect(within(dialog).getByRole('textbox', { name: 'Seed' })).toHaveAccessibleDescription(
      'Optional: left empty, one is generated and recorded.',
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'Winners' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Winners' }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Seed' }), 'spring-2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'AI & Machine Learning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Draw and email the winners' }));

    const result = await screen.findByRole('dialog', { name: 'The 2 winners' });
    expect(result).toHaveTextContent('Seedspring-2026');
    expect(result).toHaveTextContent('Candidates25 (AI & Machine Learning)');
    const winners = within(result).getByRole('table', { name: 'Winners of the draw with seed spring-2026' });
    expect(
      within(winners)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Ana Diazana@example.comDRAW-7KQ2', 'Ben Okaforben@example.comDRAW-9PX4']);
    expect(postedTo(fetchSpy, '/api/admin/draws')).toEqual([
      { winners: 2, item: 'ticket:developer', seed: 'spring-2026', interestAreas: ['ai'] },
    ]);

    await user.click(within(result).getByRole('button', { name: 'Done' }));
    const listed = await screen.findByRole('article', { name: 'Developer Pass: 2 winners' });
    expect(within(listed).getByText('spring-2026')).toBeInTheDocument();
    expect(within(listed).getByText('DRAW-9PX4')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Draw' })).toHaveTextContent(
      'compute for each the lowercase hex SHA-256 of seed:email; the winners are those with the smallest values.',
    );
  });

  it('leaves the seed to the server when none is given', async () => {
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/draws': (body) => (body === undefined ? jsonResponse([]) : jsonResponse(drawn, 201)),
    });

    const dialog = await open(user, 'New draw…', 'New draw');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Ticket' }), 'VIP Pass');
    await user.click(within(dialog).getByRole('button', { name: 'Draw and email the winners' }));

    await screen.findByRole('dialog', { name: 'The 2 winners' });
    expect(postedTo(fetchSpy, '/api/admin/draws')).toEqual([{ winners: 1, item: 'ticket:vip', interestAreas: [] }]);
  });

  it('shows the server’s field errors next to their fields, and too few candidates above the button', async () => {
    let attempts = 0;
    const { user } = renderWaitlist({
      '/api/admin/draws': (body) => {
        if (body === undefined) return jsonResponse([]);
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              {
                message: 'Please correct the highlighted fields.',
                fieldErrors: { seed: 'A seed is up to 100 characters.' },
              },
              422,
            )
          : jsonResponse({ message: 'Only 25 registrations can win: fewer than 30 winners.' }, 409);
      },
    });

    const dialog = await open(user, 'New draw…', 'New draw');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Seed' }), 'x'.repeat(120));
    await user.click(within(dialog).getByRole('button', { name: 'Draw and email the winners' }));

    await within(dialog).findByText('A seed is up to 100 characters.');
    expect(within(dialog).getByRole('textbox', { name: 'Seed' })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByRole('textbox', { name: 'Winners' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Winners' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Draw and email the winners' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 25 registrations can win: fewer than 30 winners.',
    );
  });
});
