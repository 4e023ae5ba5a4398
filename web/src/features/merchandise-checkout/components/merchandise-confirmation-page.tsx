import { CircleAlertIcon, CircleCheckIcon, MapPinIcon } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { paths } from '@/config/paths';
import type { OrderProof } from '@/lib/api/my-order';
import { OrderInvoices } from '@/components/billing/order-invoices';
import { useConfig, type EventInfo } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatCents } from '@/lib/money';
import type { MerchandiseConfirmation } from '../api/confirm-merchandise-purchase';
import { useMerchandiseConfirmation } from '../hooks/use-merchandise-confirmation';

const titles = {
  loading: 'Processing Your Order',
  confirmed: 'Order Confirmed',
  failed: 'Order Confirmation Failed',
} as const;

/** /merchandise-confirmation — where the gateway returns after a merchandise payment. */
export function MerchandiseConfirmationPage() {
  const [searchParams] = useSearchParams();
  const paymentIntent = searchParams.get('payment_intent');
  const clientSecret = searchParams.get('payment_intent_client_secret');
  const state = useMerchandiseConfirmation(paymentIntent, clientSecret);
  const event = useConfig().data?.event;
  useDocumentTitle(event ? `${titles[state.status]} | ${event.name}` : titles[state.status]);

  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Card className="mx-auto max-w-2xl">
          <CardContent className="flex flex-col items-center gap-5 pt-10 pb-10 text-center">
            {state.status === 'loading' ? (
              <div role="status" className="flex flex-col items-center gap-5">
                <Spinner className="size-12" />
                <h1 className="font-display text-3xl font-bold tracking-tight">Processing Your Order</h1>
                <p className="max-w-prose text-muted-foreground">
                  We're confirming your payment. This only takes a moment.
                </p>
              </div>
            ) : state.status === 'confirmed' ? (
              <OrderConfirmed
                confirmation={state.confirmation}
                email={state.email}
                event={event}
                proof={paymentIntent && clientSecret ? { paymentIntent, clientSecret } : null}
              />
            ) : (
              <ConfirmationFailed message={state.message} detail={state.detail} event={event} />
            )}
            <Button asChild size="lg" variant={state.status === 'confirmed' ? 'default' : 'outline'}>
              <Link to={paths.home}>Return to Home</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function StateIcon({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <span
      className={
        tone === 'success'
          ? 'flex size-16 items-center justify-center rounded-full bg-secondary/10 text-secondary'
          : 'flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive'
      }
    >
      {children}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

function OrderConfirmed({
  confirmation,
  email,
  event,
  proof,
}: {
  confirmation: MerchandiseConfirmation;
  email: string | null;
  event: EventInfo | undefined;
  /** The buyer's proof from the gateway's return address, which opens the order's invoices. */
  proof: OrderProof | null;
}) {
  const { itemName, size, color, quantity, amount, reference, pickupCode } = confirmation;
  return (
    <>
      <StateIcon tone="success">
        <CircleCheckIcon className="size-9" aria-hidden="true" />
      </StateIcon>
      <StepHeading level={1} focusOnMount className="text-3xl">
        Order Confirmed!
      </StepHeading>
      <p className="max-w-prose text-muted-foreground">
        A confirmation email has been sent to{' '}
        {email ? <strong className="font-semibold wrap-anywhere text-foreground">{email}</strong> : 'you'}.
      </p>

      {pickupCode && (
        <div className="w-full max-w-sm rounded-lg border-2 border-dashed border-primary/50 bg-primary/5 p-4">
          <p className="text-sm font-medium text-muted-foreground">Your pickup code</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-foreground">{pickupCode}</p>
        </div>
      )}

      <dl className="grid w-full max-w-sm gap-2 rounded-lg border border-border bg-muted p-4 text-left text-sm">
        {itemName && <Row label="Item">{itemName}</Row>}
        {size && <Row label="Size">{size}</Row>}
        {color && <Row label="Color">{color}</Row>}
        {typeof quantity === 'number' && <Row label="Quantity">{quantity}</Row>}
        {typeof amount === 'number' && <Row label="Amount paid">{formatCents(amount)}</Row>}
        {reference && (
          <Row label="Order reference">
            <span className="font-mono">{reference}</span>
          </Row>
        )}
      </dl>

      <div className="flex max-w-prose items-start gap-3 rounded-lg bg-accent/40 p-4 text-left text-sm">
        <MapPinIcon className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden="true" />
        <p>
          Pick up your order at the conference
          {event ? (
            <>
              {' '}
              in {event.venue.area}, {event.dateLabel}
            </>
          ) : null}
          . Bring your confirmation email or a photo ID.
        </p>
      </div>

      {proof && <OrderInvoices proof={proof} className="w-full max-w-sm" />}
    </>
  );
}

function ConfirmationFailed({
  message,
  detail,
  event,
}: {
  message: string;
  detail: string | undefined;
  event: EventInfo | undefined;
}) {
  return (
    <>
      <StateIcon tone="error">
        <CircleAlertIcon className="size-9" aria-hidden="true" />
      </StateIcon>
      <StepHeading level={1} focusOnMount className="text-3xl">
        Order Confirmation Failed
      </StepHeading>
      <div role="alert" className="space-y-1">
        <p className="font-semibold text-destructive">{message}</p>
        {detail && detail !== message && <p className="text-sm text-muted-foreground">{detail}</p>}
      </div>
      <p className="max-w-prose text-muted-foreground">
        If your payment went through, you will receive a confirmation email shortly. If you have any questions, please
        contact support
        {event ? (
          <>
            {' '}
            at{' '}
            <a
              href={`mailto:${event.contactEmail}`}
              className="font-medium text-secondary underline underline-offset-4"
            >
              {event.contactEmail}
            </a>
          </>
        ) : null}
        .
      </p>
    </>
  );
}
