import { ArrowRightIcon, ShieldCheckIcon } from '@/components/icons';
import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { Section, SectionHeader } from '@/components/layout/section';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useToast } from '@/hooks/use-toast';
import { useTickets } from '@/lib/api/get-tickets';
import { formatIsoDate } from '@/lib/format-date';
import { TicketCard } from './ticket-card';

const SKELETON_CARDS = 3;

function TicketCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <CardHeader className="gap-3 bg-muted pb-8">
        <Skeleton className="h-7 w-2/3 bg-border" />
        <Skeleton className="h-4 w-full bg-border" />
        <Skeleton className="h-4 w-4/5 bg-border" />
      </CardHeader>
      <CardContent className="space-y-4 pt-6">
        <Skeleton className="h-10 w-1/2" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </CardContent>
      <CardFooter>
        <Skeleton className="h-12 w-full" />
      </CardFooter>
    </Card>
  );
}

interface TicketsSectionProps {
  fullRefundUntil: string | undefined;
  /** The venue's timezone, in which the cards date their phases and sales. */
  timeZone?: string;
}

export function TicketsSection({ fullRefundUntil, timeZone }: TicketsSectionProps) {
  const { data: tickets, isPending, isError } = useTickets();
  const { toast } = useToast();

  useEffect(() => {
    if (isError) {
      toast({
        title: 'Error loading tickets',
        description: 'Please refresh the page and try again.',
        variant: 'destructive',
      });
    }
  }, [isError, toast]);

  return (
    <Section id="tickets" className="bg-muted">
      <SectionHeader
        id="tickets"
        eyebrow="Tickets"
        title="Secure Your Tickets Early"
        subtitle="Early bird prices are the lowest they will ever be. Pick the pass that fits you or your team."
      />

      {isPending ? (
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <p role="status" className="sr-only">
            Loading tickets…
          </p>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <TicketCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p className="text-center text-muted-foreground">
          Tickets could not be loaded. Please refresh the page and try again.
        </p>
      ) : tickets.length === 0 ? (
        <p className="text-center text-lg text-muted-foreground">
          No tickets available at the moment. Check back soon!
        </p>
      ) : (
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="h-full">
              <TicketCard ticket={ticket} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}

      <div className="mt-12 flex flex-col items-center gap-4 text-center">
        {fullRefundUntil && (
          <p className="flex items-center gap-2 font-medium">
            <ShieldCheckIcon className="size-5 shrink-0 text-secondary" aria-hidden="true" />
            Tickets are fully refundable until {formatIsoDate(fullRefundUntil)}.
          </p>
        )}
        <Link
          to={paths.pricingDetails}
          className="inline-flex items-center gap-1 rounded-sm font-semibold text-secondary underline-offset-4 hover:underline"
        >
          View full pricing details and policies
          <ArrowRightIcon className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </Section>
  );
}
