import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { PrinterIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { badgesUrl, fetchBadges } from '@/features/admin/shared/api/badges';
import { printPdf } from '../print-pdf';

/**
 * The admitted person's name badge, printed with the browser's print dialog. Each press fetches it
 * again, so a name corrected at the desk prints as corrected.
 */
export function PrintBadgeButton({ ticketId }: { ticketId: string }) {
  const errorId = useId();
  const print = useMutation({
    // Keyed under `admin`: a 401 brings the sign-in form back.
    mutationKey: ['admin', 'print-badge'],
    mutationFn: async () => printPdf(await fetchBadges({ ticket: ticketId })),
  });
  return (
    <div className="space-y-2">
      <Button
        size="lg"
        variant="outline"
        disabled={print.isPending}
        aria-describedby={print.error ? errorId : undefined}
        onClick={() => print.mutate()}
      >
        <PrinterIcon aria-hidden="true" /> {print.isPending ? 'Preparing the badge…' : 'Print badge'}
      </Button>
      {print.data === false && (
        <p className="text-lg">
          The browser blocked the badge’s tab.{' '}
          <a
            href={badgesUrl({ ticket: ticketId })}
            target="_blank"
            rel="noreferrer"
            className="font-semibold underline"
          >
            Open the badge (PDF)
          </a>{' '}
          to print it.
        </p>
      )}
      {print.error && (
        <p id={errorId} role="alert" className="text-lg font-semibold">
          {print.error.message}
        </p>
      )}
    </div>
  );
}
