import { QueryClientProvider } from '@tanstack/react-query';
import { act, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { MemoryRouter, Route, Routes, StaticRouter } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { MyTicketsPage } from './my-tickets-page';

const page = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Developer Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: false,
  view: 'buyer',
  tickets: [
    {
      id: 't1',
      position: 1,
      code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
      status: 'valid',
      attendeeName: 'Ana Diaz',
      attendeeEmail: 'ana@acme.dev',
      checkedInAt: null,
      qr: 'data:image/png;base64,iVBORw0KGgo=',
    },
  ],
};

function app(router: (routes: ReactNode) => ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      {router(
        <Routes>
          <Route path={paths.myTickets} element={<MyTicketsPage />} />
        </Routes>,
      )}
    </QueryClientProvider>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The page as the prerenderer makes it (no fragment: a server never sees one), hydrated at `route`. */
async function prerenderAndHydrate(route: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    app((routes) => <StaticRouter location={paths.myTickets}>{routes}</StaticRouter>),
  );
  document.body.append(container);
  const placeholder = within(container).getByRole('status');
  const hydrationErrors = vi.fn();
  await act(async () => {
    root = hydrateRoot(
      container,
      app((routes) => <MemoryRouter initialEntries={[route]}>{routes}</MemoryRouter>),
      { onRecoverableError: hydrationErrors },
    );
  });
  return { container, placeholder, hydrationErrors };
}

describe('the prerendered page', () => {
  it('holds the tickets’ place until the app reads the secret, then shows them in place', async () => {
    const fetchSpy = mockFetch(routeRequests({ '/api/my-tickets': () => jsonResponse(page) }));

    const { container, placeholder, hydrationErrors } = await prerenderAndHydrate(`${paths.myTickets}#s3cret`);

    expect(placeholder).toHaveTextContent('Loading your tickets…');
    expect(await within(container).findByText('Order CW-7K3P9QXM · Developer Pass · booked by Ana Diaz')).toBeVisible();
    expect(within(container).queryByRole('status')).not.toBeInTheDocument();
    expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('X-Manage-Token')).toBe('s3cret');
    expect(hydrationErrors).not.toHaveBeenCalled();
  });

  it('without a secret, points to the receipt once the app runs', async () => {
    const fetchSpy = mockFetch(routeRequests({}));

    const { container, hydrationErrors } = await prerenderAndHydrate(paths.myTickets);

    expect(within(container).getByText(/Open this page with the “Manage your tickets” link/)).toBeVisible();
    expect(within(container).queryByRole('status')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(hydrationErrors).not.toHaveBeenCalled();
  });
});
