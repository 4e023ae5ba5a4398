import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';
import { staffRoles, type StaffRole } from '@/features/admin/shell/roles';

const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(['invited', 'active', 'deactivated']),
  createdAt: z.int(),
});

export type StaffMember = z.infer<typeof personSchema>;

const staffKey = ['admin', 'staff'] as const;

export function useStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: async () =>
      z.object({ staff: z.array(personSchema) }).parse(await api.get<unknown>('/api/admin/staff')).staff,
    ...freshQuery,
  });
}

export interface Invitation {
  email: string;
  name: string;
  role: StaffRole;
}

/** Invites a person; answers the link that sets their password (also emailed to them). */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'invite'],
    mutationFn: async (invitation: Invitation) =>
      z
        .object({ person: personSchema, invitationUrl: z.string() })
        .parse(await api.post<unknown>('/api/admin/staff', invitation)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'change-staff'],
    mutationFn: async ({ id, ...change }: { id: string; role?: StaffRole; active?: boolean }) =>
      personSchema.parse(await api.patch<unknown>(`/api/admin/staff/${encodeURIComponent(id)}`, change)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** Sets the invited person's password with the token of their link. Not keyed under `admin`: no session yet. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async ({ token, password }: { token: string; password: string }) =>
      personSchema.parse(await api.post<unknown>(`/api/admin/invitations/${encodeURIComponent(token)}`, { password })),
  });
}
