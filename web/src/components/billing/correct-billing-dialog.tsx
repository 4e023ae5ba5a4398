import { useMemo, useState, type ComponentProps } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/format-date';
import {
  billingRequest,
  billingSchema,
  emptyBillingAddress,
  isBillingField,
  type BillingDraft,
} from '@/lib/api/billing-details';
import { useCountries } from '@/lib/api/countries';
import { useCorrectBilling, type MyOrder, type OrderProof } from '@/lib/api/my-order';
import { BillingFields } from './billing-fields';

const CORRECTED_MESSAGE = 'Corrected: a credit note and a new invoice were emailed to you.';

interface CorrectBillingDialogProps {
  order: MyOrder;
  proof: OrderProof;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}

/** The "Correct billing details" button and its dialog: the one correction a buyer may make. */
export function CorrectBillingDialog({
  order,
  proof,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: CorrectBillingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {order.canCorrectBilling && (
        <DialogTrigger asChild>
          <Button variant="outline">Correct billing details</Button>
        </DialogTrigger>
      )}
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Correct billing details</DialogTitle>
          <DialogDescription>
            You can correct them once
            {order.correctBillingUntil && <>, until {formatIsoDate(order.correctBillingUntil)}</>}. We will email you a
            credit note for the current invoice and a new invoice.
          </DialogDescription>
        </DialogHeader>
        <CorrectionForm order={order} proof={proof} onCorrected={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The form starts from the details on the current invoice (or blank, when it names the buyer). */
function draftOf(billing: MyOrder['billing']): BillingDraft {
  if (!billing) return { company: '', ...emptyBillingAddress };
  return {
    company: billing.company,
    address: billing.address,
    city: billing.city,
    region: billing.region ?? '',
    postalCode: billing.postalCode ?? '',
    country: billing.country,
    taxId: billing.taxId ?? '',
  };
}

function CorrectionForm({ order, proof, onCorrected }: { order: MyOrder; proof: OrderProof; onCorrected: () => void }) {
  const countries = useCountries({ enabled: true });
  const schema = useMemo(() => z.object({ billing: billingSchema(countries.codes) }), [countries.codes]);
  const correct = useCorrectBilling(proof);
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <Form
      schema={schema}
      options={{ defaultValues: { billing: draftOf(order.billing) } }}
      aria-label="Corrected billing details"
      className="space-y-6"
      onSubmit={async ({ billing }, form) => {
        setRefusal(null);
        try {
          await correct.mutateAsync(billingRequest(billing));
          toast({ title: 'Billing details corrected', description: CORRECTED_MESSAGE });
          onCorrected();
        } catch (error) {
          const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
          for (const [name, message] of fieldErrors) {
            if (isBillingField(name)) form.setError(name, { type: 'server', message });
          }
          // corrected once already, or too late (409): the server's sentence says what to do instead
          if (!fieldErrors.some(([name]) => isBillingField(name))) {
            setRefusal(
              error instanceof Error && error.message ? error.message : 'The correction failed. Please try again.',
            );
          }
        }
      }}
    >
      {() => (
        <>
          <BillingFields countries={countries} withCompany />
          {refusal && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive"
            >
              {refusal}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={correct.isPending}>
              {correct.isPending ? 'Issuing…' : 'Issue corrected invoice'}
            </Button>
          </DialogFooter>
        </>
      )}
    </Form>
  );
}
