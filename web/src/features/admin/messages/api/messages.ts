import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

/** Who a message goes to; the server resolves the people when it goes out, one email per address. */
export type Segment =
  | { kind: 'ticket_holders'; ticketTypes?: string[]; checkedIn?: boolean }
  | { kind: 'session'; session: string }
  | { kind: 'sponsors' }
  | { kind: 'merchandise_not_picked_up'; item?: string }
  | { kind: 'waitlist'; interestAreas?: string[] };

export type SegmentKind = Segment['kind'];

const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** A segment as the list reads it back: every kind's fields, those of other kinds absent. */
const storedSegmentSchema = z.object({
  kind: z.string(),
  ticketTypes: optional(z.array(z.string())),
  checkedIn: optional(z.boolean()),
  session: optional(z.string()),
  item: optional(z.union([z.string(), z.number()])),
  interestAreas: optional(z.array(z.string())),
});

export type StoredSegment = z.infer<typeof storedSegmentSchema>;

export const messageStatuses = ['scheduled', 'sending', 'sent', 'test', 'cancelled'] as const;

export type MessageStatus = (typeof messageStatuses)[number];

const idSchema = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

const messageSchema = z.object({
  id: idSchema,
  subject: z.string(),
  segment: storedSegmentSchema,
  status: z.enum(messageStatuses),
  /** When a scheduled message goes out (Unix ms); null for one sent at once. */
  sendAt: z.nullable(z.int()),
  createdAt: z.int(),
  /** The staff member's email. */
  createdBy: z.string(),
  recipients: z.int(),
  sent: z.int(),
  failed: z.int(),
  pending: z.int(),
});

export type Message = z.infer<typeof messageSchema>;

const messagesKey = ['admin', 'messages'] as const;

/** Every message, newest first, with its delivery counts from the outbox. */
export function useMessages() {
  return useQuery({
    queryKey: messagesKey,
    queryFn: async () => z.array(messageSchema).parse(await api.get<unknown>('/api/admin/messages')),
    ...freshQuery,
  });
}

export interface MessageDraft {
  segment: Segment;
  subject: string;
  /** Markdown. */
  body: string;
}

const previewSchema = z.object({
  recipients: z.int(),
  /** The email as its first recipient would get it (or as the staff member would, with no recipients). */
  sample: z.object({ subject: z.string(), text: z.string(), html: z.string() }),
});

export type MessagePreview = z.infer<typeof previewSchema>;

export function usePreviewMessage() {
  return useMutation({
    mutationKey: ['admin', 'message-preview'],
    mutationFn: async (draft: MessageDraft) =>
      previewSchema.parse(await api.post<unknown>('/api/admin/messages/preview', draft)),
  });
}

export interface MessageRequest extends MessageDraft {
  /** RFC 3339 with an offset; without it the message goes now. */
  sendAt?: string;
  /** Only to the signed-in staff member. */
  test?: true;
}

const createdSchema = z.object({ id: idSchema, recipients: z.int(), status: z.enum(messageStatuses) });

export type CreatedMessage = z.infer<typeof createdSchema>;

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'send-message'],
    mutationFn: async (request: MessageRequest) =>
      createdSchema.parse(await api.post<unknown>('/api/admin/messages', request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

/** Stops a scheduled message before it goes out (409 once it has). */
export function useCancelMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'cancel-message'],
    mutationFn: async (id: string) =>
      messageSchema.parse(await api.post<unknown>(`/api/admin/messages/${encodeURIComponent(id)}/cancel`, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

const sessionsSchema = z.object({
  sessions: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      start: z.string(),
      signup: z.boolean(),
      taken: z.nullable(z.int()),
    }),
  ),
});

/** The workshop sessions whose seat holders a message can go to: those taking sign-ups or with seats taken. */
export function useSeatSessions() {
  return useQuery({
    queryKey: ['admin', 'sessions', 'for-messages'],
    queryFn: async () =>
      sessionsSchema
        .parse(await api.get<unknown>('/api/admin/sessions'))
        .sessions.filter((session) => session.signup || (session.taken ?? 0) > 0),
    ...freshQuery,
  });
}

export type SeatSession = NonNullable<ReturnType<typeof useSeatSessions>['data']>[number];
