import { expectShape, resource } from '@/lib/resource';
import { salesFactsOf, type SalesFacts } from '@/lib/sales';

export interface MerchandiseItem extends SalesFacts {
  id: number;
  name: string;
  description: string;
  /** What is charged, in cents: the special price for the special offers (DESIGN.md §4.8). */
  price: number;
  regularPrice?: number;
  /** 'tshirt' or 'hat' today; a string so a new category never hides the whole list. */
  category: string;
  imageUrl?: string;
  sizes?: string[];
  colors?: string[];
  specialOffer?: string;
  /** The most units one waiting-list entry may ask for: an order's maximum, or the item's limit when lower. */
  waitingListMaxQuantity?: number;
  /** The sizes and colours whose own limit allows fewer still, with that number. */
  variantWaitingListMaxQuantity?: VariantWaitingListMax[];
}

/** The most units one waiting-list entry may ask for in one size and colour. */
export interface VariantWaitingListMax {
  size?: string;
  color?: string;
  maxQuantity: number;
}

/** The most of one item an order (or a waiting-list entry) holds: the server's limit too. */
export const MAX_MERCHANDISE_QUANTITY = 10;

const URL = '/api/merchandise';

export function parseMerchandise(body: unknown): MerchandiseItem[] {
  expectShape(Array.isArray(body), URL);
  return (body as Partial<MerchandiseItem>[]).map((item) => {
    expectShape(Number.isInteger(item.id) && typeof item.name === 'string' && Number.isInteger(item.price), URL);
    return { ...item, ...salesFactsOf(item) } as MerchandiseItem;
  });
}

export const merchandise = resource(URL, parseMerchandise, 3);

/** The merchandise list; `enabled: false` holds the call back (the checkout's id is not a number). */
export function useMerchandise({ enabled = true }: { enabled?: boolean } = {}) {
  return merchandise.use({ enabled });
}
