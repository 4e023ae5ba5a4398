import { useId } from 'react';
import { cn } from '@/lib/cn';
import { usePresales, type Presale } from '../api/presales';
import type { Interest } from '../api/waitlist';
import { formatTime, interestAreaLabels } from '@/features/admin/shared/components/format';
import { NewPresaleDialog } from './presale-dialog';
import { Loading } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

/** The waitlist's presales: priority links before public sales, and how many were sent and used. */
export function PresaleSection({ interests }: { interests: Interest[] }) {
  const id = useId();
  const presales = usePresales();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Presale
          </h2>
          <p className="text-sm text-muted-foreground">
            Personal links to buy before public sales open, for the registrations who confirmed their address and want
            updates.
          </p>
        </div>
        <NewPresaleDialog interests={interests} />
      </div>
      {presales.data ? (
        presales.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No presale yet.</p>
        ) : (
          <PresalesTable presales={presales.data} interests={interests} />
        )
      ) : (
        <Loading error={presales.error} />
      )}
    </section>
  );
}

function PresalesTable({ presales, interests }: { presales: Presale[]; interests: Interest[] }) {
  const headings = ['Item', 'Deadline', 'Interest areas', 'Units per person', 'Recipients', 'Sent', 'Used', 'Made'];
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Presales</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={tableClasses.head}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {presales.map((presale) => (
            <tr key={presale.id}>
              <th scope="row" className={cn(tableClasses.cell, 'font-medium')}>
                {presale.itemName}
              </th>
              <td className={tableClasses.cell}>{formatTime(presale.deadline)}</td>
              <td className={tableClasses.cell}>
                {interestAreaLabels(presale.interestAreas, interests, 'Everyone confirmed and subscribed')}
              </td>
              <td className={tableClasses.cell}>{presale.unitsPerPerson ?? '—'}</td>
              <td className={tableClasses.cell}>{presale.recipients}</td>
              <td className={tableClasses.cell}>{presale.sent}</td>
              <td className={tableClasses.cell}>{presale.used}</td>
              <td className={tableClasses.cell}>{formatTime(presale.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
