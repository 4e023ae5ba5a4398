import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const order = {
  id: 'o1',
  reference: 'CW-7K3P9QXM',
  kind: 'ticket',
  status: 'paid',
  buyerName: 'Ana Diaz',
  buyerEmail: 'ana@example.com',
  itemName: 'Developer Pass',
  sku: 'ticket:developer',
  unitPrice: 79900,
  quantity: 1,
  options: { ticketType: 'developer' },
  amount: 79900,
  refundedAmount: 0,
  currency: 'usd',
  gateway: 'sandbox',
  paymentId: 'pi_sandbox_1',
  createdAt: 1_767_225_600_000,
  updatedAt: 1_767_225_600_000,
  expiresAt: 1_767_227_400_000,
  paidAt: 1_767_225_660_000,
};

const openPolicy = {
  window: 'full',
  amount: 79900,
  explanation: 'Full refund: the order was cancelled before March 18, 2026.',
};

const closedPolicy = {
  window: 'closed',
  amount: 0,
  explanation:
    'No refund: the ticket refund period ended on April 18, 2026. You may still refund an amount with a reason.',
};

interface RefundBody {
  amount?: number;
  reason: string;
  cancel?: boolean;
}

/** The order's server: a refund is recorded, and cancels the order unless `cancel` is false. */
function serve(refundPolicy = closedPolicy, answer?: (body: RefundBody) => Response | undefined) {
  let current = order;
  const refunds: unknown[] = [];
  return mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia', role: 'owner' }),
      '/api/admin/orders/o1': () => jsonResponse({ order: current, refunds, tickets: [], timeline: [], refundPolicy }),
      '/api/admin/orders/o1/refund': (posted) => {
        const body = posted as RefundBody;
        const early = answer?.(body);
        if (early) return early;
        const cancelsOrder = body.cancel !== false;
        const amount = body.amount ?? refundPolicy.amount;
        const refund = {
          id: `r${refunds.length + 1}`,
          orderId: 'o1',
          amount,
          policy: cancelsOrder ? (body.amount === undefined ? refundPolicy.window : 'override') : 'goodwill',
          reason: body.reason,
          status: 'succeeded',
          cancelsOrder,
          actor: 'Olivia',
          createdAt: 1,
          completedAt: 2,
        };
        refunds.push(refund);
        current = {
          ...current,
          refundedAmount: current.refundedAmount + amount,
          status: cancelsOrder ? 'refunded' : 'paid',
        };
        return jsonResponse({ refund, order: current });
      },
    }),
  );
}

function renderOrder() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: '/admin/orders/o1' },
  );
}

async function openDialog(user: ReturnType<typeof renderOrder>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Refund…' }));
  return screen.getByRole('dialog', { name: 'Refund order CW-7K3P9QXM' });
}

/** The order page's list of refunds, once it shows. */
async function refundHistory() {
  const heading = await screen.findByRole('heading', { name: 'Refunds' });
  const card = heading.closest<HTMLElement>('[data-slot="card"]');
  if (!card) throw new Error('the Refunds heading is not in a card');
  return within(card).getByRole('list');
}

describe('refunding an order', () => {
  it('asks for an amount and a reason once the policy gives nothing, and sends one key per attempt', async () => {
    const fetchSpy = serve();
    const { user } = renderOrder();

    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('No refund: the ticket refund period ended on April 18, 2026.');
    expect(within(dialog).queryByRole('radio', { name: /By the policy/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Cancel the order and refund' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order and refund' }));
    expect(within(dialog).getByText('Enter an amount in dollars, such as 25.00.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason for refunding this amount.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '900');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Visa refused');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order and refund $900.00' }));
    expect(within(dialog).getByText('At most $799.00 can still be refunded.')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Amount in US dollars'));
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order and refund $25.50' }));

    expect(await findToast('Refunded')).toHaveTextContent(
      '$25.50 is on its way back to Ana Diaz. The order is cancelled.',
    );
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([
      { amount: 2550, reason: 'Visa refused', cancel: true },
    ]);
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/admin/orders/o1/refund') ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('by default cancels the order for the policy’s amount, and says what cancelling does', async () => {
    const fetchSpy = serve(openPolicy);
    const { user } = renderOrder();

    const dialog = await openDialog(user);
    const cancel = within(dialog).getByRole('radio', { name: 'Cancel the order and refund' });
    expect(cancel).toBeChecked();
    expect(cancel).toHaveAccessibleDescription(
      'Whatever the amount, its tickets stop admitting anyone at the door, can no longer be named or transferred, and go back on sale.',
    );
    expect(within(dialog).getByRole('radio', { name: 'By the policy: $799.00' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order and refund $799.00' }));

    expect(await findToast('Refunded')).toHaveTextContent('The order is cancelled.');
    const [sent] = postedTo(fetchSpy, '/api/admin/orders/o1/refund') as RefundBody[];
    expect(sent.cancel ?? true).toBe(true);
    expect(sent).not.toHaveProperty('amount');
    expect(await refundHistory()).toHaveTextContent('Cancels the order');
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('a goodwill refund needs a reason and less than what is left, and keeps the order valid', async () => {
    const fetchSpy = serve(openPolicy);
    const { user } = renderOrder();

    const dialog = await openDialog(user);
    const goodwill = within(dialog).getByRole('radio', { name: 'Goodwill refund: keep the order valid' });
    await user.click(goodwill);
    expect(goodwill).toHaveAccessibleDescription(
      'Gives part of the money back; the tickets stay valid at the door and can still be named or transferred. It needs an amount less than $799.00 and a reason.',
    );
    expect(within(dialog).queryByRole('radio', { name: /By the policy/ })).not.toBeInTheDocument();

    const amount = within(dialog).getByLabelText('Amount in US dollars');
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $100.00 as goodwill' }));
    expect(within(dialog).getByText('Please give a reason for refunding this amount.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The shuttle never came');
    await user.clear(amount);
    await user.type(amount, '799');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $799.00 as goodwill' }));
    expect(amount).toHaveAccessibleDescription(
      'A goodwill refund must be less than the $799.00 left to refund. To give it all back, cancel the order.',
    );
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $100.00 as goodwill' }));

    expect(await findToast('Refunded')).toHaveTextContent(
      '$100.00 is on its way back to Ana Diaz. The order stays valid.',
    );
    expect(postedTo(fetchSpy, '/api/admin/orders/o1/refund')).toEqual([
      { amount: 10000, reason: 'The shuttle never came', cancel: false },
    ]);
    expect(await refundHistory()).toHaveTextContent('Goodwill: the order stays valid');
    expect(screen.getByRole('button', { name: 'Refund…' })).toBeInTheDocument();
  });

  it('shows the server’s reasons: beside the amount, or above the button', async () => {
    let attempts = 0;
    serve(openPolicy, () => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(
            {
              message: 'A goodwill refund must be less than what is left to refund.',
              fieldErrors: { amount: 'A goodwill refund must be less than $700.00.' },
            },
            422,
          )
        : jsonResponse({ message: 'This refund was already made with other details.' }, 409);
    });
    const { user } = renderOrder();

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Goodwill refund: keep the order valid' }));
    await user.type(within(dialog).getByLabelText('Amount in US dollars'), '750');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Late shuttle');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $750.00 as goodwill' }));

    const amount = within(dialog).getByLabelText('Amount in US dollars');
    expect(await within(dialog).findByText('A goodwill refund must be less than $700.00.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Refund $750.00 as goodwill' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This refund was already made with other details.',
    );
  });
});
