import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The order's line, its rules and a ticket's card while the private link is read and its tickets load. */
export function TicketsSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your tickets…</span>
      <Skeleton className="h-6 w-2/3 max-w-md bg-border" />
      <Skeleton className="h-12 w-full bg-border" />
      <Card className="md:w-[calc(50%-0.5rem)]">
        <CardHeader>
          <Skeleton className="h-7 w-40" />
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          <Skeleton className="size-32" />
          <div className="space-y-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-6 w-32" />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
