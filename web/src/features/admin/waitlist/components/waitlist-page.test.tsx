import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import type { Draw } from '../api/draws';
import type { Presale } from '../api/presales';
import { formatTime } from '@/features/admin/shared/components/format';
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
  confirmed: 41,
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

const seedHash = '9c1185a5c5e9fc54612808977ee8f548b2258d31b2f8c1e8f1d7e3e2a1f0b4c6';
const candidatesHash = '4b227777d4dd1fc61c6f884f48641d02b4d121d3fd328cb08b5531fcacdabf8a';
const drawnAt = created + 86_400_000;

const announced: Draw = {
  id: 'd1',
  item: 'ticket:developer',
  itemName: 'Developer Pass',
  interestAreas: ['ai'],
  prizes: 2,
  seedHash,
  announcedAt: created,
  seed: null,
  drawnAt: null,
  candidates: null,
  candidatesHash: null,
  winners: [],
};

const drawn: Draw = {
  ...announced,
  seed: '3f0c9a7e51d24b8a9e6f1c2d3b4a5f60718293a4b5c6d7e8f90a1b2c3d4e5f6',
  drawnAt,
  candidates: 25,
  candidatesHash,
  winners: [
    { name: 'Ana Diaz', email: 'ana@example.com', code: 'WIN-7KQ2' },
    { name: 'Ben Okafor', email: 'ben@example.com', code: 'WIN-9PX4' },
  ],
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
      [
        'Every ticket',
        formatTime(deadline),
        'Everyone confirmed and subscribed',
        '—',
        '812',
        '790',
        '12',
        formatTime(created),
      ],
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

describe('the waitlist screen’s counts', () => {
  it('shows who registered, who wants updates and who confirmed, and each registration’s confirmation', async () => {
    renderWaitlist({
      '/api/admin/waitlist': () =>
        jsonResponse({
          ...waitlist,
          total: 2,
          items: [
            {
              fullName: 'Ana Diaz',
              email: 'ana@example.com',
              jobTitle: null,
              interestAreas: ['ai'],
              subscribed: true,
              confirmed: true,
              registeredAt: created,
            },
            {
              fullName: 'Ben Okafor',
              email: 'ben@example.com',
              jobTitle: 'Engineer',
              interestAreas: [],
              subscribed: true,
              confirmed: false,
              registeredAt: created,
            },
          ],
        }),
    });

    const table = await screen.findByRole('table', { name: 'Waitlist registrations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Registered', 'Name', 'Email', 'Job title', 'Interests', 'Updates', 'Confirmed']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(-2).map((cell) => cell.textContent)),
    ).toEqual([
      ['Yes', 'Yes'],
      ['Yes', 'No'],
    ]);
    expect(screen.getByText('Confirmed, get presales and draws').nextElementSibling).toHaveTextContent('41');
    expect(screen.getByText('Want updates').nextElementSibling).toHaveTextContent('55');
  });
});

