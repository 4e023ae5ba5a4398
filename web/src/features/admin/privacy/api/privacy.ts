import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

const privacySchema = z.object({
  /** How long after the event personal data is kept (the event file's `[privacy]`). */
  keepPersonalDataDays: z.int(),
  /** When the daily job first erases: the event's end plus those days (Unix ms). */
  runsAt: z.int(),
  /** When it last erased, if it has. */
  erasedAt: z._default(z.nullable(z.int()), null),
});

export type Privacy = z.infer<typeof privacySchema>;

const privacyKey = ['admin', 'privacy'] as const;

export function usePrivacy() {
  return useQuery({
    queryKey: privacyKey,
    queryFn: async () => privacySchema.parse(await api.get<unknown>('/api/admin/privacy')),
    ...freshQuery,
  });
}

const erasedSchema = z.object({
  erased: z.object({
    orders: z.int(),
    tickets: z.int(),
    registrations: z.int(),
    /** Waiting-list entries. */
    entries: z.int(),
  }),
});

export type Erased = z.infer<typeof erasedSchema>['erased'];

/** Erases every trace of a person now, on their request (the owner only); answers what was erased. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'erase-person'],
    mutationFn: async (email: string) =>
      erasedSchema.parse(await api.post<unknown>('/api/admin/privacy/erase', { email })).erased,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKey }),
  });
}
