import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useChangeCode, type Code, type CodeChange } from '../api/codes';
import { localInputToRfc3339, parseWhole, toLocalInput } from '@/features/admin/shared/components/format';
import { Field } from '@/features/admin/shared/components/field';

export function CodeEditDialog({ code }: { code: Code }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setAttempt((current) => current + 1);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Edit <span className="sr-only">{code.code}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <CodeEditForm key={attempt} code={code} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

type Draft = Record<'maxUses' | 'ordersPerEmail' | 'validFrom' | 'validUntil' | 'tag' | 'note', string>;
type Errors = Partial<Record<keyof Draft | 'general', string>>;

function draftOf(code: Code): Draft {
  return {
    maxUses: String(code.maxUses),
    ordersPerEmail: code.ordersPerEmail === null ? '' : String(code.ordersPerEmail),
    validFrom: toLocalInput(code.validFrom),
    validUntil: toLocalInput(code.validUntil),
    tag: code.tag ?? '',
    note: code.note ?? '',
  };
}

/** Only what the organizer changed: a date shown to the minute is not sent back unless edited. */
function toChange(initial: Draft, draft: Draft): { change?: CodeChange; errors: Errors } {
  const errors: Errors = {};
  const change: CodeChange = {};
  if (draft.maxUses !== initial.maxUses) {
    const maxUses = parseWhole(draft.maxUses);
    if (maxUses === null) errors.maxUses = 'Enter a whole number of uses.';
    else change.maxUses = maxUses;
  }
  if (draft.ordersPerEmail.trim() !== initial.ordersPerEmail) {
    const orders = draft.ordersPerEmail.trim() ? parseWhole(draft.ordersPerEmail) : null;
    if (draft.ordersPerEmail.trim() && (orders === null || orders < 1)) {
      errors.ordersPerEmail = 'Enter a whole number of orders, or clear it for any number.';
    } else change.ordersPerEmail = orders;
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    if (draft[field] === initial[field]) continue;
    if (!draft[field]) change[field] = null;
    else {
      const at = localInputToRfc3339(draft[field]);
      if (at) change[field] = at;
      else errors[field] = 'Enter a date and time, or clear it.';
    }
  }
  for (const field of ['tag', 'note'] as const) {
    if (draft[field].trim() !== initial[field].trim()) change[field] = draft[field].trim() || null;
  }
  return Object.keys(errors).length > 0 ? { errors } : { change, errors };
}

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) {
    return { general: error instanceof Error ? error.message : 'The code could not be saved. Please try again.' };
  }
  const fields = ['maxUses', 'ordersPerEmail', 'validFrom', 'validUntil', 'tag', 'note'] as const;
  const errors: Errors = {};
  for (const field of fields) if (error.fieldErrors[field]) errors[field] = error.fieldErrors[field];
  if (Object.keys(errors).length === 0) errors.general = error.message;
  return errors;
}

function CodeEditForm({ code, onDone }: { code: Code; onDone: () => void }) {
  const changeCode = useChangeCode();
  const [initial] = useState(() => draftOf(code));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { change, errors: found } = toChange(initial, draft);
    setErrors(found);
    if (!change) return;
    if (Object.keys(change).length === 0) return onDone();
    try {
      await changeCode.mutateAsync({ id: code.id, ...change });
      toast({ title: 'Code saved', description: `${code.code} is changed.` });
      onDone();
    } catch (error) {
      setErrors(serverErrors(error));
    }
  }

  return (
    <form aria-label={`Edit ${code.code}`} className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit {code.code}</DialogTitle>
        <DialogDescription>
          Used {code.uses} of {code.maxUses} times. What it gives and the items it applies to stay as they are.
        </DialogDescription>
      </DialogHeader>
      <Field id={`${id}-max-uses`} label="Uses" hint={`At least the ${code.uses} made already.`} error={errors.maxUses}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={draft.maxUses}
            onChange={(event) => update({ maxUses: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={`${id}-orders-per-email`}
        label="Orders per email"
        hint="How many orders one buyer's email may place with it. Empty: any number."
        error={errors.ordersPerEmail}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={draft.ordersPerEmail}
            onChange={(event) => update({ ordersPerEmail: event.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-valid-from`} label="Valid from" hint="Empty: no start." error={errors.validFrom}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={draft.validFrom}
              onChange={(event) => update({ validFrom: event.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-valid-until`} label="Valid until" hint="Empty: no end." error={errors.validUntil}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={draft.validUntil}
              onChange={(event) => update({ validUntil: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field id={`${id}-tag`} label="Tag" error={errors.tag}>
        {(control) => (
          <Input
            {...control}
            maxLength={60}
            value={draft.tag}
            onChange={(event) => update({ tag: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${id}-note`} label="Note" error={errors.note}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={500}
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
          />
        )}
      </Field>
      {errors.general && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" disabled={changeCode.isPending}>
        {changeCode.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
