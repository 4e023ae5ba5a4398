import { useRef, useState } from 'react';

/** What a card step reports to the screen that uses it; the screen owns the toasts and the next step. */
export interface PaymentOutcomeHandlers {
  /**
   * The gateway took the payment in place: confirm the order with the server (may throw).
   * Never called when the card step sends the buyer to its return page instead (`redirect: 'always'`).
   */
  onSucceeded?: (paymentIntentId: string) => Promise<void> | void;
  /** The card was refused; `message` is the gateway's sentence, e.g. "Your card was declined." */
  onDeclined: (message: string) => void;
  /** Anything unexpected: a network failure, a server error, a failed order confirmation. */
  onError: (error: unknown) => void;
}

/** Who pays, passed to the gateway with the card (Stripe's `billing_details`). */
export interface BillingDetails {
  name?: string;
  email?: string;
}

export interface CardStepProps extends PaymentOutcomeHandlers {
  clientSecret: string;
  /** The button text, e.g. 'Complete Purchase'; it reads 'Processing...' while a payment runs. */
  submitLabel: string;
  /** The page the gateway sends the buyer back to, e.g. '/merchandise-confirmation'. */
  returnPath: string;
  /**
   * Stripe's option of the same name. 'if_required' (the default): the payment is confirmed in place and
   * reported to onSucceeded; Stripe leaves the page only for payment methods that need it. 'always': once paid,
   * the buyer goes to returnPath with `payment_intent`, `payment_intent_client_secret` and `redirect_status`,
   * and the page there confirms the order; the sandbox gateway does the same (DESIGN.md §6).
   */
  redirect?: 'if_required' | 'always';
  billingDetails?: BillingDetails;
}

export type PaymentAttempt =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'declined'; message: string }
  // the browser is on its way to the return page, which takes over
  | { status: 'redirected' }
  // any other gateway status: the brief asks for nothing further and no message
  | { status: 'incomplete' };

export const PROCESSING_LABEL = 'Processing...';

/** Said above the button when a payment fails without a sentence of its own. */
export const PAYMENT_FAILED = 'The payment could not be completed. Please try again.';

/** The return page's address with the query parameters Stripe adds after a successful redirect payment. */
export function redirectReturnPath(returnPath: string, paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: 'succeeded',
  });
  return `${returnPath}${returnPath.includes('?') ? '&' : '?'}${query.toString()}`;
}

/**
 * Runs one payment attempt at a time and remembers a payment that went through, so that when
 * only the order confirmation failed, trying again confirms the order instead of paying twice.
 */
export function usePaymentSubmission({ onSucceeded, onDeclined, onError }: PaymentOutcomeHandlers) {
  const [processing, setProcessing] = useState(false);
  // Why the last attempt failed, shown above the button: a refused card or anything else.
  const [failureMessage, setFailureMessage] = useState<string | null>(null);
  const running = useRef(false);
  const paidIntentId = useRef<string | null>(null);

  async function submit(pay: () => Promise<PaymentAttempt>) {
    if (running.current) return;
    running.current = true;
    setProcessing(true);
    setFailureMessage(null);
    // while the browser leaves for the return page the button stays busy, so the payment is not tried twice
    let leaving = false;
    try {
      if (paidIntentId.current === null) {
        const attempt = await pay();
        if (attempt.status === 'declined') {
          setFailureMessage(attempt.message);
          onDeclined(attempt.message);
          return;
        }
        if (attempt.status === 'redirected') {
          leaving = true;
          return;
        }
        if (attempt.status === 'incomplete') return;
        paidIntentId.current = attempt.paymentIntentId;
      }
      await onSucceeded?.(paidIntentId.current);
    } catch (error) {
      setFailureMessage(error instanceof Error && error.message ? error.message : PAYMENT_FAILED);
      onError(error);
    } finally {
      if (!leaving) {
        running.current = false;
        setProcessing(false);
      }
    }
  }

  return { processing, failureMessage, submit };
}
