import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

const totalsSchema = z.array(
  z.object({
    id: z.string(),
    label: z.string(),
    kind: z.string(),
    /** Valid tickets the question is asked for, with an answer and without. */
    answered: z.int(),
    missing: z.int(),
    /** Each option's count in the event file's order (every option, 0 included); Yes and No; none for free text. */
    options: z.array(z.object({ value: z.string(), count: z.int() })),
  }),
);

export type QuestionTotal = z.infer<typeof totalsSchema>[number];

export function useQuestionTotals() {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'question-totals'],
    queryFn: async () => totalsSchema.parse(await api.get<unknown>('/api/admin/questions/totals')),
    ...freshQuery,
  });
}
