import { PrinterIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { usePickList } from '../api/door';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

/** /admin/pick-list: what to bring to the desk, by item, size and colour; printable. */
export function PickListPage() {
  const list = usePickList();
  return (
    <Screen
      title="Pick list"
      description="Paid merchandise not yet collected, to prepare before the event."
      actions={
        <Button variant="outline" onClick={() => window.print()} className="print:hidden">
          <PrinterIcon aria-hidden="true" /> Print
        </Button>
      }
    >
      {list.data ? (
        list.data.length === 0 ? (
          <p className="text-muted-foreground">Nothing to prepare: every paid order has been collected.</p>
        ) : (
          <div className={tableClasses.wrapper}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Items to prepare</caption>
              <thead>
                <tr>
                  {['Item', 'Size', 'Colour', 'Quantity', 'Orders'].map((heading) => (
                    <th key={heading} scope="col" className={tableClasses.head}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.map((line) => (
                  <tr key={`${line.itemName}|${line.size ?? ''}|${line.color ?? ''}`}>
                    <th scope="row" className={tableClasses.cell}>
                      {line.itemName}
                    </th>
                    <td className={tableClasses.cell}>{line.size ?? '—'}</td>
                    <td className={tableClasses.cell}>{line.color ?? '—'}</td>
                    <td className={`${tableClasses.cell} text-lg font-bold`}>{line.quantity}</td>
                    <td className={tableClasses.cell}>{line.orders}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className={tableClasses.cell}>
                    Total
                  </th>
                  <td className={`${tableClasses.cell} text-lg font-bold`}>
                    {list.data.reduce((sum, line) => sum + line.quantity, 0)}
                  </td>
                  <td className={tableClasses.cell}>{list.data.reduce((sum, line) => sum + line.orders, 0)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )
      ) : (
        <Loading error={list.error} />
      )}
    </Screen>
  );
}
