import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, requestedUrls, routeRequests, sandboxConfig } from '@/test/fixtures';
import { testCountries } from '@/test/countries';
import { LocationProbe } from '@/test/location-probe';
import { findToast, renderWithProviders } from '@/test/render';
import { SponsorPaymentPage } from './sponsor-payment-page';

// Stripe.js never loads in these tests: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

function tier(value: string, label: string, amount: number, group: 'standard' | 'signature', available = true) {
  return { value, label, amount, group, available, vipPasses: 2, perks: [] };
}

const tiers = [
  tier('platinum', 'Platinum', 5000000, 'standard'),
  tier('gold', 'Gold', 2500000, 'standard'),
  tier('silver', 'Silver', 1000000, 'standard'),
  tier('workshop', 'Workshop', 300000, 'standard'),
  tier('supporter', 'Supporter', 100000, 'standard'),
  tier('title', 'Conference Title', 50000000, 'signature', false),
  tier('afterparty', 'Afterparty Co-Sponsor', 25000000, 'signature'),
  tier('speakerLounge', 'Speaker Lounge', 15000000, 'signature'),
  tier('lanyards', 'Attendee Lanyards', 10000000, 'signature'),
  tier('swagBox', 'Swag Box', 2500000, 'signature'),
];

const CLIENT_SECRET = 'pi_sandbox_spn_secret_xyz';

type Handler = Parameters<typeof routeRequests>[0][string];

function serveSponsorship(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/sponsorship-tiers': () => jsonResponse(tiers),
      '/api/quote': quoteAtListPrice((value) => tiers.find((tier) => tier.value === value)?.amount),
      '/api/create-sponsorship-payment': (body) =>
        jsonResponse({
          clientSecret: CLIENT_SECRET,
          paymentIntentId: 'pi_sandbox_spn',
          orderId: 'ord_9',
          amount: (body as { price: number }).price,
        }),
      '/api/sandbox/confirm': () => jsonResponse({ status: 'succeeded', paymentIntentId: 'pi_sandbox_spn' }),
      ...overrides,
    }),
  );
}

function renderSponsorPayment(query = '') {
  return renderWithProviders(
    <Routes>
      <Route path={paths.sponsorPayment} element={<SponsorPaymentPage />} />
      <Route path={paths.sponsorConfirmation} element={<LocationProbe />} />
    </Routes>,
    { route: `${paths.sponsorPayment}${query}` },
  );
}

type User = ReturnType<typeof renderSponsorPayment>['user'];

const field = (name: string) => screen.getByRole('textbox', { name });
const tierSelect = () => screen.getByRole('combobox', { name: 'Sponsorship tier' });
const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });

async function fillSponsor(user: User, { tierValue = 'platinum' }: { tierValue?: string } = {}) {
  await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Acme Corp');
  await user.type(field('Contact name'), 'Ana Diaz');
  await user.type(field('Email'), 'ana@acme.example');
  await user.type(field('Phone'), '+1 305 555 0100');
  await user.type(field('Address'), '1 Ocean Drive');
  await user.type(field('City'), 'Miami Beach');
  if (tierValue) await user.selectOptions(tierSelect(), tierValue);
}

async function reachPayment(user: User) {
  await fillSponsor(user);
  await user.click(proceed());
  await screen.findByRole('heading', { name: 'Complete Your Sponsorship Payment' });
}

