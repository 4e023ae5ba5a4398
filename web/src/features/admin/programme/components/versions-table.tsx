import { useId } from 'react';
import { formatTime } from '@/features/admin/shared/components/format';
import { Loading } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { cn } from '@/lib/cn';
import { useProgrammeVersions } from '../api/programme';
import { changesSummary, formatLabels, slotLabel } from './changes-format';

/** Every applied import, newest first: what it changed, from which format, when and by whom. */
export function VersionsTable({ titles }: { titles: ReadonlyMap<string, string> }) {
  const id = useId();
  const versions = useProgrammeVersions();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Versions
      </h2>
      {!versions.data ? (
        <Loading error={versions.error} />
      ) : versions.data.length === 0 ? (
        <p className="text-muted-foreground">No programme has been imported yet.</p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Versions of the programme</caption>
            <thead>
              <tr>
                {['Version', 'Applied', 'By', 'Format', 'Changes'].map((heading) => (
                  <th key={heading} scope="col" className={tableClasses.head}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {versions.data.map((version) => (
                <tr key={version.number}>
                  <th scope="row" className={cn(tableClasses.cell, 'font-semibold')}>
                    v{version.number}
                  </th>
                  <td className={tableClasses.cell}>{formatTime(version.appliedAt)}</td>
                  <td className={tableClasses.cell}>{version.appliedBy}</td>
                  <td className={tableClasses.cell}>{formatLabels[version.format] ?? version.format}</td>
                  <td className={cn(tableClasses.cell, 'whitespace-normal')}>
                    <p>{changesSummary(version.changes)}</p>
                    {version.changes.moved.length > 0 && (
                      <ul className="mt-1 text-muted-foreground">
                        {version.changes.moved.map((moved) => (
                          <li key={moved.session}>
                            {titles.get(moved.session) ?? moved.session}: {slotLabel(moved.from)} →{' '}
                            {slotLabel(moved.to)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
