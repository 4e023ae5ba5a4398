import type { CodeItem, CodeKind, NewCodes } from '../api/codes';
import { localInputToRfc3339, parseDollars, parseWhole } from '@/features/admin/shared/components/format';
import { serverErrors } from '@/features/admin/shared/components/server-errors';

// The new-codes form's fields as typed, and the request (or the errors) they make.

export type Discount = CodeKind | 'none';

export interface Draft {
  mode: 'one' | 'generate';
  code: string;
  count: string;
  prefix: string;
  appliesTo: string[];
  discount: Discount;
  value: string;
  maxUses: string;
  ordersPerEmail: string;
  validFrom: string;
  validUntil: string;
  reserve: string;
  unlocks: string;
  tag: string;
  note: string;
}

export type FieldName = Exclude<keyof Draft, 'mode' | 'discount'>;
export type Errors = Partial<Record<FieldName | 'general', string>>;

export const blank: Draft = {
  mode: 'one',
  code: '',
  count: '10',
  prefix: '',
  appliesTo: [],
  discount: 'percentOff',
  value: '',
  maxUses: '1',
  ordersPerEmail: '',
  validFrom: '',
  validUntil: '',
  reserve: '',
  unlocks: '',
  tag: '',
  note: '',
};

/** The one item chosen, when it has a stock limit: only then can units be held for the code. */
export function holdableItem(items: CodeItem[], appliesTo: string[]): CodeItem | undefined {
  if (appliesTo.length !== 1) return undefined;
  return items.find((item) => item.sku === appliesTo[0] && item.limit !== null);
}

/** The fields on screen for this draft: a server error for any other is shown above the button. */
export function fieldsShown(draft: Draft, items: CodeItem[]): Set<FieldName> {
  const shown = new Set<FieldName>([
    'appliesTo',
    'maxUses',
    'ordersPerEmail',
    'validFrom',
    'validUntil',
    'tag',
    'note',
  ]);
  if (draft.mode === 'one') shown.add('code');
  else (['count', 'prefix'] as const).forEach((field) => shown.add(field));
  if (draft.discount !== 'none') shown.add('value');
  if (holdableItem(items, draft.appliesTo)) shown.add('reserve');
  if (items.some((item) => item.hidden)) shown.add('unlocks');
  return shown;
}

/** The request the draft asks for, or what is wrong with it before the server sees it. */
export function toRequest(draft: Draft, items: CodeItem[]): { request?: NewCodes; errors: Errors } {
  const errors: Errors = {};
  const request: NewCodes = { appliesTo: draft.appliesTo, maxUses: 0 };
  if (draft.mode === 'one') {
    if (draft.code.trim()) request.code = draft.code.trim();
  } else {
    const count = parseWhole(draft.count);
    if (count === null) errors.count = 'Enter how many codes to generate, from 1 to 500.';
    else request.count = count;
    if (draft.prefix.trim()) request.prefix = draft.prefix.trim();
  }
  if (draft.discount === 'percentOff') {
    const percent = parseWhole(draft.value);
    if (percent === null) errors.value = 'Enter a whole percentage, such as 20.';
    else request.percentOff = percent;
  } else if (draft.discount !== 'none') {
    const cents = parseDollars(draft.value);
    if (cents === null) errors.value = 'Enter an amount in dollars, such as 50.00.';
    else request[draft.discount] = cents;
  } else if (!draft.unlocks) {
    errors.unlocks = 'A code without a discount must unlock a hidden item.';
  }
  const maxUses = parseWhole(draft.maxUses);
  if (maxUses === null) errors.maxUses = 'Enter how many units the code may be used for, such as 1.';
  else request.maxUses = maxUses;
  if (draft.ordersPerEmail.trim()) {
    const orders = parseWhole(draft.ordersPerEmail);
    if (orders === null || orders < 1) errors.ordersPerEmail = 'Enter a whole number of orders, or leave it empty.';
    else request.ordersPerEmail = orders;
  }
  for (const field of ['validFrom', 'validUntil'] as const) {
    if (!draft[field]) continue;
    const at = localInputToRfc3339(draft[field]);
    if (at) request[field] = at;
    else errors[field] = 'Enter a date and time.';
  }
  if (holdableItem(items, draft.appliesTo) && draft.reserve.trim()) {
    const reserve = parseWhole(draft.reserve);
    if (reserve === null) errors.reserve = 'Enter a whole number of units, or leave it empty.';
    else request.reserve = reserve;
  }
  if (draft.unlocks) request.unlocks = draft.unlocks;
  if (draft.tag.trim()) request.tag = draft.tag.trim();
  if (draft.note.trim()) request.note = draft.note.trim();
  return Object.keys(errors).length > 0 ? { errors } : { request, errors };
}

/** The server's reasons beside the fields they name; the rest (a code taken, an outage) above the button. */
export function codeServerErrors(error: unknown, shown: Set<FieldName>): Errors {
  return serverErrors(error, shown, {
    fallback: 'The codes could not be made. Please try again.',
    // the three kinds of discount are one field here
    fieldOf: (key) => (['percentOff', 'amountOff', 'fixedPrice'].includes(key) ? 'value' : key),
  });
}
