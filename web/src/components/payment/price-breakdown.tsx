import type { Quote } from '@/lib/api/quote';
import { cn } from '@/lib/cn';
import { formatCents, formatDiscount } from '@/lib/money';

/** The lines of an order's price: what is bought, each discount, the code applied, and the total. */
export interface Pricing {
  /** The first line, e.g. { label: 'People', value: '6 × $699.00' }. */
  item: { label: string; value: string };
  discounts: Quote['discounts'];
  code?: Quote['code'];
  total: number;
}

export function PriceBreakdown({ pricing, className }: { pricing: Pricing; className?: string }) {
  const row = 'flex justify-between gap-4';
  return (
    <dl className={cn('space-y-2 text-sm', className)}>
      <div className={row}>
        <dt className="text-muted-foreground">{pricing.item.label}</dt>
        <dd className="text-right">{pricing.item.value}</dd>
      </div>
      {pricing.discounts.map((discount) => (
        <div key={discount.label} className={row}>
          <dt className="text-muted-foreground">{discount.label}</dt>
          <dd className="shrink-0 text-right font-medium text-secondary">{formatDiscount(discount.amount)}</dd>
        </div>
      ))}
      {pricing.code && (
        <div className={row}>
          <dt className="text-muted-foreground">Code applied</dt>
          <dd className="text-right">
            <span className="font-mono font-semibold">{pricing.code.code}</span>: {pricing.code.label}
          </dd>
        </div>
      )}
      <div className="flex items-baseline justify-between gap-4 text-base font-semibold">
        <dt>Total</dt>
        <dd className="font-display text-xl">{formatCents(pricing.total)}</dd>
      </div>
    </dl>
  );
}
