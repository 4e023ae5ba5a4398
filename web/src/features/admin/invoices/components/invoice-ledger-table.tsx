import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatIsoDate } from '@/lib/format-date';
import { formatCents } from '@/lib/money';
import type { Ledger } from '../api/invoices';
import { invoiceKindLabels } from '@/features/admin/shared/components/format';
import { InvoiceDownload } from '@/features/admin/shared/components/invoice-download';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

const headings = ['Number', 'Kind', 'Date', 'Buyer', 'Tax ID', 'Net', 'Tax', 'Total', 'Order', ''];
const amount = cn(tableClasses.cell, 'text-right tabular-nums');

/** "2 invoices, 1 credit note" */
function countDocuments({ invoices, creditNotes }: { invoices: number; creditNotes: number }): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `${count(invoices, 'invoice')}, ${count(creditNotes, 'credit note')}`;
}

/** The documents of a range as the accountant reads them, with what they add up to. */
export function InvoiceLedgerTable({ ledger }: { ledger: Ledger }) {
  if (ledger.invoices.length === 0) {
    return <p className="text-muted-foreground">No invoices or credit notes in these days.</p>;
  }
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Invoices</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={tableClasses.head}>
                {heading || <span className="sr-only">PDF</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ledger.invoices.map((entry) => (
            <tr key={entry.number} className="hover:bg-muted/60">
              <th scope="row" className={cn(tableClasses.cell, 'font-mono font-semibold')}>
                {entry.number}
              </th>
              <td className={tableClasses.cell}>
                {invoiceKindLabels[entry.kind]}
                {entry.refersTo && ' '}
                {entry.refersTo && (
                  <span className="block text-muted-foreground">
                    for <span className="font-mono">{entry.refersTo}</span>
                  </span>
                )}
              </td>
              <td className={tableClasses.cell}>{formatIsoDate(entry.date)}</td>
              <td className={cn(tableClasses.cell, 'max-w-64 whitespace-normal')}>{entry.buyer}</td>
              <td className={cn(tableClasses.cell, 'font-mono')}>{entry.buyerTaxId ?? '—'}</td>
              <td className={amount}>{formatCents(entry.net)}</td>
              <td className={amount}>{formatCents(entry.tax)}</td>
              <td className={amount}>{formatCents(entry.total)}</td>
              <td className={tableClasses.cell}>
                <Link
                  to={paths.admin.order(entry.orderId)}
                  className="font-mono font-semibold text-secondary underline"
                >
                  {entry.orderReference}
                </Link>
              </td>
              <td className={tableClasses.cell}>
                <InvoiceDownload document={entry} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-muted font-semibold">
          <tr>
            <th scope="row" colSpan={5} className={tableClasses.cell}>
              {countDocuments(ledger.totals)}
            </th>
            <td className={amount}>{formatCents(ledger.totals.net)}</td>
            <td className={amount}>{formatCents(ledger.totals.tax)}</td>
            <td className={amount}>{formatCents(ledger.totals.total)}</td>
            <td colSpan={2} className={tableClasses.cell} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
