import { useDeferredValue, useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod/mini';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/format-date';
import { useLocation } from '@/lib/router';
import { useHydrated } from '@/lib/use-hydrated';
import {
  MAX_LOGO_BYTES,
  useLogoPreview,
  useSponsorPage,
  useUpdateProfile,
  useUploadLogo,
  type SponsorPage as Page,
  type SponsorProfile,
} from '../api/sponsor-page';

/** /sponsor#<secret>: the sponsor's private page, opened from the receipt or the confirmation page. */
export function SponsorPage() {
  useDocumentTitle('Your sponsor page');
  const { hash } = useLocation();
  // The secret is in the fragment, which browsers never send to a server: the prerendered page,
  // made without one, reads it once the app runs (undefined until then).
  const token = useHydrated() ? hash.replace(/^#/, '') : undefined;
  const page = useSponsorPage(token ?? '');
  // The query hands its answer over in one synchronous render; deferred, the page's forms and cards
  // render in a background pass React can pause, so a phone is never blocked for long.
  const sponsorship = useDeferredValue(page.data);

  return (
    // A screen tall at least: the footer starts below the fold, so nothing in view moves when the
    // sponsorship, or the reason there is none, takes the placeholder's place.
    <div className="min-h-[calc(100dvh-4rem)] bg-muted">
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="font-display text-3xl font-bold">Your sponsor page</h1>
        {/* the page's largest text is prerendered, so it is painted first, before the sponsorship arrives */}
        <p className="max-w-2xl text-lg text-muted-foreground">
          Send your logo for the sponsor wall, name your VIP passes and see what is due by when. Keep the link to this
          page to yourself: anyone who has it can change your profile.
        </p>
        {token === '' ? (
          <p>Open this page with the link in your sponsorship receipt.</p>
        ) : token && sponsorship ? (
          <Sponsorship page={sponsorship} token={token} />
        ) : page.error ? (
          <p role="alert" className="font-medium text-destructive">
            {page.error.message}
          </p>
        ) : (
          <SponsorshipSkeleton />
        )}
      </div>
    </div>
  );
}

/** The sponsorship's line and its first cards while the private link is read and the page loads. */
function SponsorshipSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your sponsorship…</span>
      <Skeleton className="h-6 w-2/3 max-w-md bg-border" />
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="h-96 w-full bg-border" />
        <Skeleton className="h-48 w-full bg-border" />
      </div>
    </div>
  );
}

