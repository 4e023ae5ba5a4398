import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { useChangeCode, type Code, type CodeItem } from '../api/codes';
import { CodeEditDialog } from './code-edit-dialog';
import { codeStatus, describeDiscount, describeValidity, itemLabel } from './code-format';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

const headings = ['Code', 'Gives', 'Items', 'Uses', 'Valid', 'Tag', 'Held', 'Status', ''];

/** Codes as rows, each with its changes; `now` (when the list was read) decides expired and not yet valid. */
export function CodesTable({
  codes,
  items,
  now,
  caption,
}: {
  codes: Code[];
  items: CodeItem[];
  now: number;
  caption: string;
}) {
  if (codes.length === 0) return <p className="text-muted-foreground">No codes yet.</p>;
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={tableClasses.head}>
                {heading || <span className="sr-only">Changes</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id} className="hover:bg-muted/60">
              <th scope="row" className={`${tableClasses.cell} font-normal`}>
                <span className="font-mono font-semibold">{code.code}</span>
                {code.note && (
                  <span className="block max-w-64 whitespace-normal text-muted-foreground">{code.note}</span>
                )}
              </th>
              <td className={tableClasses.cell}>
                {describeDiscount(code)}
                {code.unlocks && (
                  <span className="block text-muted-foreground">Unlocks {itemLabel(items, code.unlocks)}</span>
                )}
              </td>
              <td className={`${tableClasses.cell} max-w-64 whitespace-normal`}>
                {code.appliesTo.length === 0
                  ? 'All items'
                  : code.appliesTo.map((sku) => itemLabel(items, sku)).join(', ')}
              </td>
              <td className={tableClasses.cell}>
                {code.uses} / {code.maxUses}
              </td>
              <td className={tableClasses.cell}>{describeValidity(code)}</td>
              <td className={tableClasses.cell}>{code.tag ?? '—'}</td>
              <td className={tableClasses.cell}>
                {code.reserve === null ? '—' : `${code.reservedLeft} of ${code.reserve}`}
              </td>
              <td className={tableClasses.cell}>
                <StatusBadge status={codeStatus(code, now)} />
              </td>
              <td className={tableClasses.cell}>
                <div className="flex gap-2">
                  <CodeEditDialog code={code} />
                  <DisableButton code={code} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Disables or enables a code; disabling one that holds units asks first, as enabling does not hold them again. */
function DisableButton({ code }: { code: Code }) {
  const changeCode = useChangeCode();
  const [confirming, setConfirming] = useState(false);
  const action = code.disabled ? 'Enable' : 'Disable';

  function toggle() {
    changeCode.mutate(
      { id: code.id, disabled: !code.disabled },
      {
        onSuccess: (changed) => {
          setConfirming(false);
          toast({
            title: changed.disabled ? 'Code disabled' : 'Code enabled',
            description: changed.disabled ? `${changed.code} no longer works.` : `${changed.code} works again.`,
          });
        },
        onError: (error) => toast({ title: 'Not changed', description: error.message, variant: 'destructive' }),
      },
    );
  }

  const asks = !code.disabled && code.reservedLeft > 0;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={changeCode.isPending}
        onClick={() => (asks ? setConfirming(true) : toggle())}
      >
        {action} <span className="sr-only">{code.code}</span>
      </Button>
      {asks && (
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Disable {code.code}?</DialogTitle>
              <DialogDescription>
                Its {code.reservedLeft} held units go back on sale. Enabling it again does not hold them again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep it</Button>
              </DialogClose>
              <Button variant="destructive" disabled={changeCode.isPending} onClick={toggle}>
                Disable and release the units
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
