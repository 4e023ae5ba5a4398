import { Link } from '@/lib/router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { useDashboard, type Dashboard } from '../api/dashboard';
import { AnswerTotals } from './answer-totals';
import { emailKindLabels, formatTime, kindLabels, statusLabels } from '@/features/admin/shared/components/format';
import { DuplicateScanText } from '@/features/admin/shared/components/duplicate-scan-text';
import { OrderTable } from '@/features/admin/shared/components/order-table';
import { SalesChart } from './sales-chart';
import { WorkshopLists } from './workshop-lists';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <Screen title="Dashboard" description="Sales, stock and what needs your attention, as of now.">
      {dashboard.data ? <DashboardContent dashboard={dashboard.data} /> : <Loading error={dashboard.error} />}
    </Screen>
  );
}

const revenueLabels: Record<string, string> = {
  ticket: 'Tickets',
  merchandise: 'Merchandise',
  sponsorship: 'Sponsorships',
};

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  const kinds = ['ticket', 'merchandise', 'sponsorship'];
  const statuses = ['paid', 'pending', 'refunded', 'expired', 'failed'];
  const total = kinds.reduce((sum, kind) => sum + (dashboard.revenue[kind] ?? 0), 0);
  const count = (kind: string, status: string) =>
    dashboard.totals.find((row) => row.kind === kind && row.status === status)?.count ?? 0;

  return (
    <div className="space-y-6">
      <Attention dashboard={dashboard} />
      <section aria-labelledby="revenue-heading" className="space-y-3">
        <h2 id="revenue-heading" className="text-lg font-semibold">
          Revenue, after refunds
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[
            ...kinds.map((kind) => [revenueLabels[kind], dashboard.revenue[kind] ?? 0] as const),
            ['Total', total] as const,
          ].map(([label, cents]) => (
            <div key={label} className="rounded-lg border border-border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{formatCents(cents)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Orders by status</h2>
          </CardHeader>
          <CardContent>
            <div className={tableClasses.wrapper}>
              <table className={tableClasses.table}>
                <thead>
                  <tr>
                    <th scope="col" className={tableClasses.head}>
                      Kind
                    </th>
                    {statuses.map((status) => (
                      <th key={status} scope="col" className={tableClasses.head}>
                        {statusLabels[status]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {kinds.map((kind) => (
                    <tr key={kind}>
                      <th scope="row" className={tableClasses.cell}>
                        {kindLabels[kind]}
                      </th>
                      {statuses.map((status) => (
                        <td key={status} className={tableClasses.cell}>
                          {count(kind, status)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">Sales per day</h2>
          </CardHeader>
          <CardContent>
            <SalesChart days={dashboard.salesByDay} />
          </CardContent>
        </Card>
      </div>

      {dashboard.checkIns.length > 0 && (
        <section aria-labelledby="door-heading" className="space-y-3">
          <h2 id="door-heading" className="text-lg font-semibold">
            At the door
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {dashboard.checkIns.map((row) => (
              <div key={row.ticketType} className="rounded-lg border border-border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{row.label}</dt>
                <dd className="text-2xl font-bold">
                  {row.checkedIn}{' '}
                  <span className="text-base font-normal text-muted-foreground">of {row.expected} in</span>
                </dd>
              </div>
            ))}
          </dl>
          {dashboard.duplicateScans.length > 0 && (
            <div className="space-y-2">
              <h3 className="font-semibold">
                Duplicate scans: tickets scanned again after they let someone in, and offline scans whose time was not
                believed
              </h3>
              <ul className="divide-y rounded-lg border border-border bg-card text-sm">
                {dashboard.duplicateScans.map((duplicate, index) => (
                  <li key={`${duplicate.deviceId}-${duplicate.scannedAt}-${index}`} className="p-3">
                    <DuplicateScanText scan={duplicate} withStaff />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}

      <WorkshopLists workshops={dashboard.workshops} />

      <AnswerTotals />

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Limited items</h2>
          <p className="text-sm text-muted-foreground">
            Held: reserved by checkouts not yet paid, released when they expire.
          </p>
        </CardHeader>
        <CardContent>
          {dashboard.stock.length === 0 ? (
            <p className="text-muted-foreground">No item has a limit in the event file.</p>
          ) : (
            <div className={tableClasses.wrapper}>
              <table className={tableClasses.table}>
                <thead>
                  <tr>
                    {['Item', 'Limit', 'Sold', 'Held', 'Left'].map((heading) => (
                      <th key={heading} scope="col" className={tableClasses.head}>
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dashboard.stock.map((level) => (
                    <tr key={level.sku}>
                      <th scope="row" className={tableClasses.cell}>
                        {level.label}
                        <div
                          className="mt-1 h-1.5 w-40 overflow-hidden rounded-full bg-muted"
                          role="img"
                          aria-label={`${Math.round(((level.sold + level.held) / level.capacity) * 100)}% taken`}
                        >
                          <div
                            className="h-full bg-secondary"
                            style={{ width: `${Math.min(100, ((level.sold + level.held) / level.capacity) * 100)}%` }}
                          />
                        </div>
                      </th>
                      <td className={tableClasses.cell}>{level.capacity}</td>
                      <td className={tableClasses.cell}>{level.sold}</td>
                      <td className={tableClasses.cell}>{level.held}</td>
                      <td className={tableClasses.cell}>{level.left}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="latest-heading" className="space-y-3">
        <div className="flex items-center justify-between">
          <h2 id="latest-heading" className="text-lg font-semibold">
            Latest orders
          </h2>
          <Link to={paths.admin.orders} className="text-sm font-medium text-secondary underline">
            All orders
          </Link>
        </div>
        <OrderTable orders={dashboard.latestOrders} caption="The latest orders" />
      </section>
    </div>
  );
}

function Attention({ dashboard }: { dashboard: Dashboard }) {
  const { flaggedForRefund, failedEmails, stuckPending } = dashboard.attention;
  const empty = flaggedForRefund.length + failedEmails.length + stuckPending.length === 0;
  return (
    <section aria-labelledby="attention-heading" className="rounded-lg border-2 border-primary/40 bg-card p-4 sm:p-5">
      <h2 id="attention-heading" className="text-lg font-semibold">
        Needs attention
      </h2>
      {empty ? (
        <p className="mt-2 text-muted-foreground">Nothing: no order waits for a refund, no email failed.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {flaggedForRefund.map((order) => (
            <li key={order.id}>
              <Link to={paths.admin.order(order.id)} className="font-medium text-secondary underline">
                {order.reference}
              </Link>{' '}
              was paid but cannot be honoured ({order.refundReason}): refund {formatCents(order.amount)} to{' '}
              {order.buyerName}.
            </li>
          ))}
          {failedEmails.map((email) => (
            <li key={email.id}>
              {emailKindLabels[email.kind] ?? email.kind} to {email.recipient} failed ({formatTime(email.createdAt)}
              ): {email.lastError}.{' '}
              <Link to={`${paths.admin.emails}?status=failed`} className="font-medium text-secondary underline">
                Review failed emails
              </Link>
            </li>
          ))}
          {stuckPending.map((order) => (
            <li key={order.id}>
              <Link to={paths.admin.order(order.id)} className="font-medium text-secondary underline">
                {order.reference}
              </Link>{' '}
              is still pending past its expiry ({formatTime(order.expiresAt)}): the payment provider could not be
              reached to cancel it.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
