import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, RefreshCwIcon, TriangleAlertIcon } from '@/components/icons';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { CardFormSkeleton } from '@/components/payment/card-form-skeleton';
import { CardPayment } from '@/components/payment/card-payment';
import { PaymentProviderNote } from '@/components/payment/payment-provider-note';
import { PaymentSettingsUnavailable } from '@/components/payment/payment-settings-unavailable';
import { redirectReturnPath } from '@/components/payment/payment-submission';
import type { Pricing } from '@/components/payment/price-breakdown';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StepHeading } from '@/components/ui/step-heading';
import { paths } from '@/config/paths';
import { billingRequest, isBillingField } from '@/lib/api/billing-details';
import { useConfig } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToast } from '@/hooks/use-toast';
import { parseTiers, useSponsorshipTiers, type SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import { codeErrorOf, quoteQuery, useQuote, type QuoteRequest, type QuotedOrder } from '@/lib/api/quote';
import { useUnlockedList } from '@/lib/api/unlocked-list';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCents, formatDiscount } from '@/lib/money';
import { notOnSaleMessage } from '@/lib/sales';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useHydrated } from '@/lib/use-hydrated';
import { useCreateSponsorshipPayment, type SponsorForm } from '../api/create-sponsorship-payment';
import { SponsorFormFields, type SponsorFormApi } from './sponsor-form';

type Stage =
  | { step: 'form' }
  | {
      step: 'payment';
      clientSecret: string;
      tier: SponsorshipTier;
      amount: number;
      sponsor: SponsorForm;
      quoted: QuotedOrder;
    };

const formFields = [
  'companyName',
  'contactName',
  'email',
  'phone',
  'website',
  'sponsorshipTier',
  'additionalInfo',
  'code',
];

/** How long typing in the code field pauses before the tier is priced with it. */
const CODE_PAUSE_MS = 400;

function tierQuote(tier: string, code: string): QuoteRequest {
  return { kind: 'sponsorship', item: tier, ...(code && { code }) };
}

/** Why the tier named in the address cannot be chosen. */
function unavailableTierNotice(tier: SponsorshipTier, timeZone: string | undefined): string {
  if (tier.sales === 'sold_out') {
    return `The ${tier.label} sponsorship has already been taken. Please choose another tier.`;
  }
  return `${notOnSaleMessage(`${tier.label} sponsorship`, tier, timeZone)} Please choose another tier.`;
}

/**
 * The form field a server field error belongs to; the server names the tier `sponsorshipTier` (or
 * `tier`), and the invoice's company is the form's company name.
 */
