import { formatCents } from '@/lib/money';
import type { Code, CodeItem } from '../api/codes';
import { formatTime } from '@/features/admin/shared/components/format';

/** What a code gives each unit, in the words of the receipts: "20% off", "$50.00 off each", "Free". */
export function describeDiscount(code: Pick<Code, 'kind' | 'value'>): string {
  if (code.kind === 'percentOff') {
    if (code.value === 0) return 'Access only';
    return code.value === 100 ? 'Free' : `${code.value}% off`;
  }
  if (code.kind === 'amountOff') return `${formatCents(code.value)} off each`;
  return code.value === 0 ? 'Free' : `${formatCents(code.value)} each`;
}

/** The items' names, by stock keeping unit; an item the event no longer has keeps its sku. */
export function itemLabel(items: CodeItem[], sku: string): string {
  return items.find((item) => item.sku === sku)?.label ?? sku;
}

export type CodeStatus = 'active' | 'disabled' | 'expired' | 'used_up' | 'scheduled';

export function codeStatus(code: Code, now: number): CodeStatus {
  if (code.disabled) return 'disabled';
  if (code.uses >= code.maxUses) return 'used_up';
  if (code.validUntil !== null && code.validUntil <= now) return 'expired';
  if (code.validFrom !== null && code.validFrom > now) return 'scheduled';
  return 'active';
}

export function describeValidity(code: Pick<Code, 'validFrom' | 'validUntil'>): string {
  if (code.validFrom === null && code.validUntil === null) return 'Any time';
  if (code.validUntil === null) return `From ${formatTime(code.validFrom)}`;
  if (code.validFrom === null) return `Until ${formatTime(code.validUntil)}`;
  return `${formatTime(code.validFrom)} to ${formatTime(code.validUntil)}`;
}
