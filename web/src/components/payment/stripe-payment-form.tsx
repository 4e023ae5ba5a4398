import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { getStripe } from '@/lib/stripe';
import { CardFormSkeleton } from './card-form-skeleton';
import { PaymentAlert } from './payment-alert';
import { PROCESSING_LABEL, usePaymentSubmission, type CardStepProps, type PaymentAttempt } from './payment-submission';

// The app's tokens (index.css), so Stripe's iframe matches the page around it.
const appearance: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#c2410c',
    colorText: '#0b1b33',
    colorDanger: '#b91c1c',
    colorBackground: '#ffffff',
    borderRadius: '8px',
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

const FALLBACK_DECLINE = 'An error occurred with your payment';
const LOAD_FAILED = 'The secure card form could not be loaded. Check your connection and reload the page.';

export interface StripePaymentFormProps extends CardStepProps {
  publishableKey: string;
  /** Said on screen while Stripe.js loads. */
  loadingLabel?: string;
}

/** Stripe.js for the key, loaded after mount: loading it injects a script, which rendering must not do. */
function useStripeJs(publishableKey: string) {
  const [loaded, setLoaded] = useState<{ key: string; stripe: Stripe | null } | null>(null);
  useEffect(() => {
    let current = true;
    void getStripe(publishableKey).then((stripe) => {
      if (current) setLoaded({ key: publishableKey, stripe });
    });
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return loaded?.key === publishableKey ? loaded : null;
}

/**
 * Stripe's card step: the Payment Element for the payment's client secret, confirmed in place
 * or, for a redirect flow, on the way to the return page.
 */
export function StripePaymentForm({ publishableKey, clientSecret, loadingLabel, ...props }: StripePaymentFormProps) {
  const loaded = useStripeJs(publishableKey);

  if (!loaded) return <CardFormSkeleton label={loadingLabel} />;
  if (!loaded.stripe) return <PaymentAlert message={LOAD_FAILED} />;

  return (
    <Elements key={clientSecret} stripe={loaded.stripe} options={{ clientSecret, appearance }}>
      <StripeCardStep {...props} />
    </Elements>
  );
}

function StripeCardStep({
  returnPath,
  submitLabel,
  redirect = 'if_required',
  billingDetails,
  ...handlers
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret' | 'loadingLabel'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { processing, failureMessage, submit } = usePaymentSubmission(handlers);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    void submit(async (): Promise<PaymentAttempt> => {
      const confirmParams = {
        return_url: new URL(returnPath, window.location.origin).href,
        ...(billingDetails && { payment_method_data: { billing_details: billingDetails } }),
      };
      if (redirect === 'always') {
        // Stripe answers only when it cannot take the payment; otherwise the browser is already leaving
        const { error } = await stripe.confirmPayment({ elements, confirmParams });
        if (error) return { status: 'declined', message: error.message || FALLBACK_DECLINE };
        return { status: 'redirected' };
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // the brief: redirect only when the payment method requires it, back to the site
        redirect: 'if_required',
        confirmParams,
      });
      if (error) return { status: 'declined', message: error.message || FALLBACK_DECLINE };
      if (paymentIntent.status === 'succeeded') return { status: 'succeeded', paymentIntentId: paymentIntent.id };
      return { status: 'incomplete' };
    });
  }

  return (
    <form noValidate aria-label="Card details" className="space-y-5" onSubmit={handleSubmit}>
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={({ error }) => setLoadError(error.message ?? LOAD_FAILED)}
      />
      {loadError && <PaymentAlert message={loadError} />}
      {failureMessage && <PaymentAlert message={failureMessage} />}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || processing}>
        {processing ? PROCESSING_LABEL : submitLabel}
      </Button>
    </form>
  );
}
