import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const merchandiseItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  regularPrice: z.number().int().optional(),
  // 'tshirt' or 'hat' today; a string so a new category never hides the whole list
  category: z.string(),
  imageUrl: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  colors: z.array(z.string()).optional(),
  specialOffer: z.string().optional(),
});

export type MerchandiseItem = z.infer<typeof merchandiseItemSchema>;

export async function getMerchandise(): Promise<MerchandiseItem[]> {
  return z.array(merchandiseItemSchema).parse(await api.get<unknown>('/api/merchandise'));
}

export function useMerchandise() {
  // the brief retries the two catalogue lists up to 3 times
  return useQuery({ queryKey: ['merchandise'], queryFn: getMerchandise, retry: 3 });
}
