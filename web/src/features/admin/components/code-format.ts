import { formatCents } from '@/lib/money';
import type { Code, CodeItem } from '../api/codes';
import { formatTime } from './format';

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

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A `datetime-local` input's text ("2027-01-31T09:00") as RFC 3339 with the browser's offset
 * at that date ("2027-01-31T09:00:00-05:00"); blank or unreadable text is undefined.
 */
export function localInputToRfc3339(text: string): string | undefined {
  if (!text.trim()) return undefined;
  // Without an offset, a date-time string is read as local time.
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return undefined;
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  return `${date}T${time}${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/** A `datetime-local` input's text ("2027-01-31T09:00"), read in the browser's time zone, as Unix milliseconds. */
export function localInputToMs(text: string): number | null {
  if (!text.trim()) return null;
  // Without an offset, a date-time string is read as local time.
  const at = new Date(text).getTime();
  return Number.isNaN(at) ? null : at;
}

/** A stored time (Unix milliseconds) as a `datetime-local` input's text, to the minute. */
export function toLocalInput(unixMs: number | null): string {
  if (unixMs === null) return '';
  const at = new Date(unixMs);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** "Enter a whole number": the text as one, or null. */
export function parseWhole(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null;
}
