import type { InvoiceKind, scanDoubts } from '../api/schemas';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const venueDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * "Mon, May 18, 09:00", or "Mon, May 18, 09:00–10:00" with an end: read from the time's own text (RFC 3339 in the
 * venue's offset), so it stays the venue's time whatever the organizer's own time zone.
 */
export function venueTimeLabel(start: string, end?: string): string {
  const date = venueDay.format(new Date(`${start.slice(0, 10)}T00:00:00Z`));
  return `${date}, ${start.slice(11, 16)}${end === undefined ? '' : `–${end.slice(11, 16)}`}`;
}

/** A stored time (Unix milliseconds) in the organizer's own timezone: "Jan 5, 2026, 3:04 PM". */
export function formatTime(unixMs: number | null | undefined): string {
  return unixMs ? dateTime.format(new Date(unixMs)) : '—';
}

/** Why an offline scan's time was not believed, as the organizer reads it. */
export const doubtLabels: Record<(typeof scanDoubts)[number], string> = {
  device_of_another_session: 'the device name belongs to another session',
  before_list_download: 'before the device downloaded the check-in list',
  before_code_issued: "before the ticket's code was issued",
  before_doors_open: 'before the doors opened',
};

/** "12.50" → 1250; anything else is not an amount. */
export function parseDollars(text: string): number | null {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const kindLabels: Record<string, string> = {
  ticket: 'Ticket',
  merchandise: 'Merchandise',
  sponsorship: 'Sponsorship',
};

export const statusLabels: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  queued: 'Queued',
  sent: 'Sent',
  succeeded: 'Succeeded',
  transferred: 'Transferred',
  cancelled: 'Cancelled',
  active: 'Active',
  disabled: 'Disabled',
  scheduled: 'Not yet valid',
  used_up: 'Used up',
  waiting: 'Waiting',
  offered: 'Offer sent',
  used: 'Used',
  declined: 'Declined',
  removed: 'Removed',
};

export const emailKindLabels: Record<string, string> = {
  order_confirmation: 'Order confirmation',
  refund_confirmation: 'Refund confirmation',
  waitlist_confirmation: 'Waitlist confirmation',
  attendee_ticket: 'Attendee ticket',
  invoice_correction: 'Corrected invoice',
  staff_invitation: 'Staff invitation',
};

export const invoiceKindLabels: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** The download's accessible name: "Download invoice CW2026-00001", "Download credit note CW2026-00002". */
export function downloadLabel(document: { kind: InvoiceKind; number: string }): string {
  return `Download ${invoiceKindLabels[document.kind].toLowerCase()} ${document.number}`;
}

/** "AI, Cloud" for the areas chosen, or `none` when there are none. */
export function interestAreaLabels(
  values: string[],
  interests: { value: string; label: string }[],
  none: string,
): string {
  if (values.length === 0) return none;
  return values.map((value) => interests.find((interest) => interest.value === value)?.label ?? value).join(', ');
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
