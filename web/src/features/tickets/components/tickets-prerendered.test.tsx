import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTickets, tickets } from '@/lib/api/get-tickets';
import { MemoryRouter, StaticRouter } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { TicketsSection } from './tickets-section';

const soldOut = [
  {
    id: 2,
    type: 'vip',
    name: 'VIP Pass',
    description: 'The full conference and more.',
    price: 129900,
    features: ['VIP lounge with speakers'],
    minQuantity: 1,
    maxQuantity: 10,
    sales: 'sold_out',
    available: false,
  },
];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

describe('tickets section, prerendered', () => {
  it('hydrates a sold-out ticket’s waiting-list button where it stands, and it opens the form', async () => {
    mockFetch(routeRequests({ '/api/tickets': () => jsonResponse(soldOut) }));
    tickets.prime(parseTickets(soldOut));
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StaticRouter location="/">
        <TicketsSection fullRefundUntil="2026-03-18" />
      </StaticRouter>,
    );
    document.body.append(container);
    const prerendered = within(container).getByRole('button', { name: 'Join the waiting list: VIP Pass' });

    const hydrationErrors = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter>
          <TicketsSection fullRefundUntil="2026-03-18" />
        </MemoryRouter>,
        { onRecoverableError: hydrationErrors },
      );
    });

    expect(hydrationErrors).not.toHaveBeenCalled();
    const button = within(container).getByRole('button', { name: 'Join the waiting list: VIP Pass' });
    expect(button).toBe(prerendered);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('dialog', { name: 'Join the waiting list' })).toBeInTheDocument();
  });
});
