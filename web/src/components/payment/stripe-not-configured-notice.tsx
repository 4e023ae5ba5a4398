import { TriangleAlertIcon } from '@/components/icons';
import { useEffect, useRef } from 'react';

const STRIPE_NOT_CONFIGURED = 'Stripe is not properly configured. Please set your Stripe public key.';

/**
 * Shown instead of the card form when the server uses Stripe but has no publishable key: the brief's
 * yellow notice, in the words each screen's brief gives (the ticket checkout's by default).
 */
export function StripeNotConfiguredNotice({ message = STRIPE_NOT_CONFIGURED }: { message?: string }) {
  const warned = useRef(false);
  useEffect(() => {
    // a ref, not a flag per effect run, so Strict Mode's second run does not warn again
    if (warned.current) return;
    warned.current = true;
    console.warn('Stripe publishable key missing: set STRIPE_PUBLISHABLE_KEY on the server to show the card form.');
  }, []);

  return (
    <p
      role="alert"
      className="flex items-start gap-3 rounded-md border border-warning-foreground/30 bg-warning p-4 text-sm font-medium text-warning-foreground"
    >
      <TriangleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
