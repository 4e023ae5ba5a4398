import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, routeRequests, sandboxConfig } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderWithProviders } from '@/test/render';
import { MerchandiseCheckoutPage } from './merchandise-checkout-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const tee = {
  id: 2,
  name: 'Hackathon Tee',
  description: 'Heavyweight tee.',
  price: 3499,
  category: 'tshirt',
  sizes: ['S', 'M'],
  colors: ['Coral', 'Charcoal'],
  sales: 'open',
  available: true,
};

type Handler = Parameters<typeof routeRequests>[0][string];

/** The server: the tee on sale, CREW20 taking 20% off, CREWFREE all of it. */
function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/merchandise': () => jsonResponse([tee]),
      '/api/quote': quoteAtListPrice((id) => (Number(id) === tee.id ? tee.price : undefined), {
        CREW20: 20,
        CREWFREE: 100,
      }),
      '/api/create-merchandise-payment': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_abc_secret_xyz',
          paymentIntentId: 'pi_sandbox_abc',
          amount: (body as { amount: number }).amount,
          paid: false,
        }),
      ...overrides,
    }),
  );
}

function renderCheckout(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.merchandiseCheckoutRoute} element={<MerchandiseCheckoutPage />} />
      <Route path={paths.merchandiseConfirmation} element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const details = () => screen.getByRole('region', { name: 'Order details' });

async function fillCustomer(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ana Diaz');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
}

describe('merchandise checkout: codes', () => {
  it('prices the order with a code and asks the card for the quoted total', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout(paths.merchandiseCheckout(2));
    await fillCustomer(user);
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Color' }), 'Charcoal');

    await user.click(screen.getByRole('button', { name: 'Have a code?' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'CREW20');

    expect(await within(details()).findByText('Code CREW20: 20% off')).toBeInTheDocument();
    expect(within(details()).getByText('−$14.00')).toBeInTheDocument();
    expect(within(details()).getByText('2 × $34.99')).toBeInTheDocument();
    expect(within(details()).getByText('Total').nextElementSibling).toHaveTextContent('$55.98');
    expect(postedTo(fetchSpy, '/api/quote').at(-1)).toEqual({
      kind: 'merchandise',
      item: 2,
      quantity: 2,
      size: 'S',
      color: 'Charcoal',
      code: 'CREW20',
    });

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('button', { name: 'Pay $55.98' })).toBeEnabled();
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toMatchObject([
      { merchandiseId: 2, amount: 5598, quantity: 2, color: 'Charcoal', code: 'CREW20' },
    ]);
  });

  it('fills in the code of a ?code= link', async () => {
    serve();
    renderCheckout('/merchandise-checkout/2?code=CREW20');

    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveValue('CREW20');
    expect(await within(details()).findByText('Code CREW20: 20% off')).toBeInTheDocument();
  });

  it('starts in the size and color of a waiting-list offer’s link, and prices them with its code', async () => {
    const fetchSpy = serve();
    renderCheckout('/merchandise-checkout/2?code=CREW20&size=M&color=Charcoal');

    expect(await screen.findByRole('combobox', { name: 'Size' })).toHaveValue('M');
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveValue('Charcoal');
    await waitFor(() =>
      expect(postedTo(fetchSpy, '/api/quote')).toContainEqual(
        expect.objectContaining({ item: 2, size: 'M', color: 'Charcoal', code: 'CREW20' }),
      ),
    );
  });

  it('shows a refused code next to the field', async () => {
    serve();
    const { user } = renderCheckout(paths.merchandiseCheckout(2));
    await fillCustomer(user);

    await user.click(await screen.findByRole('button', { name: 'Have a code?' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'WRONG');

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
        'This code is not valid. Please check it and try again.',
      ),
    );
  });

  it('goes straight to the confirmation page when a code made the order free', async () => {
    const fetchSpy = serve({
      '/api/create-merchandise-payment': () =>
        jsonResponse({ clientSecret: 'free_ord_7_secret', paymentIntentId: 'free_ord_7', amount: 0, paid: true }),
    });
    const { user } = renderCheckout('/merchandise-checkout/2?code=CREWFREE');
    await fillCustomer(user);
    await within(details()).findByText('Code CREWFREE: Free');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/merchandise-confirmation?payment_intent=free_ord_7&payment_intent_client_secret=free_ord_7_secret&redirect_status=succeeded',
    );
    expect(postedTo(fetchSpy, '/api/create-merchandise-payment')).toMatchObject([{ amount: 0, code: 'CREWFREE' }]);
    expect(postedTo(fetchSpy, '/api/sandbox/confirm')).toEqual([]);
  });
});
