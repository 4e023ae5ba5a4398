import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CardPayment } from '@/components/payment/card-payment';
import { PaymentProviderNote } from '@/components/payment/payment-provider-note';
import type { Pricing } from '@/components/payment/price-breakdown';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { StepHeading } from '@/components/ui/step-heading';
import { paths } from '@/config/paths';
import { billingRequest, isBillingField } from '@/lib/api/billing-details';
import { answersRequest, isAnswerField, questionsFor, questionsOf } from '@/features/questions/api/questions';
import type { SiteConfig } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToast } from '@/hooks/use-toast';
import type { Ticket } from '@/lib/api/get-tickets';
import { codeErrorOf, quoteQuery, useQuote, type QuoteRequest, type QuotedOrder } from '@/lib/api/quote';
import { ApiError } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { notOnSaleMessage } from '@/lib/sales';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useConfirmPurchase } from '../api/confirm-purchase';
import { useCreatePaymentIntent, type PaymentIntent, type TicketDetails } from '../api/create-payment-intent';
import { CheckoutSuccess } from './checkout-success';
import { OrderSummary } from './order-summary';
import { TicketDetailsForm, type TicketDetailsFormApi } from './ticket-details-form';

type PaymentStage = { step: 'payment'; intent: PaymentIntent; details: TicketDetails; quoted: QuotedOrder };

type Stage =
  | { step: 'details' }
  | PaymentStage
  | { step: 'success'; details: TicketDetails; total: number; reference: string | undefined };

const detailFields = ['name', 'email', 'quantity', 'code'] as const;

/** How long typing in the code field pauses before the order is priced with it. */
const CODE_PAUSE_MS = 400;

