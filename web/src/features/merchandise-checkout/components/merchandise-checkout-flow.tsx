import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CardFormSkeleton } from '@/components/payment/card-form-skeleton';
import { CardPayment } from '@/components/payment/card-payment';
import { PaymentProviderNote } from '@/components/payment/payment-provider-note';
import { PaymentSettingsUnavailable } from '@/components/payment/payment-settings-unavailable';
import { redirectReturnPath } from '@/components/payment/payment-submission';
import type { Pricing } from '@/components/payment/price-breakdown';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { StepHeading } from '@/components/ui/step-heading';
import { paths } from '@/config/paths';
import { billingRequest, isBillingField } from '@/lib/api/billing-details';
import { useConfig } from '@/features/config/api/get-config';
import { useToast } from '@/hooks/use-toast';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { codeErrorOf, quoteQuery, useQuote, type QuoteRequest, type QuotedOrder } from '@/lib/api/quote';
import { ApiError } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { useNavigate } from '@/lib/router';
import { notOnSaleMessage } from '@/lib/sales';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MAX_QUANTITY, useCreateMerchandisePayment, type MerchandiseOrder } from '../api/create-merchandise-payment';
import { MerchandiseOrderForm, type MerchandiseOrderFormApi } from './merchandise-order-form';
import { OrderDetails } from './order-details';

type Stage =
  | { step: 'details' }
  | { step: 'payment'; clientSecret: string; total: number; order: MerchandiseOrder; quoted: QuotedOrder };

const orderFields = ['name', 'email', 'quantity', 'size', 'color', 'code'] as const;

/** How long typing in the code field pauses before the order is priced with it. */
const CODE_PAUSE_MS = 400;

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

interface Choices {
  quantity: number;
  size: string;
  color: string;
  code: string;
}

/** The quote call for an order of `item`: size and colour only for an item that comes in them. */
function merchandiseQuote(item: MerchandiseItem, { quantity, size, color, code }: Choices): QuoteRequest {
  return {
    kind: 'merchandise',
    item: item.id,
    quantity,
    ...(item.sizes?.length ? { size } : {}),
    ...(item.colors?.length ? { color } : {}),
    ...(code && { code }),
  };
}

/**
 * Buying one merchandise item: the customer form, then the card step, which ends on the
 * confirmation page; `initialCode` (and the size and colour) from a link.
 */
export function MerchandiseCheckoutFlow({
  item,
  initialCode = '',
  initialSize,
  initialColor,
}: {
  item: MerchandiseItem;
  initialCode?: string;
  /** From a `?size=&color=` link (a waiting-list offer's), when the item has them. */
  initialSize?: string;
  initialColor?: string;
}) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const [stage, setStage] = useState<Stage>({ step: 'details' });
  // a link's size and colour when the item offers them, else its first
  const startSize = item.sizes?.find((size) => size === initialSize) ?? item.sizes?.[0] ?? '';
  const startColor = item.colors?.find((color) => color === initialColor) ?? item.colors?.[0] ?? '';
  const [choices, setChoices] = useState<Choices>({
    quantity: 1,
    size: startSize,
    color: startColor,
    code: initialCode,
  });
  const [placing, setPlacing] = useState(false);
  const pricedCode = useDebouncedValue(choices.code, CODE_PAUSE_MS);
  const quote = useQuote(item.available ? merchandiseQuote(item, { ...choices, code: pricedCode }) : null);
  const createPayment = useCreateMerchandisePayment();
  const choose = (next: Partial<Choices>) => setChoices((current) => ({ ...current, ...next }));

  // what the summary shows: the order as paid, else its latest quote, else the list price
  const quoted = stage.step === 'payment' ? stage.quoted : quote.data;
  const quantity = quoted?.request.quantity ?? choices.quantity;
  const unitPrice = quoted?.quote.unitPrice ?? item.price;
  // once a payment exists its amount is the server's, which is what is charged
  const total = stage.step === 'payment' ? stage.total : (quoted?.quote.total ?? item.price * choices.quantity);
  const pricing: Pricing = {
    item: { label: 'Quantity', value: `${quantity} × ${formatCents(unitPrice)}` },
    discounts: quoted?.quote.discounts ?? [],
    code: quoted?.quote.code,
    total,
  };

  async function continueToPayment(order: MerchandiseOrder, form: MerchandiseOrderFormApi) {
    setPlacing(true);
    choose({ quantity: order.quantity, size: order.size, color: order.color, code: order.code });
    try {
      // the amount sent is the total the buyer was quoted; a price that moved since answers 409
      const quotedOrder = await queryClient.fetchQuery(quoteQuery(merchandiseQuote(item, order)));
      const amount = quotedOrder.quote.total;
      const payment = await createPayment.mutateAsync({
        merchandiseId: item.id,
        amount,
        name: order.name,
        email: order.email,
        quantity: order.quantity,
        ...(item.sizes?.length ? { size: order.size } : {}),
        ...(item.colors?.length ? { color: order.color } : {}),
        ...(order.code && { code: order.code }),
        ...(order.billing && { billing: billingRequest(order.billing) }),
      });
      if (!payment.clientSecret) {
        toast({
          title: 'Could not initialize payment',
          description: 'Please try again in a moment.',
          variant: 'destructive',
        });
        return;
      }
      if (payment.paid) {
        // a code took the whole price: the order is paid already, so straight to its confirmation
        void navigate(
          redirectReturnPath(paths.merchandiseConfirmation, payment.paymentIntentId ?? '', payment.clientSecret),
        );
        return;
      }
      setStage({
        step: 'payment',
        clientSecret: payment.clientSecret,
        total: payment.amount ?? amount,
        order,
        quoted: quotedOrder,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (isOrderField(name) || isBillingField(name)) form.setError(name, { type: 'server', message });
        }
        // not on sale any more, or repriced meanwhile: the summary asks again
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: ['quote'] });
      }
      toast({
        title: 'Could not process payment',
        description: error instanceof Error && error.message ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setPlacing(false);
    }
  }

  const provider = config.data?.paymentProvider;
  // while the item is on sale, a quote refused as a conflict means this size and color are sold out
  const variantSoldOut = quote.error instanceof ApiError && quote.error.status === 409 ? quote.error.message : null;
  const soldOut = item.sales === 'sold_out' || variantSoldOut !== null;

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <OrderDetails
          item={item}
          unitPrice={unitPrice}
          pricing={pricing}
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
                initialCode={initialCode}
                initialSize={startSize}
                initialColor={startColor}
                codeError={codeErrorOf(quote.error)}
                unavailable={notOnSaleMessage(item.name, item, config.data?.event.timezone) ?? variantSoldOut}
                waitingList={soldOut ? { kind: 'merchandise', item, size: choices.size, color: choices.color } : null}
                submitting={placing}
                onQuantityChange={(next) => {
                  // the summary follows the field while it holds a quantity that can be ordered
                  if (Number.isInteger(next) && next >= 1 && next <= MAX_QUANTITY) choose({ quantity: next });
                }}
                onChoiceChange={choose}
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
