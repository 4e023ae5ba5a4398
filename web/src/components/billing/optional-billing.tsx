import { useId } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import type { CountriesQuery } from '@/lib/api/countries';
import { BillingFields } from './billing-fields';

interface OptionalBillingProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form's countries query, enabled while the section is open. */
  countries: CountriesQuery;
}

/**
 * A checkout's billing details for a company's invoice, behind a disclosure. While it is
 * closed the form holds no billing details, so none are sent.
 */
export function OptionalBilling({ open, onOpenChange, countries }: OptionalBillingProps) {
  const sectionId = useId();
  return (
    <div className="space-y-4">
      <Button
        variant="link"
        className="h-auto px-0 py-0 whitespace-normal"
        aria-expanded={open}
        aria-controls={sectionId}
        onClick={() => onOpenChange(!open)}
      >
        Buying for a company? Add billing details
        {open ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
      </Button>
      <fieldset id={sectionId} hidden={!open} className="min-w-0 space-y-4">
        {open && (
          <>
            <legend className="font-semibold">Billing details</legend>
            <p className="text-sm text-muted-foreground">Your invoice will be made out to the company.</p>
            <BillingFields countries={countries} withCompany removeWhenHidden />
          </>
        )}
      </fieldset>
    </div>
  );
}
