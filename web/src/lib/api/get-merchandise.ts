import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const merchandiseItemSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** What is charged, in cents: the special price for the special offers (DESIGN.md §4.8). */
  price: z.int(),
  regularPrice: z.optional(z.int()),
  // 'tshirt' or 'hat' today; a string so a new category never hides the whole list
  category: z.string(),
  imageUrl: z.optional(z.string()),
  sizes: z.optional(z.array(z.string())),
  colors: z.optional(z.array(z.string())),
  specialOffer: z.optional(z.string()),
});

export type MerchandiseItem = z.infer<typeof merchandiseItemSchema>;

export async function getMerchandise(): Promise<MerchandiseItem[]> {
  return z.array(merchandiseItemSchema).parse(await api.get<unknown>('/api/merchandise'));
}

/** The merchandise list; `enabled: false` holds the call back (the checkout's id is not a number). */
export function useMerchandise({ enabled = true }: { enabled?: boolean } = {}) {
  // the brief retries the two catalogue lists up to 3 times
  return useQuery({ queryKey: ['merchandise'], queryFn: getMerchandise, retry: 3, enabled });
}
