import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import type { SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import type { Ticket } from '@/lib/api/get-tickets';

/**
 * What a waiting list is for: a ticket type, a merchandise item (in the size and colour chosen
 * already, when the checkout found that variant sold out), or a sponsorship tier. Kept apart from
 * the form so the pages' buttons carry none of the form's code.
 */
export type WaitingListItem =
  | { kind: 'ticket'; ticket: Ticket }
  | { kind: 'merchandise'; item: MerchandiseItem; size?: string; color?: string }
  | { kind: 'sponsorship'; tier: SponsorshipTier };

/** "VIP Pass", "Conference T-Shirt", "Gold". */
export function waitingListItemName(item: WaitingListItem): string {
  switch (item.kind) {
    case 'ticket':
      return item.ticket.name;
    case 'merchandise':
      return item.item.name;
    case 'sponsorship':
      return item.tier.label;
  }
}

/** A merchandise item's sizes and colours, and the ones chosen already; none for the other kinds. */
export function optionsOf(item: WaitingListItem): { sizes: string[]; colors: string[]; size?: string; color?: string } {
  if (item.kind !== 'merchandise') return { sizes: [], colors: [] };
  return { sizes: item.item.sizes ?? [], colors: item.item.colors ?? [], size: item.size, color: item.color };
}
