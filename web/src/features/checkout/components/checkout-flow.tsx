import { useState } from 'react';
import { CardPayment } from '@/components/payment/card-payment';
import { PaymentProviderNote } from '@/components/payment/payment-provider-note';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { SiteConfig } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToast } from '@/hooks/use-toast';
import type { Ticket } from '@/lib/api/get-tickets';
import { ApiError } from '@/lib/api-client';
import { useConfirmPurchase } from '../api/confirm-purchase';
import { useCreatePaymentIntent, type PaymentIntent, type TicketDetails } from '../api/create-payment-intent';
import { CheckoutSuccess } from './checkout-success';
import { OrderSummary } from './order-summary';
import { StepHeading } from '@/components/ui/step-heading';
import { TicketDetailsForm, type TicketDetailsFormApi } from './ticket-details-form';

type Stage =
  | { step: 'details' }
  | { step: 'payment'; intent: PaymentIntent; details: TicketDetails }
  | { step: 'success'; details: TicketDetails; total: number; reference: string | undefined };

const detailFields = ['name', 'email', 'quantity'] as const;

function isDetailField(name: string): name is (typeof detailFields)[number] {
  return (detailFields as readonly string[]).includes(name);
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The three steps of buying one ticket type: details, card, confirmation. */
export function CheckoutFlow({ ticket, config }: { ticket: Ticket; config: SiteConfig }) {
  const { toast } = useToast();
  const [stage, setStage] = useState<Stage>({ step: 'details' });
  const [quantity, setQuantity] = useState(ticket.minQuantity);
  const createPaymentIntent = useCreatePaymentIntent();
  const confirmPurchase = useConfirmPurchase();
  const event = config.event;

  useDocumentTitle(
    `${stage.step === 'success' ? 'Payment Successful' : `${ticket.name} Checkout`} | ${event.name}`,
    `${ticket.name} for ${event.name}, ${event.dateLabel}: ${ticket.description}`,
  );

  // once a payment exists its amount is the server's, which is what is charged
  const total = stage.step === 'payment' ? (stage.intent.amount ?? ticket.price * quantity) : ticket.price * quantity;

  async function proceedToPayment(details: TicketDetails, form: TicketDetailsFormApi) {
    try {
      const intent = await createPaymentIntent.mutateAsync({
        ticketType: ticket.type,
        amount: ticket.price * details.quantity,
        name: details.name,
        email: details.email,
        quantity: details.quantity,
      });
      setQuantity(details.quantity);
      setStage({ step: 'payment', intent, details });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (isDetailField(name)) form.setError(name, { type: 'server', message });
        }
      }
      toast({
        title: 'Error',
        description: messageOf(error, 'Could not process payment request'),
        variant: 'destructive',
      });
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
          quantity={quantity}
          total={total}
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
                total={total}
                submitting={createPaymentIntent.isPending}
                onQuantityChange={(next) => {
                  // the summary follows the field while it holds an order that can be placed
                  if (Number.isInteger(next) && next >= ticket.minQuantity && next <= ticket.maxQuantity)
                    setQuantity(next);
                }}
                onSubmit={proceedToPayment}
              />
            ) : (
              <CardPayment
                provider={config.paymentProvider}
                stripePublishableKey={config.stripePublishableKey}
                clientSecret={stage.intent.clientSecret}
                returnPath={paths.home}
                submitLabel="Complete Purchase"
                onSucceeded={async (paymentIntentId) => {
                  const confirmation = await confirmPurchase.mutateAsync({
                    paymentIntentId,
                    ticketId: stage.intent.ticketId,
                    clientSecret: stage.intent.clientSecret,
                  });
                  toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
                  setStage({ step: 'success', details: stage.details, total, reference: confirmation.reference });
                }}
                onDeclined={(message) =>
                  toast({ title: 'Payment Failed', description: message, variant: 'destructive' })
                }
                onError={(error) =>
                  toast({
                    title: 'Error Processing Payment',
                    description: messageOf(error, 'An unknown error occurred'),
                    variant: 'destructive',
                  })
                }
              />
            )}
          </CardContent>
        </Card>
      </div>

      <PaymentProviderNote provider={config.paymentProvider} />
    </>
  );
}
