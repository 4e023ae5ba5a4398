import type { MerchandiseItem } from '@/lib/api/get-merchandise';

export type MerchandiseTab = 'all' | 'tshirt' | 'hat';

/** The items shown under a tab: everything, or one category. */
export function filterMerchandise(items: readonly MerchandiseItem[], tab: MerchandiseTab): MerchandiseItem[] {
  return tab === 'all' ? [...items] : items.filter((item) => item.category === tab);
}
