import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { RefreshCwIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { BillingDraft } from '@/lib/api/billing-details';
import { defaultCountry, type CountriesQuery } from '@/lib/api/countries';

type BillingForm = { billing: BillingDraft };

interface BillingFieldsProps {
  /** GET /api/countries, which the form's schema checks the country against too. */
  countries: CountriesQuery;
  /** Whether to ask for the company's name (the sponsor form has its own). */
  withCompany: boolean;
  /**
   * Whether the fields leave the form's values when they are hidden, as the checkouts' optional
   * section does: a closed section sends no billing details.
   */
  removeWhenHidden?: boolean;
}

/** The billing details' fields, in a form whose values have `billing` (so server errors keyed `billing.city` land here). */
export function BillingFields({ countries, withCompany, removeWhenHidden = false }: BillingFieldsProps) {
  const { control } = useFormContext<BillingForm>();
  // with `removeWhenHidden` a field's value goes when it unmounts, and comes back blank
  const common = { control, shouldUnregister: removeWhenHidden, defaultValue: '' } as const;

  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {withCompany && (
        <FormField
          {...common}
          name="billing.company"
          render={({ field }) => (
            <FormItem className="sm:col-span-2">
              <FormLabel>Company name</FormLabel>
              <FormControl>
                <Input autoComplete="organization" maxLength={200} {...field} value={field.value ?? ''} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      <FormField
        {...common}
        name="billing.address"
        render={({ field }) => (
          <FormItem hasDescription className="sm:col-span-2">
            <FormLabel>Address</FormLabel>
            <FormControl>
              <Textarea rows={2} autoComplete="street-address" maxLength={200} className="min-h-16" {...field} />
            </FormControl>
            <FormDescription>One or two lines.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        {...common}
        name="billing.city"
        render={({ field }) => (
          <FormItem>
            <FormLabel>City</FormLabel>
            <FormControl>
              <Input autoComplete="address-level2" maxLength={100} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        {...common}
        name="billing.region"
        render={({ field }) => (
          <FormItem>
            <FormLabel>State / region (optional)</FormLabel>
            <FormControl>
              <Input autoComplete="address-level1" maxLength={100} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        {...common}
        name="billing.postalCode"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Postal code (optional)</FormLabel>
            <FormControl>
              <Input autoComplete="postal-code" maxLength={20} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <CountryField countries={countries} removeWhenHidden={removeWhenHidden} />
      <FormField
        {...common}
        name="billing.taxId"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Tax / VAT ID (optional)</FormLabel>
            <FormControl>
              <Input autoComplete="off" spellCheck={false} maxLength={40} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}

/** A native select of the server's countries, by name: disabled while they load, with a retry if they failed. */
function CountryField({ countries, removeWhenHidden }: { countries: CountriesQuery; removeWhenHidden: boolean }) {
  const { control, getValues, setValue } = useFormContext<BillingForm>();
  const failureId = useId();
  const { data } = countries;

  // a new address starts in the default country once the list is here
  useEffect(() => {
    if (data && getValues('billing.country') === '') setValue('billing.country', defaultCountry(data));
  }, [data, getValues, setValue]);

  return (
    <FormField
      control={control}
      name="billing.country"
      shouldUnregister={removeWhenHidden}
      defaultValue=""
      render={({ field }) => (
        <FormItem>
          <FormLabel>Country</FormLabel>
          <FormControl aria-describedby={countries.isError ? failureId : undefined}>
            <NativeSelect autoComplete="country" {...field} disabled={!data}>
              {data ? (
                <>
                  <option value="" disabled>
                    Choose a country
                  </option>
                  {data.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </>
              ) : (
                <option value="">{countries.isError ? 'Countries unavailable' : 'Loading countries…'}</option>
              )}
            </NativeSelect>
          </FormControl>
          {countries.isError && (
            <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span id={failureId} className="font-medium text-destructive">
                The list of countries could not be loaded.
              </span>
              <Button
                variant="link"
                className="h-auto px-0 py-0"
                disabled={countries.isFetching}
                onClick={() => void countries.refetch()}
              >
                <RefreshCwIcon className={cn('size-4', countries.isFetching && 'animate-spin')} aria-hidden="true" />
                {countries.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            </div>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
