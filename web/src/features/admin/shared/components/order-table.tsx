import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import type { Order } from '../api/schemas';
import { formatTime, kindLabels } from './format';
import { tableClasses } from './table-classes';
import { StatusBadge } from './status-badge';

/** Orders as rows, each linking to its page. */
export function OrderTable({ orders, caption }: { orders: Order[]; caption: string }) {
  if (orders.length === 0) return <p className="text-muted-foreground">No orders.</p>;
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {['Reference', 'Placed', 'Buyer', 'Item', 'Amount', 'Status'].map((heading) => (
              <th key={heading} scope="col" className={tableClasses.head}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-muted/60">
              <td className={tableClasses.cell}>
                <Link to={paths.admin.order(order.id)} className="font-mono font-semibold text-secondary underline">
                  {order.reference}
                </Link>
              </td>
              <td className={tableClasses.cell}>{formatTime(order.createdAt)}</td>
              <td className={tableClasses.cell}>
                <div className="font-medium">{order.buyerName}</div>
                <div className="text-muted-foreground">{order.buyerEmail}</div>
              </td>
              <td className={tableClasses.cell}>
                <div>
                  {order.itemName} × {order.quantity}
                </div>
                <div className="text-muted-foreground">{kindLabels[order.kind]}</div>
              </td>
              <td className={tableClasses.cell}>
                {formatCents(order.amount)}
                {order.code && <div className="font-mono text-muted-foreground">{order.code}</div>}
                {order.refundedAmount > 0 && (
                  <div className="text-muted-foreground">refunded {formatCents(order.refundedAmount)}</div>
                )}
              </td>
              <td className={tableClasses.cell}>
                <StatusBadge
                  status={order.status}
                  partlyRefunded={order.status === 'paid' && order.refundedAmount > 0}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
