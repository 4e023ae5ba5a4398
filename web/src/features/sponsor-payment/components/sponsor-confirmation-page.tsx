import { CircleAlertIcon, CircleCheckIcon } from '@/components/icons';
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
import type { SponsorshipConfirmation } from '../api/confirm-sponsorship';
import { useSponsorshipConfirmation } from '../hooks/use-sponsorship-confirmation';

const titles = {
  pending: 'Confirming Your Sponsorship',
  confirmed: 'Sponsorship Confirmed',
  failed: 'Payment Not Completed',
} as const;

/** /sponsor-confirmation — where the gateway returns after a sponsorship payment. */
export function SponsorConfirmationPage() {
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get('payment_intent');
  const clientSecret = searchParams.get('payment_intent_client_secret');
  const state = useSponsorshipConfirmation(paymentIntentId, clientSecret, searchParams.get('redirect_status'));
  const event = useConfig().data?.event;
  useDocumentTitle(event ? `${titles[state.status]} | ${event.name}` : titles[state.status]);

  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Card className="mx-auto max-w-2xl">
          <CardContent className="flex flex-col items-center gap-5 pt-10 pb-10 text-center">
            {state.status === 'pending' ? (
              <div role="status" className="flex flex-col items-center gap-5">
                <Spinner className="size-12" />
                <p className="text-muted-foreground">Confirming your sponsorship payment…</p>
              </div>
            ) : state.status === 'confirmed' ? (
              <SponsorshipConfirmed
                confirmation={state.confirmation}
                event={event}
                proof={paymentIntentId && clientSecret ? { paymentIntent: paymentIntentId, clientSecret } : null}
              />
            ) : (
              <PaymentNotCompleted detail={state.detail} event={event} tier={searchParams.get('tier')} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

function SponsorshipConfirmed({
  confirmation,
  event,
  proof,
}: {
  confirmation: SponsorshipConfirmation;
  event: EventInfo | undefined;
  /** The sponsor's proof from the gateway's return address, which opens the order's invoices. */
  proof: OrderProof | null;
}) {
  const { tierLabel, tier, companyName, amount, reference, sponsorPageUrl } = confirmation;
  return (
    <>
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary/10 text-secondary">
        <CircleCheckIcon className="size-9" aria-hidden="true" />
      </span>
      <StepHeading level={1} focusOnMount className="text-3xl">
        Sponsorship Confirmed!
      </StepHeading>
      <p className="max-w-prose text-muted-foreground">
        Thank you for sponsoring {event?.name ?? 'the conference'}. A confirmation email is on its way, and our
        partnerships team will contact you shortly to plan your sponsorship.
      </p>
      <dl className="grid w-full max-w-md gap-2 rounded-lg border border-border bg-muted p-4 text-left text-sm">
        {(tierLabel || tier) && <Row label="Sponsorship">{tierLabel || tier}</Row>}
        {companyName && <Row label="Company">{companyName}</Row>}
        {typeof amount === 'number' && <Row label="Amount paid">{formatCents(amount)}</Row>}
        <Row label="Payment reference">
          <span className="font-mono">{reference || 'N/A'}</span>
        </Row>
      </dl>
      {sponsorPageUrl && (
        <div className="w-full max-w-md space-y-3 rounded-lg border border-border p-4 text-left">
          <h2 className="font-semibold">Your sponsor page</h2>
          <p className="text-sm text-muted-foreground">
            Send your logo for the sponsor wall, name your VIP passes and see what is due by when. The link is also in
            your email; keep it to yourself.
          </p>
          <Button asChild>
            <a href={sponsorPageUrl}>Open your sponsor page</a>
          </Button>
        </div>
      )}
      {proof && <OrderInvoices proof={proof} className="w-full max-w-md" />}
      <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.home}>Return to Homepage</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.sponsorship}>Back to Sponsorship</Link>
        </Button>
      </div>
    </>
  );
}

function PaymentNotCompleted({
  detail,
  event,
  tier,
}: {
  detail: string | undefined;
  event: EventInfo | undefined;
  /** The tier the sponsor was paying for, kept for another attempt. */
  tier: string | null;
}) {
  return (
    <>
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlertIcon className="size-9" aria-hidden="true" />
      </span>
      <StepHeading level={1} focusOnMount className="text-3xl">
        Payment Not Completed
      </StepHeading>
      <p className="max-w-prose text-muted-foreground">
        Your sponsorship payment was not completed, so your sponsorship is not confirmed. You can try again, or write to
        us
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
        ) : null}{' '}
        if you believe you were charged.
      </p>
      {detail && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {detail}
        </p>
      )}
      <Button asChild size="lg">
        <Link to={tier ? paths.sponsorPaymentFor(tier) : paths.sponsorPayment}>Try Again</Link>
      </Button>
    </>
  );
}
