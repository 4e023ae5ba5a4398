import { useState } from 'react';
import { CardFormSkeleton } from '@/components/payment/card-form-skeleton';
import { CardPayment } from '@/components/payment/card-payment';
import { PaymentProviderNote } from '@/components/payment/payment-provider-note';
import { PaymentSettingsUnavailable } from '@/components/payment/payment-settings-unavailable';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { StepHeading } from '@/components/ui/step-heading';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { useToast } from '@/hooks/use-toast';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { ApiError } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { MAX_QUANTITY, useCreateMerchandisePayment, type MerchandiseOrder } from '../api/create-merchandise-payment';
import { MerchandiseOrderForm, type MerchandiseOrderFormApi } from './merchandise-order-form';
import { OrderDetails } from './order-details';

type Stage = { step: 'details' } | { step: 'payment'; clientSecret: string; total: number; order: MerchandiseOrder };

const orderFields = ['name', 'email', 'quantity', 'size', 'color'] as const;

function isOrderField(name: string): name is (typeof orderFields)[number] {
  return (orderFields as readonly string[]).includes(name);
}

/** "Size M · Coral · 2 items", the choices the payment is for. */
function describeChoices(item: MerchandiseItem, order: MerchandiseOrder): string {
  return [
    item.sizes?.length ? `Size ${order.size}` : null,
    item.colors?.length ? order.color : null,
    order.quantity === 1 ? '1 item' : `${order.quantity} items`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Buying one merchandise item: the customer form, then the card step, which ends on the confirmation page. */
export function MerchandiseCheckoutFlow({ item }: { item: MerchandiseItem }) {
  const { toast } = useToast();
  const config = useConfig();
  const [stage, setStage] = useState<Stage>({ step: 'details' });
  const [quantity, setQuantity] = useState(1);
  const createPayment = useCreateMerchandisePayment();

  // once a payment exists its amount is the server's, which is what is charged
  const total = stage.step === 'payment' ? stage.total : item.price * quantity;

  async function continueToPayment(order: MerchandiseOrder, form: MerchandiseOrderFormApi) {
    const amount = item.price * order.quantity;
    try {
      const payment = await createPayment.mutateAsync({
        merchandiseId: item.id,
        amount,
        name: order.name,
        email: order.email,
        quantity: order.quantity,
        ...(item.sizes?.length ? { size: order.size } : {}),
        ...(item.colors?.length ? { color: order.color } : {}),
      });
      if (!payment.clientSecret) {
        toast({
          title: 'Could not initialize payment',
          description: 'Please try again in a moment.',
          variant: 'destructive',
        });
        return;
      }
      setQuantity(order.quantity);
      setStage({ step: 'payment', clientSecret: payment.clientSecret, total: payment.amount ?? amount, order });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (isOrderField(name)) form.setError(name, { type: 'server', message });
        }
      }
      toast({
        title: 'Could not process payment',
        description: error instanceof Error && error.message ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  const provider = config.data?.paymentProvider;

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <OrderDetails
          item={item}
          quantity={quantity}
          total={total}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
        />

        <Card className="lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <p className="text-sm font-medium text-muted-foreground">Step {stage.step === 'details' ? 1 : 2} of 2</p>
            {stage.step === 'details' ? (
              <StepHeading>Customer information</StepHeading>
            ) : (
              <StepHeading focusOnMount>Payment</StepHeading>
            )}
            {stage.step === 'payment' && (
              <>
                <p className="text-sm wrap-anywhere text-muted-foreground">
                  For {stage.order.name} ({stage.order.email})
                </p>
                <p className="text-sm text-muted-foreground">
                  {item.name}: {describeChoices(item, stage.order)}
                </p>
              </>
            )}
          </CardHeader>
          <CardContent>
            {stage.step === 'details' ? (
              <MerchandiseOrderForm
                item={item}
                total={total}
                submitting={createPayment.isPending}
                onQuantityChange={(next) => {
                  // the summary follows the field while it holds a quantity that can be ordered
                  if (Number.isInteger(next) && next >= 1 && next <= MAX_QUANTITY) setQuantity(next);
                }}
                onSubmit={continueToPayment}
              />
            ) : config.data ? (
              <CardPayment
                provider={config.data.paymentProvider}
                stripePublishableKey={config.data.stripePublishableKey}
                notConfiguredMessage="Stripe is not configured"
                loadingLabel="Loading payment details..."
                clientSecret={stage.clientSecret}
                returnPath={paths.merchandiseConfirmation}
                redirect="always"
                submitLabel={`Pay ${formatCents(total)}`}
                onDeclined={(message) =>
                  toast({ title: 'Payment Failed', description: message, variant: 'destructive' })
                }
                onError={() =>
                  toast({
                    title: 'Payment Error',
                    description: 'An unexpected error occurred',
                    variant: 'destructive',
                  })
                }
              />
            ) : config.isError ? (
              <PaymentSettingsUnavailable onRetry={() => void config.refetch()} retrying={config.isFetching} />
            ) : (
              <CardFormSkeleton label="Loading payment details..." />
            )}
          </CardContent>
        </Card>
      </div>

      {provider && <PaymentProviderNote provider={provider} />}
    </>
  );
}
