import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, quoteAtListPrice, routeRequests, sandboxConfig } from '@/test/fixtures';
import { testQuestions } from '@/test/questions';
import { renderWithProviders } from '@/test/render';
import { CheckoutPage } from './checkout-page';

// Stripe.js never loads here: the sandbox gateway is used throughout.
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn(() => new Promise<never>(() => {})) }));

const developer = {
  id: 1,
  type: 'developer',
  name: 'Developer Pass',
  description: 'Everything you need.',
  price: 79900,
  features: ['Hackathon participation'],
  minQuantity: 1,
  maxQuantity: 1,
  sales: 'open',
  available: true,
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse({ ...sandboxConfig, questions: testQuestions }),
      '/api/tickets': () => jsonResponse([developer]),
      '/api/quote': quoteAtListPrice((type) => (type === 'developer' ? developer.price : undefined)),
      '/api/create-payment-intent': (body) =>
        jsonResponse({
          clientSecret: 'pi_sandbox_abc_secret_xyz',
          paymentIntentId: 'pi_sandbox_abc',
          ticketId: 1,
          amount: (body as { amount: number }).amount,
        }),
      ...overrides,
    }),
  );
}

function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.checkoutRoute} element={<CheckoutPage />} />
    </Routes>,
    { route: paths.checkout('developer') },
  );
}

type User = ReturnType<typeof renderCheckout>['user'];

const proceed = () => screen.getByRole('button', { name: /Proceed to Payment|Processing/ });

async function fillDetails(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana Diaz');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
}

describe('ticket checkout: questions', () => {
  it("asks the ticket type's questions, with their help and a mark on those that need an answer", async () => {
    serve();
    renderCheckout();

    const about = await screen.findByRole('group', { name: 'About you' });
    const diet = within(about).getByRole('radiogroup', { name: 'Dietary needs' });
    expect(diet).toBeRequired();
    expect(diet).toHaveAccessibleDescription('We order lunch for five days.');
    expect(
      within(diet)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['No preference', 'Vegetarian', 'Vegan', 'Gluten-free']);
    // a question that needs no answer can be left, or set back, without one
    const tshirt = within(about).getByRole('radiogroup', { name: 'T-shirt size' });
    expect(tshirt).not.toBeRequired();
    expect(within(tshirt).getByRole('radio', { name: 'No answer' })).toBeChecked();
    expect(within(about).getByRole('textbox', { name: 'Accessibility needs' })).toHaveAccessibleDescription(
      'Shown to the door staff, so they can help.',
    );
    expect(within(about).getByRole('textbox', { name: 'Company' })).not.toBeRequired();
    // asked of VIPs only
    expect(screen.queryByRole('radiogroup', { name: /VIP dinner/ })).not.toBeInTheDocument();
  });

  it('says by the field that a required question needs an answer, then clears it once answered', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillDetails(user);

    await user.click(proceed());
    const diet = screen.getByRole('radiogroup', { name: 'Dietary needs' });
    expect(diet).toHaveAccessibleDescription('We order lunch for five days. Please answer this question.');
    expect(diet).toHaveAttribute('aria-invalid', 'true');
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([]);

    await user.click(within(diet).getByRole('radio', { name: 'Vegan' }));
    expect(screen.queryByText('Please answer this question.')).not.toBeInTheDocument();
    expect(diet).not.toHaveAttribute('aria-invalid');
  });

  it('sends the answers given, trimmed, and leaves out those left blank', async () => {
    const fetchSpy = serve();
    const { user } = renderCheckout();
    await fillDetails(user);

    await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    await user.type(screen.getByRole('textbox', { name: 'Accessibility needs' }), '  Step-free access, please. ');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), '   ');
    await user.click(proceed());

    await screen.findByRole('heading', { name: 'Payment' });
    expect(postedTo(fetchSpy, '/api/create-payment-intent')).toEqual([
      {
        ticketType: 'developer',
        amount: 79900,
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
        answers: { diet: 'Vegetarian', accessibility: 'Step-free access, please.' },
      },
    ]);
  });

  it("shows the server's refusal of an answer by its question", async () => {
    serve({
      '/api/create-payment-intent': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { 'answers.company': 'Please answer in at most 200 characters.' },
          },
          422,
        ),
    });
    const { user } = renderCheckout();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: 'Vegan' }));
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Acme');
    await user.click(proceed());

    expect(await screen.findByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription(
      'Please answer in at most 200 characters.',
    );
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });
});
