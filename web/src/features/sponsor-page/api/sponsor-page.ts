import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError, api } from '@/lib/api-client';

const profileSchema = z.object({
  displayName: z.string(),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** The logo sent last; `GET /api/sponsor/logo` shows it. */
  logo: z.nullable(z.object({ format: z.enum(['svg', 'png']), width: z.int(), height: z.int() })),
  /** `incomplete`: no logo yet. `in_review`: waiting for the organizers. `rejected`: they asked for a change. */
  state: z.enum(['incomplete', 'in_review', 'approved', 'rejected']),
  reviewReason: z.nullable(z.string()),
  /** Whether an approved version is on the wall now (it stays while a change waits for review). */
  onWall: z.boolean(),
  updatedAt: z.int(),
});

const sponsorPageSchema = z.object({
  reference: z.string(),
  status: z.enum(['paid', 'refunded']),
  companyName: z.string(),
  tier: z.string(),
  tierLabel: z.string(),
  exhibitionSpace: z.nullable(z.string()),
  perks: z.array(z.string()),
  deadlines: z.array(z.object({ label: z.string(), date: z.string() })),
  passes: z.object({ issued: z.int(), named: z.int(), used: z.int(), nameUntil: z.string() }),
  profile: profileSchema,
});

export type SponsorPage = z.infer<typeof sponsorPageSchema>;
export type SponsorProfile = SponsorPage['profile'];

/** The largest logo the server takes. */
export const MAX_LOGO_BYTES = 1024 * 1024;

const key = (token: string) => ['sponsor-page', token] as const;
const header = (token: string) => ({ 'X-Sponsor-Token': token });

/** The sponsor's page behind the link's secret, which travels in a header, never in a URL. */
export function useSponsorPage(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: async () => sponsorPageSchema.parse(await api.get<unknown>('/api/sponsor', header(token))),
    enabled: token !== '',
  });
}

export interface ProfileChange {
  displayName: string;
  website: string;
  description: string;
}

/** Saves the name, website and description for the wall; a change goes to the organizers' review. */
export function useUpdateProfile(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ProfileChange) =>
      sponsorPageSchema.parse(await api.put<unknown>('/api/sponsor/profile', change, header(token))),
    onSuccess: (page) => queryClient.setQueryData(key(token), page),
  });
}

/** Sends the logo file as it is (SVG or PNG); answers the page, or the server's reason it was refused. */
export function useUploadLogo(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch('/api/sponsor/logo', {
        method: 'PUT',
        headers: { Accept: 'application/json', 'Content-Type': file.type, ...header(token) },
        body: file,
      });
      const body: unknown = await response.json().catch(() => ({}));
      if (!response.ok) {
        const { message, fieldErrors } = body as { message?: string; fieldErrors?: Record<string, string> };
        throw new ApiError(
          response.status,
          fieldErrors?.logo ?? message ?? 'The logo could not be sent.',
          fieldErrors ?? {},
        );
      }
      return sponsorPageSchema.parse(body);
    },
    onSuccess: (page) => queryClient.setQueryData(key(token), page),
  });
}

/** The logo sent last as a data: URL (the page's policy allows images from data: and this site only). */
export function useLogoPreview(token: string, profile: SponsorProfile | undefined) {
  return useQuery({
    queryKey: [...key(token), 'logo', profile?.updatedAt] as const,
    queryFn: async () => {
      const blob = await api.getBlob('/api/sponsor/logo', header(token));
      return await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error('The logo could not be shown.'));
        reader.readAsDataURL(blob);
      });
    },
    enabled: token !== '' && profile?.logo != null,
  });
}
