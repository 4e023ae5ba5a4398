import { ArrowLeftIcon } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { formatCents } from '@/lib/money';
import { useOrder, useResendConfirmation, type OrderPage as OrderPageData } from '../api/orders';
import type { StaffRole } from '@/features/admin/shell/roles';
import { canRefund } from '@/features/admin/shell/roles';
import { formatTime, kindLabels } from '@/features/admin/shared/components/format';
import { NoteForm } from './note-form';
import { OrderInvoices } from './order-invoices';
import { RefundDialog } from './refund-dialog';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';

/** `role` decides whether the refund button shows (the server refuses others anyway). */
export function OrderPage({ role }: { role: StaffRole }) {
  const { id = '' } = useParams();
  const page = useOrder(id);
  const title = page.data ? `Order ${page.data.order.reference}` : 'Order';
  return (
    <Screen
      title={title}
      description={
        <Link to={paths.admin.orders} className="inline-flex items-center gap-1 text-secondary underline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" /> All orders
        </Link>
      }
      actions={page.data && <OrderActions page={page.data} role={role} />}
    >
      {page.data ? <OrderDetails page={page.data} /> : <Loading error={page.error} />}
    </Screen>
  );
}

function OrderActions({ page, role }: { page: OrderPageData; role: StaffRole }) {
  const resend = useResendConfirmation(page.order.id);
  const paid = page.order.status === 'paid';
  return (
    <>
      {paid && (
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () =>
                toast({ title: 'Confirmation queued', description: `It goes to ${page.order.buyerEmail} again.` }),
              onError: (error) => toast({ title: 'Not sent', description: error.message, variant: 'destructive' }),
            })
          }
        >
          Resend confirmation
        </Button>
      )}
      {paid && canRefund(role) && <RefundDialog page={page} />}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Options the buyer chose, by the names the form used. */
const optionLabels: Record<string, string> = {
  ticketType: 'Ticket type',
  size: 'Size',
  color: 'Colour',
  tier: 'Tier',
  companyName: 'Company',
  contactName: 'Contact',
  phone: 'Phone',
  website: 'Website',
  additionalInfo: 'Additional information',
};

function OrderDetails({ page }: { page: OrderPageData }) {
  const { order, refunds, timeline } = page;
  const options = Object.entries(order.options).filter(
    ([key, value]) => key in optionLabels && typeof value === 'string' && value !== '',
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <h2 className="text-lg font-semibold">{kindLabels[order.kind]} order</h2>
              <StatusBadge status={order.status} partlyRefunded={order.status === 'paid' && order.refundedAmount > 0} />
            </div>
          </CardHeader>
          <CardContent>
            <dl className="text-sm">
              <Row label="Buyer">{order.buyerName}</Row>
              <Row label="Email">
                <a href={`mailto:${order.buyerEmail}`} className="text-secondary underline">
                  {order.buyerEmail}
                </a>
              </Row>
              <Row label="Item">
                {order.itemName} × {order.quantity} at {formatCents(order.unitPrice)}
              </Row>
              {options.map(([key, value]) => (
                <Row key={key} label={optionLabels[key]}>
                  {String(value)}
                </Row>
              ))}
              {order.pickupCode && (
                <Row label="Pickup code">
                  <span className="font-mono">{order.pickupCode}</span>
                </Row>
              )}
              {order.phase && <Row label="Price phase">{order.phase}</Row>}
              {order.discounts.length > 0 && (
                <Row label="Discounts">
                  <ul>
                    {order.discounts.map((discount, index) => (
                      <li key={`${discount.label}-${index}`}>
                        {discount.label}: −{formatCents(discount.amount)}
                      </li>
                    ))}
                  </ul>
                </Row>
              )}
              {order.code && (
                <Row label="Code">
                  <span className="font-mono">{order.code}</span>
                </Row>
              )}
              <Row label="Amount">{formatCents(order.amount)}</Row>
              <Row label="Refunded">{formatCents(order.refundedAmount)}</Row>
              <Row label="Payment">
                {order.gateway === 'sandbox' ? 'Sandbox (test payment, no money moved)' : 'Stripe'}
                {order.paymentId && <span className="block font-mono text-xs">{order.paymentId}</span>}
              </Row>
              <Row label="Placed">{formatTime(order.createdAt)}</Row>
              <Row label="Paid">{formatTime(order.paidAt)}</Row>
              {order.refundReason && <Row label="Flagged">{order.refundReason}</Row>}
              {order.lastPaymentError && <Row label="Last card error">{order.lastPaymentError}</Row>}
            </dl>
          </CardContent>
        </Card>

        {page.tickets.length > 0 && (
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Tickets</h2>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                {page.tickets.map((ticket) => (
                  <li
                    key={ticket.code}
                    className={ticket.status === 'transferred' ? 'text-muted-foreground' : undefined}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-semibold">{ticket.code}</span>
                      <StatusBadge status={ticket.status === 'valid' ? 'paid' : ticket.status} />
                      {ticket.checkedInAt && (
                        <span className="font-medium text-secondary">
                          Checked in {formatTime(ticket.checkedInAt)}
                          {ticket.checkedInBy && ` by ${ticket.checkedInBy}`}
                        </span>
                      )}
                    </div>
                    <div>
                      Ticket {ticket.position}:{' '}
                      {ticket.attendeeName ? `${ticket.attendeeName} (${ticket.attendeeEmail})` : 'not named yet'}
                    </div>
                    {ticket.answers.length > 0 && (
                      <dl className="mt-1 grid gap-x-3 sm:grid-cols-[auto_1fr]">
                        {ticket.answers.map((answer) => (
                          <div key={answer.question} className="contents">
                            <dt className="text-muted-foreground">{answer.label}</dt>
                            <dd className="wrap-anywhere whitespace-pre-line">{answer.text}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}

        {refunds.length > 0 && (
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Refunds</h2>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                {refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-wrap items-center gap-2">
                    <strong>{formatCents(refund.amount)}</strong>
                    <StatusBadge status={refund.status} />
                    <span className="font-medium">
                      {refund.cancelsOrder ? 'Cancels the order' : 'Goodwill: the order stays valid'}
                    </span>
                    <span className="text-muted-foreground">
                      {formatTime(refund.completedAt ?? refund.createdAt)} by {refund.actor}: {refund.reason}
                      {refund.error && ` (${refund.error})`}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}

        <OrderInvoices order={order} invoices={page.invoices} />
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">History</h2>
        </CardHeader>
        <CardContent className="space-y-5">
          <ol className="space-y-3 border-l-2 border-border pl-4 text-sm">
            {timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <p>{entry.text}</p>
                <p className="text-xs text-muted-foreground">
                  {formatTime(entry.at)}
                  {entry.actor && ` · ${entry.actor}`}
                </p>
              </li>
            ))}
          </ol>
          <NoteForm orderId={order.id} />
        </CardContent>
      </Card>
    </div>
  );
}
