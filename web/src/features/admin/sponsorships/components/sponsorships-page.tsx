import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import {
  approvedLogosZipUrl,
  sponsorsCsvUrl,
  useAddSponsorNote,
  useSponsorships,
  type Sponsor,
} from '../api/sponsorships';
import { SponsorPageLink, WallProfile } from './sponsor-wall-profile';
import { formatTime } from '@/features/admin/shared/components/format';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';

export function SponsorshipsPage() {
  const sponsors = useSponsorships();
  return (
    <Screen
      title="Sponsorships"
      description="Sponsors, their contacts, the perks they are owed, their profiles for the sponsor wall, and your follow-up notes."
      actions={
        <>
          <Button asChild variant="outline">
            <a href={sponsorsCsvUrl} download>
              <DownloadIcon aria-hidden="true" /> Sponsors (CSV)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={approvedLogosZipUrl} download>
              <DownloadIcon aria-hidden="true" /> Approved logos (zip)
            </a>
          </Button>
        </>
      }
    >
      {sponsors.data ? (
        sponsors.data.length === 0 ? (
          <p className="text-muted-foreground">No sponsorship has been bought yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {sponsors.data.map((sponsor) => (
              <li key={sponsor.orderId}>
                <SponsorCard sponsor={sponsor} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <Loading error={sponsors.error} />
      )}
    </Screen>
  );
}

function SponsorCard({ sponsor }: { sponsor: Sponsor }) {
  const id = useId();
  const addNote = useAddSponsorNote();
  const [note, setNote] = useState('');
  const { passes } = sponsor;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note.trim()) return;
    addNote.mutate({ orderId: sponsor.orderId, text: note.trim() }, { onSuccess: () => setNote('') });
  }

  return (
    <Card role="article" aria-labelledby={`${id}-company`} className="h-full">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-company`} className="text-lg font-semibold">
            {sponsor.companyName}
          </h2>
          <StatusBadge status={sponsor.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {sponsor.tierLabel} · {formatCents(sponsor.amount)} · paid {formatTime(sponsor.paidAt)} ·{' '}
          <Link to={paths.admin.order(sponsor.orderId)} className="text-secondary underline">
            {sponsor.reference}
          </Link>
        </p>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>
          {sponsor.contactName} ·{' '}
          <a href={`mailto:${sponsor.email}`} className="text-secondary underline">
            {sponsor.email}
          </a>{' '}
          · {sponsor.phone}
          {sponsor.website && (
            <>
              {' · '}
              <a href={sponsor.website} className="text-secondary underline" rel="noreferrer noopener" target="_blank">
                {sponsor.website}
              </a>
            </>
          )}
        </p>
        <div>
          <h3 className="font-semibold">Perks due</h3>
          <ul className="list-disc pl-5">
            {(sponsor.vipPasses > 0 || passes.issued > 0) && (
              <li>
                VIP passes: {passes.named} named of {passes.issued} · {passes.used} used
              </li>
            )}
            {sponsor.exhibitionSpace && <li>A {sponsor.exhibitionSpace} exhibition space</li>}
            {sponsor.perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
        {sponsor.additionalInfo && (
          <p>
            <span className="font-semibold">From the sponsor:</span> {sponsor.additionalInfo}
          </p>
        )}
        <WallProfile sponsor={sponsor} />
        <SponsorPageLink sponsor={sponsor} />
        {sponsor.note && (
          <p className="rounded-md bg-muted p-3">
            {sponsor.note.text}
            <span className="block text-xs text-muted-foreground">
              {sponsor.note.actor}, {formatTime(sponsor.note.at)}
            </span>
          </p>
        )}
        <form aria-label={`Note on ${sponsor.companyName}`} className="grid gap-2" onSubmit={submit}>
          <Label htmlFor={`${id}-note`}>Follow-up note</Label>
          <Textarea
            id={`${id}-note`}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {addNote.error && (
            <p role="alert" className="font-medium text-destructive">
              {addNote.error.message}
            </p>
          )}
          <Button
            type="submit"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={addNote.isPending || !note.trim()}
          >
            Save note
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
