import { useId } from 'react';
import type { Changes } from '../api/programme';
import { changedInPlace, changesNothing, slotLabel } from './changes-format';

/**
 * What an import changes: the counts of sessions and speakers, and each moved session from its old time and room
 * to its new one. `titles` names a session by its slug where the programme knows it.
 */
export function ChangesReport({ changes, titles }: { changes: Changes; titles: ReadonlyMap<string, string> }) {
  const id = useId();
  if (changesNothing(changes)) {
    return <p>The file matches the programme: no session or speaker changes.</p>;
  }
  const rows = [
    {
      what: 'Sessions',
      counts: [
        ['added', changes.sessionsAdded],
        ['changed', changedInPlace(changes)],
        ['moved', changes.moved.length],
        ['removed', changes.sessionsRemoved],
      ],
    },
    {
      what: 'Speakers',
      counts: [
        ['added', changes.speakersAdded],
        ['changed', changes.speakersChanged],
        ['removed', changes.speakersRemoved],
      ],
    },
  ] as const;
  return (
    <div className="space-y-4">
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map((row) => (
          <div key={row.what} className="contents">
            <dt className="font-semibold">{row.what}</dt>
            <dd>{row.counts.map(([label, count]) => `${count} ${label}`).join(', ')}</dd>
          </div>
        ))}
      </dl>
      {changes.moved.length > 0 && (
        <section aria-labelledby={`${id}-moved`} className="space-y-2">
          <h3 id={`${id}-moved`} className="font-semibold">
            Moved
          </h3>
          <ul className="space-y-1 text-sm">
            {changes.moved.map((moved) => (
              <li key={moved.session}>
                <span className="font-medium">{titles.get(moved.session) ?? moved.session}</span>:{' '}
                {slotLabel(moved.from)} → {slotLabel(moved.to)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
