import { useId, type ChangeEvent } from 'react';
import { buttonVariants, Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { serverErrors } from '@/features/admin/shared/components/server-errors';
import { useRemoveSpeakerPhoto, useUploadSpeakerPhoto, type PublicProgramme } from '../api/programme';

type Speaker = PublicProgramme['speakers'][number];

/** Each speaker's photo as the site shows it, to upload, replace or remove: the import's own may be missing or poor. */
export function SpeakerPhotos({ speakers }: { speakers: Speaker[] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Speaker photos
      </h2>
      <p className="text-sm text-muted-foreground">
        PNG, JPEG or WebP. A speaker without a photo is shown with their initials.
      </p>
      <ul aria-labelledby={`${id}-title`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {speakers.map((speaker) => (
          <SpeakerPhoto key={speaker.slug} speaker={speaker} />
        ))}
      </ul>
    </section>
  );
}

function SpeakerPhoto({ speaker }: { speaker: Speaker }) {
  const id = useId();
  const upload = useUploadSpeakerPhoto();
  const remove = useRemoveSpeakerPhoto();
  const busy = upload.isPending || remove.isPending;
  const failed = upload.error ?? remove.error;
  const error = failed
    ? serverErrors(failed, ['photo'], { fallback: 'The photo could not be saved. Please try again.' })
    : {};
  const message = error.photo ?? error.general;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied, so choosing the same file again (once fixed) sends it again.
    input.value = '';
    if (!file) return;
    remove.reset();
    upload.mutate({ slug: speaker.slug, file });
  }

  return (
    <li aria-labelledby={`${id}-name`} className="flex items-center gap-3 rounded-lg border border-border bg-card p-3">
      {speaker.photo ? (
        <img src={speaker.photo} alt="" width={56} height={56} className="size-14 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted font-semibold"
        >
          {initials(speaker.name)}
        </span>
      )}
      <div className="min-w-0 space-y-2">
        <p id={`${id}-name`} className="font-medium">
          {speaker.name}
        </p>
        <div className="flex flex-wrap gap-2">
          <label
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            {speaker.photo ? 'Replace photo' : 'Upload photo'} <span className="sr-only">of {speaker.name}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              disabled={busy}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={choose}
            />
          </label>
          {speaker.photo && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => {
                upload.reset();
                remove.mutate(speaker.slug);
              }}
            >
              Remove photo <span className="sr-only">of {speaker.name}</span>
            </Button>
          )}
        </div>
        {message && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {message}
          </p>
        )}
      </div>
    </li>
  );
}

/** "Marisol Quintero" → "MQ". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
