import { cn } from '@/lib/cn';
import { statusLabels } from './format';

const tones: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  active: 'bg-emerald-100 text-emerald-900',
  sent: 'bg-emerald-100 text-emerald-900',
  succeeded: 'bg-emerald-100 text-emerald-900',
  used: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-warning text-warning-foreground',
  scheduled: 'bg-warning text-warning-foreground',
  queued: 'bg-warning text-warning-foreground',
  waiting: 'bg-warning text-warning-foreground',
  offered: 'bg-sky-100 text-sky-900',
  refunded: 'bg-sky-100 text-sky-900',
  used_up: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-100 text-red-900',
  disabled: 'bg-red-100 text-red-900',
  expired: 'bg-muted text-muted-foreground',
  transferred: 'bg-muted text-muted-foreground',
  declined: 'bg-muted text-muted-foreground',
  removed: 'bg-muted text-muted-foreground',
};

/**
 * An order's, email's, refund's, code's or queue entry's status as a coloured word (the word carries the meaning);
 * `label` is the word where a screen's own differs from the usual one.
 */
export function StatusBadge({
  status,
  partlyRefunded = false,
  label: ownLabel,
}: {
  status: string;
  partlyRefunded?: boolean;
  label?: string;
}) {
  const label = partlyRefunded ? 'Partly refunded' : (ownLabel ?? statusLabels[status] ?? status);
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[partlyRefunded ? 'refunded' : status] ?? 'bg-muted text-foreground',
      )}
    >
      {label}
    </span>
  );
}
