import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { formatTime } from '@/features/admin/shared/components/format';

const teamOrder = {
  id: 'o7',
  reference: 'CW-TEAM0010',
  kind: 'ticket',
  status: 'paid',
  buyerName: 'Tess Team',
  buyerEmail: 'tess@example.com',
  itemName: 'Team Pass',
  sku: 'ticket:team',
  unitPrice: 69900,
  quantity: 10,
  options: { ticketType: 'team' },
  amount: 503280,
  refundedAmount: 0,
  currency: 'usd',
  gateway: 'sandbox',
  createdAt: 1_767_225_600_000,
  updatedAt: 1_767_225_600_000,
  expiresAt: 1_767_227_400_000,
  paidAt: 1_767_225_660_000,
  phase: 'Early bird',
  discounts: [
    { label: 'Team of 10 or more: 10% off', amount: 69900 },
    { label: 'Code PARTNER20: 20% off', amount: 125820 },
  ],
  code: 'PARTNER20',
};

const refundPolicy = { window: 'closed', amount: 0, explanation: 'No refund.' };

/** The value the order's details give for `term`, such as "Amount". */
function detail(term: string) {
  const label = screen.getByText(term, { selector: 'dt' });
  const value = label.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`${term} has no value`);
  return value;
}

function renderOrderPage(page: Record<string, unknown>, role = 'owner') {
  mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia', role }),
      '/api/admin/orders/o7': () => jsonResponse({ refunds: [], tickets: [], timeline: [], refundPolicy, ...page }),
    }),
  );
  renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: '/admin/orders/o7' },
  );
}

/** The card whose heading is `name`. */
async function section(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const card = heading.closest<HTMLElement>('[data-slot="card"]');
  if (!card) throw new Error(`${name} is not in a card`);
  return card;
}

describe('the order page', () => {
  it('shows the price phase, each discount and the code by the amount', async () => {
    mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Olivia', role: 'owner' }),
        '/api/admin/orders/o7': () =>
          jsonResponse({ order: teamOrder, refunds: [], tickets: [], timeline: [], refundPolicy }),
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: '/admin/orders/o7' },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Order CW-TEAM0010' })).toBeInTheDocument();
    expect(detail('Item')).toHaveTextContent('Team Pass × 10 at $699.00');
    expect(detail('Price phase')).toHaveTextContent('Early bird');
    expect(
      within(detail('Discounts'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Team of 10 or more: 10% off: −$699.00', 'Code PARTNER20: 20% off: −$1,258.20']);
    expect(detail('Code')).toHaveTextContent('PARTNER20');
    expect(detail('Amount')).toHaveTextContent('$5,032.80');
  });

  it('shows no phase, discounts or code for an order without them', async () => {
    const plain = { ...teamOrder, phase: null, discounts: [], code: null };
    mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Olivia', role: 'owner' }),
        '/api/admin/orders/o7': () =>
          jsonResponse({ order: plain, refunds: [], tickets: [], timeline: [], refundPolicy }),
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: '/admin/orders/o7' },
    );

    expect(await screen.findByText('Amount', { selector: 'dt' })).toBeInTheDocument();
    for (const term of ['Price phase', 'Discounts', 'Code']) {
      expect(screen.queryByText(term, { selector: 'dt' })).not.toBeInTheDocument();
    }
  });

  it('lists its invoices and credit notes, each linking to its PDF', async () => {
    renderOrderPage({
      order: teamOrder,
      invoices: [
        {
          number: 'CW2026-00001',
          kind: 'invoice',
          total: 503280,
          issuedAt: 1_767_225_660_000,
          url: '/api/admin/invoices/CW2026-00001',
        },
        {
          number: 'CW2026-00002',
          kind: 'credit_note',
          total: -69900,
          issuedAt: 1_767_312_000_000,
          url: '/api/admin/invoices/CW2026-00002',
        },
      ],
    });

    const invoices = within(await section('Invoices')).getByRole('table', { name: 'Invoices and credit notes' });
    const rows = within(invoices).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Invoice', 'Credit note']);
    expect(rows[0]).toHaveTextContent('CW2026-00001');
    expect(rows[0]).toHaveTextContent('$5,032.80');
    expect(rows[1]).toHaveTextContent('CW2026-00002');
    expect(rows[1]).toHaveTextContent('-$699.00');
    const invoice = within(invoices).getByRole('link', { name: 'Download invoice CW2026-00001' });
    expect(invoice).toHaveAttribute('href', '/api/admin/invoices/CW2026-00001');
    expect(invoice).toHaveAttribute('download');
    expect(invoice).toHaveTextContent('Download PDF');
    expect(within(invoices).getByRole('link', { name: 'Download credit note CW2026-00002' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/CW2026-00002',
    );
  });

  it('shows the billing details the invoices are made out to, and when the buyer corrected them', async () => {
    const billing = {
      company: 'Acme Widgets Inc.',
      address: '1 Main Street\nSuite 200',
      city: 'Miami',
      region: 'FL',
      postalCode: '33139',
      country: 'US',
      taxId: 'US-12-3456789',
    };
    const correctedAt = 1_767_398_400_000;
    renderOrderPage({ order: { ...teamOrder, billing, billingCorrectedAt: correctedAt }, invoices: [] });

    const card = await section('Invoices');
    const details = within(within(card).getByRole('region', { name: 'Billing details' }));
    for (const line of ['Acme Widgets Inc.', '1 Main Street', 'Suite 200', 'Miami, FL 33139', 'US']) {
      expect(details.getByText(line)).toBeInTheDocument();
    }
    expect(card).toHaveTextContent('Tax ID: US-12-3456789');
    expect(card).toHaveTextContent(`Corrected on ${formatTime(correctedAt)} by the buyer.`);
  });

  it('says when an order has no invoices yet and no billing details', async () => {
    renderOrderPage({ order: { ...teamOrder, status: 'pending', paidAt: null }, invoices: [] });

    const card = await section('Invoices');
    expect(within(card).getByText('No invoices yet.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('None given: invoices are made out to the buyer.');
    expect(card).not.toHaveTextContent('Corrected on');
  });

  it('offers a refund to owners and managers, never to support', async () => {
    renderOrderPage({ order: teamOrder }, 'support');
    expect(await screen.findByRole('button', { name: 'Resend confirmation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('shows the refund button to a manager', async () => {
    renderOrderPage({ order: teamOrder }, 'manager');
    expect(await screen.findByRole('button', { name: 'Refund…' })).toBeInTheDocument();
  });

  it("shows each ticket's answers by its attendee", async () => {
    const ticket = { position: 1, status: 'valid', attendeeName: 'Tess Team', attendeeEmail: 'tess@example.com' };
    renderOrderPage({
      order: teamOrder,
      tickets: [
        {
          ...ticket,
          code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
          answers: [
            { question: 'diet', label: 'Dietary needs', text: 'Vegetarian' },
            { question: 'tshirt', label: 'T-shirt size', text: 'M' },
          ],
        },
        { ...ticket, position: 2, code: 'TK-BBBB-BBBB-BBBB-BBBB-BBBB', attendeeName: null, attendeeEmail: null },
      ],
    });

    const [first, second] = within(await section('Tickets')).getAllByRole('listitem');
    expect(within(first).getByText('Dietary needs').nextElementSibling).toHaveTextContent('Vegetarian');
    expect(within(first).getByText('T-shirt size').nextElementSibling).toHaveTextContent('M');
    expect(second).toHaveTextContent('Ticket 2: not named yet');
    expect(second.querySelector('dl')).toBeNull();
  });
});
