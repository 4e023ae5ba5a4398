import { ChevronRightIcon, CircleAlertIcon } from '@/components/icons';
import { Link, useParams, useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { parseMerchandise, useMerchandise } from '@/lib/api/get-merchandise';
import { useUnlockedList } from '@/lib/api/unlocked-list';
import { useHydrated } from '@/lib/use-hydrated';
import { MerchandiseCheckoutFlow } from './merchandise-checkout-flow';

/** The route's id as an item id; anything but digits is no id at all, and no lookup is made. */
function parseItemId(id: string | undefined): number | null {
  return id && /^\d+$/.test(id) ? Number(id) : null;
}

/**
 * /merchandise-checkout/:id — pre-ordering the item with that id, found in the merchandise list.
 * `?code=` fills in the code, and lists the item as the code's holder may buy it: a hidden one it
 * unlocks, or units it holds (a waiting-list offer).
 */
export function MerchandiseCheckoutPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  // the prerendered page was made without a code: it comes in once the page has hydrated
  const hydrated = useHydrated();
  const code = hydrated ? (searchParams.get('code') ?? '').trim() : '';
  // a waiting-list offer's link names the size and colour waited for
  const size = hydrated ? (searchParams.get('size') ?? '') : '';
  const color = hydrated ? (searchParams.get('color') ?? '') : '';
  const itemId = parseItemId(id);
  const merchandise = useMerchandise({ enabled: itemId !== null });
  const event = useConfig().data?.event;

  const listed = itemId === null ? undefined : merchandise.data?.find((candidate) => candidate.id === itemId);
  // the code's own list: it may unlock a hidden item or hold a sold-out one's units for its holder
  const unlocked = useUnlockedList('/api/merchandise', parseMerchandise, code, {
    enabled: itemId !== null && merchandise.isSuccess,
  });
  const item = unlocked.data?.find((candidate) => candidate.id === itemId) ?? listed;
  const notFound =
    itemId === null ||
    merchandise.isError ||
    unlocked.isError ||
    (merchandise.isSuccess && !item && (code === '' || unlocked.isSuccess));

  const title = notFound ? 'Merchandise Not Found' : item ? `${item.name} Checkout` : 'Merchandise Checkout';
  useDocumentTitle(
    event ? `${title} | ${event.name}` : title,
    event &&
      item &&
      `${item.name}: ${item.description} Pre-order it for ${event.name} and pick it up at the conference.`,
  );

  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Breadcrumb itemName={item?.name} />

        {notFound ? (
          <MerchandiseNotFound />
        ) : (
          <>
            <div className="mt-4 mb-8">
              {event ? (
                <p className="text-sm font-semibold tracking-wide text-secondary uppercase">
                  {event.name} · {event.dateLabel}
                </p>
              ) : (
                <Skeleton className="h-5 w-56" />
              )}
              <h1 className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">Merchandise Checkout</h1>
            </div>
            {item ? (
              <MerchandiseCheckoutFlow
                key={`${item.id}:${code}:${size}:${color}`}
                item={item}
                initialCode={code}
                initialSize={size}
                initialColor={color}
              />
            ) : (
              <div role="status" className="flex flex-col items-center gap-4 py-24 text-muted-foreground">
                <Spinner />
                <p>Loading merchandise…</p>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Breadcrumb({ itemName }: { itemName: string | undefined }) {
  const separator = <ChevronRightIcon className="size-4 shrink-0" aria-hidden="true" />;
  const linkClass =
    'rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          <Link to={paths.home} className={linkClass}>
            Home
          </Link>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          <Link to={paths.anchor('merchandise')} className={linkClass}>
            Merchandise
          </Link>
        </li>
        {itemName && (
          <li className="flex min-w-0 items-center gap-1.5">
            {separator}
            <span aria-current="page" className="font-medium wrap-anywhere text-foreground">
              {itemName}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The brief's screen for an unknown item, an id that is not a number, or a list that failed to load. */
function MerchandiseNotFound() {
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 pt-10 pb-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10">
          <CircleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
        </span>
        <h1 className="font-display text-3xl font-bold tracking-tight">Error</h1>
        <p className="max-w-prose text-muted-foreground">
          Could not find the requested merchandise. Please go back and try again.
        </p>
        <Button asChild size="lg">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
