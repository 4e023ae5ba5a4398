import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

export const entryStates = ['waiting', 'offered', 'used', 'expired', 'declined', 'removed'] as const;
export type EntryState = (typeof entryStates)[number];

/** Someone in a queue: waiting for units, or holding (or past) an offer of them. */
const entrySchema = z.object({
  id: z.string(),
  /** Their place among the queue's waiting entries; null once they no longer wait. */
  place: z.nullable(z.int()),
  name: z.string(),
  email: z.string(),
  quantity: z.int(),
  state: z.enum(entryStates),
  /** The personal single-use code the offer came with. */
  code: z.nullable(z.string()),
  offeredAt: z.nullable(z.int()),
  offerExpiresAt: z.nullable(z.int()),
  /** When units first went to someone behind them who asked for fewer: they kept their place and were emailed. */
  passedOverAt: z.nullable(z.int()),
  joinedAt: z.int(),
});

export type WaitingEntry = z.infer<typeof entrySchema>;

/** One sold-out item's (or variant's) queue: waiting entries first by place, then the others newest change first. */
const queueSchema = z.object({
  kind: z.enum(['ticket', 'merchandise', 'sponsorship']),
  /** Opaque: "ticket:developer", "merchandise:1:M:Black". */
  sku: z.string(),
  itemName: z.string(),
  /** Units not taken by orders or holds (they may be owed to the queue); null when the item has no limit. */
  free: z.nullable(z.int()),
  waiting: z.int(),
  waitingUnits: z.int(),
  /** Why the first in line has no offer though units are free, or came back and went to someone behind. */
  blocked: z.nullable(z.string()),
  entries: z.array(entrySchema),
});

export type WaitingQueue = z.infer<typeof queueSchema>;

const waitingListSchema = z.object({
  /** How long an offer holds its units. */
  offerHours: z.int(),
  queues: z.array(queueSchema),
});

export type WaitingList = z.infer<typeof waitingListSchema>;

const waitingListKey = ['admin', 'waiting-list'] as const;

const entryPath = (id: string) => `/api/admin/waiting-list/${encodeURIComponent(id)}`;

export function useWaitingList() {
  return useQuery({
    queryKey: waitingListKey,
    queryFn: async () => waitingListSchema.parse(await api.get<unknown>('/api/admin/waiting-list')),
    ...freshQuery,
  });
}

/**
 * An action on one entry. The queues are read again after it, refused or not (a refusal may follow
 * a change made elsewhere), without waiting: the caller's own callbacks run while its row still shows.
 */
function useEntryAction<R>(name: string, act: (id: string) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...waitingListKey, name],
    mutationFn: act,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: waitingListKey });
    },
  });
}

export function useMoveUp() {
  return useEntryAction('move-up', async (id) =>
    z.object({ place: z.int() }).parse(await api.post<unknown>(`${entryPath(id)}/move-up`, {})),
  );
}

/** Offers a waiting entry its units now, with a code that holds them for the offer's hours. */
export function useSendOffer() {
  return useEntryAction('offer', async (id) =>
    z
      .object({ code: z.string(), offerExpiresAt: z.int() })
      .parse(await api.post<unknown>(`${entryPath(id)}/offer`, {})),
  );
}

/** Takes an entry out of its queue; an offered one's offer ends and its units pass on. */
export function useRemoveEntry() {
  return useEntryAction('remove', (id) => api.delete<undefined>(entryPath(id)));
}
