import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { findToast, renderWithProviders } from '@/test/render';
import type { Code } from '../api/codes';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const items = [
  { sku: 'ticket:developer', label: 'Developer Pass', hidden: false, limit: null },
  { sku: 'ticket:vip', label: 'VIP Pass', hidden: false, limit: 200 },
  { sku: 'ticket:speaker', label: 'Speaker Pass', hidden: true, limit: 50 },
  { sku: 'merchandise:1', label: 'CodeWave T-shirt', hidden: false, limit: 300 },
];

const june2030 = Date.UTC(2030, 5, 15, 12);
/** Its day where the tests run: "Jun 15, 2030" in most timezones, "Jun 16, 2030" east of UTC+12. */
const june2030Day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(june2030);

function code(fields: Partial<Code> & Pick<Code, 'id' | 'code'>): Code {
  return {
    appliesTo: [],
    kind: 'percentOff',
    value: 20,
    maxUses: 1,
    uses: 0,
    validFrom: null,
    validUntil: null,
    reserve: null,
    reservedLeft: 0,
    unlocks: null,
    ordersPerEmail: null,
    tag: null,
    note: null,
    disabled: false,
    createdAt: 1_767_225_600_000,
    updatedAt: 1_767_225_600_000,
    ...fields,
  };
}

const partner = code({ id: 'c1', code: 'PARTNER20', maxUses: 100, uses: 37, tag: 'partners', note: 'For Acme' });
const speaker = code({
  id: 'c2',
  code: 'SPEAKER-7KQ',
  appliesTo: ['ticket:speaker'],
  kind: 'fixedPrice',
  value: 0,
  uses: 1,
  unlocks: 'ticket:speaker',
  ordersPerEmail: 1,
  tag: 'speakers',
});
const vip = code({
  id: 'c3',
  code: 'VIP50',
  appliesTo: ['ticket:vip', 'merchandise:1'],
  kind: 'amountOff',
  value: 5000,
  maxUses: 10,
  uses: 2,
  reserve: 5,
  reservedLeft: 3,
  validFrom: june2030,
  tag: 'partners',
});
const lapsed = code({ id: 'c4', code: 'LAPSED', kind: 'percentOff', value: 0, validUntil: 1_000, disabled: false });

interface Sent {
  method: string;
  path: string;
  body: unknown;
  contentType: string | null;
}

type Answer = (sent: Sent) => Response | undefined;

/**
 * The back office's codes API over a list kept in memory: creating adds codes, PATCH changes
 * one, an import adds one code per CSV row. `answer` may reply first (a 422, a 409).
 */
function serveCodes(initial: Code[], answer?: Answer) {
  let codes = [...initial];
  const sent: Sent[] = [];
  const fetchSpy = mockFetch((url, init) => {
    const path = url.split('?')[0];
    const method = init?.method ?? 'GET';
    const contentType = new Headers(init?.headers).get('Content-Type');
    const text = init?.body ? String(init.body) : undefined;
    const body = text && contentType === 'application/json' ? (JSON.parse(text) as unknown) : text;
    if (path === '/api/admin/session') return jsonResponse({ name: 'Olivia', role: 'owner' });
    if (method === 'GET' && path === '/api/admin/codes') {
      const tag = new URL(url, 'http://localhost').searchParams.get('tag');
      const tags = [...new Set(codes.map((each) => each.tag))];
      const byTag = tags.map((each) => {
        const tagged = codes.filter((one) => one.tag === each);
        return { tag: each, codes: tagged.length, uses: tagged.reduce((sum, one) => sum + one.uses, 0) };
      });
      return jsonResponse({ codes: tag ? codes.filter((each) => each.tag === tag) : codes, byTag, items });
    }
    sent.push({ method, path, body, contentType });
    const early = answer?.(sent[sent.length - 1]);
    if (early) return early;
    if (method === 'POST' && path === '/api/admin/codes') {
      const request = body as { count?: number; prefix?: string; code?: string; appliesTo: string[]; maxUses: number };
      const made = Array.from({ length: request.count ?? 1 }, (_, index) =>
        code({
          id: `new${codes.length + index}`,
          code: request.code ?? `${request.prefix ?? ''}${index + 1}AB`,
          appliesTo: request.appliesTo,
          maxUses: request.maxUses,
        }),
      );
      codes = [...made, ...codes];
      return jsonResponse({ codes: made });
    }
    if (method === 'PATCH' && path.startsWith('/api/admin/codes/')) {
      const id = path.split('/').pop();
      codes = codes.map((each) => (each.id === id ? { ...each, ...(body as Partial<Code>) } : each));
      return jsonResponse(codes.find((each) => each.id === id));
    }
    if (method === 'POST' && path === '/api/admin/codes/import') {
      const rows = String(body).trim().split('\n').slice(1);
      const made = rows.map((row, index) => code({ id: `csv${index}`, code: row.split(',')[0] }));
      codes = [...made, ...codes];
      return jsonResponse({ codes: made });
    }
    return new Response('not found', { status: 404 });
  });
  return { fetchSpy, sent };
}

