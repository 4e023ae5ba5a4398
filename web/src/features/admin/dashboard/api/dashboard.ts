import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { duplicateScanSchema, emailSchema, freshQuery, orderSchema } from '@/features/admin/shared/api/schemas';

const dashboardSchema = z.object({
  totals: z.array(
    z.object({ kind: z.string(), status: z.string(), count: z.int(), amount: z.int(), refunded: z.int() }),
  ),
  revenue: z.record(z.string(), z.int()),
  stock: z.array(
    z.object({
      sku: z.string(),
      label: z.string(),
      capacity: z.int(),
      sold: z.int(),
      held: z.int(),
      left: z.int(),
    }),
  ),
  salesByDay: z.array(
    z.object({ date: z.string(), orders: z.int(), ticket: z.int(), merchandise: z.int(), sponsorship: z.int() }),
  ),
  latestOrders: z.array(orderSchema),
  checkIns: z.array(z.object({ ticketType: z.string(), label: z.string(), expected: z.int(), checkedIn: z.int() })),
  duplicateScans: z.array(duplicateScanSchema),
  /** The sessions nearly full and those with the longest waiting lists (5 each); absent before any sign-up. */
  workshops: z.optional(
    z.nullable(
      z.object({
        nearlyFull: z.array(
          z.object({
            slug: z.string(),
            title: z.string(),
            start: z.string(),
            limit: z.int(),
            taken: z.int(),
            left: z.int(),
          }),
        ),
        longestQueues: z.array(z.object({ slug: z.string(), title: z.string(), start: z.string(), waiting: z.int() })),
      }),
    ),
  ),
  attention: z.object({
    flaggedForRefund: z.array(orderSchema),
    failedEmails: z.array(emailSchema),
    stuckPending: z.array(orderSchema),
  }),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
export type DaySales = Dashboard['salesByDay'][number];

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => dashboardSchema.parse(await api.get<unknown>('/api/admin/dashboard')),
    ...freshQuery,
  });
}
