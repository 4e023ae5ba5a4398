import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatCents } from '@/lib/money';
import type { Billing, InvoiceLink, Order } from '@/features/admin/shared/api/schemas';
import { formatTime, invoiceKindLabels } from '@/features/admin/shared/components/format';
import { InvoiceDownload } from '@/features/admin/shared/components/invoice-download';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

/** An order's invoices and credit notes, each with its PDF, and whom they are made out to. */
export function OrderInvoices({ order, invoices }: { order: Order; invoices: InvoiceLink[] }) {
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Invoices</h2>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        {invoices.length === 0 ? (
          <p className="text-muted-foreground">No invoices yet.</p>
        ) : (
          <div className={tableClasses.wrapper}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Invoices and credit notes</caption>
              <thead>
                <tr>
                  {['Number', 'Kind', 'Issued', 'Total', ''].map((heading) => (
                    <th key={heading} scope="col" className={tableClasses.head}>
                      {heading || <span className="sr-only">PDF</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.number}>
                    <th scope="row" className={`${tableClasses.cell} font-mono font-semibold`}>
                      {invoice.number}
                    </th>
                    <td className={tableClasses.cell}>{invoiceKindLabels[invoice.kind]}</td>
                    <td className={tableClasses.cell}>{formatTime(invoice.issuedAt)}</td>
                    <td className={`${tableClasses.cell} text-right tabular-nums`}>{formatCents(invoice.total)}</td>
                    <td className={tableClasses.cell}>
                      <InvoiceDownload document={invoice} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <section aria-labelledby={`${id}-billing`} className="space-y-2">
          <h3 id={`${id}-billing`} className="font-semibold">
            Billing details
          </h3>
          {order.billing ? (
            <BillingAddress billing={order.billing} correctedAt={order.billingCorrectedAt} />
          ) : (
            <p className="text-muted-foreground">None given: invoices are made out to the buyer.</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function BillingAddress({ billing, correctedAt }: { billing: Billing; correctedAt?: number | null }) {
  const place = [billing.city, [billing.region, billing.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <div>
        <span className="block font-medium">{billing.company}</span>
        {billing.address.split(/\r?\n/).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
        <span className="block">{place}</span>
        <span className="block">{billing.country}</span>
      </div>
      {billing.taxId && (
        <p>
          Tax ID: <span className="font-mono">{billing.taxId}</span>
        </p>
      )}
      {correctedAt ? (
        <p className="text-muted-foreground">Corrected on {formatTime(correctedAt)} by the buyer.</p>
      ) : null}
    </>
  );
}