describe('the waitlist screen’s draw', () => {
  it('announces a draw with no seed of its own and shows its commitment, then lists it as announced', async () => {
    let draws: Draw[] = [];
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/draws': (body) => {
        if (body === undefined) return jsonResponse(draws);
        draws = [announced];
        return jsonResponse(announced, 201);
      },
    });

    const dialog = await open(user, 'New draw…', 'New draw');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    expect(within(dialog).getByRole('combobox', { name: 'Ticket' })).toHaveValue('ticket:developer');
    expect(within(dialog).queryByRole('textbox', { name: 'Seed' })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Winners' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Winners' }), '2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'AI & Machine Learning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Announce the draw' }));

    const result = await screen.findByRole('dialog', { name: 'Draw announced' });
    expect(result).toHaveTextContent(`Commitment (SHA-256 of the seed)${seedHash}`);
    expect(result).toHaveTextContent('SeedSecret until the draw is made');
    expect(result).toHaveTextContent('Takes partAI & Machine Learning, confirmed by the announcement');
    expect(within(result).queryByRole('table')).not.toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/draws')).toEqual([
      { winners: 2, item: 'ticket:developer', interestAreas: ['ai'] },
    ]);

    await user.click(within(result).getByRole('button', { name: 'Done' }));
    const listed = await screen.findByRole('article', { name: 'Developer Pass: 2 winners, announced' });
    expect(within(listed).getByText(seedHash)).toBeInTheDocument();
    expect(within(listed).getByRole('button', { name: 'Make the draw for the Developer Pass' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Draw' })).toHaveTextContent(
      'the lowercase hex SHA-256 of seed:email; the winners are those with the smallest values.',
    );
  });

  it('makes an announced draw once asked, then shows its seed, candidates, their hash and the winners', async () => {
    let draws: Draw[] = [announced];
    const { fetchSpy, user } = renderWaitlist({
      '/api/admin/draws': () => jsonResponse(draws),
      '/api/admin/draws/d1/draw': () => {
        draws = [drawn];
        return jsonResponse(drawn);
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Make the draw for the Developer Pass' }));
    const confirm = screen.getByRole('dialog', { name: 'Make the draw now?' });
    expect(postedTo(fetchSpy, '/api/admin/draws/d1/draw')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Draw and email the winners' }));

    expect(await findToast('Drawn')).toHaveTextContent('2 winners were emailed a code for a free Developer Pass.');
    expect(postedTo(fetchSpy, '/api/admin/draws/d1/draw')).toEqual([{}]);
    const listed = await screen.findByRole('article', { name: 'Developer Pass: 2 winners' });
    expect(listed).toHaveTextContent(`Seed${drawn.seed}`);
    expect(listed).toHaveTextContent(`Commitment (SHA-256 of the seed)${seedHash}`);
    expect(listed).toHaveTextContent('Candidates25 (AI & Machine Learning)');
    expect(listed).toHaveTextContent(`Candidates’ list (SHA-256)${candidatesHash}`);
    expect(listed).toHaveTextContent(`Drawn${formatTime(drawnAt)}`);
    const winners = within(listed).getByRole('table', { name: `Winners of the draw with seed ${drawn.seed}` });
    expect(
      within(winners)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Ana Diazana@example.comWIN-7KQ2', 'Ben Okaforben@example.comWIN-9PX4']);
    expect(within(listed).queryByRole('button', { name: /Make the draw/ })).not.toBeInTheDocument();
  });

  it('shows why a draw could not be made in its dialog', async () => {
    const { user } = renderWaitlist({
      '/api/admin/draws': () => jsonResponse([announced]),
      '/api/admin/draws/d1/draw': () =>
        jsonResponse(
          { message: 'Only 1 of the Developer Pass are left to give: make the draw once there are enough.' },
          409,
        ),
    });

    await user.click(await screen.findByRole('button', { name: 'Make the draw for the Developer Pass' }));
    const confirm = screen.getByRole('dialog', { name: 'Make the draw now?' });
    await user.click(within(confirm).getByRole('button', { name: 'Draw and email the winners' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Only 1 of the Developer Pass are left to give: make the draw once there are enough.',
    );
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
                fieldErrors: { item: 'Choose the ticket the winners get, as "ticket:<type>".' },
              },
              422,
            )
          : jsonResponse(
              {
                message: 'Only 25 confirmed, subscribed registrations can take part: draw 25 winners at most.',
              },
              409,
            );
      },
    });

    const dialog = await open(user, 'New draw…', 'New draw');
    await within(dialog).findByRole('option', { name: 'VIP Pass' });
    await user.click(within(dialog).getByRole('button', { name: 'Announce the draw' }));

    await within(dialog).findByText('Choose the ticket the winners get, as "ticket:<type>".');
    expect(within(dialog).getByRole('combobox', { name: 'Ticket' })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByRole('textbox', { name: 'Winners' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Winners' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Announce the draw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only 25 confirmed, subscribed registrations can take part: draw 25 winners at most.',
    );
  });
});
