import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

export const programmeFormats = ['pretalx', 'frab-xml', 'sessionize'] as const;

/** When and where a session takes place; times are RFC 3339 in the venue's offset, as the file has them. */
const slotSchema = z.object({ start: z.string(), end: z.string(), room: z.nullable(z.string()) });

export type Slot = z.infer<typeof slotSchema>;

/** What an import changes (a preview) or changed (applied); entries are matched by the source's ids. */
const changesSchema = z.object({
  sessionsAdded: z.int(),
  /** Moved sessions included. */
  sessionsChanged: z.int(),
  sessionsRemoved: z.int(),
  speakersAdded: z.int(),
  speakersChanged: z.int(),
  speakersRemoved: z.int(),
  /** `session` is its slug. */
  moved: z.array(z.object({ session: z.string(), from: slotSchema, to: slotSchema })),
});

export type Changes = z.infer<typeof changesSchema>;

const importSchema = z.object({
  format: z.enum(programmeFormats),
  changes: changesSchema,
  /** The version an applied file made; absent in a preview and when the file changed nothing. */
  version: z.optional(z.int()),
});

export type ProgrammeImport = z.infer<typeof importSchema>;

const versionSchema = z.object({
  number: z.int(),
  appliedAt: z.int(),
  format: z.string(),
  changes: changesSchema,
  appliedBy: z.string(),
});

export type ProgrammeVersion = z.infer<typeof versionSchema>;

const versionsSchema = z.object({ versions: z.array(versionSchema) });

/** The public programme's parts this screen names: its sessions' titles and its speakers with their photos. */
const publicProgrammeSchema = z.object({
  sessions: z.array(z.object({ slug: z.string(), title: z.string() })),
  speakers: z.array(z.object({ slug: z.string(), name: z.string(), photo: z.nullable(z.string()) })),
});

export type PublicProgramme = z.infer<typeof publicProgrammeSchema>;

const photoSchema = z.object({ photo: z.string(), photoLarge: z.string() });

/** The chosen file's own content type; a browser that cannot tell sends it as bytes. */
const fileType = (file: File) => file.type || 'application/octet-stream';

const versionsKey = ['admin', 'programme', 'versions'] as const;
const programmeKey = ['admin', 'programme', 'public'] as const;

/** Every applied import, newest first. */
export function useProgrammeVersions() {
  return useQuery({
    queryKey: versionsKey,
    queryFn: async () => versionsSchema.parse(await api.get<unknown>('/api/admin/programme/versions')).versions,
    ...freshQuery,
  });
}

/** The programme as visitors read it now. */
export function usePublicProgramme() {
  return useQuery({
    queryKey: programmeKey,
    queryFn: async () => publicProgrammeSchema.parse(await api.get<unknown>('/api/programme')),
    ...freshQuery,
  });
}

/** Reads a programme file: what it would change, or, with `apply`, the change itself as a new version. */
export function useImportProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'programme', 'import'],
    mutationFn: async ({ file, apply }: { file: File; apply: boolean }) =>
      importSchema.parse(
        await api.send<unknown>(
          'POST',
          `/api/admin/programme/import${apply ? '?apply=true' : ''}`,
          file,
          fileType(file),
        ),
      ),
    onSuccess: async (_answer, { apply }) => {
      if (apply) await queryClient.invalidateQueries({ queryKey: ['admin', 'programme'] });
    },
  });
}

const photoPath = (slug: string) => `/api/admin/programme/speakers/${encodeURIComponent(slug)}/photo`;

/** Gives a speaker the chosen image as their photo (PNG, JPEG or WebP), replacing any. */
export function useUploadSpeakerPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'programme', 'photo', 'upload'],
    mutationFn: async ({ slug, file }: { slug: string; file: File }) =>
      photoSchema.parse(await api.send<unknown>('PUT', photoPath(slug), file, fileType(file))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeKey }),
  });
}

/** Takes a speaker's photo away: the site shows their initials. */
export function useRemoveSpeakerPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'programme', 'photo', 'remove'],
    mutationFn: async (slug: string) => {
      await api.delete<unknown>(photoPath(slug));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeKey }),
  });
}
