import { useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CodeField } from '@/components/payment/code-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCountries } from '@/lib/api/countries';
import { OptionalBilling } from '@/components/billing/optional-billing';
import { JoinWaitingListButton } from '@/features/waiting-list/components/join-waiting-list-button';
import type { WaitingListItem } from '@/features/waiting-list/item';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { formatCents } from '@/lib/money';
import { MAX_QUANTITY, merchandiseOrderSchema, type MerchandiseOrder } from '../api/create-merchandise-payment';

export type MerchandiseOrderFormApi = UseFormReturn<MerchandiseOrder, unknown, MerchandiseOrder>;

interface MerchandiseOrderFormProps {
  item: MerchandiseItem;
  /** The order's quoted total, as the form currently reads. */
  total: number;
  /** The code to start with, from a `?code=` link. */
  initialCode: string;
  /** The size and color to start with: the link's, or the item's first (empty when it has none). */
  initialSize: string;
  initialColor: string;
  /** Why the latest quote refused the code. */
  codeError: string | undefined;
  /** Why the item cannot be ordered now (not on sale yet, closed, sold out); null while it can. */
  unavailable: string | null;
  /** The item, in the size and color chosen, when it is sold out: its waiting list takes the button's place. */
  waitingList: WaitingListItem | null;
  submitting: boolean;
  onQuantityChange: (quantity: number) => void;
  /** A new size, colour or code: the order is priced again. */
  onChoiceChange: (choice: { size: string } | { color: string } | { code: string }) => void;
  onSubmit: (order: MerchandiseOrder, form: MerchandiseOrderFormApi) => unknown;
}

/**
 * Step one: who is buying, how many, in which size and color (each only when the item has them),
 * a company's billing details, and any code.
 */
export function MerchandiseOrderForm({
  item,
  total,
  initialCode,
  initialSize,
  initialColor,
  codeError,
  unavailable,
  waitingList,
  submitting,
  onQuantityChange,
  onChoiceChange,
  onSubmit,
}: MerchandiseOrderFormProps) {
  const sizes = item.sizes ?? [];
  const colors = item.colors ?? [];
  const [billingOpen, setBillingOpen] = useState(false);
  const countries = useCountries({ enabled: billingOpen });
  const schema = useMemo(() => merchandiseOrderSchema(countries.codes), [countries.codes]);

  return (
    <Form
      schema={schema}
      options={{
        defaultValues: {
          name: '',
          email: '',
          quantity: 1,
          size: initialSize,
          color: initialColor,
          code: initialCode,
        },
      }}
      aria-label="Customer information"
      className="space-y-6"
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
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
          </div>

          <div className="grid gap-6 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="quantity"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Quantity</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_QUANTITY}
                      step={1}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(event) => {
                        field.onChange(event.target.valueAsNumber);
                        onQuantityChange(event.target.valueAsNumber);
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {sizes.length > 0 && (
              <FormField
                control={form.control}
                name="size"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Size</FormLabel>
                    <FormControl>
                      <NativeSelect
                        {...field}
                        onChange={(event) => {
                          field.onChange(event);
                          onChoiceChange({ size: event.target.value });
                        }}
                      >
                        {sizes.map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            {colors.length > 0 && (
              <FormField
                control={form.control}
                name="color"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Color</FormLabel>
                    <FormControl>
                      <NativeSelect
                        {...field}
                        onChange={(event) => {
                          field.onChange(event);
                          onChoiceChange({ color: event.target.value });
                        }}
                      >
                        {colors.map((color) => (
                          <option key={color} value={color}>
                            {color}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
          </div>

          <OptionalBilling open={billingOpen} onOpenChange={setBillingOpen} countries={countries} />

          <CodeField quoteError={codeError} onCodeChange={(code) => onChoiceChange({ code })} />

          <p className="flex items-baseline justify-between gap-4 border-t border-border pt-4 text-lg">
            <span className="font-medium">Total</span>
            <span className="font-display text-2xl font-bold" aria-live="polite">
              {formatCents(total)}
            </span>
          </p>

          {unavailable && (
            <p role="status" className="font-medium text-destructive">
              {unavailable}
            </p>
          )}

          {waitingList ? (
            <JoinWaitingListButton
              item={waitingList}
              name={item.name}
              className={buttonVariants({ size: 'lg', className: 'w-full' })}
            />
          ) : (
            <Button type="submit" size="lg" className="w-full" disabled={submitting || unavailable !== null}>
              {submitting ? 'Processing...' : 'Continue to Payment'}
            </Button>
          )}
        </>
      )}
    </Form>
  );
}
