import { CheckIcon } from '@/components/icons';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { Ticket } from '@/lib/api/get-tickets';
import { formatCents } from '@/lib/money';

interface OrderSummaryProps {
  ticket: Ticket;
  quantity: number;
  total: number;
  className?: string;
}

/** What is being bought: the ticket, its price per person, what it includes, and the total. */
export function OrderSummary({ ticket, quantity, total, className }: OrderSummaryProps) {
  return (
    <section aria-labelledby="order-summary-title" className={className}>
      <Card className="overflow-hidden">
        <CardHeader className="bg-night text-night-foreground">
          <h2 id="order-summary-title" className="text-sm font-semibold tracking-wide text-sand uppercase">
            Order summary
          </h2>
          <p className="font-display text-2xl font-bold">{ticket.name}</p>
          <p className="text-sm text-night-foreground/85">{ticket.description}</p>
        </CardHeader>
        <CardContent className="space-y-6 pt-6">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-3xl font-bold tracking-tight">{formatCents(ticket.price)}</span>
            <span className="text-muted-foreground">per person</span>
          </p>

          <ul className="space-y-2 text-sm" aria-label={`${ticket.name} includes`}>
            {ticket.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>

          <dl className="space-y-2 border-t border-border pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{quantity === 1 ? 'Ticket' : 'People'}</dt>
              <dd>
                {quantity} × {formatCents(ticket.price)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 text-base font-semibold">
              <dt>Total</dt>
              <dd className="font-display text-xl">{formatCents(total)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
