import { api } from '@/lib/api-client';

/** Which name badges to print; every valid ticket's, on the event file's first layout, when nothing is chosen. */
export interface BadgeChoice {
  /** A layout's name from the event file. */
  layout?: string;
  ticketTypes?: readonly string[];
  /** `false`: only those not checked in yet (printed the evening before). */
  checkedIn?: boolean;
  /** One ticket's id: its badge alone. */
  ticket?: string;
}

/** `GET /api/admin/badges.pdf` for `choice`, leaving out what was not chosen. */
export function badgesUrl({ layout, ticketTypes = [], checkedIn, ticket }: BadgeChoice): string {
  const query = new URLSearchParams();
  if (layout) query.set('layout', layout);
  if (ticketTypes.length > 0) query.set('ticketTypes', ticketTypes.join(','));
  if (checkedIn !== undefined) query.set('checkedIn', String(checkedIn));
  if (ticket) query.set('ticket', ticket);
  const search = query.toString();
  return search ? `/api/admin/badges.pdf?${search}` : '/api/admin/badges.pdf';
}

/** The badges as one PDF; the server's message (404 none match, 422 an unknown layout or type) as the error. */
export function fetchBadges(choice: BadgeChoice): Promise<Blob> {
  return api.getBlob(badgesUrl(choice));
}
