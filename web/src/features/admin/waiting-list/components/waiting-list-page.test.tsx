import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { findToast, renderWithProviders } from '@/test/render';
import type { WaitingEntry, WaitingQueue } from '../api/waiting-list';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { formatTime } from '@/features/admin/shared/components/format';

const joined = 1_767_225_600_000;
const expires = Date.UTC(2026, 4, 2, 15, 30);

function entry(fields: Partial<WaitingEntry> & Pick<WaitingEntry, 'id' | 'name' | 'state'>): WaitingEntry {
  return {
    place: null,
    email: `${fields.name.split(' ')[0].toLowerCase()}@example.com`,
    quantity: 1,
    code: null,
    offeredAt: null,
    offerExpiresAt: null,
    passedOverAt: null,
    joinedAt: joined,
    ...fields,
  };
}

const developer: WaitingQueue = {
  kind: 'ticket',
  sku: 'ticket:developer',
  itemName: 'Developer ticket',
  free: 1,
  waiting: 2,
  waitingUnits: 3,
  blocked: 'The first in line wants 2 and 1 is free.',
  entries: [
    entry({ id: 'e1', name: 'Ana Diaz', state: 'waiting', place: 1, quantity: 2, passedOverAt: joined + 3_600_000 }),
    entry({ id: 'e2', name: 'Ben Okafor', state: 'waiting', place: 2 }),
    entry({
      id: 'e3',
      name: 'Cleo Park',
      state: 'offered',
      code: 'WAIT-CLEO2K',
      offeredAt: expires - 48 * 3_600_000,
      offerExpiresAt: expires,
    }),
    entry({ id: 'e4', name: 'Dan Reyes', state: 'used', code: 'WAIT-DAN9QX' }),
    entry({ id: 'e5', name: 'Eve Stone', state: 'expired', code: 'WAIT-EVE4ZT' }),
    entry({ id: 'e6', name: 'Finn Hale', state: 'declined', code: 'WAIT-FIN7RW' }),
    entry({ id: 'e7', name: 'Gus Lee', state: 'removed' }),
  ],
};

const tshirt: WaitingQueue = {
  kind: 'merchandise',
  sku: 'merchandise:1:M:Black',
  itemName: 'T-shirt (M, Black)',
  free: null,
  waiting: 1,
  waitingUnits: 1,
  blocked: null,
  entries: [entry({ id: 'e8', name: 'Hana Ito', state: 'waiting', place: 1 })],
};

interface Sent {
  method: string;
  path: string;
}

type Answer = (sent: Sent) => Response | undefined;

/**
 * The back office's waiting-list API over queues kept in memory: moving up swaps an entry with
 * the one before it, an offer turns it offered, DELETE removes it. `answer` may reply first (a 409).
 */
function serveWaitingList(initial: WaitingQueue[], answer?: Answer, role = 'owner') {
  const queues = structuredClone(initial);
  const sent: Sent[] = [];
  let reads = 0;
  const change = (id: string, update: (queue: WaitingQueue, index: number) => void) => {
    for (const queue of queues) {
      const index = queue.entries.findIndex((each) => each.id === id);
      if (index >= 0) update(queue, index);
    }
  };
  mockFetch((url, init) => {
    const path = url.split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/api/admin/session') return jsonResponse({ name: 'Olivia', role });
    if (method === 'GET' && path === '/api/admin/waiting-list') {
      reads += 1;
      return jsonResponse({ offerHours: 48, queues });
    }
    sent.push({ method, path });
    const early = answer?.(sent[sent.length - 1]);
    if (early) return early;
    const [, id, action] = /^\/api\/admin\/waiting-list\/([^/]+)(?:\/(.+))?$/.exec(path) ?? [];
    if (method === 'POST' && action === 'move-up') {
      let place = 0;
      change(id, (queue, index) => {
        const [before, moved] = [queue.entries[index - 1], queue.entries[index]];
        queue.entries[index - 1] = { ...moved, place: before.place };
        queue.entries[index] = { ...before, place: moved.place };
        place = before.place ?? 0;
      });
      return jsonResponse({ place });
    }
    if (method === 'POST' && action === 'offer') {
      change(id, (queue, index) => {
        queue.entries[index] = {
          ...queue.entries[index],
          state: 'offered',
          place: null,
          code: 'WAIT-NEW123',
          offerExpiresAt: expires,
        };
      });
      return jsonResponse({ code: 'WAIT-NEW123', offerExpiresAt: expires });
    }
    if (method === 'DELETE' && id && !action) {
      change(id, (queue, index) => {
        queue.entries[index] = { ...queue.entries[index], state: 'removed', place: null };
      });
      return new Response(null, { status: 204 });
    }
    return new Response('not found', { status: 404 });
  });
  return { sent, reads: () => reads };
}

