import { paths } from '@/config/paths';
import { useId, type ChangeEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { DownloadIcon } from '@/components/icons';
import { Button, buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCodes, useImportCodes, type CodeList } from '../api/codes';
import { CodesTable } from './codes-table';
import { NewCodesDialog } from './new-codes-dialog';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

/** The codes screen's own address; the tag filter lives in its query, so a filtered list can be bookmarked. */

export function CodesPage() {
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const codes = useCodes(tag);
  const importCodes = useImportCodes();

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const csv = await file.text();
    // Emptied, so choosing the same file again (once fixed) imports it again.
    input.value = '';
    importCodes.mutate(csv);
  }

  return (
    <Screen
      title="Codes"
      description="Discount and access codes: what each gives, on which items, and how much it has been used."
      actions={
        <>
          {codes.data && <NewCodesDialog items={codes.data.items} />}
          <Button asChild variant="outline">
            <a href={paths.admin.exportFile('codes')} download>
              <DownloadIcon aria-hidden="true" /> Export CSV
            </a>
          </Button>
          <label
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
              importCodes.isPending && 'pointer-events-none opacity-60',
            )}
          >
            Import CSV
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              disabled={importCodes.isPending}
              onChange={(event) => void importFile(event)}
            />
          </label>
        </>
      }
    >
      <ImportOutcome data={importCodes.data} error={importCodes.error} />
      {codes.data ? (
        <CodesList list={codes.data} tag={tag} now={codes.dataUpdatedAt} />
      ) : (
        <Loading error={codes.error} />
      )}
    </Screen>
  );
}

function ImportOutcome({ data, error }: { data?: { codes: { code: string }[] }; error: Error | null }) {
  if (error) {
    const message = error instanceof ApiError ? (error.fieldErrors.file ?? error.message) : error.message;
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-red-50 p-4 font-medium text-destructive">
        Nothing was imported. {message}
      </p>
    );
  }
  if (!data) return null;
  const count = data.codes.length;
  return (
    <p role="status" className="rounded-md border border-border bg-card p-4">
      Imported {count === 1 ? '1 code' : `${count} codes`}:{' '}
      <span className="font-mono">{data.codes.map((code) => code.code).join(', ')}</span>
    </p>
  );
}

function CodesList({ list, tag, now }: { list: CodeList; tag: string; now: number }) {
  const id = useId();
  const tags = list.byTag.flatMap((row) => (row.tag === null ? [] : [row.tag]));
  const filters = [{ tag: '', label: 'All' }, ...tags.map((tag) => ({ tag, label: tag }))];
  return (
    <div className="space-y-6">
      {list.byTag.length > 0 && (
        <section aria-labelledby={`${id}-by-tag`} className="space-y-3">
          <h2 id={`${id}-by-tag`} className="text-lg font-semibold">
            Uses by tag
          </h2>
          <div className={cn(tableClasses.wrapper, 'max-w-xl')}>
            <table className={tableClasses.table}>
              <thead>
                <tr>
                  {['Tag', 'Codes', 'Uses'].map((heading) => (
                    <th key={heading} scope="col" className={tableClasses.head}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.byTag.map((row) => (
                  <tr key={row.tag ?? ''}>
                    <th scope="row" className={cn(tableClasses.cell, 'font-medium')}>
                      {row.tag ?? <span className="text-muted-foreground">No tag</span>}
                    </th>
                    <td className={tableClasses.cell}>{row.codes}</td>
                    <td className={tableClasses.cell}>{row.uses}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section aria-labelledby={`${id}-codes`} className="space-y-3">
        <h2 id={`${id}-codes`} className="text-lg font-semibold">
          {tag ? `Codes tagged ${tag}` : 'All codes'}
        </h2>
        {tags.length > 0 && (
          <nav aria-label="Filter by tag" className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <Link
                key={filter.tag}
                to={
                  filter.tag
                    ? `${paths.admin.codes}?${new URLSearchParams({ tag: filter.tag }).toString()}`
                    : paths.admin.codes
                }
                aria-current={filter.tag === tag ? 'page' : undefined}
                className={cn(
                  'rounded-full border border-border px-3 py-1 text-sm font-medium',
                  filter.tag === tag ? 'bg-night text-night-foreground' : 'bg-card hover:bg-muted',
                )}
              >
                {filter.label}
              </Link>
            ))}
          </nav>
        )}
        <CodesTable codes={list.codes} items={list.items} now={now} caption={tag ? `Codes tagged ${tag}` : 'Codes'} />
      </section>
    </div>
  );
}
