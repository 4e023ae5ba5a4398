import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const ticketSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  regularPrice: z.number().int().optional(),
  features: z.array(z.string()),
  minQuantity: z.number().int().min(1).default(1),
  available: z.boolean().default(true),
});

export type Ticket = z.infer<typeof ticketSchema>;

export async function getTickets(): Promise<Ticket[]> {
  return z.array(ticketSchema).parse(await api.get<unknown>('/api/tickets'));
}

export function useTickets() {
  // the brief retries the two catalogue lists up to 3 times
  return useQuery({ queryKey: ['tickets'], queryFn: getTickets, retry: 3 });
}
