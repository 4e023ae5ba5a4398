import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDraws } from '../api/draws';
import type { Interest } from '../api/waitlist';
import { NewDrawDialog } from './draw-dialog';
import { DrawResult } from './draw-result';
import { Loading } from './screen';

/** The waitlist's draws of free tickets, each with what anyone needs to re-run it. */
export function DrawSection({ interests }: { interests: Interest[] }) {
  const id = useId();
  const draws = useDraws();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Draw
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Free tickets drawn among the registrations who want updates. Anyone can re-run a draw: take the
            registrations subscribed when it was made (in its interest areas, if it names any), compute for each the
            lowercase hex SHA-256 of <code className="font-mono">seed:email</code>; the winners are those with the
            smallest values.
          </p>
        </div>
        <NewDrawDialog interests={interests} />
      </div>
      {draws.data ? (
        draws.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No draw yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {draws.data.map((draw) => (
              <li key={draw.id}>
                <Card role="article" aria-labelledby={`${id}-${draw.id}`} className="h-full">
                  <CardHeader>
                    <h3 id={`${id}-${draw.id}`} className="font-semibold">
                      {draw.itemName}: {draw.winners.length} {draw.winners.length === 1 ? 'winner' : 'winners'}
                    </h3>
                  </CardHeader>
                  <CardContent>
                    <DrawResult draw={draw} interests={interests} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Loading error={draws.error} />
      )}
    </section>
  );
}
