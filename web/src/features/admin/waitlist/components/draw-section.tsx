import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDraws, type Draw } from '../api/draws';
import type { Interest } from '../api/waitlist';
import { NewDrawDialog } from './draw-dialog';
import { DrawResult } from './draw-result';
import { MakeDrawButton } from './make-draw-button';
import { Loading } from '@/features/admin/shared/components/screen';

/** The waitlist's draws of free tickets, each with what anyone needs to check and re-run it. */
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
            Free tickets drawn among the registrations who confirmed their address and want updates. A draw is announced
            first: the server draws a secret seed and shows its SHA-256, the commitment, to publish; only registrations
            confirmed by then take part. Making the draw reveals the seed, the candidates’ count and the SHA-256 of
            their sorted list. Anyone can check: the seed’s SHA-256 is the commitment, and for each candidate the
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
                      {draw.itemName}: {winnersLabel(draw)}
                    </h3>
                  </CardHeader>
                  <CardContent className="space-y-3">
                    <DrawResult draw={draw} interests={interests} />
                    {draw.seed === null && <MakeDrawButton draw={draw} />}
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

/** "2 winners" once drawn; "2 winners, announced" before. */
function winnersLabel(draw: Draw): string {
  const count = draw.seed === null ? draw.prizes : draw.winners.length;
  const winners = `${count} ${count === 1 ? 'winner' : 'winners'}`;
  return draw.seed === null ? `${winners}, announced` : winners;
}
