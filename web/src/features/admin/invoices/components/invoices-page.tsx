import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { invoicePdfsUrl, ledgerCsvUrl, useInvoices, type InvoiceRange } from '../api/invoices';
import { InvoiceLedgerTable } from './invoice-ledger-table';
import { Loading, Screen } from '@/features/admin/shared/components/screen';

/** A day in the browser's calendar as a date input writes it: "2026-05-18". */
function calendarDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The range lives in the address, so a period can be bookmarked and Back works. Without one,
 * the month so far; an emptied day stays empty in the address (`from=`) and means no bound.
 */
function useRange(): [InvoiceRange, (next: InvoiceRange) => void] {
  const [params, setParams] = useSearchParams();
  const [monthSoFar] = useState(() => {
    const today = new Date();
    return { from: calendarDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: calendarDay(today) };
  });
  const range = { from: params.get('from') ?? monthSoFar.from, to: params.get('to') ?? monthSoFar.to };
  return [range, (next) => setParams({ from: next.from, to: next.to })];
}

export function InvoicesPage() {
  const [range, setRange] = useRange();
  const ledger = useInvoices(range);
  const id = useId();
  // A refused range (a day that is not one, or from after to) is the organizer's to fix, by the dates.
  const refusal = ledger.error instanceof ApiError && ledger.error.status === 400 ? ledger.error.message : undefined;

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  }

  return (
    <Screen
      title="Invoices"
      description="Invoices and credit notes issued between two days at the venue, both included, for the accountant."
      actions={
        !refusal && (
          <>
            <Button asChild variant="outline">
              <a href={ledgerCsvUrl(range)} download>
                <DownloadIcon aria-hidden="true" /> Export ledger (CSV)
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={invoicePdfsUrl(range)} download>
                <DownloadIcon aria-hidden="true" /> Download PDFs (zip)
              </a>
            </Button>
          </>
        )
      }
    >
      <form
        aria-label="Days of issue"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4"
        onSubmit={show}
        key={`${range.from}/${range.to}`}
      >
        <div className="grid w-44 gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            name="from"
            type="date"
            defaultValue={range.from}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
          />
        </div>
        <div className="grid w-44 gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            name="to"
            type="date"
            defaultValue={range.to}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
          />
        </div>
        <Button type="submit">Show</Button>
        {refusal && (
          <p id={`${id}-refusal`} role="alert" className="w-full text-sm font-medium text-destructive">
            {refusal}
          </p>
        )}
      </form>

      {ledger.data && !ledger.error ? (
        <InvoiceLedgerTable ledger={ledger.data} />
      ) : (
        !refusal && <Loading error={ledger.error} />
      )}
    </Screen>
  );
}
