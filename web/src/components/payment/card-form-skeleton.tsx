import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

/**
 * Stands in for a card form while Stripe's code or Stripe.js itself loads. With a `label`
 * the wait is also said on screen (the merchandise checkout's 'Loading payment details...').
 */
export function CardFormSkeleton({ label }: { label?: string }) {
  return (
    <div role="status" className="space-y-4">
      {label ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4 border-2" />
          {label}
        </p>
      ) : (
        <span className="sr-only">Loading the secure card form…</span>
      )}
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