function isDetailField(name: string): name is (typeof detailFields)[number] {
  return (detailFields as readonly string[]).includes(name);
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function ticketQuote(ticket: Ticket, quantity: number, code: string): QuoteRequest {
  return { kind: 'ticket', item: ticket.type, quantity, ...(code && { code }) };
}

/** The three steps of buying one ticket type: details, card, confirmation; `initialCode` from a `?code=` link. */
export function CheckoutFlow({
  ticket,
  config,
  initialCode = '',
}: {
  ticket: Ticket;
  config: SiteConfig;
  initialCode?: string;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'details' });
  const [quantity, setQuantity] = useState(ticket.minQuantity);
  const [code, setCode] = useState(initialCode);
  const [placing, setPlacing] = useState(false);
  const pricedCode = useDebouncedValue(code, CODE_PAUSE_MS);
  const quote = useQuote(ticket.available ? ticketQuote(ticket, quantity, pricedCode) : null);
  const createPaymentIntent = useCreatePaymentIntent();
  const confirmPurchase = useConfirmPurchase();
  const event = config.event;
  const questions = useMemo(() => questionsFor(questionsOf(config), ticket.type), [config, ticket.type]);

  useDocumentTitle(
    `${stage.step === 'success' ? 'Payment Successful' : `${ticket.name} Checkout`} | ${event.name}`,
    `${ticket.name} for ${event.name}, ${event.dateLabel}: ${ticket.description}`,
  );

  // what the summary shows: the order as paid, else its latest quote, else the list price
  const quoted = stage.step === 'payment' ? stage.quoted : quote.data;
  const people = quoted?.request.quantity ?? quantity;
  const unitPrice = quoted?.quote.unitPrice ?? ticket.price;
  const quotedTotal = quoted?.quote.total ?? ticket.price * quantity;
  // once a payment exists its amount is the server's, which is what is charged
  const total = stage.step === 'payment' ? (stage.intent.amount ?? quotedTotal) : quotedTotal;
  const pricing: Pricing = {
    item: { label: people === 1 ? 'Ticket' : 'People', value: `${people} × ${formatCents(unitPrice)}` },
    discounts: quoted?.quote.discounts ?? [],
    code: quoted?.quote.code,
    total,
  };

  /** Marks the order paid once the gateway took the payment (or, for a free order, at once). */
  async function confirmOrder(
    { intent, details }: PaymentStage,
    paid: number,
    paymentIntentId = intent.paymentIntentId ?? '',
  ) {
    const confirmation = await confirmPurchase.mutateAsync({
      paymentIntentId,
      ticketId: intent.ticketId,
      clientSecret: intent.clientSecret,
    });
    toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
    setStage({ step: 'success', details, total: paid, reference: confirmation.reference });
  }

  function reportError(error: unknown) {
    toast({
      title: 'Error Processing Payment',
      description: messageOf(error, 'An unknown error occurred'),
      variant: 'destructive',
    });
  }

  async function proceedToPayment(details: TicketDetails, form: TicketDetailsFormApi) {
    setPlacing(true);
    setQuantity(details.quantity);
    setCode(details.code);
    try {
      // the amount sent is the total the buyer was quoted; a price that moved since answers 409
      const quotedOrder = await queryClient.fetchQuery(quoteQuery(ticketQuote(ticket, details.quantity, details.code)));
      const intent = await createPaymentIntent.mutateAsync({
        ticketType: ticket.type,
        amount: quotedOrder.quote.total,
        name: details.name,
        email: details.email,
        quantity: details.quantity,
        ...(details.code && { code: details.code }),
        ...(details.billing && { billing: billingRequest(details.billing) }),
        ...(questions.length > 0 && { answers: answersRequest(questions, details.answers) }),
      });
      const next: PaymentStage = { step: 'payment', intent, details, quoted: quotedOrder };
      setStage(next);
      // a code took the whole price: the order is paid already, there is no card to ask for
      if (intent.paid) await confirmOrder(next, intent.amount ?? quotedOrder.quote.total).catch(reportError);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (isDetailField(name) || isBillingField(name) || isAnswerField(name, questions)) {
            form.setError(name, { type: 'server', message });
          }
        }
        // not on sale any more, or repriced meanwhile: the summary asks again
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: ['quote'] });
      }
      toast({
        title: 'Error',
        description: messageOf(error, 'Could not process payment request'),
        variant: 'destructive',
      });
    } finally {
      setPlacing(false);
    }
  }

  if (stage.step === 'success') {
    return (
      <CheckoutSuccess
        email={stage.details.email}
        dateLabel={event.dateLabel}
        ticketName={ticket.name}
        quantity={stage.details.quantity}
        total={stage.total}
        reference={stage.reference}
      />
    );
  }

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <OrderSummary
          ticket={ticket}
          unitPrice={unitPrice}
          phase={quoted ? quoted.quote.phase : ticket.phase?.name}
          pricing={pricing}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
        />

        <Card className="lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <p className="text-sm font-medium text-muted-foreground">Step {stage.step === 'details' ? 1 : 2} of 2</p>
            {stage.step === 'details' ? (
              <StepHeading>Your details</StepHeading>
            ) : (
              <StepHeading focusOnMount>Payment</StepHeading>
            )}
            {stage.step === 'payment' && (
              <p className="text-sm wrap-anywhere text-muted-foreground">
                For {stage.details.name} ({stage.details.email})
              </p>
            )}
          </CardHeader>
          <CardContent>
            {stage.step === 'details' ? (
              <TicketDetailsForm
                ticket={ticket}
                questions={questions}
                total={total}
                initialCode={initialCode}
                codeError={codeErrorOf(quote.error)}
                unavailable={notOnSaleMessage(ticket.name, ticket, event.timezone)}
                submitting={placing}
                onQuantityChange={(next) => {
                  // the summary follows the field while it holds an order that can be placed
                  if (Number.isInteger(next) && next >= ticket.minQuantity && next <= ticket.maxQuantity)
                    setQuantity(next);
                }}
                onCodeChange={setCode}
                onSubmit={proceedToPayment}
              />
            ) : stage.intent.paid ? (
              <NothingToPay
                completing={confirmPurchase.isPending}
                onComplete={() => void confirmOrder(stage, total).catch(reportError)}
              />
            ) : (
              <CardPayment
                provider={config.paymentProvider}
                stripePublishableKey={config.stripePublishableKey}
                clientSecret={stage.intent.clientSecret}
                returnPath={paths.home}
                submitLabel="Complete Purchase"
                onSucceeded={(paymentIntentId) => confirmOrder(stage, total, paymentIntentId)}
                onDeclined={(message) =>
                  toast({ title: 'Payment Failed', description: message, variant: 'destructive' })
                }
                onError={reportError}
              />
            )}
          </CardContent>
        </Card>
      </div>

      <PaymentProviderNote provider={config.paymentProvider} />
    </>
  );
}

/** A free order (a 100% code) is paid already; this shows only if confirming it failed, to try again. */
function NothingToPay({ completing, onComplete }: { completing: boolean; onComplete: () => void }) {
  return (
    <div className="space-y-6">
      <p>Your code covers the whole order: there is nothing to pay.</p>
      <Button size="lg" className="w-full" disabled={completing} onClick={onComplete}>
        {completing ? 'Processing...' : 'Complete Purchase'}
      </Button>
    </div>
  );
}
