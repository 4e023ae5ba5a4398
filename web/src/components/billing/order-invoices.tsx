import { useId, useRef, useState } from 'react';
import { DownloadIcon, RefreshCwIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfig } from '@/features/config/api/get-config';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatInstantDate } from '@/lib/format-date';
import { formatCents } from '@/lib/money';
import { downloadDocument, useMyOrder, type InvoiceLink, type OrderProof } from '@/lib/api/my-order';
import { CorrectBillingDialog } from './correct-billing-dialog';

const kindLabel: Record<InvoiceLink['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** The day an instant (Unix ms) falls on at the venue, as the documents print it: "November 24, 2026". */
function venueDay(unixMs: number, timeZone: string | undefined): string {
  return formatInstantDate(new Date(unixMs).toISOString(), timeZone);
}

/**
 * The buyer's invoices and credit notes for the order `proof` opens, each to download, and the
 * one correction of the billing details while it is allowed. Nothing when the order has no
 * documents, or the proof opens none (a seat holder's link).
 */
export function OrderInvoices({ proof, className }: { proof: OrderProof; className?: string }) {
  const order = useMyOrder(proof);
  const timeZone = useConfig().data?.event.timezone;
  const headingId = useId();
  const [correcting, setCorrecting] = useState(false);
  const correctedNote = useRef<HTMLParagraphElement>(null);

  if (order.error) {
    if (order.error instanceof ApiError && order.error.status === 404) return null;
    return (
      <div role="alert" className={cn('space-y-2 text-left', className)}>
        <p className="font-medium text-destructive">Your invoices could not be loaded.</p>
        <Button variant="outline" size="sm" disabled={order.isFetching} onClick={() => void order.refetch()}>
          <RefreshCwIcon className={cn('size-4', order.isFetching && 'animate-spin')} aria-hidden="true" />
          {order.isFetching ? 'Retrying…' : 'Try again'}
        </Button>
      </div>
    );
  }
  const page = order.data;
  if (!page || page.invoices.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={cn('space-y-4 text-left', className)}>
      <h2 id={headingId} className="text-lg font-semibold">
        Invoices
      </h2>
      <ul className="space-y-2">
        {page.invoices.map((document) => (
          <li
            key={document.number}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-3"
          >
            <span className="text-sm">
              {kindLabel[document.kind]} {document.number} · {formatCents(document.total)} ·{' '}
              {venueDay(document.issuedAt, timeZone)}
            </span>
            <DownloadButton document={document} proof={proof} />
          </li>
        ))}
      </ul>
      {page.billingCorrectedAt !== null && (
        <p ref={correctedNote} tabIndex={-1} className="text-sm text-muted-foreground outline-none">
          Billing details were corrected on {venueDay(page.billingCorrectedAt, timeZone)}.
        </p>
      )}
      {/* kept while open, so the dialog closes (and hands focus on) after the correction ends the offer */}
      {(page.canCorrectBilling || correcting) && (
        <CorrectBillingDialog
          order={page}
          proof={proof}
          open={correcting}
          onOpenChange={setCorrecting}
          onCloseAutoFocus={(event) => {
            // the trigger is gone once corrected: continue from the sentence that says so
            if (correctedNote.current) {
              event.preventDefault();
              correctedNote.current.focus();
            }
          }}
        />
      )}
    </section>
  );
}

function DownloadButton({ document, proof }: { document: InvoiceLink; proof: OrderProof }) {
  const [downloading, setDownloading] = useState(false);
  const name = `${kindLabel[document.kind]} ${document.number}`;

  async function download() {
    setDownloading(true);
    try {
      await downloadDocument(document, proof);
    } catch (error) {
      toast({
        title: 'Download failed',
        description: `${name} could not be downloaded. ${error instanceof Error ? error.message : ''}`.trim(),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      disabled={downloading}
      aria-label={`Download ${kindLabel[document.kind].toLowerCase()} ${document.number}`}
      onClick={() => void download()}
    >
      {downloading ? <Spinner className="size-4 border-2" /> : <DownloadIcon aria-hidden="true" />}
      Download
    </Button>
  );
}
