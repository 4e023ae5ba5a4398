import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStripe } from '@/lib/stripe';
import { deferred } from '@/test/fetch-mock';
import { StripePaymentForm } from './stripe-payment-form';

const stripeMocks = vi.hoisted(() => ({ confirmPayment: vi.fn(), elements: { kind: 'elements' } }));

// Stripe's iframe cannot run in jsdom: the bindings are replaced by stand-ins that expose what the form passes.
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ options, children }: { options: { clientSecret: string }; children: React.ReactNode }) => (
      <div data-testid="elements" data-client-secret={options.clientSecret}>
        {children}
      </div>
    ),
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div>Payment Element</div>;
    },
    useStripe: () => ({ confirmPayment: stripeMocks.confirmPayment }),
    useElements: () => stripeMocks.elements,
  };
});
vi.mock('@/lib/stripe', () => ({ getStripe: vi.fn() }));

async function renderForm(props: Partial<ComponentProps<typeof StripePaymentForm>> = {}) {
  const handlers = { onSucceeded: vi.fn(), onDeclined: vi.fn(), onError: vi.fn() };
  const user = userEvent.setup();
  // awaited, so the form settles once Stripe.js (here, a resolved promise) is ready
  await act(async () => {
    render(
      <StripePaymentForm
        publishableKey="pk_test_123"
        clientSecret="pi_123_secret_abc"
        returnPath="/"
        submitLabel="Complete Purchase"
        {...handlers}
        {...props}
      />,
    );
  });
  return { user, ...handlers };
}

const completePurchase = () => screen.findByRole('button', { name: 'Complete Purchase' });

describe('Stripe payment form', () => {
  beforeEach(() => {
    stripeMocks.confirmPayment.mockReset();
    vi.mocked(getStripe).mockReset();
    // one promise per key, as the real getStripe caches it
    vi.mocked(getStripe).mockReturnValue(Promise.resolve({} as Awaited<ReturnType<typeof getStripe>>));
  });

  it('confirms in place, returning to the site, and reports the succeeded payment', async () => {
    stripeMocks.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const { user, onSucceeded, onDeclined } = await renderForm();
    const confirmation = deferred<void>();
    onSucceeded.mockReturnValue(confirmation.promise);

    await user.click(await completePurchase());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(getStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByTestId('elements')).toHaveAttribute('data-client-secret', 'pi_123_secret_abc');
    expect(stripeMocks.confirmPayment).toHaveBeenCalledWith({
      elements: stripeMocks.elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/` },
    });
    expect(onSucceeded).toHaveBeenCalledWith('pi_123');
    expect(onDeclined).not.toHaveBeenCalled();

    confirmation.resolve();
    expect(await completePurchase()).toBeEnabled();
  });

  it("shows the provider's message under the card field and stays on the form", async () => {
    stripeMocks.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { user, onSucceeded, onDeclined } = await renderForm();

    await user.click(await completePurchase());

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onDeclined).toHaveBeenCalledWith('Your card was declined.');
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(await completePurchase()).toBeEnabled();
  });

  it('does nothing further, and says nothing, when the payment ends in another status', async () => {
    stripeMocks.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'processing' } });
    const { user, onSucceeded, onDeclined, onError } = await renderForm();

    await user.click(await completePurchase());

    await waitFor(() => expect(stripeMocks.confirmPayment).toHaveBeenCalledTimes(1));
    expect(await completePurchase()).toBeEnabled();
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(onDeclined).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands an exception to the screen', async () => {
    const failure = new Error('Network request failed');
    stripeMocks.confirmPayment.mockRejectedValue(failure);
    const { user, onError, onSucceeded } = await renderForm();

    await user.click(await completePurchase());

    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    vi.mocked(getStripe).mockReturnValue(Promise.resolve(null));
    await renderForm();

    expect(await screen.findByRole('alert')).toHaveTextContent('The secure card form could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Complete Purchase' })).not.toBeInTheDocument();
  });

  it('always redirects to the return page for a redirect flow, passing the billing details', async () => {
    // Stripe's promise settles only when it cannot take the payment; otherwise the browser leaves
    stripeMocks.confirmPayment.mockReturnValue(new Promise(() => {}));
    const { user, onSucceeded } = await renderForm({
      returnPath: '/sponsor-confirmation',
      redirect: 'always',
      billingDetails: { name: 'Ana Diaz', email: 'ana@acme.example' },
      submitLabel: 'Complete Sponsorship Payment',
    });

    await user.click(await screen.findByRole('button', { name: 'Complete Sponsorship Payment' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(stripeMocks.confirmPayment).toHaveBeenCalledWith({
      elements: stripeMocks.elements,
      confirmParams: {
        return_url: `${window.location.origin}/sponsor-confirmation`,
        payment_method_data: { billing_details: { name: 'Ana Diaz', email: 'ana@acme.example' } },
      },
    });
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('shows the refusal, or the brief’s fallback, when a redirect flow cannot take the payment', async () => {
    stripeMocks.confirmPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined' } });
    const { user, onDeclined } = await renderForm({ returnPath: '/merchandise-confirmation', redirect: 'always' });

    await user.click(await completePurchase());

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred with your payment');
    expect(onDeclined).toHaveBeenCalledWith('An error occurred with your payment');
    expect(await completePurchase()).toBeEnabled();
  });
});
