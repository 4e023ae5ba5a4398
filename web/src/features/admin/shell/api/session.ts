import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import {
  forgetDoorSession,
  rememberDoorSession,
  rememberedDoorSession,
} from '@/features/admin/door/offline/door-session';
import { forgetCheckInList } from '@/features/admin/door/offline/door-store';
import { staffRoles, type StaffRole } from '../roles';

export type AdminAccess =
  | { state: 'signed-in'; name: string; role: StaffRole }
  /** `notice` says why the form is shown again, such as a session that ended elsewhere. */
  | { state: 'sign-in'; notice?: string }
  /** The server has neither a password nor a token: `message` says how to enable the back office. */
  | { state: 'disabled'; message: string };

const sessionSchema = z.object({ name: z.string(), role: z.enum(staffRoles) });

/** What a 401 from the back office means: closed on this server, or no (longer a) session. */
function accessAfter(error: ApiError, notice?: string): AdminAccess {
  return error.code === 'admin_disabled' ? { state: 'disabled', message: error.message } : { state: 'sign-in', notice };
}

async function getAdminAccess(): Promise<AdminAccess> {
  try {
    const session = sessionSchema.parse(await api.get<unknown>('/api/admin/session'));
    rememberDoorSession(session.name, session.role);
    return { state: 'signed-in', name: session.name, role: session.role };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetDoorSession();
      return accessAfter(error);
    }
    // No network: a door device that was signed in keeps its check-in screen.
    const remembered = error instanceof TypeError && isDoorScreen() ? rememberedDoorSession() : null;
    if (remembered) return { state: 'signed-in', ...remembered };
    throw error;
  }
}

function isDoorScreen(): boolean {
  const { pathname } = window.location;
  return pathname === paths.admin.checkIn || pathname === paths.admin.pickup;
}

/**
 * Every back-office query and mutation is keyed under `admin`: leaving the back office drops them
 * all, and a 401 from any of them ends the session on this screen.
 */
export const accessKey = ['admin', 'access'] as const;

export function useAdminAccess() {
  return useQuery({ queryKey: accessKey, queryFn: getAdminAccess, staleTime: 0 });
}

/**
 * Shows `access` (the sign-in form, or the closed back office) with nothing of the session left in
 * the cache: on a shared door phone no figure, buyer or answer may stay behind.
 */
function leaveBackOffice(queryClient: QueryClient, access: AdminAccess) {
  void forgetCheckInList();
  forgetDoorSession();
  // The access query is updated, never removed: the app stays subscribed to this very query.
  queryClient.setQueryData(accessKey, access);
  queryClient.removeQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] !== accessKey[1] });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.findAll({ mutationKey: ['admin'] })) mutations.remove(mutation);
}

const sessionEnded = 'Your session has ended. Please sign in again.';

/**
 * A 401 from any back-office query or mutation means the session is over (it expired, or was ended
 * elsewhere): the sign-in form comes back at once instead of an error on a screen full of old data.
 */
export function useSignInWhenSessionEnds() {
  const queryClient = useQueryClient();
  useEffect(() => {
    function onFailure(key: readonly unknown[] | undefined, error: unknown) {
      if (key?.[0] !== 'admin' || !(error instanceof ApiError) || error.status !== 401) return;
      leaveBackOffice(queryClient, accessAfter(error, sessionEnded));
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        onFailure(event.query.queryKey, event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        onFailure(event.mutation.options.mutationKey, event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

export interface SignInRequest {
  email: string;
  password: string;
}

// Signing in and out are not keyed under `admin`: their 401s are answers, not an ended session.
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SignInRequest) =>
      sessionSchema.parse(await api.post<unknown>('/api/admin/session', request)),
    onSuccess: (session) => {
      rememberDoorSession(session.name, session.role);
      const access: AdminAccess = { state: 'signed-in', name: session.name, role: session.role };
      queryClient.setQueryData(accessKey, access);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/api/admin/session'),
    // The screen empties before the server answers: nothing of the session waits on the network.
    onMutate: () => leaveBackOffice(queryClient, { state: 'sign-in', notice: 'You are signed out.' }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return; // the session had ended already
      const access: AdminAccess = {
        state: 'sign-in',
        notice: `Signing out may not have reached the server (${error.message}). To be sure, sign in and sign out again.`,
      };
      queryClient.setQueryData(accessKey, access);
    },
  });
}
