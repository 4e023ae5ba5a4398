import { ExternalLinkIcon, ImageOffIcon, ShoppingBagIcon, SparklesIcon } from '@/components/icons';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { JoinWaitingListButton } from '@/features/waiting-list/components/join-waiting-list-button';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { formatCents } from '@/lib/money';
import { salesNotice } from '@/lib/sales';

const IMAGE_SIZE = 480;

function ItemImage({ item }: { item: MerchandiseItem }) {
  const [failed, setFailed] = useState(false);
  if (!item.imageUrl || failed) {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
        <ImageOffIcon className="size-8" aria-hidden="true" />
        <p className="text-sm font-medium">No image available</p>
      </div>
    );
  }
  return (
    <img
      src={item.imageUrl}
      alt={item.name}
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-square w-full bg-sand/60 object-contain"
    />
  );
}

function Options({ label, values }: { label: string; values: string[] | undefined }) {
  if (!values?.length) return null;
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{label}:</span> {values.join(', ')}
    </p>
  );
}

/** `timeZone` is the venue's, in which the opening of sales is dated. */
export function MerchandiseCard({ item, timeZone }: { item: MerchandiseItem; timeZone?: string }) {
  const special = item.specialOffer;
  const notice = salesNotice(item, timeZone);

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative">
        {/* keyed so a new image address gets a fresh error state */}
        <ItemImage key={item.imageUrl ?? 'none'} item={item} />
        {special && (
          <p className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-bold tracking-wide text-primary-foreground uppercase shadow">
            <SparklesIcon className="size-3.5" aria-hidden="true" />
            Special Price
          </p>
        )}
        {item.sales === 'sold_out' && (
          <p className="absolute top-3 right-3 rounded-full bg-foreground px-3 py-1 text-xs font-bold tracking-wide text-background uppercase shadow">
            {notice}
          </p>
        )}
      </div>
      <CardHeader className="pb-4">
        <CardTitle>{item.name}</CardTitle>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-2">
        <Options label="Sizes" values={item.sizes} />
        <Options label="Colors" values={item.colors} />
        {special ? (
          <div className="space-y-1 pt-2">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-sm font-semibold text-primary">Special Price</span>
              <span className="font-display text-3xl font-bold">{formatCents(item.price)}</span>
              {item.regularPrice !== undefined && (
                <s className="text-muted-foreground">
                  <span className="sr-only">Regular price </span>
                  {formatCents(item.regularPrice)}
                </s>
              )}
            </p>
            <p className="text-sm text-muted-foreground">Limited offer: the price adjusts based on demand.</p>
          </div>
        ) : (
          <p className="pt-2 font-display text-3xl font-bold">{formatCents(item.price)}</p>
        )}
      </CardContent>
      <CardFooter>
        {item.sales === 'sold_out' ? (
          // "Sold out" is said on the image, so the button takes the purchase button's place and size
          <JoinWaitingListButton
            item={{ kind: 'merchandise', item }}
            name={item.name}
            className={buttonVariants({ variant: 'outline', className: 'w-full' })}
          />
        ) : notice !== null ? (
          <p className="flex h-10 w-full items-center justify-center rounded-md border border-border bg-muted px-4 text-center text-sm font-semibold text-muted-foreground">
            {notice}
          </p>
        ) : special ? (
          <Button asChild className="w-full">
            <a href={paths.merchandiseSpecialPricing(special)} target="_blank" rel="noopener noreferrer">
              View Special Pricing
              <ExternalLinkIcon aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        ) : (
          <Button asChild variant="secondary" className="w-full">
            <Link to={paths.merchandiseCheckout(item.id)}>
              <ShoppingBagIcon aria-hidden="true" />
              Purchase Now
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
