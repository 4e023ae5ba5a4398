import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import {
  freshQuery,
  invoiceLinkSchema,
  orderSchema,
  pageSchema,
  refundSchema,
} from '@/features/admin/shared/api/schemas';

export interface OrderFilters {
  q: string;
  kind: string;
  status: string;
  item: string;
  page: number;
}

const orderListSchema = z.extend(pageSchema(orderSchema), {
  catalogue: z.array(z.object({ sku: z.string(), label: z.string() })),
});

export type OrderList = z.infer<typeof orderListSchema>;

export function useOrders(filters: OrderFilters) {
  const query = new URLSearchParams({ ...filters, page: String(filters.page) });
  return useQuery({
    queryKey: ['admin', 'orders', filters],
    queryFn: async () => orderListSchema.parse(await api.get<unknown>(`/api/admin/orders?${query.toString()}`)),
    placeholderData: (previous) => previous,
    ...freshQuery,
  });
}

const orderPageSchema = z.object({
  order: orderSchema,
  refunds: z.array(refundSchema),
  tickets: z.array(
    z.object({
      code: z.string(),
      position: z.int(),
      attendeeName: z.optional(z.nullable(z.string())),
      attendeeEmail: z.optional(z.nullable(z.string())),
      status: z.enum(['valid', 'transferred', 'refunded']),
      checkedInAt: z.optional(z.nullable(z.int())),
      checkedInBy: z.optional(z.nullable(z.string())),
      /** The attendee's answers to the event file's questions, as people read them ("Vegetarian", "Yes"). */
      answers: z._default(z.array(z.object({ question: z.string(), label: z.string(), text: z.string() })), () => []),
    }),
  ),
  timeline: z.array(z.object({ at: z.int(), kind: z.string(), text: z.string(), actor: z.optional(z.string()) })),
  refundPolicy: z.object({ window: z.string(), amount: z.int(), explanation: z.string() }),
  /** Oldest first. */
  invoices: z._default(z.array(invoiceLinkSchema), () => []),
});

export type OrderPage = z.infer<typeof orderPageSchema>;

const orderKey = (id: string) => ['admin', 'order', id] as const;

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async () => orderPageSchema.parse(await api.get<unknown>(`/api/admin/orders/${encodeURIComponent(id)}`)),
    ...freshQuery,
  });
}

/** After a change to an order, its page and every listing that shows it are read again. */
function useOrderChange<T, R>(id: string, change: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: orderKey(id),
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}

export interface RefundRequest {
  /** Cents; omitted for the policy's amount. */
  amount?: number;
  reason: string;
  /**
   * True: the order is cancelled (its tickets void, its stock back on sale), whatever the amount.
   * False: a goodwill refund of part of what is left, with a reason; the order stays valid.
   */
  cancel: boolean;
  /** One per refund attempt, so a retried request is the same refund. */
  idempotencyKey: string;
}

const refundedSchema = z.object({ refund: refundSchema, order: orderSchema });

export function useRefundOrder(id: string) {
  return useOrderChange(id, async ({ idempotencyKey, ...body }: RefundRequest) =>
    refundedSchema.parse(
      await api.post<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/refund`, body, {
        'Idempotency-Key': idempotencyKey,
      }),
    ),
  );
}

export function useAddNote(id: string) {
  return useOrderChange(id, (text: string) =>
    api.post<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/notes`, { text }),
  );
}

export function useResendConfirmation(id: string) {
  return useOrderChange(id, () =>
    api.post<unknown>(`/api/admin/orders/${encodeURIComponent(id)}/resend-confirmation`, {}),
  );
}
