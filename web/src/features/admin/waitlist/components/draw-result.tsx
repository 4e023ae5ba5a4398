import { cn } from '@/lib/cn';
import type { Draw } from '../api/draws';
import type { Interest } from '../api/waitlist';
import { formatTime, interestAreaLabels } from '@/features/admin/shared/components/format';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

/**
 * A draw as recorded: its commitment from the announcement and, once made, the seed, the candidates'
 * count and hash, and the winners with the codes they were sent.
 */
export function DrawResult({ draw, interests }: { draw: Draw; interests: Interest[] }) {
  const areas = interestAreaLabels(draw.interestAreas, interests, 'everyone confirmed and subscribed');
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Commitment (SHA-256 of the seed)</dt>
        <dd className="font-mono break-all select-all">{draw.seedHash ?? 'None: made before draws were announced'}</dd>
        <dt className="text-muted-foreground">Announced</dt>
        <dd>{formatTime(draw.announcedAt)}</dd>
        {draw.seed === null ? (
          <>
            <dt className="text-muted-foreground">Takes part</dt>
            <dd>{areas}, confirmed by the announcement</dd>
            <dt className="text-muted-foreground">Seed</dt>
            <dd>Secret until the draw is made</dd>
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">Seed</dt>
            <dd className="font-mono break-all select-all">{draw.seed}</dd>
            <dt className="text-muted-foreground">Candidates</dt>
            <dd>
              {draw.candidates} ({areas})
            </dd>
            {draw.candidatesHash && (
              <>
                <dt className="text-muted-foreground">Candidates’ list (SHA-256)</dt>
                <dd className="font-mono break-all select-all">{draw.candidatesHash}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Drawn</dt>
            <dd>{formatTime(draw.drawnAt)}</dd>
          </>
        )}
      </dl>
      {draw.seed !== null && (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Winners of the draw with seed {draw.seed}</caption>
            <thead>
              <tr>
                {['Winner', 'Email', 'Code'].map((heading) => (
                  <th key={heading} scope="col" className={tableClasses.head}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {draw.winners.map((winner) => (
                <tr key={winner.code}>
                  <th scope="row" className={cn(tableClasses.cell, 'font-medium')}>
                    {winner.name}
                  </th>
                  <td className={tableClasses.cell}>{winner.email}</td>
                  <td className={cn(tableClasses.cell, 'font-mono')}>{winner.code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
