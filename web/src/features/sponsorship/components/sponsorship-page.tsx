import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import {
  BrainCircuitIcon as BrainCircuit,
  CheckIcon as Check,
  HandshakeIcon as Handshake,
  LayoutGridIcon as LayoutGrid,
  MailIcon as Mail,
  PresentationIcon as Presentation,
  RefreshCwIcon as RefreshCw,
  TicketIcon as Ticket,
  TriangleAlertIcon as TriangleAlert,
  type Icon,
} from '@/components/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useConfig, type EventInfo } from '@/features/config/api/get-config';
import { SponsorWall } from '@/features/sponsors/components/sponsor-wall';
import { JoinWaitingListButton } from '@/features/waiting-list/components/join-waiting-list-button';
import { useSponsorshipTiers, type SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import { cn } from '@/lib/cn';
import { salesNotice } from '@/lib/sales';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

function dollarsOf(cents: number): number {
  return Math.round(cents / 100);
}

/** The sponsor form's address for a tier: `/sponsor-payment?tier=platinum&price=50000` (price in whole dollars). */
function sponsorPaymentHref(tier: Pick<SponsorshipTier, 'value' | 'amount'>): string {
  const query = new URLSearchParams({ tier: tier.value, price: String(dollarsOf(tier.amount)) });
  return `${paths.sponsorPayment}?${query.toString()}`;
}

export function SponsorshipPage() {
  const config = useConfig();
  const event = config.data?.event;
  const eventName = event?.name;

  useDocumentTitle(
    eventName ? `Sponsorship Opportunities | ${eventName}` : 'Sponsorship Opportunities',
    event &&
      `Sponsor ${event.name}: standard tiers and signature sponsorships that put your brand in front of developers, engineering leaders and founders in ${event.venue.area}.`,
  );

  return (
    <>
      <SponsorshipHero event={event} />
      <SponsorshipCatalogue timeZone={event?.timezone} />
      <WhySponsor event={event} />
      <section aria-labelledby="our-sponsors-heading" className="bg-muted/40 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="our-sponsors-heading" className="mb-10 text-center font-display text-3xl font-bold tracking-tight">
            Our sponsors
          </h2>
          <SponsorWall />
        </div>
      </section>
      <ContactBanner event={event} />
    </>
  );
}

function SponsorshipHero({ event }: { event: EventInfo | undefined }) {
  const stats = event
    ? [
        { value: event.figures.attendees, label: 'attendees' },
        { value: event.figures.speakers, label: 'speakers' },
        { value: event.figures.workshops, label: 'workshops' },
        { value: event.figures.hackathonPrize, label: 'in hackathon prizes' },
      ]
    : [];

  return (
    <section aria-labelledby="sponsorship-title" className="relative isolate overflow-hidden bg-night">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_20%,var(--color-sunset)_0%,transparent_40%),radial-gradient(circle_at_10%_90%,var(--color-ocean)_0%,transparent_45%)] opacity-30"
      />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        {event ? (
          <p className="text-sm font-semibold tracking-wide text-sand uppercase">
            {event.name} · {event.dateLabel} · {event.venue.area}
          </p>
        ) : (
          <Skeleton className="h-5 w-72 bg-night-foreground/20" />
        )}
        <h1
          id="sponsorship-title"
          className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight text-night-foreground sm:text-6xl"
        >
          Sponsorship Opportunities
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-night-foreground/85">
          Put your brand in front of the developers, engineering leaders and founders who choose the tools their teams
          use. Sponsor five days of talks, workshops and a round-the-clock hackathon, steps from the ocean.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <a href="#standard-tiers" className={buttonVariants({ size: 'lg' })}>
            View sponsorship tiers
          </a>
          {event && (
            <a
              href={`mailto:${event.contactEmail}?subject=${encodeURIComponent(`Sponsorship enquiry - ${event.name}`)}`}
              className={cn(
                buttonVariants({ size: 'lg', variant: 'outline' }),
                'border-night-foreground/40 bg-transparent text-night-foreground hover:bg-night-foreground/10 hover:text-night-foreground',
              )}
            >
              <Mail className="size-4" aria-hidden="true" />
              Talk to our team
            </a>
          )}
        </div>
        {stats.length > 0 && (
          <dl className="mt-14 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col border-l-2 border-sunset pl-4">
                <dt className="text-sm text-night-foreground/80">{stat.label}</dt>
                <dd className="order-first font-display text-2xl font-bold text-night-foreground">{stat.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

/** `timeZone` is the venue's, in which the cards date the opening of sales. */
function SponsorshipCatalogue({ timeZone }: { timeZone: string | undefined }) {
  const tiers = useSponsorshipTiers();

  if (tiers.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading sponsorship tiers…</span>
        <TierSectionFrame id="standard-tiers" title="Sponsorship Tiers" description={STANDARD_DESCRIPTION}>
          <TierGridSkeleton count={4} />
        </TierSectionFrame>
        <TierSectionFrame
          id="signature-sponsorships"
          title="Signature Sponsorships"
          description={SIGNATURE_DESCRIPTION}
          muted
        >
          <TierGridSkeleton count={3} />
        </TierSectionFrame>
      </div>
    );
  }

  if (tiers.isError) {
    return (
      <TierSectionFrame id="standard-tiers" title="Sponsorship Tiers" description={STANDARD_DESCRIPTION}>
        <div role="alert" className="rounded-lg border border-border bg-card p-6">
          <div className="flex items-start gap-3">
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div>
              <p className="font-semibold text-foreground">We couldn't load the sponsorship tiers.</p>
              <p className="mt-1 text-muted-foreground">{tiers.error.message}</p>
              <Button
                variant="outline"
                className="mt-4"
                onClick={() => void tiers.refetch()}
                disabled={tiers.isFetching}
              >
                <RefreshCw className={cn('size-4', tiers.isFetching && 'animate-spin')} aria-hidden="true" />
                {tiers.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            </div>
          </div>
        </div>
      </TierSectionFrame>
    );
  }

  const standard = tiers.data.filter((tier) => tier.group === 'standard');
  const signature = tiers.data.filter((tier) => tier.group === 'signature');

  if (standard.length === 0 && signature.length === 0) {
    return (
      <TierSectionFrame id="standard-tiers" title="Sponsorship Tiers" description={STANDARD_DESCRIPTION}>
        <p className="rounded-lg border border-border bg-card p-6 text-muted-foreground">
          Sponsorship packages for this edition will be announced soon.
        </p>
      </TierSectionFrame>
    );
  }

  return (
    <>
      {standard.length > 0 && (
        <TierSectionFrame id="standard-tiers" title="Sponsorship Tiers" description={STANDARD_DESCRIPTION}>
          <TierGrid tiers={standard} label="Standard sponsorship tiers" timeZone={timeZone} />
        </TierSectionFrame>
      )}
      {signature.length > 0 && (
        <TierSectionFrame
          id="signature-sponsorships"
          title="Signature Sponsorships"
          description={SIGNATURE_DESCRIPTION}
          muted
        >
          <TierGrid tiers={signature} label="Signature sponsorships" timeZone={timeZone} />
        </TierSectionFrame>
      )}
    </>
  );
}

const STANDARD_DESCRIPTION =
  'Choose the level of visibility that fits your goals. Every tier includes VIP passes for your team.';
const SIGNATURE_DESCRIPTION =
  'Own a signature moment of the week. Each signature sponsorship goes to a single partner.';

function TierSectionFrame({
  id,
  title,
  description,
  muted = false,
  children,
}: {
  id: string;
  title: string;
  description: string;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('scroll-mt-20 py-16 sm:py-20', muted ? 'bg-muted' : 'bg-background')}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2
            id={`${id}-heading`}
            className="font-display text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{description}</p>
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

function TierGrid({
  tiers,
  label,
  timeZone,
}: {
  tiers: SponsorshipTier[];
  label: string;
  timeZone: string | undefined;
}) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tiers.map((tier) => (
        <li key={tier.value}>
          <TierCard tier={tier} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

function TierCard({ tier, timeZone }: { tier: SponsorshipTier; timeZone: string | undefined }) {
  const headingId = `tier-${tier.value}`;
  const soldOut = tier.sales === 'sold_out';
  const notice = salesNotice(tier, timeZone);
  return (
    <Card className={cn('flex h-full flex-col', !tier.available && 'bg-muted/60')}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="font-display text-xl font-semibold text-foreground">
            {tier.label}
          </h3>
          {soldOut && (
            <span className="shrink-0 rounded-full bg-foreground px-3 py-1 text-xs font-semibold text-background">
              Sold out
            </span>
          )}
        </div>
        <p className="mt-2 font-display text-3xl font-bold tracking-tight text-foreground">
          {wholeDollars.format(dollarsOf(tier.amount))}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 border-b border-border pb-4 text-sm font-medium text-foreground">
          <li className="flex items-center gap-2">
            <Ticket className="size-4 shrink-0 text-secondary" aria-hidden="true" />
            {tier.vipPasses} VIP {tier.vipPasses === 1 ? 'pass' : 'passes'}
          </li>
          {tier.exhibitionSpace && (
            <li className="flex items-center gap-2">
              <LayoutGrid className="size-4 shrink-0 text-secondary" aria-hidden="true" />
              {tier.exhibitionSpace} exhibition space
            </li>
          )}
        </ul>
        <ul className="mt-4 space-y-2 text-sm text-muted-foreground">
          {tier.perks.map((perk) => (
            <li key={perk} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{perk}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {tier.available ? (
          <Button asChild className="w-full">
            <Link to={sponsorPaymentHref(tier)}>
              Purchase <span className="sr-only">{tier.label} sponsorship</span>
            </Link>
          </Button>
        ) : soldOut ? (
          <JoinWaitingListButton
            item={{ kind: 'sponsorship', tier }}
            name={tier.label}
            className={buttonVariants({ variant: 'outline', className: 'w-full' })}
          />
        ) : (
          <p className="w-full rounded-md border border-border bg-muted px-4 py-2 text-center text-sm font-semibold text-muted-foreground">
            {notice}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

function TierGridSkeleton({ count }: { count: number }) {
  return (
    <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="space-y-4 rounded-lg border border-border bg-card p-6">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
          <Skeleton className="mt-6 h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

const reasons: { icon: Icon; title: string; text: (event: EventInfo | undefined) => string }[] = [
  {
    icon: BrainCircuit,
    title: 'Lead the AI conversation',
    text: () =>
      'Position your company as a leader in AI. Put your engineers on stage and your brand beside the sessions developers talk about all year, as teams decide how they build with machine learning.',
  },
  {
    icon: Presentation,
    title: 'Showcase your product',
    text: (event) =>
      `Demo your product on the show floor, in sponsored workshops and at the hackathon, where ${event?.figures.attendees ?? 'a thousand'} developers try new tools hands-on and take them back to their teams.`,
  },
  {
    icon: Handshake,
    title: 'Build lasting partnerships',
    text: () =>
      'Meet engineering leaders, founders and fellow sponsors in the VIP lounge and at the afterparty, and start partnerships that continue long after the conference week.',
  },
];

function WhySponsor({ event }: { event: EventInfo | undefined }) {
  return (
    <section aria-labelledby="why-sponsor-heading" className="bg-background py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id="why-sponsor-heading"
          className="font-display text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
        >
          Why Sponsor
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className="rounded-lg border border-border bg-card p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <reason.icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-display text-xl font-semibold text-foreground">{reason.title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{reason.text(event)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ContactBanner({ event }: { event: EventInfo | undefined }) {
  if (!event) return null;
  return (
    <section aria-labelledby="custom-package-heading" className="bg-night py-16">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id="custom-package-heading" className="font-display text-2xl font-bold text-night-foreground">
            Looking for something different?
          </h2>
          <p className="mt-2 text-night-foreground/85">
            We build custom packages around your goals, from hackathon challenges to recruiting events. Write to{' '}
            <a
              href={`mailto:${event.contactEmail}`}
              className="font-medium text-night-foreground underline underline-offset-4"
            >
              {event.contactEmail}
            </a>{' '}
            and our partnerships team will reply within two business days.
          </p>
        </div>
        <a
          href={`mailto:${event.contactEmail}?subject=${encodeURIComponent(`Custom sponsorship - ${event.name}`)}`}
          className={buttonVariants({ size: 'lg' })}
        >
          <Mail className="size-4" aria-hidden="true" />
          Contact us
        </a>
      </div>
    </section>
  );
}