describe('sponsor payment: the form', () => {
  it('groups the tiers under the two headings, with prices, and disables sold-out ones', async () => {
    serveSponsorship();
    renderSponsorPayment();

    const select = await screen.findByRole('combobox', { name: 'Sponsorship tier' });
    expect(select).toHaveValue('');
    const standard = within(select).getByRole('group', { name: 'Standard Sponsorship Tiers' });
    const signature = within(select).getByRole('group', { name: 'Signature Sponsorship Tiers' });
    expect(
      within(standard)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Platinum - $50,000.00',
      'Gold - $25,000.00',
      'Silver - $10,000.00',
      'Workshop - $3,000.00',
      'Supporter - $1,000.00',
    ]);
    expect(within(signature).getAllByRole('option')).toHaveLength(5);

    const soldOut = within(signature).getByRole('option', { name: 'Conference Title - $500,000.00 (sold out)' });
    expect(soldOut).toBeDisabled();
    expect(within(signature).getByRole('option', { name: 'Swag Box - $25,000.00' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Sponsor Payment | CodeWave Miami 2026'));
  });

  it('pre-selects the tier named in the address and ignores the price there', async () => {
    const fetchSpy = serveSponsorship();
    const { user } = renderSponsorPayment('?tier=gold&price=1');

    expect(await screen.findByRole('combobox', { name: 'Sponsorship tier' })).toHaveValue('gold');

    await fillSponsor(user, { tierValue: '' });
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Complete Your Sponsorship Payment' });
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toMatchObject([{ tier: 'gold', price: 2500000 }]);
  });

  it.each([
    ['an unknown tier', '?tier=diamond'],
    ['a sold-out tier', '?tier=title&price=500000'],
  ])('selects nothing for %s', async (_, query) => {
    serveSponsorship();
    renderSponsorPayment(query);

    expect(await screen.findByRole('combobox', { name: 'Sponsorship tier' })).toHaveValue('');
  });

  it('says so when the tier in the address has been taken', async () => {
    serveSponsorship();
    renderSponsorPayment('?tier=title');

    expect(
      await screen.findByText('The Conference Title sponsorship has already been taken. Please choose another tier.'),
    ).toHaveAttribute('role', 'status');
  });

  it('shows every message on submit, linked to its field', async () => {
    const fetchSpy = serveSponsorship();
    const { user } = renderSponsorPayment();

    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'A');
    await user.type(field('Company website'), 'acme');
    await user.click(proceed());

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(field('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Company name')).toHaveAccessibleDescription('Company name is required');
    expect(field('Contact name')).toHaveAccessibleDescription('Contact name is required');
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field('Phone')).toHaveAccessibleDescription('Phone number is required');
    expect(field('Company website')).toHaveAccessibleDescription('Optional. Please enter a valid URL');
    expect(tierSelect()).toHaveAccessibleDescription(
      'Signature sponsorships go to a single partner each. Please select a sponsorship tier',
    );
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toEqual([]);

    await user.clear(field('Company website'));
    await user.type(field('Company website'), 'ftp://acme.example');
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(field('Company website'));
    await user.type(field('Company website'), 'https://acme.example');
    await waitFor(() => expect(screen.queryByText('Please enter a valid URL')).not.toBeInTheDocument());

    await user.type(field('Phone'), 'call me maybe');
    expect(field('Phone')).toHaveAccessibleDescription('Please enter a valid phone number');
  });

  it('posts the tier with its price in cents from the tier list, showing Processing... meanwhile', async () => {
    const payment = deferred<Response>();
    const fetchSpy = serveSponsorship({ '/api/create-sponsorship-payment': () => payment.promise });
    const { user } = renderSponsorPayment();
    await fillSponsor(user, { tierValue: 'swagBox' });
    await user.type(field('Company website'), ' https://acme.example ');
    await user.type(field('Additional information'), 'We would love a booth near the stage.');

    await user.click(proceed());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toEqual([
      {
        tier: 'swagBox',
        price: 2500000,
        companyName: 'Acme Corp',
        contactName: 'Ana Diaz',
        email: 'ana@acme.example',
        phone: '+1 305 555 0100',
        website: 'https://acme.example',
        additionalInfo: 'We would love a booth near the stage.',
        billing: { address: '1 Ocean Drive', city: 'Miami Beach', country: 'US' },
      },
    ]);

    payment.resolve(jsonResponse({ clientSecret: CLIENT_SECRET, paymentIntentId: 'pi_sandbox_spn', amount: 2500000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Sponsorship Payment' })).toHaveFocus();
    expect(await findToast('Ready for Payment')).toHaveTextContent('Please complete your payment details below.');
    const summary = screen.getByRole('region', { name: 'Sponsorship summary' });
    expect(within(summary).getByText('Swag Box')).toBeInTheDocument();
    expect(within(summary).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(summary).getByText('$25,000.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Sponsorship Payment' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Complete Your Sponsorship Payment | CodeWave Miami 2026'));
  });

  it('sends empty strings for the optional fields left blank', async () => {
    const fetchSpy = serveSponsorship();
    const { user } = renderSponsorPayment();

    await reachPayment(user);

    expect(postedTo(fetchSpy, '/api/create-sponsorship-payment')).toMatchObject([
      { tier: 'platinum', price: 5000000, website: '', additionalInfo: '' },
    ]);
  });

  it('puts the server’s field errors next to their fields, the tier’s included', async () => {
    serveSponsorship({
      '/api/create-sponsorship-payment': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { sponsorshipTier: 'Invalid sponsorship tier selected', phone: 'Phone number is required' },
          },
          422,
        ),
    });
    const { user } = renderSponsorPayment();
    await fillSponsor(user);

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('Please correct the highlighted fields.');
    expect(tierSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(tierSelect()).toHaveAccessibleDescription(expect.stringContaining('Invalid sponsorship tier selected'));
    expect(field('Phone')).toHaveAccessibleDescription('Phone number is required');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  it('reloads the tiers when the chosen one was taken meanwhile', async () => {
    const fetchSpy = serveSponsorship({
      '/api/create-sponsorship-payment': () =>
        jsonResponse({ message: 'Sorry, the Afterparty Co-Sponsor sponsorship has already been taken.' }, 409),
    });
    const { user } = renderSponsorPayment();
    await fillSponsor(user, { tierValue: 'afterparty' });

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent(
      'Sorry, the Afterparty Co-Sponsor sponsorship has already been taken.',
    );
    await waitFor(() => expect(requestedUrls(fetchSpy, '/api/sponsorship-tiers')).toHaveLength(2));
  });

  it('says it failed to initialize the payment when no client secret comes back', async () => {
    serveSponsorship({ '/api/create-sponsorship-payment': () => jsonResponse({ orderId: 'ord_9' }) });
    const { user } = renderSponsorPayment();
    await fillSponsor(user);

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('Failed to initialize payment');
    expect(screen.queryByRole('heading', { name: 'Complete Your Sponsorship Payment' })).not.toBeInTheDocument();
  });

  it('falls back to the brief’s message when the failure has none', async () => {
    serveSponsorship({ '/api/create-sponsorship-payment': () => Promise.reject(new Error('')) });
    const { user } = renderSponsorPayment();
    await fillSponsor(user);

    await user.click(proceed());

    expect(await findToast('Error')).toHaveTextContent('An error occurred. Please try again.');
  });
});

describe('sponsor payment: the card', () => {
  async function payWithCard(user: User, number: string) {
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
    await user.type(screen.getByRole('textbox', { name: 'Expiration (MM/YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Complete Sponsorship Payment' }));
  }

  it('goes to the confirmation page with the tier and Stripe’s parameters once the sandbox takes the payment', async () => {
    serveSponsorship();
    const { user } = renderSponsorPayment();
    await reachPayment(user);

    await payWithCard(user, '4242424242424242');

    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/sponsor-confirmation?tier=platinum&payment_intent=pi_sandbox_spn&payment_intent_client_secret=${CLIENT_SECRET}&redirect_status=succeeded`,
    );
  });

  it('shows a declined card inline above the button and in a Payment Failed toast', async () => {
    serveSponsorship({
      '/api/sandbox/confirm': () => jsonResponse({ message: 'Your card was declined.', code: 'card_declined' }, 402),
    });
    const { user } = renderSponsorPayment();
    await reachPayment(user);

    await payWithCard(user, '4000000000000002');

    expect(await findToast('Payment Failed')).toHaveTextContent('Your card was declined.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    const button = screen.getByRole('button', { name: 'Complete Sponsorship Payment' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button).toBeEnabled();
  });

  it('shows any other failure inline above the button too, and in an Error toast', async () => {
    serveSponsorship({
      '/api/sandbox/confirm': () => jsonResponse({ message: 'This payment has already been completed.' }, 409),
    });
    const { user } = renderSponsorPayment();
    await reachPayment(user);

    await payWithCard(user, '4242424242424242');

    expect(await findToast('Error')).toHaveTextContent('This payment has already been completed.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This payment has already been completed.');
    const button = screen.getByRole('button', { name: 'Complete Sponsorship Payment' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so inline when the payment fails without a message', async () => {
    serveSponsorship({ '/api/sandbox/confirm': () => Promise.reject(new Error('')) });
    const { user } = renderSponsorPayment();
    await reachPayment(user);

    await payWithCard(user, '4242424242424242');

    expect(await screen.findByRole('alert')).toHaveTextContent('The payment could not be completed. Please try again.');
  });
});
