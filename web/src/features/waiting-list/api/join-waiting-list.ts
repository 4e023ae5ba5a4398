import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { MAX_MERCHANDISE_QUANTITY } from '@/lib/api/get-merchandise';
import { api } from '@/lib/api-client';
import { optionsOf, type WaitingListItem } from '../item';

/**
 * The fewest and most units one entry may ask for: a ticket's smallest order, and no more than could ever
 * come back (the catalogue's bound: the order maximum, or the item's limit, or that of the size and colour
 * in `choice`, when lower); one sponsorship.
 */
export function quantityBounds(
  item: WaitingListItem,
  choice: { size?: string; color?: string } = {},
): { min: number; max: number } {
  switch (item.kind) {
    case 'ticket': {
      const { minQuantity, maxQuantity, waitingListMaxQuantity = maxQuantity } = item.ticket;
      return { min: minQuantity, max: Math.max(minQuantity, waitingListMaxQuantity) };
    }
    case 'merchandise': {
      const { waitingListMaxQuantity = MAX_MERCHANDISE_QUANTITY, variantWaitingListMaxQuantity = [] } = item.item;
      const variant = variantWaitingListMaxQuantity.find(
        ({ size = '', color = '' }) => size === (choice.size ?? '') && color === (choice.color ?? ''),
      );
      return { min: 1, max: variant?.maxQuantity ?? waitingListMaxQuantity };
    }
    case 'sponsorship':
      return { min: 1, max: 1 };
  }
}

const trimmed = () => z.string().check(z.trim());

/** The form, with the server's messages; size and colour come from selects holding the item's options. */
export function waitingListSchema(item: WaitingListItem) {
  const { min, max } = quantityBounds(item);
  const quantityMessage = `Please choose between ${min} and ${max}.`;
  return z.object({
    name: trimmed().check(
      z.minLength(3, 'Name must be at least 3 characters'),
      z.maxLength(100, 'Name must be at most 100 characters'),
    ),
    email: z.pipe(trimmed(), z.email('Please enter a valid email address')),
    quantity: z
      .number(quantityMessage)
      .check(z.int(quantityMessage), z.minimum(min, quantityMessage), z.maximum(max, quantityMessage)),
    size: z.string(),
    color: z.string(),
  });
}

export type WaitingListEntry = z.output<ReturnType<typeof waitingListSchema>>;

/** A field of the form, as the server names it in `fieldErrors`. */
export type WaitingListField = keyof WaitingListEntry;

/** The fields an entry for `item` asks for: how many only when there is a choice, size and colour when it has them. */
export function entryFields(item: WaitingListItem): ReadonlySet<WaitingListField> {
  const { min, max } = quantityBounds(item);
  const { sizes, colors } = optionsOf(item);
  const fields = new Set<WaitingListField>(['name', 'email']);
  if (min < max) fields.add('quantity');
  if (sizes.length > 0) fields.add('size');
  if (colors.length > 0) fields.add('color');
  return fields;
}

export interface WaitingListRequest {
  kind: WaitingListItem['kind'];
  /** A ticket's type, a merchandise item's id or a sponsorship tier's value. */
  item: string | number;
  /** Merchandise that comes in sizes or colours only. */
  size?: string;
  color?: string;
  name: string;
  email: string;
  quantity: number;
}

/** The call's body for `entry` on `item`'s waiting list. */
export function waitingListRequest(item: WaitingListItem, entry: WaitingListEntry): WaitingListRequest {
  const person = { name: entry.name, email: entry.email, quantity: entry.quantity };
  switch (item.kind) {
    case 'ticket':
      return { kind: 'ticket', item: item.ticket.type, ...person };
    case 'merchandise':
      return {
        kind: 'merchandise',
        item: item.item.id,
        ...(item.item.sizes?.length ? { size: entry.size } : {}),
        ...(item.item.colors?.length ? { color: entry.color } : {}),
        ...person,
      };
    case 'sponsorship':
      return { kind: 'sponsorship', item: item.tier.value, ...person };
  }
}

export const waitingListPlaceSchema = z.object({
  /** The place in the queue: 1 is next. */
  position: z.int(),
});

export type WaitingListPlace = z.infer<typeof waitingListPlaceSchema>;

/** Joins a sold-out item's queue; the place is emailed too. 409 while it can be bought, or already queued. */
export async function joinWaitingList(request: WaitingListRequest): Promise<WaitingListPlace> {
  return waitingListPlaceSchema.parse(await api.post<unknown>('/api/waiting-list', request));
}

export function useJoinWaitingList() {
  return useMutation({ mutationFn: joinWaitingList });
}
