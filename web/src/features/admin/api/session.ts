import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';

export type AdminAccess =
  | { state: 'signed-in'; name: string }
  | { state: 'sign-in' }
  /** The server has neither a password nor a token: `message` says how to enable the back office. */
  | { state: 'disabled'; message: string };

const sessionSchema = z.object({ name: z.string() });

async function getAdminAccess(): Promise<AdminAccess> {
  try {
    const session = sessionSchema.parse(await api.get<unknown>('/api/admin/session'));
    return { state: 'signed-in', name: session.name };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return error.code === 'admin_disabled' ? { state: 'disabled', message: error.message } : { state: 'sign-in' };
    }
    throw error;
  }
}

export const accessKey = ['admin', 'access'] as const;

export function useAdminAccess() {
  return useQuery({ queryKey: accessKey, queryFn: getAdminAccess, staleTime: 0 });
}

export interface SignInRequest {
  name: string;
  password: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SignInRequest) =>
      sessionSchema.parse(await api.post<unknown>('/api/admin/session', request)),
    onSuccess: (session) => {
      const access: AdminAccess = { state: 'signed-in', name: session.name };
      queryClient.setQueryData(accessKey, access);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/api/admin/session'),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['admin'] });
      const access: AdminAccess = { state: 'sign-in' };
      queryClient.setQueryData(accessKey, access);
    },
  });
}
