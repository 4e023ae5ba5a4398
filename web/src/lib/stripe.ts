import type { Stripe } from '@stripe/stripe-js';
// The pure entry point injects Stripe.js only when loadStripe is called, never on import.
import { loadStripe } from '@stripe/stripe-js/pure';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, loaded once per key. Resolves null when the script
 * cannot load (offline, blocked), and forgets that failure so a later visit can retry.
 */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js could not be loaded', error);
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
