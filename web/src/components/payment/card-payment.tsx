import { lazy, Suspense } from 'react';
import { CardFormSkeleton } from './card-form-skeleton';
import type { CardStepProps } from './payment-submission';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeNotConfiguredNotice } from './stripe-not-configured-notice';

// Stripe's React bindings (and, through them, Stripe.js) load only when a Stripe card step shows.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

export interface CardPaymentProps extends CardStepProps {
  /** From GET /api/config. */
  provider: 'stripe' | 'sandbox';
  stripePublishableKey?: string;
  /** The yellow notice's text when Stripe has no publishable key; the ticket checkout's sentence by default. */
  notConfiguredMessage?: string;
  /** Said on screen while Stripe's card form loads; otherwise only screen readers hear of the wait. */
  loadingLabel?: string;
}

/** The card step for whichever gateway the server uses, for tickets, merchandise and sponsorships alike. */
export function CardPayment({
  provider,
  stripePublishableKey,
  notConfiguredMessage,
  loadingLabel,
  ...props
}: CardPaymentProps) {
  if (provider === 'sandbox') return <SandboxCardForm {...props} />;
  if (!stripePublishableKey) return <StripeNotConfiguredNotice message={notConfiguredMessage} />;
  return (
    <Suspense fallback={<CardFormSkeleton label={loadingLabel} />}>
      <StripePaymentForm publishableKey={stripePublishableKey} loadingLabel={loadingLabel} {...props} />
    </Suspense>
  );
}
