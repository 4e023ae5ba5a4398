import { RefreshCwIcon, TriangleAlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** GET /api/config failed, so no card step can be shown: say so and offer another try. */
export function PaymentSettingsUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-border bg-card p-6">
      <div className="flex items-start gap-3">
        <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-semibold">The payment settings could not be loaded.</p>
          <p className="mt-1 text-muted-foreground">Check your connection and try again.</p>
          <Button variant="outline" className="mt-4" onClick={onRetry} disabled={retrying}>
            <RefreshCwIcon className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
            {retrying ? 'Retrying…' : 'Try again'}
          </Button>
        </div>
      </div>
    </div>
  );
}
