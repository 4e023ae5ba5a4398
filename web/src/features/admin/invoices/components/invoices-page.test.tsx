import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { Ledger, LedgerEntry } from '../api/invoices';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const invoice: LedgerEntry = {
  number: 'CW2026-00001',
  kind: 'invoice',
  total: 1328100,
  issuedAt: 1_779_100_000_000,
  url: '/api/admin/invoices/CW2026-00001',
  date: '2026-05-18',
  orderId: 'o1',
  orderReference: 'CW-SPONSOR01',
  buyer: 'Acme Widgets Inc.',
  buyerTaxId: 'US-12-3456789',
  net: 1328100,
  tax: 0,
  refersTo: null,
};

const second: LedgerEntry = {
  ...invoice,
  number: 'CW2026-00002',
  total: 79900,
  issuedAt: 1_779_200_000_000,
  url: '/api/admin/invoices/CW2026-00002',
  date: '2026-05-19',
  orderId: 'o2',
  orderReference: 'CW-TICKET02',
  buyer: 'Dana Developer',
  buyerTaxId: null,
  net: 72636,
  tax: 7264,
};

const creditNote: LedgerEntry = {
  ...second,
  number: 'CW2026-00003',
  kind: 'credit_note',
  total: -79900,
  issuedAt: 1_779_300_000_000,
  url: '/api/admin/invoices/CW2026-00003',
  date: '2026-05-20',
  net: -72636,
  tax: -7264,
  refersTo: 'CW2026-00002',
};

function ledger(invoices: LedgerEntry[], range: { from: string | null; to: string | null }): Ledger {
  const sum = (amount: (entry: LedgerEntry) => number) => invoices.reduce((total, entry) => total + amount(entry), 0);
  return {
    ...range,
    invoices,
    totals: {
      invoices: invoices.filter((entry) => entry.kind === 'invoice').length,
      creditNotes: invoices.filter((entry) => entry.kind === 'credit_note').length,
      net: sum((entry) => entry.net),
      tax: sum((entry) => entry.tax),
      total: sum((entry) => entry.total),
    },
  };
}

/** The back office's invoices call: `invoices` for any range, or 400 when `from` is after `to`. */
function serveInvoices(invoices: LedgerEntry[]) {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/admin/session') return jsonResponse({ name: 'Olivia', role: 'owner' });
    if (pathname !== '/api/admin/invoices') return new Response('not found', { status: 404 });
    const from = searchParams.get('from');
    const to = searchParams.get('to');
    if (from && to && from > to) return jsonResponse({ message: '`from` must not be after `to`.' }, 400);
    return jsonResponse(ledger(invoices, { from, to }));
  });
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderInvoices(route: string = paths.admin.invoices) {
  return renderWithProviders(
    <Routes>
      <Route
        path={paths.admin.route}
        element={
          <>
            <AdminApp />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

/** The row of the ledger whose number is `number`, as its cells' texts. */
function rowOf(table: HTMLElement, number: string) {
  const row = within(table).getByRole('rowheader', { name: number }).closest('tr');
  if (!row) throw new Error(`${number} has no row`);
  return row;
}

describe('the invoices screen', () => {
  it('shows the month so far unless told otherwise, in the query and in both downloads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 18, 15, 30));
    const fetchSpy = serveInvoices([invoice]);
    renderInvoices();

    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/admin/invoices')).toEqual([
      '/api/admin/invoices?from=2026-05-01&to=2026-05-18',
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-05-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-05-18');
    expect(screen.getByRole('link', { name: 'Export ledger (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/ledger.csv?from=2026-05-01&to=2026-05-18',
    );
    expect(screen.getByRole('link', { name: 'Download PDFs (zip)' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/pdfs.zip?from=2026-05-01&to=2026-05-18',
    );
  });

  it('asks for the days chosen, keeps them in the address and leaves an emptied day out', async () => {
    const fetchSpy = serveInvoices([invoice]);
    const { user } = renderInvoices(`${paths.admin.invoices}?from=2026-05-01&to=2026-05-31`);
    await screen.findByRole('table', { name: 'Invoices' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-30' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export ledger (CSV)' })).toHaveAttribute(
        'href',
        '/api/admin/invoices/ledger.csv?from=2026-04-01&to=2026-04-30',
      ),
    );
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/admin/invoices?from=2026-04-01&to=2026-04-30',
    );
    expect(screen.getByRole('link', { name: 'Download PDFs (zip)' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/pdfs.zip?from=2026-04-01&to=2026-04-30',
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download PDFs (zip)' })).toHaveAttribute(
        'href',
        '/api/admin/invoices/pdfs.zip?to=2026-04-30',
      ),
    );
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(requestedUrls(fetchSpy, '/api/admin/invoices')).toEqual([
      '/api/admin/invoices?from=2026-05-01&to=2026-05-31',
      '/api/admin/invoices?from=2026-04-01&to=2026-04-30',
      '/api/admin/invoices?to=2026-04-30',
    ]);
  });

  it('lists each document with its buyer, amounts, order and PDF, and what they add up to', async () => {
    serveInvoices([invoice, second, creditNote]);
    renderInvoices(`${paths.admin.invoices}?from=2026-05-01&to=2026-05-31`);

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Number', 'Kind', 'Date', 'Buyer', 'Tax ID', 'Net', 'Tax', 'Total', 'Order', 'PDF']);
    const cells = (number: string) =>
      within(rowOf(table, number))
        .getAllByRole('cell')
        .slice(0, 7)
        .map((cell) => cell.textContent);
    expect(cells('CW2026-00001')).toEqual([
      'Invoice',
      'May 18, 2026',
      'Acme Widgets Inc.',
      'US-12-3456789',
      '$13,281.00',
      '$0.00',
      '$13,281.00',
    ]);
    expect(cells('CW2026-00003')).toEqual([
      'Credit note for CW2026-00002',
      'May 20, 2026',
      'Dana Developer',
      '—',
      '-$726.36',
      '-$72.64',
      '-$799.00',
    ]);

    const first = within(rowOf(table, 'CW2026-00001'));
    expect(first.getByRole('link', { name: 'CW-SPONSOR01' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(first.getByRole('link', { name: 'Download invoice CW2026-00001' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/CW2026-00001',
    );
    expect(
      within(rowOf(table, 'CW2026-00003')).getByRole('link', { name: 'Download credit note CW2026-00003' }),
    ).toHaveAttribute('href', '/api/admin/invoices/CW2026-00003');

    const totals = within(table).getByRole('rowheader', { name: '2 invoices, 1 credit note' }).closest('tr');
    expect(
      within(totals as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['$13,281.00', '$0.00', '$13,281.00']);
  });

  it('shows why the server refused the days, next to them', async () => {
    serveInvoices([invoice]);
    renderInvoices(`${paths.admin.invoices}?from=2026-06-01&to=2026-05-01`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('`from` must not be after `to`.');
    expect(within(screen.getByRole('form', { name: 'Days of issue' })).getByRole('alert')).toBe(alert);
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('`from` must not be after `to`.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export ledger (CSV)' })).not.toBeInTheDocument();
  });

  it('says when no document was issued in the days chosen', async () => {
    serveInvoices([]);
    renderInvoices(`${paths.admin.invoices}?from=2026-05-01&to=2026-05-31`);

    expect(await screen.findByText('No invoices or credit notes in these days.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is in the back office navigation', async () => {
    serveInvoices([]);
    const { user } = renderInvoices(paths.admin.orders);

    const navigation = await screen.findByRole('navigation', { name: 'Back office' });
    await user.click(within(navigation).getByRole('link', { name: 'Invoices' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
  });
});
