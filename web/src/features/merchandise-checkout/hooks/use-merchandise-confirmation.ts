import { useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { confirmMerchandisePurchase, type MerchandiseConfirmation } from '../api/confirm-merchandise-purchase';
import { getPaymentDetails } from '../api/get-payment-details';

export type MerchandiseConfirmationState =
  | { status: 'loading' }
  | { status: 'confirmed'; confirmation: MerchandiseConfirmation; email: string | null }
  /** `message` is the brief's sentence for the step that failed; `detail` the server's, when it said one. */
  | { status: 'failed'; message: string; detail?: string };

export const MISSING_PAYMENT_INFORMATION = 'Missing payment information in URL';

function failure(message: string, error?: unknown): MerchandiseConfirmationState {
  const detail = error instanceof Error && error.message ? error.message : undefined;
  return { status: 'failed', message, detail };
}

/** The brief's steps: read the payment from the URL, look up its order, then confirm the purchase. */
async function confirmOrder(
  paymentIntentId: string | null,
  clientSecret: string | null,
): Promise<MerchandiseConfirmationState> {
  if (!paymentIntentId || !clientSecret) return failure(MISSING_PAYMENT_INFORMATION);

  let details;
  try {
    details = await getPaymentDetails(paymentIntentId, clientSecret);
  } catch (error) {
    return failure('Payment verification failed', error);
  }
  // the server answers 0 when the order names no item
  if (!details.merchandiseId) return failure('Invalid payment details');

  try {
    const confirmation = await confirmMerchandisePurchase({
      paymentIntentId,
      merchandiseId: details.merchandiseId,
      name: details.name || 'Unknown',
      email: details.email || 'unknown@example.com',
      clientSecret,
    });
    return { status: 'confirmed', confirmation, email: details.email || null };
  } catch (error) {
    return failure('Failed to confirm purchase', error);
  }
}

/**
 * Confirms the order the gateway returned for, once per mount: a ref (which survives Strict Mode's
 * second effect run) keeps the calls and toasts single, though the server would answer a repeat the same.
 */
export function useMerchandiseConfirmation(paymentIntentId: string | null, clientSecret: string | null) {
  const [state, setState] = useState<MerchandiseConfirmationState>({ status: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirmOrder(paymentIntentId, clientSecret).then((outcome) => {
      if (outcome.status === 'confirmed') {
        toast({ title: 'Purchase Confirmed', description: 'Your merchandise order has been confirmed!' });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Confirmation Failed',
          description: "We couldn't confirm your purchase. Please contact support.",
          variant: 'destructive',
        });
      }
      setState(outcome);
    });
  }, [paymentIntentId, clientSecret]);

  return state;
}
