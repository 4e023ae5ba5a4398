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
  /** Where Stripe returns after a redirect-based payment method. */
  returnPath: string;
}

/** The card step for whichever gateway the server uses, for tickets, merchandise and sponsorships alike. */
export function CardPayment({ provider, stripePublishableKey, returnPath, ...props }: CardPaymentProps) {
  if (provider === 'sandbox') return <SandboxCardForm {...props} />;
  if (!stripePublishableKey) return <StripeNotConfiguredNotice />;
  return (
    <Suspense fallback={<CardFormSkeleton />}>
      <StripePaymentForm publishableKey={stripePublishableKey} returnPath={returnPath} {...props} />
    </Suspense>
  );
}
