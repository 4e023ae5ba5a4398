import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { freshQuery, orderStatuses } from '@/features/admin/shared/api/schemas';

/**
 * The door and the desk answer every outcome in one shape, with the HTTP status
 * telling them apart (200 yes, 409 used before, 410 refunded or transferred, 404 unknown).
 */
async function answerOf<T>(url: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 401 || response.status === 403) {
    const { message, code } = (await response.json()) as { message?: string; code?: string };
    throw new ApiError(response.status, message ?? 'Please sign in again.', {}, code);
  }
  if (response.status >= 500) throw new Error('The server could not answer. Please try again.');
  return schema.parse(await response.json());
}

/** A workshop's live counts at its door. */
const sessionCountsSchema = z.object({
  slug: z.string(),
  title: z.string(),
  limit: z.int(),
  taken: z.int(),
  left: z.int(),
  checkedIn: z.int(),
});

export type DoorSessionCounts = z.infer<typeof sessionCountsSchema>;

/** An answer the door should see beside the name (a question marked `show_at_door`), such as a wheelchair. */
export const flaggedAnswerSchema = z.object({ label: z.string(), text: z.string() });

export type FlaggedAnswer = z.infer<typeof flaggedAnswerSchema>;

const checkInSchema = z.object({
  /** `full`: at a workshop's door, a ticket without a seat when none is free. */
  result: z.enum(['admitted', 'already_checked_in', 'full', 'refunded', 'transferred', 'unknown']),
  message: z.string(),
  code: z.optional(z.string()),
  /** The ticket's id, however it was scanned: it prints the ticket's badge. */
  ticketId: z.optional(z.string()),
  attendeeName: z.optional(z.nullable(z.string())),
  ticketName: z.optional(z.string()),
  checkedInAt: z.optional(z.int()),
  checkedInBy: z.optional(z.string()),
  /** At a workshop's door: the ticket had no seat and took a free one. */
  walkIn: z.optional(z.boolean()),
  /** At a workshop's door: its counts after this scan. */
  session: z.optional(sessionCountsSchema),
  flaggedAnswers: z.optional(z.array(flaggedAnswerSchema)),
});

export type CheckInAnswer = z.infer<typeof checkInSchema>;

/** A ticket to check in: the code scanned or typed, or the id a name search found. */
export type TicketScan = { code: string } | { ticketId: string };

/**
 * The server's answer to one scan, at the main entrance or, with `session` (a slug), at that workshop's door;
 * a `TypeError` when the network did not carry the call.
 */
export function checkInAnswer(scan: TicketScan, session?: string): Promise<CheckInAnswer> {
  return answerOf('/api/admin/check-in', session === undefined ? scan : { ...scan, session }, checkInSchema);
}

const doorSessionsSchema = z.object({
  sessions: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      start: z.string(),
      signup: z.boolean(),
      limit: z.nullable(z.int()),
      left: z.nullable(z.int()),
      checkedIn: z.nullable(z.int()),
    }),
  ),
});

/** How often a workshop's counts are read again while its door is chosen (other devices admit people too). */
const sessionCountsEveryMs = 30_000;

/** The sessions a door can admit to: those taking sign-ups, with a limit. */
export function useDoorSessions(following: boolean) {
  return useQuery({
    queryKey: ['admin', 'door-sessions'],
    queryFn: async () =>
      doorSessionsSchema
        .parse(await api.get<unknown>('/api/admin/sessions'))
        .sessions.filter((session) => session.signup && session.limit !== null),
    refetchInterval: following ? sessionCountsEveryMs : false,
    ...freshQuery,
  });
}

const foundSchema = z.object({
  attendees: z.array(
    z.object({
      ticketId: z.string(),
      attendeeName: z.string(),
      ticketName: z.string(),
      status: z.enum(['valid', 'checked_in', 'refunded', 'transferred']),
      checkedInAt: z.optional(z.int()),
    }),
  ),
});

export type FoundAttendee = z.infer<typeof foundSchema>['attendees'][number];

/** Attendees whose name holds `search` (at least 2 letters), for a forgotten QR code. */
export function useAttendeeSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'attendees', search],
    queryFn: async () =>
      foundSchema.parse(await api.get<unknown>(`/api/admin/check-in/search?q=${encodeURIComponent(search.trim())}`))
        .attendees,
    enabled: enabled && search.trim().length >= 2,
    ...freshQuery,
  });
}

const pickupSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  pickupCode: z.optional(z.nullable(z.string())),
  status: z.enum(orderStatuses),
  buyerName: z.string(),
  itemName: z.string(),
  size: z.optional(z.nullable(z.string())),
  color: z.optional(z.nullable(z.string())),
  quantity: z.int(),
  pickedUpAt: z.optional(z.nullable(z.int())),
  pickedUpBy: z.optional(z.nullable(z.string())),
});

export type Pickup = z.infer<typeof pickupSchema>;

export function usePickupSearch(search: string) {
  return useQuery({
    queryKey: ['admin', 'pickups', search],
    queryFn: async () =>
      z.array(pickupSchema).parse(await api.get<unknown>(`/api/admin/pickups?q=${encodeURIComponent(search)}`)),
    enabled: search.trim().length >= 2,
    ...freshQuery,
  });
}

const handoverSchema = z.object({
  result: z.enum(['handed_over', 'already_handed_over', 'refunded', 'not_paid', 'unknown']),
  message: z.string(),
  order: z.optional(pickupSchema),
});

export type HandoverAnswer = z.infer<typeof handoverSchema>;

export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'hand-over'],
    mutationFn: (code: string) => answerOf('/api/admin/pickups', { code }, handoverSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'pickups'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'pick-list'] }),
      ]),
  });
}

const pickLineSchema = z.object({
  itemName: z.string(),
  size: z.optional(z.nullable(z.string())),
  color: z.optional(z.nullable(z.string())),
  quantity: z.int(),
  orders: z.int(),
});

export function usePickList() {
  return useQuery({
    queryKey: ['admin', 'pick-list'],
    queryFn: async () => z.array(pickLineSchema).parse(await api.get<unknown>('/api/admin/pick-list')),
    ...freshQuery,
  });
}
