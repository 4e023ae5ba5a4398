import { CheckIcon, StarIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { JoinWaitingListButton } from '@/features/waiting-list/components/join-waiting-list-button';
import type { PricePhase, Ticket, VolumeDiscount } from '@/lib/api/get-tickets';
import { cn } from '@/lib/cn';
import { formatInstantDate } from '@/lib/format-date';
import { formatCents } from '@/lib/money';
import { salesNotice } from '@/lib/sales';

// The brief tints the card header differently for developer, vip and every other type.
function headerTint(type: string) {
  switch (type) {
    case 'developer':
      return 'bg-secondary text-secondary-foreground';
    case 'vip':
      return 'bg-primary text-primary-foreground';
    default:
      return 'bg-night text-night-foreground';
  }
}

/** "Early bird until December 31, 2026 or while 150 last", the date the venue's. */
function phaseLine(phase: PricePhase, timeZone: string | undefined): string {
  const until = phase.endsAt && `until ${formatInstantDate(phase.endsAt, timeZone)}`;
  const units = phase.units !== undefined && `while ${phase.units.toLocaleString('en-US')} last`;
  return [phase.name, [until, units].filter(Boolean).join(' or ')].filter(Boolean).join(' ');
}

/** "10% off for teams of 10 or more"; an order of a ticket sold one by one is not a team. */
function volumeDiscountLine(discount: VolumeDiscount, perPerson: boolean): string {
  return `${discount.percentOff}% off for ${perPerson ? 'teams' : 'orders'} of ${discount.minQuantity} or more`;
}

/** `timeZone` is the venue's, in which the phase's end and the opening of sales are dated. */
export function TicketCard({ ticket, timeZone }: { ticket: Ticket; timeZone?: string }) {
  const popular = ticket.type === 'vip';
  const perPerson = ticket.minQuantity > 1;
  const notice = salesNotice(ticket, timeZone);

  return (
    <Card
      className={cn(
        'relative flex h-full flex-col overflow-hidden',
        popular && 'border-primary shadow-xl ring-2 shadow-primary/15 ring-primary lg:-translate-y-3',
      )}
    >
      <CardHeader className={cn('gap-2 pb-8', headerTint(ticket.type))}>
        {popular && (
          <p className="inline-flex w-fit items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-bold tracking-wide text-accent-foreground uppercase">
            <StarIcon className="size-3.5 fill-current" aria-hidden="true" />
            Most Popular
          </p>
        )}
        <CardTitle className="text-2xl">{ticket.name}</CardTitle>
        <CardDescription className="text-current">{ticket.description}</CardDescription>
      </CardHeader>

      <CardContent className="flex flex-1 flex-col gap-6 pt-6">
        <div>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-4xl font-bold tracking-tight">{formatCents(ticket.price)}</span>
            {perPerson && <span className="text-muted-foreground">per person</span>}
            {ticket.sales === 'sold_out' && (
              <span className="rounded-full bg-foreground px-3 py-1 text-xs font-bold tracking-wide text-background uppercase">
                Sold out
              </span>
            )}
          </p>
          {ticket.phase ? (
            // with price phases the struck price is the next phase's
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {ticket.regularPrice !== undefined && (
                <s className="text-muted-foreground">
                  <span className="sr-only">Later price </span>
                  {formatCents(ticket.regularPrice)}
                </s>
              )}
              <span className="rounded-md bg-accent px-2 py-0.5 font-semibold text-accent-foreground">
                {phaseLine(ticket.phase, timeZone)}
              </span>
            </p>
          ) : (
            ticket.regularPrice !== undefined && (
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
                <s className="text-muted-foreground">
                  <span className="sr-only">Regular price </span>
                  {formatCents(ticket.regularPrice)}
                </s>
                <span className="rounded-full bg-accent px-2 py-0.5 font-semibold text-accent-foreground">
                  Early bird pricing
                </span>
              </p>
            )
          )}
          {perPerson && <p className="mt-2 text-sm font-medium text-secondary">Minimum {ticket.minQuantity} people</p>}
          {ticket.volumeDiscounts?.map((discount) => (
            <p key={discount.minQuantity} className="mt-1 text-sm font-medium text-secondary">
              {volumeDiscountLine(discount, perPerson)}
            </p>
          ))}
        </div>

        <ul className="space-y-3" aria-label={`${ticket.name} includes`}>
          {ticket.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>

      <CardFooter>
        {notice === null ? (
          <Button asChild size="lg" variant={popular ? 'default' : 'secondary'} className="w-full">
            <Link to={paths.checkout(ticket.type)} aria-label={`Pre-Purchase Now: ${ticket.name}`}>
              Pre-Purchase Now
            </Link>
          </Button>
        ) : ticket.sales === 'sold_out' ? (
          <JoinWaitingListButton
            item={{ kind: 'ticket', ticket }}
            name={ticket.name}
            className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full' })}
          />
        ) : (
          <p className="flex h-12 w-full items-center justify-center rounded-lg border border-border bg-muted px-4 text-center font-semibold text-muted-foreground">
            {notice}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
