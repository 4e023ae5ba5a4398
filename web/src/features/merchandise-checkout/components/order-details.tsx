import { ImageOffIcon } from '@/components/icons';
import { useState } from 'react';
import { PriceBreakdown, type Pricing } from '@/components/payment/price-breakdown';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { formatCents } from '@/lib/money';

const THUMBNAIL_SIZE = 112;

function ItemThumbnail({ item }: { item: MerchandiseItem }) {
  const [failed, setFailed] = useState(false);
  if (!item.imageUrl || failed) {
    return (
      <div className="flex size-28 shrink-0 flex-col items-center justify-center gap-1 rounded-md bg-muted text-muted-foreground">
        <ImageOffIcon className="size-6" aria-hidden="true" />
        <p className="text-xs font-medium">No image</p>
      </div>
    );
  }
  return (
    <img
      src={item.imageUrl}
      alt={item.name}
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      decoding="async"
      onError={() => setFailed(true)}
      className="size-28 shrink-0 rounded-md bg-sand/60 object-contain"
    />
  );
}

interface OrderDetailsProps {
  item: MerchandiseItem;
  /** The price of one, as quoted. */
  unitPrice: number;
  pricing: Pricing;
  className?: string;
}

/** What is being bought: the item, its price (the special price for special offers), the discounts and the total. */
export function OrderDetails({ item, unitPrice, pricing, className }: OrderDetailsProps) {
  return (
    <section aria-labelledby="order-details-title" className={className}>
      <Card className="overflow-hidden">
        <CardHeader className="bg-night text-night-foreground">
          <h2 id="order-details-title" className="text-sm font-semibold tracking-wide text-sand uppercase">
            Order details
          </h2>
        </CardHeader>
        <CardContent className="space-y-6 pt-6">
          <div className="flex items-start gap-4">
            {/* keyed so a new image address gets a fresh error state */}
            <ItemThumbnail key={item.imageUrl ?? 'none'} item={item} />
            <div className="min-w-0 space-y-1">
              <p className="font-display text-xl font-bold">{item.name}</p>
              <p className="text-sm text-muted-foreground">{item.description}</p>
            </div>
          </div>

          <div className="space-y-1">
            <p className="flex flex-wrap items-baseline gap-x-2">
              {item.specialOffer && <span className="text-sm font-semibold text-primary">Special Price</span>}
              <span className="font-display text-3xl font-bold tracking-tight">{formatCents(unitPrice)}</span>
              {item.specialOffer && item.regularPrice !== undefined && (
                <s className="text-muted-foreground">
                  <span className="sr-only">Regular price </span>
                  {formatCents(item.regularPrice)}
                </s>
              )}
              <span className="text-muted-foreground">each</span>
            </p>
            <p className="text-sm text-muted-foreground">Pick up your order at the conference.</p>
          </div>

          <PriceBreakdown pricing={pricing} className="border-t border-border pt-4" />
        </CardContent>
      </Card>
    </section>
  );
}
