import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { entryFields, quantityBounds, waitingListSchema, type WaitingListEntry } from '../api/join-waiting-list';
import { optionsOf, type WaitingListItem } from '../item';

export type WaitingListFormApi = UseFormReturn<WaitingListEntry, unknown, WaitingListEntry>;

interface WaitingListFormProps {
  item: WaitingListItem;
  /** Why the server refused the entry, when no field of the form says it. */
  problem: string | null;
  submitting: boolean;
  onSubmit: (entry: WaitingListEntry, form: WaitingListFormApi) => unknown;
}

/** Who is waiting, for how many, and (merchandise) in which size and colour. */
export function WaitingListForm({ item, problem, submitting, onSubmit }: WaitingListFormProps) {
  const { sizes, colors, size, color } = optionsOf(item);
  const { min } = quantityBounds(item);
  const shown = entryFields(item);

  return (
    <Form
      schema={waitingListSchema(item)}
      options={{
        defaultValues: {
          name: '',
          email: '',
          quantity: min,
          size: size ?? sizes[0] ?? '',
          color: color ?? colors[0] ?? '',
        },
      }}
      aria-label="Join the waiting list"
      className="space-y-5"
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Full name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" maxLength={100} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" inputMode="email" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {shown.size > 2 && (
            <div className="grid gap-5 sm:grid-cols-3">
              {shown.has('quantity') && <QuantityField form={form} item={item} />}
              {shown.has('size') && <OptionField form={form} name="size" label="Size" values={sizes} />}
              {shown.has('color') && <OptionField form={form} name="color" label="Color" values={colors} />}
            </div>
          )}

          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}

          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Joining...' : 'Join the waiting list'}
          </Button>
        </>
      )}
    </Form>
  );
}

/** How many, up to what could ever come back in the size and colour chosen. */
function QuantityField({ form, item }: { form: WaitingListFormApi; item: WaitingListItem }) {
  const [size, color, quantity] = useWatch({ control: form.control, name: ['size', 'color', 'quantity'] });
  const { min, max } = quantityBounds(item, { size, color });
  const quantities = Array.from({ length: max - min + 1 }, (_, index) => String(min + index));

  // a size or colour of which fewer could come back brings the number asked for down to them
  useEffect(() => {
    if (quantity > max) form.setValue('quantity', max);
  }, [form, quantity, max]);

  return (
    <FormField
      control={form.control}
      name="quantity"
      render={({ field }) => (
        <FormItem>
          <FormLabel>How many</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              <Options values={quantities} />
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function OptionField({
  form,
  name,
  label,
  values,
}: {
  form: WaitingListFormApi;
  name: 'size' | 'color';
  label: string;
  values: string[];
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>
              <Options values={values} />
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function Options({ values }: { values: string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}
