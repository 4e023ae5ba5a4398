import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { CodeField } from '@/components/payment/code-field';
import { PriceBreakdown, type Pricing } from '@/components/payment/price-breakdown';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { emptyBillingAddress } from '@/lib/api/billing-details';
import { useCountries, type CountriesQuery } from '@/lib/api/countries';
import { BillingFields } from '@/components/billing/billing-fields';
import type { SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import { formatCents } from '@/lib/money';
import { sponsorFormSchema, type SponsorForm } from '../api/create-sponsorship-payment';

export type SponsorFormApi = UseFormReturn<SponsorForm, unknown, SponsorForm>;

const groups = [
  { group: 'standard', label: 'Standard Sponsorship Tiers' },
  { group: 'signature', label: 'Signature Sponsorship Tiers' },
] as const;

const unavailableNote: Record<SponsorshipTier['sales'], string> = {
  open: '',
  not_yet: ' (not on sale yet)',
  closed: ' (sales closed)',
  sold_out: ' (sold out)',
};

/** "Platinum - $50,000.00", and "(sold out)" (or not on sale yet, or closed) for a tier nobody can buy now. */
function optionText(tier: SponsorshipTier): string {
  return `${tier.label} - ${formatCents(tier.amount)}${unavailableNote[tier.sales]}`;
}

interface SponsorFormProps {
  tiers: SponsorshipTier[];
  /**
   * The tier to start with (from `?tier=`), already checked to exist and be available; followed
   * while the sponsor has not chosen another.
   */
  initialTier: string;
  /** The code to start with, from a `?code=` link. */
  initialCode: string;
  /** Why the latest quote refused the code. */
  codeError: string | undefined;
  /** The chosen tier's price as quoted, once a tier is chosen. */
  pricing: Pricing | undefined;
  submitting: boolean;
  onTierChange: (tier: string) => void;
  onCodeChange: (code: string) => void;
  onSubmit: (values: SponsorForm, form: SponsorFormApi) => unknown;
}

/** The sponsor's company, contact, billing address, chosen tier and any code, with the tier's quoted price. */
export function SponsorFormFields({ onSubmit, ...props }: SponsorFormProps) {
  const countries = useCountries({ enabled: true });
  const latestSubmit = useRef(onSubmit);
  useEffect(() => {
    latestSubmit.current = onSubmit;
  });
  const submit = useCallback<SponsorFormProps['onSubmit']>((values, form) => latestSubmit.current(values, form), []);
  const tiers = useDeferredValue(props.tiers);
  const initialTier = useDeferredValue(props.initialTier);
  const initialCode = useDeferredValue(props.initialCode);
  const codeError = useDeferredValue(props.codeError);
  const pricing = useDeferredValue(props.pricing);
  const countryList = useDeferredValue(countries);
  const { submitting, onTierChange, onCodeChange } = props;
  // What arrives after the page is drawn (the tier from the address, the countries, the quote)
  // would reach the form in one synchronous render each. Deferred, those renders happen in a
  // background pass React can pause; and the form, its own Suspense boundary left untouched
  // by the page's first render after hydration, comes to life in a task of its own. Either
  // way a phone is never blocked for long.
  return useMemo(
    () => (
      <Suspense>
        <SponsorFormBody
          tiers={tiers}
          initialTier={initialTier}
          initialCode={initialCode}
          codeError={codeError}
          pricing={pricing}
          submitting={submitting}
          onTierChange={onTierChange}
          onCodeChange={onCodeChange}
          onSubmit={submit}
          countries={countryList}
        />
      </Suspense>
    ),
    [tiers, initialTier, initialCode, codeError, pricing, submitting, onTierChange, onCodeChange, submit, countryList],
  );
}

function SponsorFormBody({
  tiers,
  initialTier,
  initialCode,
  codeError,
  pricing,
  submitting,
  onTierChange,
  onCodeChange,
  onSubmit,
  countries,
}: SponsorFormProps & { countries: CountriesQuery }) {
  const schema = useMemo(() => sponsorFormSchema(tiers, countries.codes), [tiers, countries.codes]);

  return (
    <Form
      schema={schema}
      options={{
        defaultValues: {
          companyName: '',
          contactName: '',
          email: '',
          phone: '',
          website: '',
          sponsorshipTier: initialTier,
          additionalInfo: '',
          code: initialCode,
          billing: emptyBillingAddress,
        },
      }}
      aria-label="Sponsorship details"
      className="space-y-6"
      onSubmit={onSubmit}
    >
      {(form) => (
        <>
          <StartingTier tier={initialTier} />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="companyName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Company name</FormLabel>
                  <FormControl>
                    <Input autoComplete="organization" maxLength={200} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="contactName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Contact name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" maxLength={200} {...field} />
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
            <FormField
              control={form.control}
              name="phone"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Phone</FormLabel>
                  <FormControl>
                    <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={40} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <FormField
            control={form.control}
            name="website"
            render={({ field }) => (
              <FormItem hasDescription>
                <FormLabel>Company website</FormLabel>
                <FormControl>
                  <Input type="url" autoComplete="url" inputMode="url" placeholder="https://example.com" {...field} />
                </FormControl>
                <FormDescription>Optional.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <fieldset className="min-w-0 space-y-4">
            <legend className="font-semibold">Billing address</legend>
            <p className="text-sm text-muted-foreground">
              Your invoice will be made out to the company at this address.
            </p>
            <BillingFields countries={countries} withCompany={false} />
          </fieldset>

          <FormField
            control={form.control}
            name="sponsorshipTier"
            render={({ field }) => (
              <FormItem hasDescription>
                <FormLabel>Sponsorship tier</FormLabel>
                <FormControl>
                  <NativeSelect
                    {...field}
                    onChange={(event) => {
                      field.onChange(event);
                      onTierChange(event.target.value);
                    }}
                  >
                    <option value="" disabled>
                      Select a sponsorship tier
                    </option>
                    {groups.map(({ group, label }) => {
                      const inGroup = tiers.filter((tier) => tier.group === group);
                      if (inGroup.length === 0) return null;
                      return (
                        <optgroup key={group} label={label}>
                          {inGroup.map((tier) => (
                            <option key={tier.value} value={tier.value} disabled={!tier.available}>
                              {optionText(tier)}
                            </option>
                          ))}
                        </optgroup>
                      );
                    })}
                  </NativeSelect>
                </FormControl>
                <FormDescription>Signature sponsorships go to a single partner each.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="additionalInfo"
            render={({ field }) => (
              <FormItem hasDescription>
                <FormLabel>Additional information</FormLabel>
                <FormControl>
                  <Textarea rows={4} maxLength={2000} {...field} />
                </FormControl>
                <FormDescription>Optional: anything our partnerships team should know.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />

          <CodeField quoteError={codeError} onCodeChange={onCodeChange} />

          {pricing && (
            <section aria-label="Price" className="rounded-lg border border-border bg-muted p-4">
              <PriceBreakdown pricing={pricing} />
            </section>
          )}

          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Processing...' : 'Proceed to Payment'}
          </Button>
        </>
      )}
    </Form>
  );
}

/**
 * Moves the tier field to a new starting tier unless the sponsor has chosen another: a
 * prerendered page learns `?tier=` only once it has hydrated, and a refreshed list can find the
 * tier taken. Setting the one field, instead of making the form anew, loses nothing typed and
 * spares a phone a second render of the whole form.
 */
function StartingTier({ tier }: { tier: string }) {
  const { getValues, setValue } = useFormContext<SponsorForm>();
  const started = useRef(tier);
  useEffect(() => {
    if (getValues('sponsorshipTier') === started.current) setValue('sponsorshipTier', tier);
    started.current = tier;
  }, [tier, getValues, setValue]);
  return null;
}
