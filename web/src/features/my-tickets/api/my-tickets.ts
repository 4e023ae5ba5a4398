import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { answerValueSchema, type Answers } from '@/features/questions/api/questions';
import { api } from '@/lib/api-client';

const ticketSchema = z.object({
  id: z.string(),
  position: z.int(),
  /** `transferred`: given to someone else, who alone sees its code and can pass it on. */
  status: z.enum(['valid', 'transferred', 'refunded']),
  /** Null once the seat was given to someone else. */
  code: z.nullable(z.string()),
  /** The code as a QR image (a data: URL); null with the code. */
  qr: z.nullable(z.string()),
  attendeeName: z.optional(z.nullable(z.string())),
  /** Null once the seat was given to someone else. */
  attendeeEmail: z.optional(z.nullable(z.string())),
  checkedInAt: z.optional(z.nullable(z.int())),
  /** How many workshop seats the ticket's type includes; 0 (or absent) for none. */
  workshopSeats: z._default(z.int(), 0),
  /** The ids of the questions asked for its type, in the event file's order; none for a seat given away. */
  questions: z._default(z.array(z.string()), () => []),
  /** The answers given, by question id. */
  answers: z._default(z.record(z.string(), answerValueSchema), () => ({})),
  /** The ids of its questions still without an answer. */
  questionsOpen: z._default(z.array(z.string()), () => []),
});

export type MyTicket = z.infer<typeof ticketSchema>;

const ticketsPageSchema = z.object({
  reference: z.string(),
  ticketName: z.string(),
  /** In the holder's view, the person who gave them the ticket. */
  buyerName: z.string(),
  status: z.enum(['paid', 'refunded']),
  transferUntil: z.string(),
  canChange: z.boolean(),
  /** The buyer's link shows every seat of the order; a holder's link shows their one ticket. */
  view: z.enum(['buyer', 'holder']),
  tickets: z.array(ticketSchema),
  /** The wallets the site offers passes for; without their settings, neither. */
  wallet: z._default(z.object({ apple: z.boolean(), google: z.boolean() }), () => ({ apple: false, google: false })),
});

export type MyTickets = z.infer<typeof ticketsPageSchema>;

const key = (token: string) => ['my-tickets', token] as const;

/** The tickets behind a private link (the receipt's, or a holder's); the secret travels in a header, never in a URL. */
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

/**
 * Names a ticket's holder, or gives it to someone else (a new code, sent to them with their own
 * link); answers the updated page.
 */
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

/**
 * Replaces a ticket's answers with `answers` (a question left out is cleared), until the change
 * deadline; answers the updated page.
 */
export function useSaveAnswers(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, answers }: { ticketId: string; answers: Answers }) =>
      ticketsPageSchema.parse(
        await api.put<unknown>(`/api/my-tickets/${encodeURIComponent(ticketId)}/answers`, answers, {
          'X-Manage-Token': token,
        }),
      ),
    onSuccess: (page) => queryClient.setQueryData(key(token), page),
  });
}
