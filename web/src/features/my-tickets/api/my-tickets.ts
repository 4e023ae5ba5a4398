import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const ticketSchema = z.object({
  id: z.string(),
  position: z.int(),
  code: z.string(),
  status: z.enum(['valid', 'transferred', 'refunded']),
  attendeeName: z.optional(z.nullable(z.string())),
  attendeeEmail: z.optional(z.nullable(z.string())),
  checkedInAt: z.optional(z.nullable(z.int())),
  /** The code as a QR image (a data: URL). */
  qr: z.string(),
});

export type MyTicket = z.infer<typeof ticketSchema>;

const ticketsPageSchema = z.object({
  reference: z.string(),
  ticketName: z.string(),
  buyerName: z.string(),
  status: z.string(),
  transferUntil: z.string(),
  canChange: z.boolean(),
  tickets: z.array(ticketSchema),
});

export type MyTickets = z.infer<typeof ticketsPageSchema>;

const key = (token: string) => ['my-tickets', token] as const;

/** The order behind the receipt's private link; the secret travels in a header, never in a URL. */
export function useMyTickets(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: async () =>
      ticketsPageSchema.parse(await api.get<unknown>('/api/my-tickets', { 'X-Manage-Token': token })),
    enabled: token !== '',
  });
}

export interface Attendee {
  ticketId: string;
  name: string;
  email: string;
}

/** Names a ticket's holder, or gives it to someone else; answers the updated page. */
export function useNameAttendee(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, ...attendee }: Attendee) =>
      ticketsPageSchema.parse(
        await api.post<unknown>(`/api/my-tickets/${encodeURIComponent(ticketId)}/attendee`, attendee, {
          'X-Manage-Token': token,
        }),
      ),
    onSuccess: (page) => queryClient.setQueryData(key(token), page),
  });
}
