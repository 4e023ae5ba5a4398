import { CheckIcon } from '@/components/icons';
import { PriceBreakdown, type Pricing } from '@/components/payment/price-breakdown';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { Ticket } from '@/lib/api/get-tickets';
import { formatCents } from '@/lib/money';

interface OrderSummaryProps {
  ticket: Ticket;
  /** The price per person now, as quoted. */
  unitPrice: number;
  /** The price phase it is in, such as "Early bird". */
  phase: string | undefined;
  pricing: Pricing;
  className?: string;
}

/** What is being bought: the ticket, its price per person, what it includes, the discounts and the total. */
export function OrderSummary({ ticket, unitPrice, phase, pricing, className }: OrderSummaryProps) {
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
          <div className="space-y-1">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-display text-3xl font-bold tracking-tight">{formatCents(unitPrice)}</span>
              <span className="text-muted-foreground">per person</span>
            </p>
            {phase && (
              <p className="w-fit rounded-md bg-accent px-2 py-0.5 text-sm font-semibold text-accent-foreground">
                {phase} price
              </p>
            )}
          </div>

          <ul className="space-y-2 text-sm" aria-label={`${ticket.name} includes`}>
            {ticket.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>

          <PriceBreakdown pricing={pricing} className="border-t border-border pt-4" />
        </CardContent>
      </Card>
    </section>
  );
}
