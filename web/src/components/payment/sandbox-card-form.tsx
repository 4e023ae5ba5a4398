import { FlaskConicalIcon } from '@/components/icons';
import type { ChangeEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { confirmSandboxPayment } from '@/lib/api/confirm-sandbox-payment';
import { ApiError } from '@/lib/api-client';
import {
  caretAfterDigits,
  digitsOf,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isCardNumberComplete,
  parseExpiry,
} from './card-format';
import { PaymentAlert } from './payment-alert';
import {
  PROCESSING_LABEL,
  redirectReturnPath,
  usePaymentSubmission,
  type CardStepProps,
  type PaymentAttempt,
} from './payment-submission';

const SANDBOX_NOTICE = 'Test mode: no real payment is taken. Use card 4242 4242 4242 4242.';

// Completeness only, in Stripe's words; the gateway answers for everything else.
const sandboxCardSchema = z.object({
  cardNumber: z.string().check(z.refine(isCardNumberComplete, 'Your card number is incomplete.')),
  expiry: z
    .string()
    .check(z.refine((value) => parseExpiry(value) !== null, "Your card's expiration date is incomplete.")),
  cvc: z.string().check(z.refine((value) => digitsOf(value).length >= 3, "Your card's security code is incomplete.")),
});

type SandboxCardValues = z.infer<typeof sandboxCardSchema>;

const emptyCard: SandboxCardValues = { cardNumber: '', expiry: '', cvc: '' };

/** Reformats a field as the user types, keeping the caret after the same digits when editing mid-value. */
function reformat(
  event: ChangeEvent<HTMLInputElement>,
  format: (value: string) => string,
  onChange: (value: string) => void,
) {
  const input = event.target;
  const caret = input.selectionStart ?? input.value.length;
  const editingInside = caret < input.value.length;
  const digitsBeforeCaret = digitsOf(input.value.slice(0, caret)).length;
  const formatted = format(input.value);
  onChange(formatted);
  if (editingInside) {
    requestAnimationFrame(() => {
      const position = caretAfterDigits(formatted, digitsBeforeCaret);
      input.setSelectionRange(position, position);
    });
  }
}

/**
 * The sandbox gateway's card step (DESIGN.md §6): a plain card form posting to /api/sandbox/confirm.
 * It has no billing details to keep, and for a redirect flow it goes to the return page itself, as Stripe would.
 */
export function SandboxCardForm({
  clientSecret,
  submitLabel,
  returnPath,
  redirect = 'if_required',
  onSucceeded,
  onDeclined,
  onError,
}: CardStepProps) {
  const navigate = useNavigate();
  const { processing, failureMessage, submit } = usePaymentSubmission({ onSucceeded, onDeclined, onError });

  async function pay({ cardNumber, expiry, cvc }: SandboxCardValues): Promise<PaymentAttempt> {
    // the schema guarantees a complete expiry
    const { month, year } = parseExpiry(expiry) ?? { month: '', year: '' };
    try {
      const confirmation = await confirmSandboxPayment({
        clientSecret,
        cardNumber: digitsOf(cardNumber),
        expMonth: month,
        expYear: year,
        cvc: digitsOf(cvc),
      });
      if (redirect === 'always') {
        void navigate(redirectReturnPath(returnPath, confirmation.paymentIntentId, clientSecret));
        return { status: 'redirected' };
      }
      return { status: 'succeeded', paymentIntentId: confirmation.paymentIntentId };
    } catch (error) {
      // 402 is the gateway refusing the card; anything else is unexpected
      if (error instanceof ApiError && error.status === 402) return { status: 'declined', message: error.message };
      throw error;
    }
  }

  return (
    <Form
      schema={sandboxCardSchema}
      options={{ defaultValues: emptyCard }}
      aria-label="Card details"
      className="space-y-5"
      onSubmit={(values) => submit(() => pay(values))}
    >
      {(form) => (
        <>
          <p className="flex items-start gap-3 rounded-md border border-secondary/30 bg-secondary/10 p-3 text-sm text-foreground">
            <FlaskConicalIcon className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden="true" />
            <span>{SANDBOX_NOTICE}</span>
          </p>

          <FormField
            control={form.control}
            name="cardNumber"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Card number</FormLabel>
                <FormControl>
                  <Input
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 1234 1234 1234"
                    {...field}
                    onChange={(event) => reformat(event, formatCardNumber, field.onChange)}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          <div className="grid gap-5 min-[25rem]:grid-cols-2 min-[25rem]:gap-4">
            <FormField
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Expiration (MM/YY)</FormLabel>
                  <FormControl>
                    <Input
                      inputMode="numeric"
                      autoComplete="cc-exp"
                      placeholder="MM/YY"
                      {...field}
                      onChange={(event) => reformat(event, formatExpiry, field.onChange)}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="cvc"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>CVC</FormLabel>
                  <FormControl>
                    <Input
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      placeholder="123"
                      {...field}
                      onChange={(event) => reformat(event, formatCvc, field.onChange)}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          {failureMessage && <PaymentAlert message={failureMessage} />}

          <Button type="submit" size="lg" className="w-full" disabled={processing}>
            {processing ? PROCESSING_LABEL : submitLabel}
          </Button>
        </>
      )}
    </Form>
  );
}
