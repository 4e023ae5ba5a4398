import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailSchema, freshQuery, pageSchema } from '@/features/admin/shared/api/schemas';

const emailPageSchema = pageSchema(emailSchema);

export function useEmails(status: string, page: number) {
  const query = new URLSearchParams({ status, page: String(page) });
  return useQuery({
    queryKey: ['admin', 'emails', status, page],
    queryFn: async () => emailPageSchema.parse(await api.get<unknown>(`/api/admin/emails?${query.toString()}`)),
    placeholderData: (previous) => previous,
    ...freshQuery,
  });
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'retry-email'],
    mutationFn: async (id: string) =>
      emailSchema.parse(await api.post<unknown>(`/api/admin/emails/${encodeURIComponent(id)}/retry`, {})),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'emails'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}
