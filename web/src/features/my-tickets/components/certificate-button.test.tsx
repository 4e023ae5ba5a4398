import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls, routeRequests, sandboxConfig, testEvent } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MyTicketsPage } from './my-tickets-page';

const checkedIn = {
  id: 't1',
  position: 1,
  code: 'TK-AAAA-AAAA-AAAA-AAAA-AAAA',
  status: 'valid',
  attendeeName: 'Ana Diaz',
  attendeeEmail: 'ana@acme.dev',
  checkedInAt: 1_779_100_000_000,
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};

const holderPage = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Developer Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: false,
  view: 'holder',
  tickets: [checkedIn],
};

const over = { ...sandboxConfig, event: { ...testEvent, endsAt: '2001-05-22T18:00:00-04:00' } };
const ahead = { ...sandboxConfig, event: { ...testEvent, endsAt: '2999-05-22T18:00:00-04:00' } };

const saved: { href: string; download: string }[] = [];
const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost/certificate-1');

beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  // jsdom cannot save files: record what the link would have saved
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  createObjectURL.mockClear();
});

function renderPage(page: unknown, config: unknown, routes: Parameters<typeof routeRequests>[0] = {}) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/my-tickets': () => jsonResponse(page),
      '/api/config': () => jsonResponse(config),
      ...routes,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.myTickets} element={<MyTicketsPage />} />
    </Routes>,
    { route: `${paths.myTickets}#s3cret` },
  );
  return { fetchSpy, ...rendered };
}

describe('the certificate of attendance', () => {
  it('downloads the PDF with the link’s secret once the event is over, for a ticket checked in', async () => {
    const { fetchSpy, user } = renderPage(holderPage, over, {
      '/api/my-tickets/t1/certificate.pdf': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });

    await user.click(await screen.findByRole('button', { name: 'Download certificate of attendance' }));

    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:http://localhost/certificate-1', download: 'certificate-TK-AAAA-AAAA-AAAA-AAAA-AAAA.pdf' },
      ]),
    );
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/my-tickets/t1/certificate.pdf')!;
    expect(new Headers(init?.headers).get('X-Manage-Token')).toBe('s3cret');
    const [pdf] = createObjectURL.mock.calls[0];
    expect(await pdf.text()).toBe('%PDF-1.7');
  });

  it('shows the server’s reason by the button when it refuses one', async () => {
    const refusal = 'This ticket was never checked in: a certificate of attendance is for those who came.';
    const { user } = renderPage(holderPage, over, {
      '/api/my-tickets/t1/certificate.pdf': () => jsonResponse({ message: refusal }, 409),
    });

    const download = await screen.findByRole('button', { name: 'Download certificate of attendance' });
    await user.click(download);

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(download).toHaveAccessibleDescription(refusal);
    expect(download).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('is not offered before the event ends', async () => {
    const { fetchSpy } = renderPage(holderPage, ahead);
    await screen.findByText('Checked in at the event');
    await waitFor(() => expect(requestedUrls(fetchSpy, '/api/config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /certificate/ })).not.toBeInTheDocument();
  });

  it('is not offered for a ticket never checked in', async () => {
    const { fetchSpy } = renderPage({ ...holderPage, tickets: [{ ...checkedIn, checkedInAt: null }] }, over);
    await screen.findByText('TK-AAAA-AAAA-AAAA-AAAA-AAAA');
    expect(screen.queryByRole('button', { name: /certificate/ })).not.toBeInTheDocument();
    // the event's end is not even asked for
    expect(requestedUrls(fetchSpy, '/api/config')).toEqual([]);
  });

  it('names each ticket’s button on the buyer’s page', async () => {
    renderPage({ ...holderPage, view: 'buyer' }, over);
    expect(
      await screen.findByRole('button', { name: 'Download certificate of attendance (ticket 1 of 1)' }),
    ).toBeInTheDocument();
  });
});
