const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored time (Unix milliseconds) in the organizer's own timezone: "Jan 5, 2026, 3:04 PM". */
export function formatTime(unixMs: number | null | undefined): string {
  return unixMs ? dateTime.format(new Date(unixMs)) : '—';
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
};

export const emailKindLabels: Record<string, string> = {
  order_confirmation: 'Order confirmation',
  refund_confirmation: 'Refund confirmation',
  waitlist_confirmation: 'Waitlist confirmation',
  attendee_ticket: 'Attendee ticket',
};
