import { describe, expect, it } from 'vitest';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { filterMerchandise } from './filter-merchandise';

const item = (id: number, category: string): MerchandiseItem => ({
  id,
  name: `Item ${id}`,
  description: '',
  price: 100,
  category,
  sales: 'open',
  available: true,
});

const items = [item(1, 'tshirt'), item(2, 'hat'), item(3, 'tshirt'), item(4, 'hat')];

describe('filterMerchandise', () => {
  it('keeps every item under All Items, in order', () => {
    expect(filterMerchandise(items, 'all').map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps only the chosen category', () => {
    expect(filterMerchandise(items, 'tshirt').map((i) => i.id)).toEqual([1, 3]);
    expect(filterMerchandise(items, 'hat').map((i) => i.id)).toEqual([2, 4]);
  });

  it('returns nothing when no item is in the category', () => {
    expect(filterMerchandise([item(1, 'tshirt')], 'hat')).toEqual([]);
  });
});
