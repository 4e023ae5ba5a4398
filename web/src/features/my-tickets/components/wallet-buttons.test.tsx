import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MyTicketsPage } from './my-tickets-page';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const SAVE_LINK = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln';

const ana = {
  id: 't1',
  position: 1,
  code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
  status: 'valid',
  attendeeName: 'Ana Diaz',
  attendeeEmail: 'ana@acme.dev',
  checkedInAt: null,
  qr: QR,
};

const givenToBo = {
  ...ana,
  id: 't2',
  position: 2,
  status: 'transferred',
  code: null,
  qr: null,
  attendeeName: 'Bo Lee',
};

const holderPage = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Developer Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: true,
  view: 'holder',
  tickets: [ana],
  wallet: { apple: true, google: true },
};

const pkpass = () =>
  new Response('PK-pass', { status: 200, headers: { 'Content-Type': 'application/vnd.apple.pkpass' } });

/** What the page's temporary links were clicked for: a file saved, or the Google Wallet link followed. */
const followed: { href: string; download: string }[] = [];
const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost/pass-1');

beforeEach(() => {
  followed.length = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  // jsdom neither saves files nor leaves the page: record what each link would have done
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  createObjectURL.mockClear();
});

function renderPage(page: unknown, routes: Parameters<typeof routeRequests>[0] = {}) {
  const fetchSpy = mockFetch(routeRequests({ '/api/my-tickets': () => jsonResponse(page), ...routes }));
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.myTickets} element={<MyTicketsPage />} />
    </Routes>,
    { route: `${paths.myTickets}#s3cret` },
  );
  return { fetchSpy, ...rendered };
}

/** The manage token each request to `path` carried. */
function tokensSentTo(fetchSpy: ReturnType<typeof mockFetch>, path: string) {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => new Headers(init?.headers).get('X-Manage-Token'));
}

describe('wallet passes on the tickets page', () => {
  it('saves the Apple Wallet pass under the ticket’s code, fetched with the link’s secret', async () => {
    const { fetchSpy, user } = renderPage(holderPage, { '/api/my-tickets/t1/wallet/apple': pkpass });

    await user.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));

    await waitFor(() =>
      expect(followed).toEqual([
        { href: 'blob:http://localhost/pass-1', download: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA.pkpass' },
      ]),
    );
    expect(tokensSentTo(fetchSpy, '/api/my-tickets/t1/wallet/apple')).toEqual(['s3cret']);
    const [pass] = createObjectURL.mock.calls[0];
    expect(await pass.text()).toBe('PK-pass');
  });

  it('goes to the signed Google Wallet link the server makes', async () => {
    const { fetchSpy, user } = renderPage(holderPage, {
      '/api/my-tickets/t1/wallet/google': () => jsonResponse({ url: SAVE_LINK }),
    });

    await user.click(await screen.findByRole('button', { name: 'Save to Google Wallet' }));

    await waitFor(() => expect(followed).toEqual([{ href: SAVE_LINK, download: '' }]));
    expect(tokensSentTo(fetchSpy, '/api/my-tickets/t1/wallet/google')).toEqual(['s3cret']);
  });

  it('offers only the wallets the site has settings for, and neither without them', async () => {
    renderPage({ ...holderPage, wallet: { apple: false, google: true } });
    expect(await screen.findByRole('button', { name: 'Save to Google Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apple Wallet/ })).not.toBeInTheDocument();
  });

  it('shows nothing wallet-related when both are off', async () => {
    const { fetchSpy } = renderPage({ ...holderPage, wallet: { apple: false, google: false } });
    await screen.findByText('TK-AAAA-AAAA-AAAA-AAAA-AAAA');
    expect(screen.queryByText(/Wallet/)).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('wallet'))).toEqual([]);
  });

  it('on the buyer’s page, names each held ticket’s buttons, and offers none for a seat given away', async () => {
    renderPage({ ...holderPage, view: 'buyer', tickets: [ana, givenToBo] });

    const first = (await screen.findByRole('heading', { name: 'Ticket 1 of 2' })).closest('li') as HTMLElement;
    expect(within(first).getByRole('button', { name: 'Add to Apple Wallet (ticket 1 of 2)' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Save to Google Wallet (ticket 1 of 2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Wallet/ })).toHaveLength(2);
  });

  it('says why a pass was refused, beside the buttons', async () => {
    const { user } = renderPage(holderPage, {
      '/api/my-tickets/t1/wallet/apple': () =>
        jsonResponse({ message: 'This ticket was refunded: it admits no one, so it has no pass.' }, 409),
    });

    const add = await screen.findByRole('button', { name: 'Add to Apple Wallet' });
    await user.click(add);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This ticket was refunded: it admits no one, so it has no pass.',
    );
    expect(add).toHaveAccessibleDescription('This ticket was refunded: it admits no one, so it has no pass.');
    expect(followed).toEqual([]);
  });

  it('offers no pass for a refunded ticket', async () => {
    const { fetchSpy } = renderPage({ ...holderPage, status: 'refunded', tickets: [{ ...ana, status: 'refunded' }] });
    await screen.findByText('Refunded');
    expect(screen.queryByRole('button', { name: /Wallet/ })).not.toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/my-tickets/t1/wallet/apple')).toEqual([]);
  });
});
