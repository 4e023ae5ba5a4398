import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SponsorshipPage } from './sponsorship-page';
import { sandboxConfig } from '@/test/fixtures';

const tiers = [
  {
    value: 'platinum',
    label: 'Platinum',
    amount: 5000000,
    group: 'standard',
    available: true,
    vipPasses: 20,
    exhibitionSpace: "20'x20'",
    perks: ['Speaking slot on the main stage'],
  },
  {
    value: 'workshop',
    label: 'Workshop',
    amount: 300000,
    group: 'standard',
    available: true,
    vipPasses: 2,
    perks: ['Host a 90-minute hands-on workshop'],
  },
  {
    value: 'title',
    label: 'Conference Title',
    amount: 50000000,
    group: 'signature',
    available: false,
    vipPasses: 20,
    perks: ['Opening keynote slot'],
  },
  {
    value: 'speakerLounge',
    label: 'Speaker Lounge',
    amount: 15000000,
    group: 'signature',
    available: true,
    vipPasses: 10,
    perks: ['Hosted speaker meet-and-greet'],
  },
];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockApi(tierResponses: Array<() => Response>) {
  let tierCalls = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/config')) return json(sandboxConfig);
    if (url.endsWith('/api/waiting-list') && init?.method === 'POST') return json({ position: 1 }, 201);
    if (url.endsWith('/api/sponsorship-tiers')) {
      const respond = tierResponses[Math.min(tierCalls, tierResponses.length - 1)];
      tierCalls += 1;
      return respond();
    }
    return json({ message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/sponsorship']}>
        <SponsorshipPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function cardOf(label: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 3, name: label }).closest('li');
  if (!card) throw new Error(`No card for ${label}`);
  return card;
}

describe('SponsorshipPage', () => {
  it('shows the standard tiers and signature sponsorships from the API as cards', async () => {
    mockApi([() => json(tiers)]);
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Sponsorship Opportunities' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Platinum' })).toBeInTheDocument();

    const standard = screen.getByRole('list', { name: 'Standard sponsorship tiers' });
    const signature = screen.getByRole('list', { name: 'Signature sponsorships' });
    expect(
      within(standard)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Platinum', 'Workshop']);
    expect(
      within(signature)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Conference Title', 'Speaker Lounge']);

    const platinum = cardOf('Platinum');
    expect(within(platinum).getByText('$50,000')).toBeInTheDocument();
    expect(within(platinum).getByText('20 VIP passes')).toBeInTheDocument();
    expect(within(platinum).getByText("20'x20' exhibition space")).toBeInTheDocument();
    expect(within(platinum).getByText('Speaking slot on the main stage')).toBeInTheDocument();

    const workshop = cardOf('Workshop');
    expect(within(workshop).getByText('$3,000')).toBeInTheDocument();
    expect(within(workshop).queryByText(/exhibition space/)).not.toBeInTheDocument();

    expect(within(cardOf('Speaker Lounge')).getByText('$150,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why Sponsor' })).toBeInTheDocument();
  });

  it('links each available tier to the sponsor payment form with its value and whole-dollar price', async () => {
    mockApi([() => json(tiers)]);
    renderPage();

    const platinum = await screen.findByRole('link', { name: 'Purchase Platinum sponsorship' });
    expect(platinum).toHaveAttribute('href', '/sponsor-payment?tier=platinum&price=50000');
    expect(screen.getByRole('link', { name: 'Purchase Workshop sponsorship' })).toHaveAttribute(
      'href',
      '/sponsor-payment?tier=workshop&price=3000',
    );
    expect(screen.getByRole('link', { name: 'Purchase Speaker Lounge sponsorship' })).toHaveAttribute(
      'href',
      '/sponsor-payment?tier=speakerLounge&price=150000',
    );
  });

  it('marks a sold-out tier and offers no purchase link for it', async () => {
    mockApi([() => json(tiers)]);
    renderPage();

    await screen.findByRole('heading', { level: 3, name: 'Conference Title' });
    const title = cardOf('Conference Title');
    expect(within(title).getByText('Sold out')).toBeInTheDocument();
    expect(within(title).getByText('$500,000')).toBeInTheDocument();
    expect(within(title).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Purchase/ })).toHaveLength(3);
  });

  it('offers a taken tier’s waiting list in place of its purchase link, and joins it', async () => {
    const fetchMock = mockApi([() => json(tiers)]);
    const user = userEvent.setup();
    renderPage();

    await screen.findByRole('heading', { level: 3, name: 'Conference Title' });
    expect(within(cardOf('Speaker Lounge')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(cardOf('Conference Title')).getByRole('button', { name: 'Join the waiting list: Conference Title' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 1 in the queue.');
    const posted = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/waiting-list'));
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { kind: 'sponsorship', item: 'title', name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
  });

  it('says when a tier goes on sale, or that its sales have closed, with no purchase link', async () => {
    mockApi([
      () =>
        json([
          { ...tiers[0], sales: 'not_yet', salesOpenAt: '2026-09-01T09:00:00-04:00', available: false },
          { ...tiers[1], sales: 'closed', available: false },
          tiers[3],
        ]),
    ]);
    renderPage();

    await screen.findByRole('heading', { level: 3, name: 'Platinum' });
    const platinum = cardOf('Platinum');
    expect(within(platinum).getByText('On sale from September 1, 2026')).toBeInTheDocument();
    expect(within(platinum).queryByRole('link')).not.toBeInTheDocument();
    expect(within(platinum).queryByText('Sold out')).not.toBeInTheDocument();
    const workshop = cardOf('Workshop');
    expect(within(workshop).getByText('Sales closed')).toBeInTheDocument();
    expect(within(workshop).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Purchase/ })).toHaveLength(1);
  });

  it('shows skeletons while the tiers load', () => {
    mockApi([() => json(tiers)]);
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading sponsorship tiers');
  });

  it('shows the error and loads the tiers again on retry', async () => {
    const fetchMock = mockApi([
      () => json({ message: 'The sponsorship catalogue is unavailable.' }, 503),
      () => json(tiers),
    ]);
    const user = userEvent.setup();
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the sponsorship tiers.");
    expect(alert).toHaveTextContent('The sponsorship catalogue is unavailable.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Platinum' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/sponsorship-tiers'))).toHaveLength(2);
  });
});
