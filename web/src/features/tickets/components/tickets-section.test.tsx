import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import { TicketsSection } from './tickets-section';

const tickets = [
  {
    id: 1,
    type: 'developer',
    name: 'Developer Pass',
    description: 'Everything you need.',
    price: 79900,
    regularPrice: 99900,
    features: ['Access to all keynotes and talks', 'Hackathon participation'],
    minQuantity: 1,
    available: true,
  },
  {
    id: 2,
    type: 'vip',
    name: 'VIP Pass',
    description: 'The full conference and more.',
    price: 129900,
    regularPrice: 159900,
    features: ['VIP lounge with speakers'],
    minQuantity: 1,
    available: true,
  },
  {
    id: 3,
    type: 'team',
    name: 'Team Pass',
    description: 'Bring your team.',
    price: 69900,
    regularPrice: 89900,
    features: ['A team table at the hackathon'],
    minQuantity: 4,
    available: true,
  },
];

function card(name: string) {
  const item = screen.getByRole('heading', { name }).closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return within(item);
}

describe('tickets section', () => {
  it('shows skeleton cards while the tickets load', () => {
    mockFetch(() => deferred<Response>().promise);
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    expect(screen.getByRole('heading', { name: 'Secure Your Tickets Early' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading tickets…');
    expect(screen.queryByRole('link', { name: /Pre-Purchase Now/ })).not.toBeInTheDocument();
  });

  it('shows an error toast once the retries have failed', async () => {
    const fetchSpy = mockFetch(() => textResponse('unavailable', 503));
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    const toast = await findToast('Error loading tickets');
    expect(toast).toHaveTextContent('Please refresh the page and try again.');
    expect(fetchSpy).toHaveBeenCalledTimes(4);
    expect(screen.queryByRole('status', { name: /Loading tickets/ })).not.toBeInTheDocument();
  });

  it('says so when there are no tickets', async () => {
    mockFetch(() => jsonResponse([]));
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    expect(await screen.findByText('No tickets available at the moment. Check back soon!')).toBeInTheDocument();
  });

  it('shows one card per ticket with prices, features and a checkout link', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(tickets));
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    expect(fetchSpy).toHaveBeenCalledWith('/api/tickets', expect.objectContaining({ method: 'GET' }));

    const developer = card('Developer Pass');
    expect(developer.getByText('$799.00')).toBeInTheDocument();
    expect(developer.getByText('$999.00').closest('s')).toBeInTheDocument();
    expect(developer.getByText('Early bird pricing')).toBeInTheDocument();
    expect(developer.getByText('Hackathon participation')).toBeInTheDocument();
    expect(developer.getByRole('link', { name: /Pre-Purchase Now/ })).toHaveAttribute('href', '/checkout/developer');
    expect(developer.queryByText('Most Popular')).not.toBeInTheDocument();
    expect(developer.queryByText('per person')).not.toBeInTheDocument();

    const team = card('Team Pass');
    expect(team.getByText('per person')).toBeInTheDocument();
    expect(team.getByText('Minimum 4 people')).toBeInTheDocument();
    expect(team.getByRole('link', { name: /Pre-Purchase Now/ })).toHaveAttribute('href', '/checkout/team');

    expect(screen.getByRole('link', { name: 'View full pricing details and policies' })).toHaveAttribute(
      'href',
      '/pricing-details',
    );
    expect(screen.getByText('Tickets are fully refundable until March 18, 2026.')).toBeInTheDocument();
  });

  it('marks only the VIP ticket as Most Popular', async () => {
    mockFetch(() => jsonResponse(tickets));
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    await screen.findByRole('heading', { name: 'VIP Pass' });
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(card('VIP Pass').getByText('Most Popular')).toBeInTheDocument();
  });
});

describe('tickets section: phases and sales windows', () => {
  const developer = tickets[0];
  const team = tickets[2];

  it('shows the price phase with its end and units, and the next price struck through', async () => {
    mockFetch(() =>
      jsonResponse([
        {
          ...developer,
          price: 79900,
          regularPrice: 99900,
          nextPrice: 99900,
          phase: { name: 'Early bird', endsAt: '2026-12-31T23:59:59-05:00', units: 150, unitsLeft: 42 },
          sales: 'open',
        },
      ]),
    );
    renderWithProviders(<TicketsSection fullRefundUntil="2027-03-17" timeZone="America/New_York" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    const pass = card('Developer Pass');
    expect(pass.getByText('$799.00')).toBeInTheDocument();
    expect(pass.getByText('$999.00').closest('s')).toBeInTheDocument();
    expect(pass.getByText('Early bird until December 31, 2026 or while 150 last')).toBeInTheDocument();
    expect(pass.queryByText('Early bird pricing')).not.toBeInTheDocument();
    expect(pass.getByRole('link', { name: /Pre-Purchase Now/ })).toHaveAttribute('href', '/checkout/developer');
  });

  it('names a phase with no end and no next price on its own', async () => {
    mockFetch(() =>
      jsonResponse([{ ...developer, price: 119900, regularPrice: undefined, phase: { name: 'Late' }, sales: 'open' }]),
    );
    renderWithProviders(<TicketsSection fullRefundUntil="2027-03-17" timeZone="America/New_York" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    const pass = card('Developer Pass');
    expect(pass.getByText('Late')).toBeInTheDocument();
    expect(pass.getByText('$1,199.00').closest('s')).toBeNull();
  });

  it('says what a team of ten or more saves', async () => {
    mockFetch(() =>
      jsonResponse([{ ...team, volumeDiscounts: [{ minQuantity: 10, percentOff: 10, label: 'Team of 10 or more' }] }]),
    );
    renderWithProviders(<TicketsSection fullRefundUntil="2026-03-18" />);

    await screen.findByRole('heading', { name: 'Team Pass' });
    expect(card('Team Pass').getByText('10% off for teams of 10 or more')).toBeInTheDocument();
    expect(card('Team Pass').getByText('Early bird pricing')).toBeInTheDocument();
  });

  it('says when sales open, in the venue’s timezone, and offers no purchase before then', async () => {
    mockFetch(() =>
      jsonResponse([{ ...developer, sales: 'not_yet', salesOpenAt: '2026-09-01T09:00:00-04:00', available: false }]),
    );
    renderWithProviders(<TicketsSection fullRefundUntil="2027-03-17" timeZone="America/New_York" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    const pass = card('Developer Pass');
    expect(pass.getByText('On sale from September 1, 2026')).toBeInTheDocument();
    expect(pass.queryByRole('link')).not.toBeInTheDocument();
    expect(pass.queryByRole('button')).not.toBeInTheDocument();
    expect(pass.getByText('$799.00')).toBeInTheDocument();
  });

  it('says sales have closed, with no purchase button', async () => {
    mockFetch(() => jsonResponse([{ ...developer, sales: 'closed', available: false }]));
    renderWithProviders(<TicketsSection fullRefundUntil="2027-03-17" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    const pass = card('Developer Pass');
    expect(pass.getByText('Sales closed')).toBeInTheDocument();
    expect(pass.queryByRole('link')).not.toBeInTheDocument();
    expect(pass.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a sold-out ticket’s waiting list in place of its purchase button, and joins it', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/tickets': () => jsonResponse([{ ...developer, sales: 'sold_out', available: false }, tickets[1]]),
        '/api/waiting-list': () => jsonResponse({ position: 3 }, 201),
      }),
    );
    const { user } = renderWithProviders(<TicketsSection fullRefundUntil="2027-03-17" />);

    await screen.findByRole('heading', { name: 'Developer Pass' });
    const pass = card('Developer Pass');
    expect(pass.getByText('Sold out')).toBeInTheDocument();
    expect(pass.queryByRole('link')).not.toBeInTheDocument();
    expect(card('VIP Pass').getByRole('link', { name: /Pre-Purchase Now/ })).toBeInTheDocument();
    expect(card('VIP Pass').queryByRole('button')).not.toBeInTheDocument();

    await user.click(pass.getByRole('button', { name: 'Join the waiting list: Developer Pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 3 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      { kind: 'ticket', item: 'developer', name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
  });
});
