import { PackageCheckIcon } from '@/components/icons';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useHandOver, usePickupSearch, type HandoverAnswer, type Pickup } from '../api/door';
import { useDoorWorker } from '../offline/door-worker';
import { formatTime } from '@/features/admin/shared/components/format';
import { Loading, Screen } from '@/features/admin/shared/components/screen';

/** What was bought, as the desk reads it: "Hackathon Tee, M, Coral × 2". */
function describe(pickup: Pickup) {
  return [pickup.itemName, pickup.size, pickup.color].filter(Boolean).join(', ') + ` × ${pickup.quantity}`;
}

/** /admin/pickup: find a merchandise order by pickup code (typed, or from a barcode scanner) or name; hand it over once. */
export function PickupPage() {
  useDoorWorker(paths.admin.pickup);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const results = usePickupSearch(search);
  const handOver = useHandOver();
  const [latest, setLatest] = useState<HandoverAnswer | null>(null);
  const id = useId();

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLatest(null);
    setSearch(typed.trim());
  }

  return (
    <Screen
      title="Merchandise pickup"
      description="Type or scan the pickup code from the buyer's email, or search by name. Check the items, then hand them over."
      actions={
        <Button asChild variant="outline">
          <Link to={paths.admin.pickList}>Pick list</Link>
        </Button>
      }
    >
      <form aria-label="Find a pickup" className="flex flex-wrap items-end gap-3" onSubmit={find}>
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor={`${id}-q`}>Pickup code or name</Label>
          <Input
            id={`${id}-q`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="PU-XXXXXX"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" size="lg">
          Find
        </Button>
      </form>

      <div aria-live="assertive" aria-atomic="true">
        {latest && (
          <p
            className={cn(
              'rounded-xl border-4 p-5 text-2xl font-bold',
              latest.result === 'handed_over'
                ? 'border-emerald-700 bg-emerald-50 text-emerald-950'
                : 'border-destructive bg-red-50 text-red-950',
            )}
          >
            {latest.message}
            {latest.result === 'already_handed_over' && latest.order?.pickedUpAt && (
              <span className="mt-1 block text-lg font-medium">
                Collected {formatTime(latest.order.pickedUpAt)}
                {latest.order.pickedUpBy && ` by ${latest.order.pickedUpBy}`}.
              </span>
            )}
          </p>
        )}
      </div>

      {search.length >= 2 &&
        (results.data ? (
          results.data.length === 0 ? (
            <p className="text-muted-foreground">No paid merchandise order matches “{search}”.</p>
          ) : (
            <ul className="grid gap-3">
              {results.data.map((pickup) => (
                <li
                  key={pickup.orderId}
                  className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-card p-4"
                >
                  <div className="space-y-1">
                    <p className="text-lg font-semibold">{describe(pickup)}</p>
                    <p>
                      {pickup.buyerName} · <span className="font-mono">{pickup.pickupCode}</span>
                    </p>
                    {pickup.status === 'refunded' && (
                      <p className="font-medium text-destructive">Refunded: do not hand over.</p>
                    )}
                    {pickup.pickedUpAt && (
                      <p className="font-medium text-muted-foreground">
                        Collected {formatTime(pickup.pickedUpAt)}
                        {pickup.pickedUpBy && ` by ${pickup.pickedUpBy}`}
                      </p>
                    )}
                  </div>
                  {pickup.status === 'paid' && !pickup.pickedUpAt && pickup.pickupCode && (
                    <Button
                      size="lg"
                      disabled={handOver.isPending}
                      aria-label={`Hand over ${describe(pickup)} to ${pickup.buyerName}`}
                      onClick={() => handOver.mutate(pickup.pickupCode ?? '', { onSuccess: setLatest })}
                    >
                      <PackageCheckIcon aria-hidden="true" /> Hand over
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        ) : (
          <Loading error={results.error} />
        ))}
    </Screen>
  );
}
