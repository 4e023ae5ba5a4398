import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery, pageSchema } from '@/features/admin/shared/api/schemas';

const registrationSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  jobTitle: z.optional(z.nullable(z.string())),
  interestAreas: z.array(z.string()),
  /** Asked for updates and has not unsubscribed. */
  subscribed: z.boolean(),
  /** The address's owner followed the emailed confirmation link: with `subscribed`, presales and draws reach them. */
  confirmed: z.boolean(),
  registeredAt: z.int(),
});

const waitlistSchema = z.extend(pageSchema(registrationSchema), {
  interests: z.array(z.object({ value: z.string(), label: z.string(), count: z.int() })),
  registered: z.int(),
  subscribed: z.int(),
  /** Confirmed and subscribed: whom presales and draws reach. */
  confirmed: z.int(),
});

export type Waitlist = z.infer<typeof waitlistSchema>;

/** An interest area registrations can tick: its value, its label, and how many ticked it. */
export type Interest = Waitlist['interests'][number];

export function useWaitlist(search: string, page: number) {
  const query = new URLSearchParams({ q: search, page: String(page) });
  return useQuery({
    queryKey: ['admin', 'waitlist', search, page],
    queryFn: async () => waitlistSchema.parse(await api.get<unknown>(`/api/admin/waitlist?${query.toString()}`)),
    placeholderData: (previous) => previous,
    ...freshQuery,
  });
}