function Sponsorship({ page, token }: { page: Page; token: string }) {
  const refunded = page.status === 'refunded';
  return (
    <>
      <p className="text-muted-foreground">
        {page.companyName} · {page.tierLabel} sponsor · Order {page.reference}
      </p>
      {refunded && (
        <p className="rounded-md bg-warning p-4 text-warning-foreground">
          This sponsorship was refunded: its passes admit no one and it is not on the sponsor wall.
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <h2 className="text-xl font-semibold">On the sponsor wall</h2>
              <ReviewState profile={page.profile} />
            </CardHeader>
            <CardContent className="space-y-8">
              <LogoUpload profile={page.profile} token={token} disabled={refunded} />
              <ProfileForm profile={page.profile} token={token} disabled={refunded} />
            </CardContent>
          </Card>
        </div>
        <div className="space-y-6">
          <Passes page={page} token={token} />
          <Card>
            <CardHeader>
              <h2 className="text-xl font-semibold">Your {page.tierLabel} sponsorship includes</h2>
            </CardHeader>
            <CardContent>
              <ul className="list-disc space-y-1 pl-5">
                {page.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
                {page.exhibitionSpace && <li>A {page.exhibitionSpace} exhibition space</li>}
              </ul>
            </CardContent>
          </Card>
          {page.deadlines.length > 0 && (
            <Card>
              <CardHeader>
                <h2 className="text-xl font-semibold">Deadlines</h2>
              </CardHeader>
              <CardContent>
                <dl className="space-y-3">
                  {page.deadlines.map((deadline) => (
                    <div key={`${deadline.date}-${deadline.label}`}>
                      <dt className="font-semibold">{formatIsoDate(deadline.date)}</dt>
                      <dd className="text-muted-foreground">{deadline.label}</dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

/** Where the profile stands with the organizers' review, in a sentence. */
function ReviewState({ profile }: { profile: SponsorProfile }) {
  const text = {
    incomplete: 'Send your logo: the organizers review your profile before it goes on the website.',
    in_review: profile.onWall
      ? 'Your change is waiting for the organizers’ review; the approved version stays on the wall meanwhile.'
      : 'Thank you! The organizers review your profile before it goes on the website.',
    approved: 'Approved: you are on the sponsor wall.',
    rejected: `The organizers asked for a change: ${profile.reviewReason ?? ''}`,
  }[profile.state];
  return (
    <p
      role="status"
      className={profile.state === 'rejected' ? 'font-medium text-destructive' : 'text-muted-foreground'}
    >
      {text}
      {profile.state === 'approved' && (
        <>
          {' '}
          <a href={paths.anchor('sponsors')} className="font-semibold text-primary underline underline-offset-4">
            See the wall
          </a>
        </>
      )}
    </p>
  );
}

function LogoUpload({ profile, token, disabled }: { profile: SponsorProfile; token: string; disabled: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadLogo(token);
  const preview = useLogoPreview(token, profile);
  const [problem, setProblem] = useState<string>();

  function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type !== 'image/svg+xml' && file.type !== 'image/png') {
      setProblem('Please choose an SVG or a PNG file.');
      return;
    }
    if (file.size > MAX_LOGO_BYTES) {
      setProblem('The logo is over 1 MB: please choose a smaller file.');
      return;
    }
    setProblem(undefined);
    upload.mutate(file, { onError: (error) => setProblem(error.message) });
  }

  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Logo</h3>
      <div className="flex h-28 w-64 items-center justify-center rounded-md border bg-background p-2">
        {preview.data ? (
          <img
            src={preview.data}
            alt="Your logo as it will be shown"
            width={240}
            height={96}
            className="h-24 w-60 object-contain"
          />
        ) : (
          <span className="text-sm text-muted-foreground">{profile.logo ? 'Loading your logo…' : 'No logo yet'}</span>
        )}
      </div>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {profile.logo ? 'Replace your logo' : 'Choose your logo'}
      </label>
      <Input
        id={inputId}
        type="file"
        accept=".svg,.png,image/svg+xml,image/png"
        aria-describedby={hintId}
        aria-invalid={problem !== undefined}
        disabled={disabled || upload.isPending}
        onChange={send}
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        SVG or PNG, up to 1 MB; a PNG at least 300 pixels wide (or tall), in proportions from 1:2 to 6:1. An SVG is
        rebuilt from its shapes alone: scripts, links and external images are removed.
      </p>
      {upload.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Sending your logo…
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

const profileSchema = z.object({
  displayName: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Please enter the name to show (2 to 80 characters).'),
      z.maxLength(80, 'Please enter the name to show (2 to 80 characters).'),
    ),
  website: z.string().check(z.trim(), z.maxLength(200, 'Please keep the address to 200 characters.')),
  description: z.string().check(z.trim(), z.maxLength(300, 'Please keep the description to 300 characters.')),
});

const FIELDS = ['displayName', 'website', 'description'] as const;

function ProfileForm({ profile, token, disabled }: { profile: SponsorProfile; token: string; disabled: boolean }) {
  const update = useUpdateProfile(token);
  const [saved, setSaved] = useState(false);
  return (
    <Form
      schema={profileSchema}
      options={{
        defaultValues: {
          displayName: profile.displayName,
          website: profile.website ?? '',
          description: profile.description ?? '',
        },
      }}
      aria-label="Your profile"
      className="grid gap-4"
      onSubmit={async (values, form) => {
        setSaved(false);
        try {
          await update.mutateAsync(values);
          setSaved(true);
        } catch (error) {
          const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
          const fields = FIELDS.filter((field) => fieldErrors[field]);
          for (const field of fields) form.setError(field, { type: 'server', message: fieldErrors[field] });
          if (fields.length === 0) {
            form.setError('displayName', {
              type: 'server',
              message: error instanceof Error ? error.message : 'The profile could not be saved. Please try again.',
            });
          }
        }
      }}
    >
      {(form) => (
        <>
          <h3 className="font-semibold">Profile</h3>
          <FormField
            control={form.control}
            name="displayName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name to show</FormLabel>
                <FormControl>
                  <Input autoComplete="organization" disabled={disabled} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="website"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Website</FormLabel>
                <FormControl>
                  <Input type="url" inputMode="url" autoComplete="url" disabled={disabled} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Short description (plain text, up to 300 characters)</FormLabel>
                <FormControl>
                  <Textarea rows={3} maxLength={300} disabled={disabled} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={disabled || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save profile'}
            </Button>
            {saved && (
              <p role="status" className="text-sm text-muted-foreground">
                Saved. A change goes to the organizers’ review before it shows on the website.
              </p>
            )}
          </div>
        </>
      )}
    </Form>
  );
}

function Passes({ page, token }: { page: Page; token: string }) {
  const { issued, named, used, nameUntil } = page.passes;
  if (issued === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">VIP passes</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p>
          {issued} {issued === 1 ? 'pass' : 'passes'} · {named} named · {used} used at the door
        </p>
        <p className="text-sm text-muted-foreground">
          Give each pass a name and email by <strong>{formatIsoDate(nameUntil)}</strong>: each person gets their own
          ticket with a QR code by email.
        </p>
        <a href={`${paths.myTickets}#${token}`} className={buttonVariants({ variant: 'default' })}>
          Name your passes
        </a>
      </CardContent>
    </Card>
  );
}