function formFieldOf(name: string): FieldPath<SponsorForm> | null {
  if (name === 'tier') return 'sponsorshipTier';
  if (isBillingField(name)) return name === 'billing.company' ? 'companyName' : name;
  return formFields.includes(name) ? (name as keyof SponsorForm) : null;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * /sponsor-payment — buying a sponsorship tier; `?tier=` pre-selects one, `?price=` is ignored
 * (DESIGN.md §4.3), `?code=` fills in the code and lists a hidden tier it unlocks.
 */
export function SponsorPaymentPage() {
  const [searchParams] = useSearchParams();
  // the prerendered page was made without a tier or a code: they come in once the page has hydrated
  const hydrated = useHydrated();
  const urlCode = hydrated ? (searchParams.get('code') ?? '').trim() : '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const publicTiers = useSponsorshipTiers({ enabled: urlCode === '' });
  const unlockedTiers = useUnlockedList('/api/sponsorship-tiers', parseTiers, urlCode, { enabled: true });
  const tiers =
    urlCode === ''
      ? publicTiers
      : {
          data: unlockedTiers.data,
          isError: unlockedTiers.isError,
          isFetching: unlockedTiers.isFetching,
          refetch: () => void unlockedTiers.refetch(),
        };
  const config = useConfig();
  const event = config.data?.event;
  const [stage, setStage] = useState<Stage>({ step: 'form' });
  const [chosenTier, setChosenTier] = useState<string | null>(null);
  const [typedCode, setCode] = useState<string>();
  const code = typedCode ?? urlCode;
  const [placing, setPlacing] = useState(false);
  const createPayment = useCreateSponsorshipPayment();

  const title = stage.step === 'form' ? 'Sponsor Payment' : 'Complete Your Sponsorship Payment';
  useDocumentTitle(event ? `${title} | ${event.name}` : title);

  const requested = hydrated ? searchParams.get('tier') : null;
  const requestedTier = tiers.data?.find((tier) => tier.value === requested);
  const initialTier = requestedTier?.available ? requestedTier.value : '';

  const selectedTier = tiers.data?.find((tier) => tier.value === (chosenTier ?? initialTier));
  const pricedCode = useDebouncedValue(code, CODE_PAUSE_MS);
  const quote = useQuote(selectedTier?.available ? tierQuote(selectedTier.value, pricedCode) : null);
  // a quote of the tier chosen before stays out of this tier's price
  const quoted = quote.data?.request.item === selectedTier?.value ? quote.data : undefined;
  const pricing: Pricing | undefined = selectedTier && {
    item: { label: selectedTier.label, value: formatCents(quoted?.quote.unitPrice ?? selectedTier.amount) },
    discounts: quoted?.quote.discounts ?? [],
    code: quoted?.quote.code,
    total: quoted?.quote.total ?? selectedTier.amount,
  };

  async function proceedToPayment(sponsor: SponsorForm, form: SponsorFormApi) {
    const tier = tiers.data?.find((candidate) => candidate.value === sponsor.sponsorshipTier);
    if (!tier) {
      form.setError('sponsorshipTier', { type: 'validate', message: 'Invalid sponsorship tier selected' });
      return;
    }
    setPlacing(true);
    setChosenTier(tier.value);
    setCode(sponsor.code);
    try {
      // the price sent is the total the sponsor was quoted; a price that moved since answers 409
      const quotedOrder = await queryClient.fetchQuery(quoteQuery(tierQuote(tier.value, sponsor.code)));
      const payment = await createPayment.mutateAsync({
        tier: tier.value,
        price: quotedOrder.quote.total,
        companyName: sponsor.companyName,
        contactName: sponsor.contactName,
        email: sponsor.email,
        phone: sponsor.phone,
        website: sponsor.website || '',
        additionalInfo: sponsor.additionalInfo || '',
        ...(sponsor.code && { code: sponsor.code }),
        billing: billingRequest(sponsor.billing),
      });
      if (!payment.clientSecret) throw new Error('Failed to initialize payment');
      if (payment.paid) {
        // a code took the whole price: the sponsorship is paid already, so straight to its confirmation
        void navigate(
          redirectReturnPath(
            paths.sponsorConfirmationFor(tier.value),
            payment.paymentIntentId ?? '',
            payment.clientSecret,
          ),
        );
        return;
      }
      toast({ title: 'Ready for Payment', description: 'Please complete your payment details below.' });
      setStage({
        step: 'payment',
        clientSecret: payment.clientSecret,
        tier,
        amount: payment.amount ?? quotedOrder.quote.total,
        sponsor,
        quoted: quotedOrder,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          const field = formFieldOf(name);
          if (field) form.setError(field, { type: 'server', message });
        }
        // sold out, closed or repriced meanwhile: show the list and the price as they are now
        if (error.status === 409) {
          void tiers.refetch();
          void queryClient.invalidateQueries({ queryKey: ['quote'] });
        }
      }
      toast({
        title: 'Error',
        description: messageOf(error, 'An error occurred. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPlacing(false);
    }
  }

  return (
    <div className="bg-muted">
      {/* the form reads best in one centred column; the payment step has a summary beside it */}
      <div
        className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-12 lg:px-8', stage.step === 'form' ? 'max-w-3xl' : 'max-w-6xl')}
      >
        <Button asChild variant="ghost" className="-ml-3">
          <Link to={paths.sponsorship}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Sponsorship
          </Link>
        </Button>

        <div className="mt-4 mb-8">
          {event ? (
            <p className="text-sm font-semibold tracking-wide text-secondary uppercase">
              {event.name} · {event.dateLabel}
            </p>
          ) : (
            <Skeleton className="h-5 w-56" />
          )}
          {stage.step === 'form' ? (
            <>
              <h1 className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">Become a Sponsor</h1>
              <p className="mt-2 max-w-2xl text-muted-foreground">
                Tell us about your company and choose a sponsorship tier. You pay by card on the next step.
              </p>
            </>
          ) : (
            <StepHeading level={1} focusOnMount className="mt-2 text-3xl sm:text-4xl">
              Complete Your Sponsorship Payment
            </StepHeading>
          )}
        </div>

        {stage.step === 'form' ? (
          <Card>
            <CardContent className="pt-6">
              {requestedTier && !requestedTier.available && (
                <p role="status" className="mb-6 rounded-md border border-border bg-muted p-3 text-sm">
                  {unavailableTierNotice(requestedTier, event?.timezone)}
                </p>
              )}
              {tiers.data ? (
                <SponsorFormFields
                  tiers={tiers.data}
                  initialTier={initialTier}
                  initialCode={urlCode}
                  codeError={codeErrorOf(quote.error)}
                  pricing={pricing}
                  submitting={placing}
                  onTierChange={setChosenTier}
                  onCodeChange={setCode}
                  onSubmit={proceedToPayment}
                />
              ) : tiers.isError ? (
                <TiersUnavailable onRetry={() => void tiers.refetch()} retrying={tiers.isFetching} />
              ) : (
                <FormSkeleton />
              )}
            </CardContent>
          </Card>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <SponsorshipSummary stage={stage} className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1" />
            <Card className="lg:col-start-1 lg:row-start-1">
              <CardHeader>
                <h2 className="font-display text-2xl font-bold tracking-tight">Payment</h2>
                <p className="text-sm wrap-anywhere text-muted-foreground">
                  Billed to {stage.sponsor.contactName} ({stage.sponsor.email})
                </p>
              </CardHeader>
              <CardContent>
                {config.data ? (
                  <CardPayment
                    provider={config.data.paymentProvider}
                    stripePublishableKey={config.data.stripePublishableKey}
                    clientSecret={stage.clientSecret}
                    returnPath={paths.sponsorConfirmationFor(stage.tier.value)}
                    redirect="always"
                    billingDetails={{ name: stage.sponsor.contactName, email: stage.sponsor.email }}
                    submitLabel="Complete Sponsorship Payment"
                    onDeclined={(message) =>
                      toast({
                        title: 'Payment Failed',
                        description: message || 'An error occurred with your payment',
                        variant: 'destructive',
                      })
                    }
                    onError={(error) =>
                      toast({
                        title: 'Error',
                        description: messageOf(error, 'An unexpected error occurred'),
                        variant: 'destructive',
                      })
                    }
                  />
                ) : config.isError ? (
                  <PaymentSettingsUnavailable onRetry={() => void config.refetch()} retrying={config.isFetching} />
                ) : (
                  <CardFormSkeleton />
                )}
              </CardContent>
            </Card>
          </div>
        )}

        {stage.step === 'payment' && config.data && <PaymentProviderNote provider={config.data.paymentProvider} />}
      </div>
    </div>
  );
}

function SponsorshipSummary({ stage, className }: { stage: Extract<Stage, { step: 'payment' }>; className?: string }) {
  const { tier, sponsor, amount, quoted } = stage;
  return (
    <section aria-labelledby="sponsorship-summary-title" className={className}>
      <Card className="overflow-hidden">
        <CardHeader className="bg-night text-night-foreground">
          <h2 id="sponsorship-summary-title" className="text-sm font-semibold tracking-wide text-sand uppercase">
            Sponsorship summary
          </h2>
          <p className="font-display text-2xl font-bold">{tier.label}</p>
          <p className="text-sm text-night-foreground/85">
            {tier.group === 'signature' ? 'Signature sponsorship' : 'Standard sponsorship tier'}
          </p>
        </CardHeader>
        <CardContent className="pt-6">
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Company</dt>
              <dd className="text-right font-medium wrap-anywhere">{sponsor.companyName}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Contact</dt>
              <dd className="text-right wrap-anywhere">{sponsor.contactName}</dd>
            </div>
            {quoted.quote.discounts.map((discount) => (
              <div key={discount.label} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{discount.label}</dt>
                <dd className="shrink-0 text-right font-medium text-secondary">{formatDiscount(discount.amount)}</dd>
              </div>
            ))}
            <div className="flex items-baseline justify-between gap-4 border-t border-border pt-4 text-base font-semibold">
              <dt>Total</dt>
              <dd className="font-display text-xl">{formatCents(amount)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}

function TiersUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex items-start gap-3">
      <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold">We couldn't load the sponsorship tiers.</p>
        <p className="mt-1 text-muted-foreground">Check your connection and try again.</p>
        <Button variant="outline" className="mt-4" onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
          {retrying ? 'Retrying…' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading sponsorship tiers…</span>
      <div className="grid gap-6 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
      <Skeleton className="h-28" />
      <Skeleton className="h-12" />
    </div>
  );
}
