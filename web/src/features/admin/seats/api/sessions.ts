import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

/**
 * A session of the published programme and its seats; `limit` and the counts are null when it takes no sign-ups.
 * `start` and `end` are RFC 3339 in the venue's offset; `seatLimit` null means the room's capacity.
 */
export const adminSessionSchema = z.object({
  slug: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  room: z.nullable(z.string()),
  kind: z.string(),
  signup: z.boolean(),
  seatLimit: z.nullable(z.int()),
  limit: z.nullable(z.int()),
  taken: z.nullable(z.int()),
  left: z.nullable(z.int()),
  waiting: z.nullable(z.int()),
  checkedIn: z.nullable(z.int()),
});

export type AdminSession = z.infer<typeof adminSessionSchema>;

const sessionDetailSchema = z.extend(adminSessionSchema, {
  roster: z.array(
    z.object({
      ticketId: z.string(),
      code: z.string(),
      name: z.nullable(z.string()),
      email: z.string(),
      ticketType: z.string(),
      reservedAt: z.int(),
      checkedInAt: z.nullable(z.int()),
      /** Took a free seat at the door, without a reservation. */
      walkIn: z.boolean(),
    }),
  ),
  queue: z.array(
    z.object({
      ticketId: z.string(),
      name: z.nullable(z.string()),
      email: z.string(),
      place: z.int(),
      joinedAt: z.int(),
    }),
  ),
});

export type SessionDetail = z.infer<typeof sessionDetailSchema>;

const sessionsKey = ['admin', 'sessions'] as const;
const sessionPath = (slug: string) => `/api/admin/sessions/${encodeURIComponent(slug)}`;

/** The roster as CSV: a plain link, as the session cookie opens it and the server names the file. */
export const rosterCsvPath = (slug: string) => `${sessionPath(slug)}/roster.csv`;

export function useAdminSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () =>
      z.object({ sessions: z.array(adminSessionSchema) }).parse(await api.get<unknown>('/api/admin/sessions')).sessions,
    ...freshQuery,
  });
}

export function useSessionDetail(slug: string) {
  return useQuery({
    queryKey: [...sessionsKey, slug],
    queryFn: async () => sessionDetailSchema.parse(await api.get<unknown>(sessionPath(slug))),
    ...freshQuery,
  });
}

export interface SeatSettings {
  signup?: boolean;
  /** Null: the room's capacity. */
  seatLimit?: number | null;
}

/** Switches sign-up or sets the limit; raising it seats the first in line, lowering it queues the latest seats. */
export function useChangeSeats(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sessions', 'change'],
    mutationFn: async (settings: SeatSettings) =>
      adminSessionSchema.parse(await api.patch<unknown>(sessionPath(slug), settings)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** An email to every seat holder of the session, through the outbox; answers how many it goes to. */
export function useMessageAttendees(slug: string) {
  return useMutation({
    mutationKey: ['admin', 'sessions', 'message'],
    mutationFn: async (message: { subject: string; body: string }) =>
      z.object({ recipients: z.int() }).parse(await api.post<unknown>(`${sessionPath(slug)}/message`, message))
        .recipients,
  });
}
