import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateCodes, type Code, type CodeItem, type CodeKind } from '../api/codes';
import {
  blank,
  codeServerErrors,
  fieldsShown,
  holdableItem,
  toRequest,
  type Discount,
  type Draft,
  type Errors,
} from './code-draft';
import { Field, FieldError } from '@/features/admin/shared/components/field';
import { kindLabels, parseWhole } from '@/features/admin/shared/components/format';

const valueLabels: Record<CodeKind, string> = {
  percentOff: 'Percent off',
  amountOff: 'Dollars off each unit',
  fixedPrice: 'Price of each unit, in dollars',
};

/** "ticket", "merchandise" or "sponsorship", from "ticket:developer". */
const itemKind = (item: CodeItem) => item.sku.split(':')[0];

/** Makes one code, or many generated ones, and hands them to `onMade`. */
export function CodeForm({ items, onMade }: { items: CodeItem[]; onMade: (codes: Code[]) => void }) {
  const create = useCreateCodes();
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const hidden = items.filter((item) => item.hidden);
  const holdable = holdableItem(items, draft.appliesTo);
  const count = parseWhole(draft.count);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, errors: found } = toRequest(draft, items);
    setErrors(found);
    if (!request) return;
    try {
      onMade((await create.mutateAsync(request)).codes);
    } catch (error) {
      setErrors(codeServerErrors(error, fieldsShown(draft, items)));
    }
  }

  const kinds = [...new Set(items.map(itemKind))];

  return (
    <form aria-label="New codes" className="grid gap-5" onSubmit={submit} noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Codes to make</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(
            [
              ['one', 'One code'],
              ['generate', 'Generate'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2">
              <input type="radio" name={`${id}-mode`} checked={draft.mode === mode} onChange={() => update({ mode })} />
              {label}
            </label>
          ))}
        </div>
        {draft.mode === 'one' ? (
          <Field
            id={`${id}-code`}
            label="Code"
            hint="3 to 40 letters, digits, - or _, such as PARTNER20. Leave it empty to generate one."
            error={errors.code}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                value={draft.code}
                onChange={(event) => update({ code: event.target.value })}
              />
            )}
          </Field>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-count`} label="How many" hint="1 to 500." error={errors.count}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={draft.count}
                  onChange={(event) => update({ count: event.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-prefix`} label="Prefix" hint="Optional, such as SPEAKER-." error={errors.prefix}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={20}
                  value={draft.prefix}
                  onChange={(event) => update({ prefix: event.target.value })}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>

      <fieldset
        className="grid gap-2"
        aria-describedby={`${id}-items-hint${errors.appliesTo ? ` ${id}-items-error` : ''}`}
      >
        <legend className="mb-1 text-sm font-medium">Applies to</legend>
        <p id={`${id}-items-hint`} className="text-xs text-muted-foreground">
          None ticked: every item. Hidden items are sold only with a code that unlocks them.
        </p>
        {kinds.map((kind) => (
          <div key={kind} className="grid gap-1.5">
            <p className="text-xs font-semibold text-muted-foreground uppercase">{kindLabels[kind] ?? kind}</p>
            <div className="grid gap-1.5 sm:grid-cols-2">
              {items
                .filter((item) => itemKind(item) === kind)
                .map((item) => (
                  <label key={item.sku} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={draft.appliesTo.includes(item.sku)}
                      onCheckedChange={(checked) =>
                        update({
                          appliesTo: checked
                            ? [...draft.appliesTo, item.sku]
                            : draft.appliesTo.filter((sku) => sku !== item.sku),
                        })
                      }
                    />
                    {item.label}
                    {item.hidden && (
                      <>
                        {' '}
                        <span className="text-muted-foreground">(hidden)</span>
                      </>
                    )}
                  </label>
                ))}
            </div>
          </div>
        ))}
        <FieldError id={`${id}-items-error`} error={errors.appliesTo} />
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-discount`} label="Discount">
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.discount}
              onChange={(event) => update({ discount: event.target.value as Discount })}
            >
              <option value="percentOff">A percentage off</option>
              <option value="amountOff">An amount off each unit</option>
              <option value="fixedPrice">A fixed price for each unit</option>
              {hidden.length > 0 && <option value="none">None: it only unlocks a hidden item</option>}
            </NativeSelect>
          )}
        </Field>
        {draft.discount !== 'none' && (
          <Field
            id={`${id}-value`}
            label={valueLabels[draft.discount]}
            hint={draft.discount === 'fixedPrice' ? '0 makes it free.' : undefined}
            error={errors.value}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.value}
                onChange={(event) => update({ value: event.target.value })}
              />
            )}
          </Field>
        )}
        <Field
          id={`${id}-max-uses`}
          label="Uses"
          hint="Units it may be used for in all, by everyone: a use is one ticket or item."
          error={errors.maxUses}
        >
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
          hint="Optional: how many orders one buyer's email may place with it. Empty: one for a free code, any number otherwise."
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
        {holdable && (
          <Field
            id={`${id}-reserve`}
            label="Units to hold"
            hint={`Optional: units of the ${holdable.label} (${holdable.limit} in all) kept out of the stock for this code's holders.`}
            error={errors.reserve}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={draft.reserve}
                onChange={(event) => update({ reserve: event.target.value })}
              />
            )}
          </Field>
        )}
        <Field id={`${id}-valid-from`} label="Valid from" hint="Optional; your own time zone." error={errors.validFrom}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={draft.validFrom}
              onChange={(event) => update({ validFrom: event.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-valid-until`} label="Valid until" hint="Optional." error={errors.validUntil}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={draft.validUntil}
              onChange={(event) => update({ validUntil: event.target.value })}
            />
          )}
        </Field>
        {hidden.length > 0 && (
          <Field id={`${id}-unlocks`} label="Unlocks" error={errors.unlocks}>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.unlocks}
                onChange={(event) => update({ unlocks: event.target.value })}
              >
                <option value="">No hidden item</option>
                {hidden.map((item) => (
                  <option key={item.sku} value={item.sku}>
                    {item.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )}
        <Field
          id={`${id}-tag`}
          label="Tag"
          hint="Optional, such as partners: uses are counted by tag."
          error={errors.tag}
        >
          {(control) => (
            <Input
              {...control}
              maxLength={60}
              value={draft.tag}
              onChange={(event) => update({ tag: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field id={`${id}-note`} label="Note" hint="Optional: who it is for, why." error={errors.note}>
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
      <Button type="submit" disabled={create.isPending}>
        {draft.mode === 'one' ? 'Create code' : count && count > 1 ? `Generate ${count} codes` : 'Generate codes'}
      </Button>
    </form>
  );
}