function renderCodes(route = '/admin/codes') {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route },
  );
}

/** The texts of a code's row, from "Gives" to "Status", under its code. */
async function rowOf(codeText: string) {
  const table = await screen.findByRole('table', { name: /^Codes/ });
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${codeText}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`${codeText} is not in a row`);
  return row;
}

async function cellsOf(codeText: string) {
  const row = await rowOf(codeText);
  return within(row)
    .getAllByRole('cell')
    .slice(0, 7)
    .map((cell) => cell.textContent);
}

async function openNewCodes(user: ReturnType<typeof renderCodes>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New codes…' }));
  return screen.getByRole('dialog', { name: 'New codes' });
}

describe('the codes screen', () => {
  it('lists each code with what it gives, its items, uses, dates, tag, held units and status', async () => {
    serveCodes([partner, speaker, vip, lapsed]);
    renderCodes();

    expect(await cellsOf('PARTNER20')).toEqual([
      '20% off',
      'All items',
      '37 / 100',
      'Any time',
      'partners',
      '—',
      'Active',
    ]);
    expect(await rowOf('PARTNER20')).toHaveTextContent('For Acme');
    expect(await cellsOf('SPEAKER-7KQ')).toEqual([
      'FreeUnlocks Speaker Pass',
      'Speaker Pass',
      '1 / 1',
      'Any time',
      'speakers',
      '—',
      'Used up',
    ]);
    const [gives, applies, uses, valid, tag, held, status] = await cellsOf('VIP50');
    expect([gives, applies, uses, tag, held, status]).toEqual([
      '$50.00 off each',
      'VIP Pass, CodeWave T-shirt',
      '2 / 10',
      'partners',
      '3 of 5',
      'Not yet valid',
    ]);
    expect(valid).toMatch(new RegExp(`^From ${june2030Day}, \\d`));
    const lapsedCells = await cellsOf('LAPSED');
    expect(lapsedCells[0]).toBe('Access only');
    expect(lapsedCells[6]).toBe('Expired');
  });

  it('sums the uses by tag and filters the list by one', async () => {
    const { fetchSpy } = serveCodes([partner, speaker, vip, lapsed]);
    const { user } = renderCodes();

    const section = await screen.findByRole('region', { name: 'Uses by tag' });
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['partners239', 'speakers11', 'No tag10']);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Filter by tag' })).getByRole('link', { name: 'speakers' }),
    );
    expect(await screen.findByRole('heading', { name: 'Codes tagged speakers' })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toContain('/api/admin/codes?tag=speakers');
    const table = await screen.findByRole('table', { name: 'Codes tagged speakers' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['SPEAKER-7KQ']);
  });

  it('generates five codes, sends what the organizer chose, and shows them to copy', async () => {
    const { sent } = serveCodes([partner]);
    const { user } = renderCodes();

    const dialog = await openNewCodes(user);
    expect(within(dialog).getByRole('checkbox', { name: 'Speaker Pass (hidden)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Generate' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'How many' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'How many' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Prefix' }), 'SPK-');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Developer Pass' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Generate 5 codes' }));

    const made = await screen.findByRole('dialog', { name: '5 codes made' });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/codes',
        contentType: 'application/json',
        body: { count: 5, prefix: 'SPK-', appliesTo: ['ticket:developer'], percentOff: 20, maxUses: 1 },
      },
    ]);
    expect(made).toHaveTextContent('20% off, one use each.');
    const listed = within(within(made).getByRole('list', { name: 'Codes made' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual(['SPK-1AB', 'SPK-2AB', 'SPK-3AB', 'SPK-4AB', 'SPK-5AB']);

    await user.click(within(made).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Codes' });
    await within(table).findByRole('rowheader', { name: 'SPK-5AB' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(6);
  });

  it('sends dates in the browser’s time with its offset, dollars as cents, and holds only for one limited item', async () => {
    const { sent } = serveCodes([]);
    const { user } = renderCodes();

    const dialog = await openNewCodes(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'vip-friends');
    await user.click(within(dialog).getByRole('checkbox', { name: 'VIP Pass' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Discount' }), 'An amount off each unit');
    await user.type(within(dialog).getByRole('textbox', { name: 'Dollars off each unit' }), '50');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Uses' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Uses' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Units to hold' }), '4');
    fireEvent.change(within(dialog).getByLabelText('Valid until'), { target: { value: '2026-05-01T09:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tag' }), 'friends');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));

    await screen.findByRole('dialog', { name: 'Code made' });
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toEqual({
      code: 'vip-friends',
      appliesTo: ['ticket:vip'],
      amountOff: 5000,
      maxUses: 10,
      reserve: 4,
      validUntil: expect.stringMatching(/^2026-05-01T09:30:00[+-]\d\d:\d\d$/),
      tag: 'friends',
    });
    expect(Date.parse(String(body.validUntil))).toBe(new Date(2026, 4, 1, 9, 30).getTime());
  });

  it('sends the orders one email may place when given, and leaves the default to the server when empty', async () => {
    const { sent } = serveCodes([]);
    const { user } = renderCodes();

    const dialog = await openNewCodes(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'team-comp');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Discount' }), 'A fixed price for each unit');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price of each unit, in dollars' }), '0');
    const orders = within(dialog).getByRole('textbox', { name: 'Orders per email' });
    await user.type(orders, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(orders).toHaveAccessibleDescription(
      "Optional: how many orders one buyer's email may place with it. Empty: one for a free code, any number otherwise. Enter a whole number of orders, or leave it empty.",
    );
    expect(sent).toEqual([]);

    await user.clear(orders);
    await user.type(orders, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));

    await screen.findByRole('dialog', { name: 'Code made' });
    expect(sent[0].body).toEqual({ code: 'team-comp', appliesTo: [], fixedPrice: 0, maxUses: 1, ordersPerEmail: 3 });
  });

  it('offers to hold units only when one item with a stock limit is chosen', async () => {
    serveCodes([]);
    const { user } = renderCodes();

    const dialog = await openNewCodes(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Developer Pass' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Units to hold' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Developer Pass' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'VIP Pass' }));
    expect(within(dialog).getByRole('textbox', { name: 'Units to hold' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'CodeWave T-shirt' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Units to hold' })).not.toBeInTheDocument();
  });

  it('shows the server’s field errors next to their fields, and a conflict above the button', async () => {
    let attempts = 0;
    serveCodes([], (sent) => {
      if (sent.method !== 'POST') return undefined;
      attempts += 1;
      return attempts === 1
        ? jsonResponse(
            {
              message: 'Some fields are invalid.',
              fieldErrors: {
                prefix: "A prefix is up to 20 letters, digits, '-' or '_'.",
                percentOff: 'A percentage from 1 to 100.',
              },
            },
            422,
          )
        : jsonResponse({ message: 'The code SPK-1 exists already.' }, 409);
    });
    const { user } = renderCodes();

    const dialog = await openNewCodes(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Generate' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Prefix' }), 'SPK 1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Percent off' }), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Generate 10 codes' }));

    const prefix = within(dialog).getByRole('textbox', { name: 'Prefix' });
    await within(dialog).findByText("A prefix is up to 20 letters, digits, '-' or '_'.");
    expect(prefix).toHaveAttribute('aria-invalid', 'true');
    expect(prefix).toHaveAccessibleDescription(
      "Optional, such as SPEAKER-. A prefix is up to 20 letters, digits, '-' or '_'.",
    );
    expect(within(dialog).getByRole('textbox', { name: 'Percent off' })).toHaveAccessibleDescription(
      'A percentage from 1 to 100.',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Generate 10 codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The code SPK-1 exists already.');
  });

  it('disables a code with PATCH {disabled: true}, and asks first when it holds units', async () => {
    const { sent } = serveCodes([partner, vip]);
    const { user } = renderCodes();

    await user.click(within(await rowOf('PARTNER20')).getByRole('button', { name: 'Disable PARTNER20' }));
    expect(await findToast('Code disabled')).toHaveTextContent('PARTNER20 no longer works.');
    expect(sent).toEqual([
      { method: 'PATCH', path: '/api/admin/codes/c1', contentType: 'application/json', body: { disabled: true } },
    ]);
    expect(within(await rowOf('PARTNER20')).getByRole('button', { name: 'Enable PARTNER20' })).toBeInTheDocument();
    expect((await cellsOf('PARTNER20'))[6]).toBe('Disabled');

    await user.click(within(await rowOf('VIP50')).getByRole('button', { name: 'Disable VIP50' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable VIP50?' });
    expect(confirm).toHaveTextContent('Its 3 held units go back on sale.');
    expect(sent).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Disable and release the units' }));
    await screen.findByRole('button', { name: 'Enable VIP50' });
    expect(sent[1]).toMatchObject({ method: 'PATCH', path: '/api/admin/codes/c3', body: { disabled: true } });
  });

  it('edits a code, sending only what changed', async () => {
    const { sent } = serveCodes([partner]);
    const { user } = renderCodes();

    await user.click(within(await rowOf('PARTNER20')).getByRole('button', { name: 'Edit PARTNER20' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit PARTNER20' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Uses' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Uses' }), '150');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Code saved')).toBeInTheDocument();
    expect(sent.map((each) => [each.method, each.body])).toEqual([['PATCH', { maxUses: 150, note: null }]]);
    expect((await cellsOf('PARTNER20'))[2]).toBe('37 / 150');
  });

  it('lifts a code’s limit of orders per email by clearing it', async () => {
    const { sent } = serveCodes([speaker]);
    const { user } = renderCodes();

    await user.click(within(await rowOf('SPEAKER-7KQ')).getByRole('button', { name: 'Edit SPEAKER-7KQ' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit SPEAKER-7KQ' });
    const orders = within(dialog).getByRole('textbox', { name: 'Orders per email' });
    expect(orders).toHaveValue('1');
    await user.clear(orders);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Code saved')).toBeInTheDocument();
    expect(sent.map((each) => [each.method, each.body])).toEqual([['PATCH', { ordersPerEmail: null }]]);
  });

  it('imports a CSV file as text/csv and says what it made, or why nothing was made', async () => {
    const csv =
      'code,applies to,kind,value,max uses\nFRIEND1,ticket:developer,percent_off,10,1\nFRIEND2,,amount_off,50.00,2\n';
    let attempts = 0;
    const { sent } = serveCodes([], () => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(
            { message: 'A field is invalid.', fieldErrors: { file: 'Line 3: "max uses" is not a whole number.' } },
            422,
          )
        : undefined;
    });
    const { user } = renderCodes();

    const input = await screen.findByLabelText('Import CSV');
    await user.upload(input, new File([csv], 'codes.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was imported. Line 3: "max uses" is not a whole number.',
    );

    await user.upload(input, new File([csv], 'codes.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Imported 2 codes/)).toHaveTextContent('Imported 2 codes: FRIEND1, FRIEND2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/admin/codes/import', contentType: 'text/csv', body: csv });
    expect(await rowOf('FRIEND2')).toBeInTheDocument();
  });

  it('links the CSV export', async () => {
    serveCodes([]);
    renderCodes();

    expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/exports/codes.csv',
    );
  });
});