function renderWaitingList() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.waitingList },
  );
}

async function queueOf(itemName: string) {
  return screen.findByRole('region', { name: itemName });
}

/** An entry's row, found by the name in its row header. */
async function rowOf(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`${name} is not in a row`);
  return row;
}

/** Place, name, email, quantity, state and code: the texts a row shows before its joined time. */
async function cellsOf(name: string) {
  const row = await rowOf(name);
  return [...row.querySelectorAll('td, th')].slice(0, 6).map((cell) => cell.textContent);
}

describe('the waiting list screen', () => {
  it('shows each queue’s free and wanted units, why no offer goes out, and its entries in order', async () => {
    serveWaitingList([developer, tshirt]);
    renderWaitingList();

    const queue = await queueOf('Developer ticket');
    expect(within(queue).getByText('Free units', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    expect(within(queue).getByText('Waiting', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '2 entries for 3 units',
    );
    expect(within(queue).getByText(/The first in line wants 2 and 1 is free\./)).toHaveTextContent(
      'No offer yet: The first in line wants 2 and 1 is free.',
    );
    const table = within(queue).getByRole('table', { name: 'Queue for Developer ticket' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ana Diaz', 'Ben Okafor', 'Cleo Park', 'Dan Reyes', 'Eve Stone', 'Finn Hale', 'Gus Lee']);
    expect(await cellsOf('Ana Diaz')).toEqual([
      '1',
      'Ana Diaz',
      'ana@example.com',
      '2',
      `Waitingpassed over ${formatTime(joined + 3_600_000)}, kept place`,
      '—',
    ]);
    expect(await cellsOf('Ben Okafor')).toEqual(['2', 'Ben Okafor', 'ben@example.com', '1', 'Waiting', '—']);
    expect(await cellsOf('Cleo Park')).toEqual([
      '—',
      'Cleo Park',
      'cleo@example.com',
      '1',
      `Offer sentuntil ${formatTime(expires)}`,
      'WAIT-CLEO2K',
    ]);
    expect((await cellsOf('Dan Reyes'))[4]).toBe('Used');
    expect((await cellsOf('Eve Stone'))[4]).toBe('Expired');
    expect((await cellsOf('Finn Hale'))[4]).toBe('Declined');
    expect((await cellsOf('Gus Lee'))[4]).toBe('Removed');
    expect(screen.getByText(/An offer holds its units for 48 hours\./)).toBeInTheDocument();

    const shirts = await queueOf('T-shirt (M, Black)');
    expect(within(shirts).getByText('Free units', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No limit');
    expect(within(shirts).queryByText(/No offer yet/)).not.toBeInTheDocument();
  });

  it('offers moving up to all but the first, an offer to those waiting, and removal to those waiting or offered', async () => {
    serveWaitingList([developer]);
    renderWaitingList();

    const buttons = async (name: string) =>
      within(await rowOf(name))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(await buttons('Ana Diaz')).toEqual(['Send offer now to Ana Diaz', 'Remove Ana Diaz']);
    expect(await buttons('Ben Okafor')).toEqual([
      'Move up Ben Okafor',
      'Send offer now to Ben Okafor',
      'Remove Ben Okafor',
    ]);
    expect(await buttons('Cleo Park')).toEqual(['Remove Cleo Park']);
    expect(await buttons('Dan Reyes')).toEqual([]);
    expect(await buttons('Gus Lee')).toEqual([]);
  });

  it('says no one is waiting when no item has sold out', async () => {
    serveWaitingList([]);
    renderWaitingList();

    expect(await screen.findByText('No one is waiting: queues open when an item sells out.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('moves an entry up and sends an offer, reading the queues again after each', async () => {
    const { sent, reads } = serveWaitingList([developer]);
    const { user } = renderWaitingList();

    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Move up Ben Okafor' }));
    expect(await findToast('Moved up')).toHaveTextContent('Ben Okafor is number 1 now.');
    const table = screen.getByRole('table', { name: 'Queue for Developer ticket' });
    await within(table).findByRole('button', { name: 'Move up Ana Diaz' });
    expect((await cellsOf('Ben Okafor'))[0]).toBe('1');
    expect(within(await rowOf('Ben Okafor')).queryByRole('button', { name: /Move up/ })).not.toBeInTheDocument();

    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Send offer now to Ben Okafor' }));
    expect(await findToast('Offer sent')).toHaveTextContent(
      `Ben Okafor has code WAIT-NEW123 until ${formatTime(expires)}.`,
    );
    await within(await rowOf('Ben Okafor')).findByText('WAIT-NEW123');
    expect((await cellsOf('Ben Okafor'))[4]).toBe(`Offer sentuntil ${formatTime(expires)}`);

    expect(sent).toEqual([
      { method: 'POST', path: '/api/admin/waiting-list/e2/move-up' },
      { method: 'POST', path: '/api/admin/waiting-list/e2/offer' },
    ]);
    expect(reads()).toBe(3);
  });

  it('shows the server’s reason when it refuses an offer or a move', async () => {
    const { sent } = serveWaitingList([developer], ({ path }) =>
      path.endsWith('/offer')
        ? jsonResponse({ message: 'Only 1 unit is free: Ana Diaz wants 2.' }, 409)
        : jsonResponse({ message: 'Ben Okafor no longer waits.' }, 409),
    );
    const { user } = renderWaitingList();

    await user.click(within(await rowOf('Ana Diaz')).getByRole('button', { name: 'Send offer now to Ana Diaz' }));
    expect(await findToast('No offer sent')).toHaveTextContent('Only 1 unit is free: Ana Diaz wants 2.');

    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Move up Ben Okafor' }));
    expect(await findToast('Not moved')).toHaveTextContent('Ben Okafor no longer waits.');
    expect(sent.map((each) => each.path)).toEqual([
      '/api/admin/waiting-list/e1/offer',
      '/api/admin/waiting-list/e2/move-up',
    ]);
  });

  it('removes an entry only after asking, with DELETE', async () => {
    const { sent } = serveWaitingList([developer]);
    const { user } = renderWaitingList();

    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Remove Ben Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ben Okafor?' });
    expect(dialog).toHaveTextContent('They lose their place in the queue for Developer ticket.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(sent).toEqual([]);

    await user.click(within(await rowOf('Ben Okafor')).getByRole('button', { name: 'Remove Ben Okafor' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Ben Okafor?' })).getByRole('button', {
        name: 'Remove from the queue',
      }),
    );

    expect(await findToast('Removed')).toHaveTextContent('Ben Okafor is no longer in the queue for Developer ticket.');
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/admin/waiting-list/e2' }]);
    await within(await rowOf('Ben Okafor')).findByText('Removed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says an offered entry’s offer ends when it is removed, and shows a refusal in the dialog', async () => {
    serveWaitingList([developer], () => jsonResponse({ message: 'Cleo Park used the offer already.' }, 409));
    const { user } = renderWaitingList();

    await user.click(within(await rowOf('Cleo Park')).getByRole('button', { name: 'Remove Cleo Park' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Cleo Park?' });
    expect(dialog).toHaveTextContent(
      'Their offer ends: the code WAIT-CLEO2K stops working and its units go to the next in line.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the queue' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cleo Park used the offer already.');
  });

  it('is in the navigation of owners and managers only', async () => {
    for (const role of ['owner', 'manager']) {
      serveWaitingList([], undefined, role);
      const { unmount } = renderWaitingList();
      const nav = await screen.findByRole('navigation', { name: 'Back office' });
      expect(within(nav).getByRole('link', { name: 'Waiting list' })).toHaveAttribute('href', '/admin/waiting-list');
      expect(await screen.findByRole('heading', { level: 1, name: 'Waiting list' })).toBeInTheDocument();
      unmount();
    }

    serveWaitingList([], undefined, 'support');
    renderWaitingList();
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Waiting list' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
  });
});
