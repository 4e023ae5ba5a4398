import { ArrowLeftIcon } from '@/components/icons';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@/lib/router';
import { PaymentSettingsUnavailable } from '@/components/payment/payment-settings-unavailable';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToast } from '@/hooks/use-toast';
import { parseTickets, useTickets } from '@/lib/api/get-tickets';
import { useUnlockedList } from '@/lib/api/unlocked-list';
import { useHydrated } from '@/lib/use-hydrated';
import { CheckoutFlow } from './checkout-flow';
import { CheckoutSkeleton } from './checkout-skeleton';

/**
 * /checkout/:ticketType — buying the ticket whose `type` is in the address. `?code=` fills in
 * the code, and lists the ticket as the code's holder may buy it: a hidden one it unlocks (a
 * Speaker Pass), seats it holds (a waiting-list offer), sales it opens early (a presale link).
 */
export function CheckoutPage() {
  const { ticketType = '' } = useParams();
  const [searchParams] = useSearchParams();
  // the prerendered page was made without a code: it comes in once the page has hydrated
  const hydrated = useHydrated();
  const code = hydrated ? (searchParams.get('code') ?? '').trim() : '';
  const navigate = useNavigate();
  const { toast } = useToast();
  const tickets = useTickets();
  const config = useConfig();
  const event = config.data?.event;

  const listed = tickets.data?.find((candidate) => candidate.type === ticketType);
  // the code's own list: it may unlock a hidden ticket, hold a sold-out one's seats for its holder (a
  // waiting-list offer) or open one before its public sales (a presale link)
  const unlocked = useUnlockedList('/api/tickets', parseTickets, code, { enabled: tickets.isSuccess });
  const ticket = unlocked.data?.find((candidate) => candidate.type === ticketType) ?? listed;
  const loadFailed = tickets.isError || unlocked.isError;
  const unknownType = tickets.isSuccess && !ticket && (code === '' || unlocked.isSuccess);

  // the flow names the tab once the ticket is known
  useDocumentTitle(ticket ? undefined : event ? `Ticket Checkout | ${event.name}` : 'Ticket Checkout');

  useEffect(() => {
    if (loadFailed) {
      toast({ title: 'Error', description: 'Could not load ticket information', variant: 'destructive' });
      void navigate(paths.home, { replace: true });
    } else if (unknownType) {
      toast({
        title: 'Invalid Ticket Type',
        description: 'The selected ticket type does not exist',
        variant: 'destructive',
      });
      void navigate(paths.home, { replace: true });
    }
  }, [loadFailed, unknownType, navigate, toast]);

  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Button asChild variant="ghost" className="-ml-3">
          <Link to={paths.home}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>

        <div className="mt-4 mb-8">
          {event ? (
            <p className="text-sm font-semibold tracking-wide text-secondary uppercase">
              {event.name} · {event.dateLabel}
            </p>
          ) : (
            <Skeleton className="h-5 w-56" />
          )}
          <h1 className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
        </div>

        {ticket && config.data ? (
          <CheckoutFlow key={`${ticket.type}:${code}`} ticket={ticket} config={config.data} initialCode={code} />
        ) : ticket && config.isError ? (
          <PaymentSettingsUnavailable onRetry={() => void config.refetch()} retrying={config.isFetching} />
        ) : (
          <CheckoutSkeleton />
        )}
      </div>
    </div>
  );
}
