import { FlaskConicalIcon, LockIcon } from '@/components/icons';

/** The footnote under a checkout saying who processes the payment (the brief's note), or that it is a test. */
export function PaymentProviderNote({ provider }: { provider: 'stripe' | 'sandbox' }) {
  return (
    <p className="mt-8 flex items-start justify-center gap-2 text-center text-sm text-muted-foreground">
      {provider === 'sandbox' ? (
        <>
          <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Test mode: payments go to the built-in sandbox gateway and no real payment is taken.
        </>
      ) : (
        <>
          <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Payments are processed securely by Stripe. Your card details never touch our servers.
        </>
      )}
    </p>
  );
}
