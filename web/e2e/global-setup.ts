import { startStripeStub } from './support/stripe-stub';

/** Starts the stand-in for Stripe that the Stripe-mode server and its pages talk to; stops it after the run. */
export default async function globalSetup() {
  const stub = await startStripeStub();
  return () => new Promise<void>((resolve) => stub.close(() => resolve()));
}
