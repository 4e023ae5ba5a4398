import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/features/admin/shared/components/field';
import { serverErrors } from '@/features/admin/shared/components/server-errors';
import { useImportProgramme } from '../api/programme';
import { ChangesReport } from './changes-report';
import { formatLabels } from './changes-format';

/**
 * Choosing a programme file, previewing what it changes, then applying it. Apply is offered once the chosen file's
 * preview is on screen, so nobody applies a file whose changes they have not seen.
 */
export function ImportForm({ titles }: { titles: ReadonlyMap<string, string> }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportProgramme();
  const errors = importing.error ? serverErrors(importing.error, ['file']) : {};
  const answer = importing.data;
  const applied = answer && importing.variables?.apply ? answer : undefined;
  const previewed = answer && !importing.variables?.apply ? answer : undefined;

  function send(apply: boolean) {
    if (file) importing.mutate({ file, apply });
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Import a programme file
      </h2>
      <Field
        id={`${id}-file`}
        label="Programme file"
        hint="pretalx's schedule.json, frab XML schedule.xml, or Sessionize's “All” JSON; up to 5 MB."
        error={errors.file}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".json,.xml,application/json,application/xml,text/xml"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              importing.reset();
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={!file || importing.isPending}>
          Preview
        </Button>
        {previewed && (
          <Button type="button" disabled={importing.isPending} onClick={() => send(true)}>
            Apply
          </Button>
        )}
      </div>
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      {previewed && (
        <section aria-label="Preview" className="space-y-3 border-t border-border pt-4">
          <p>
            Format: <strong>{formatLabels[previewed.format]}</strong>
          </p>
          <ChangesReport changes={previewed.changes} titles={titles} />
        </section>
      )}
      {applied && (
        <p role="status" className="rounded-md border border-border bg-muted p-3 font-medium">
          {applied.version === undefined ? 'Nothing to change.' : `Version ${applied.version} applied.`}
        </p>
      )}
    </form>
  );
}
