import { CheckIcon, StarIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { Ticket } from '@/lib/api/get-tickets';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/money';

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

export function TicketCard({ ticket }: { ticket: Ticket }) {
  const popular = ticket.type === 'vip';
  const perPerson = ticket.minQuantity > 1;

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
          </p>
          {ticket.regularPrice !== undefined && (
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
              <s className="text-muted-foreground">
                <span className="sr-only">Regular price </span>
                {formatCents(ticket.regularPrice)}
              </s>
              <span className="rounded-full bg-accent px-2 py-0.5 font-semibold text-accent-foreground">
                Early bird pricing
              </span>
            </p>
          )}
          {perPerson && <p className="mt-2 text-sm font-medium text-secondary">Minimum {ticket.minQuantity} people</p>}
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
        {ticket.available ? (
          <Button asChild size="lg" variant={popular ? 'default' : 'secondary'} className="w-full">
            <Link to={paths.checkout(ticket.type)} aria-label={`Pre-Purchase Now: ${ticket.name}`}>
              Pre-Purchase Now
            </Link>
          </Button>
        ) : (
          <Button size="lg" variant="outline" className="w-full" disabled>
            Sold Out
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
