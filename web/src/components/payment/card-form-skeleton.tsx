import { Skeleton } from '@/components/ui/skeleton';

/** Stands in for a card form while Stripe's code or Stripe.js itself loads. */
export function CardFormSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading the secure card form…</span>
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
