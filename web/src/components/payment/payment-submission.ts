import { useRef, useState } from 'react';

/** What a card step reports to the screen that uses it; the screen owns the toasts and the next step. */
export interface PaymentOutcomeHandlers {
  /** The gateway took the payment: confirm the order with the server (may throw). */
  onSucceeded: (paymentIntentId: string) => Promise<void> | void;
  /** The card was refused; `message` is the gateway's sentence, e.g. "Your card was declined." */
  onDeclined: (message: string) => void;
  /** Anything unexpected: a network failure, a server error, a failed order confirmation. */
  onError: (error: unknown) => void;
}

export interface CardStepProps extends PaymentOutcomeHandlers {
  clientSecret: string;
  /** The button text, e.g. 'Complete Purchase'; it reads 'Processing...' while a payment runs. */
  submitLabel: string;
}

export type PaymentAttempt =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'declined'; message: string }
  // any other gateway status: the brief asks for nothing further and no message
  | { status: 'incomplete' };

export const PROCESSING_LABEL = 'Processing...';

/**
 * Runs one payment attempt at a time and remembers a payment that went through, so that when
 * only the order confirmation failed, trying again confirms the order instead of paying twice.
 */
export function usePaymentSubmission({ onSucceeded, onDeclined, onError }: PaymentOutcomeHandlers) {
  const [processing, setProcessing] = useState(false);
  const [declineMessage, setDeclineMessage] = useState<string | null>(null);
  const running = useRef(false);
  const paidIntentId = useRef<string | null>(null);

  async function submit(pay: () => Promise<PaymentAttempt>) {
    if (running.current) return;
    running.current = true;
    setProcessing(true);
    setDeclineMessage(null);
    try {
      if (paidIntentId.current === null) {
        const attempt = await pay();
        if (attempt.status === 'declined') {
          setDeclineMessage(attempt.message);
          onDeclined(attempt.message);
          return;
        }
        if (attempt.status === 'incomplete') return;
        paidIntentId.current = attempt.paymentIntentId;
      }
      await onSucceeded(paidIntentId.current);
    } catch (error) {
      onError(error);
    } finally {
      running.current = false;
      setProcessing(false);
    }
  }

  return { processing, declineMessage, submit };
}
