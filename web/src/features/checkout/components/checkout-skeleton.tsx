import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The checkout's two columns while the ticket and the payment settings load. */
export function CheckoutSkeleton() {
  return (
    <div role="status" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <span className="sr-only">Loading ticket information…</span>
      <Card className="overflow-hidden lg:col-start-2 lg:row-start-1">
        <CardHeader className="gap-3 bg-muted">
          <Skeleton className="h-4 w-28 bg-border" />
          <Skeleton className="h-7 w-2/3 bg-border" />
          <Skeleton className="h-4 w-full bg-border" />
        </CardHeader>
        <CardContent className="space-y-4 pt-6">
          <Skeleton className="h-9 w-1/2" />
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-4 w-full" />
          ))}
        </CardContent>
      </Card>
      <Card className="lg:col-start-1 lg:row-start-1">
        <CardHeader className="gap-3">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-7 w-40" />
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="grid gap-6 sm:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-12 w-full" />
        </CardContent>
      </Card>
    </div>
  );
}
