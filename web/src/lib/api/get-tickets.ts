import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const ticketSchema = z.object({
  id: z.int(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  regularPrice: z.optional(z.int()),
  features: z.array(z.string()),
  minQuantity: z._default(z.int().check(z.minimum(1)), 1),
  available: z._default(z.boolean(), true),
});

export type Ticket = z.infer<typeof ticketSchema>;

export async function getTickets(): Promise<Ticket[]> {
  return z.array(ticketSchema).parse(await api.get<unknown>('/api/tickets'));
}

export function useTickets() {
  // the brief retries the two catalogue lists up to 3 times
  return useQuery({ queryKey: ['tickets'], queryFn: getTickets, retry: 3 });
}
