import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { WaitingEntry, WaitingQueue } from '../api/waiting-list';
import { formatTime, kindLabels } from '@/features/admin/shared/components/format';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { WaitingEntryActions } from './waiting-entry-actions';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One queue: how many units are free and wanted, why no offer goes out if none does, and its entries. */
export function WaitingQueueSection({ queue }: { queue: WaitingQueue }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {queue.itemName}
        </h2>
        <span className="text-sm text-muted-foreground">{kindLabels[queue.kind]}</span>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Free units</dt>
          <dd className="font-semibold">{queue.free ?? 'No limit'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Waiting</dt>
          <dd className="font-semibold">
            {count(queue.waiting, 'entry', 'entries')} for {count(queue.waitingUnits, 'unit', 'units')}
          </dd>
        </div>
      </dl>
      {queue.blocked && (
        <p className="rounded-md border border-warning-foreground/30 bg-warning p-3 text-sm font-medium text-warning-foreground">
          <strong>No offer yet:</strong> {queue.blocked}
        </p>
      )}
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Queue for {queue.itemName}</caption>
          <thead>
            <tr>
              {['Place', 'Name', 'Email', 'Quantity', 'State', 'Code', 'Joined'].map((heading) => (
                <th key={heading} scope="col" className={tableClasses.head}>
                  {heading}
                </th>
              ))}
              <th scope="col" className={tableClasses.head}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {queue.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} itemName={queue.itemName} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function EntryRow({ entry, itemName }: { entry: WaitingEntry; itemName: string }) {
  return (
    <tr>
      <td className={tableClasses.cell}>{entry.place ?? '—'}</td>
      <th scope="row" className={cn(tableClasses.cell, 'font-medium')}>
        {entry.name}
      </th>
      <td className={tableClasses.cell}>{entry.email}</td>
      <td className={tableClasses.cell}>{entry.quantity}</td>
      <td className={tableClasses.cell}>
        <StatusBadge status={entry.state} />
        {entry.state === 'offered' && (
          <span className="block text-xs text-muted-foreground">until {formatTime(entry.offerExpiresAt)}</span>
        )}
        {entry.state === 'waiting' && entry.passedOverAt !== null && (
          <span className="block text-xs text-muted-foreground">
            passed over {formatTime(entry.passedOverAt)}, kept place
          </span>
        )}
      </td>
      <td className={cn(tableClasses.cell, 'font-mono')}>{entry.code ?? '—'}</td>
      <td className={tableClasses.cell}>{formatTime(entry.joinedAt)}</td>
      <td className={tableClasses.cell}>
        <WaitingEntryActions entry={entry} itemName={itemName} />
      </td>
    </tr>
  );
}
