import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  sponsorLogoUrl,
  useNewSponsorPageLink,
  useReviewSponsor,
  type ProfileState,
  type Sponsor,
  type SponsorProfile,
} from '../api/sponsorships';
import { Field } from '@/features/admin/shared/components/field';

// A sponsor's profile for the wall, its review, and a new link to their page, for the Sponsorships screen.

const stateLabels: Record<ProfileState, string> = {
  incomplete: 'No logo yet',
  in_review: 'Waiting for your review',
  approved: 'On the wall',
  rejected: 'Changes asked',
};

const stateTones: Record<ProfileState, string> = {
  incomplete: 'bg-muted text-muted-foreground',
  in_review: 'bg-warning text-warning-foreground',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** Where the profile stands, saying so when an earlier approved version stays on the wall meanwhile. */
function profileLabel(profile: SponsorProfile): string {
  if (!profile.onWall || profile.state === 'approved') return stateLabels[profile.state];
  const state = profile.state === 'in_review' ? 'Change waiting for review' : stateLabels[profile.state];
  return `${state} (approved version on the wall)`;
}

/** The profile for the public sponsor wall as the sponsor sent it, and its review. */
export function WallProfile({ sponsor }: { sponsor: Sponsor }) {
  const id = useId();
  const { profile } = sponsor;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          Sponsor wall
        </h3>
        {profile && (
          <span
            className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', stateTones[profile.state])}
          >
            {profileLabel(profile)}
          </span>
        )}
      </div>
      {profile ? (
        <>
          {profile.logo ? (
            <img
              src={sponsorLogoUrl(sponsor.orderId, profile)}
              alt={`Logo of ${profile.displayName}`}
              width={profile.logo.width}
              height={profile.logo.height}
              className="h-24 w-60 max-w-full rounded-md bg-muted object-contain p-2"
            />
          ) : (
            <p className="flex h-24 w-60 max-w-full items-center justify-center rounded-md bg-muted text-muted-foreground">
              No logo sent
            </p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">Name on the wall</dt>
            <dd>{profile.displayName}</dd>
            <dt className="font-medium">Website</dt>
            <dd className="break-all">
              {profile.website ? (
                <a
                  href={profile.website}
                  className="text-secondary underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {profile.website}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt className="font-medium">Description</dt>
            <dd>{profile.description || '—'}</dd>
          </dl>
          {profile.state === 'rejected' && profile.reviewReason && (
            <p className="rounded-md bg-muted p-3">
              <span className="font-semibold">You asked for changes:</span> {profile.reviewReason}
            </p>
          )}
          <ProfileReview sponsor={sponsor} profile={profile} />
        </>
      ) : (
        <p className="text-muted-foreground">No profile: this sponsorship was bought before sponsor pages existed.</p>
      )}
    </section>
  );
}

/** Approve, or ask for changes with a reason the sponsor is emailed: only while a profile waits for review. */
function ProfileReview({ sponsor, profile }: { sponsor: Sponsor; profile: SponsorProfile }) {
  const id = useId();
  const review = useReviewSponsor();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const serverReason = review.error instanceof ApiError ? review.error.fieldErrors.reason : undefined;
  const reasonError = missingReason ? 'Please tell the sponsor what to change.' : serverReason;
  const waiting = profile.state === 'in_review';

  function approve() {
    review.mutate({ orderId: sponsor.orderId, revision: profile.revision, review: { approve: true } });
  }

  function askForChanges(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissingReason(!reason.trim());
    if (!reason.trim()) return;
    review.mutate(
      { orderId: sponsor.orderId, revision: profile.revision, review: { approve: false, reason: reason.trim() } },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
        },
      },
    );
  }

  return (
    <>
      {waiting &&
        (asking ? (
          <form
            aria-label={`Ask ${sponsor.companyName} for changes`}
            className="grid gap-2"
            onSubmit={askForChanges}
            noValidate
          >
            <Field
              id={`${id}-reason`}
              label="What should the sponsor change?"
              hint="Emailed to the sponsor; up to 500 characters."
              error={reasonError}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  maxLength={500}
                  autoFocus
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={review.isPending}>
                {review.isPending ? 'Sending…' : 'Send to the sponsor'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setAsking(false);
                  setMissingReason(false);
                  review.reset();
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={review.isPending} onClick={approve}>
              {review.isPending ? 'Approving…' : 'Approve'}
            </Button>
            <Button variant="outline" size="sm" disabled={review.isPending} onClick={() => setAsking(true)}>
              Ask for changes
            </Button>
          </div>
        ))}
      {review.error && !serverReason && (
        <p role="alert" className="font-medium text-destructive">
          {review.error.message}
        </p>
      )}
      {review.data && !waiting && (
        <p role="status" className="font-medium">
          {review.data.state === 'approved'
            ? 'Approved: it is on the wall now.'
            : 'Sent: the sponsor is emailed what to change.'}
        </p>
      )}
    </>
  );
}

/** A new private link to the sponsor's page; it replaces their earlier links, so it asks first. */
export function SponsorPageLink({ sponsor }: { sponsor: Sponsor }) {
  const newLink = useNewSponsorPageLink();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="space-y-2">
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (open) newLink.reset();
          setConfirming(open);
        }}
      >
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            New link to their page
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New link to {sponsor.companyName}’s page?</DialogTitle>
            <DialogDescription>
              Their earlier links stop working. The new one is emailed to {sponsor.email} with their receipt, and shown
              here for you to open.
            </DialogDescription>
          </DialogHeader>
          {newLink.error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
              {newLink.error.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep the current link</Button>
            </DialogClose>
            <Button
              disabled={newLink.isPending}
              onClick={() => newLink.mutate(sponsor.orderId, { onSuccess: () => setConfirming(false) })}
            >
              {newLink.isPending ? 'Making the link…' : 'Make a new link and email it'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {newLink.data && (
        <p role="status">
          A new link is on its way to {sponsor.email}; earlier ones no longer work:{' '}
          <a
            href={newLink.data.sponsorPageUrl}
            className="break-all text-secondary underline"
            target="_blank"
            rel="noopener"
          >
            {newLink.data.sponsorPageUrl}
          </a>
        </p>
      )}
    </div>
  );
}
