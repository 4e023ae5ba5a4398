import { useEffect, useRef, useState } from 'react';
import { confirmSponsorship, type SponsorshipConfirmation } from '../api/confirm-sponsorship';

export type SponsorshipConfirmationState =
  | { status: 'pending' }
  | { status: 'confirmed'; confirmation: SponsorshipConfirmation }
  /** `detail` is the server's sentence when confirming failed. */
  | { status: 'failed'; detail?: string };

/**
 * The sponsorship the gateway returned for: only a `redirect_status` of 'succeeded' is worth confirming,
 * and even then the server checks the payment with the gateway (the address alone proves nothing).
 * Confirmed once per mount; the ref survives Strict Mode's second effect run.
 */
export function useSponsorshipConfirmation(
  paymentIntentId: string | null,
  clientSecret: string | null,
  redirectStatus: string | null,
) {
  const shouldConfirm = Boolean(paymentIntentId) && redirectStatus === 'succeeded';
  const [state, setState] = useState<SponsorshipConfirmationState>(() =>
    shouldConfirm ? { status: 'pending' } : { status: 'failed' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!shouldConfirm || !paymentIntentId || started.current) return;
    started.current = true;
    confirmSponsorship(paymentIntentId, clientSecret).then(
      (confirmation) => setState({ status: 'confirmed', confirmation }),
      (error: unknown) =>
        setState({ status: 'failed', detail: error instanceof Error && error.message ? error.message : undefined }),
    );
  }, [shouldConfirm, paymentIntentId, clientSecret]);

  return state;
}
