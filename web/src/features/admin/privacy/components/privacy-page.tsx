import type { ReactNode } from 'react';
import { usePrivacy } from '../api/privacy';
import { ErasePersonForm } from './erase-person-form';
import { canErasePersonalData, type StaffRole } from '@/features/admin/shell/roles';
import { formatTime } from '@/features/admin/shared/components/format';
import { Loading, Screen } from '@/features/admin/shared/components/screen';

/** /admin/privacy: when personal data is erased after the event, and erasing one person now on request. */
export function PrivacyPage({ role }: { role: StaffRole }) {
  const privacy = usePrivacy();
  return (
    <Screen
      title="Privacy"
      description="Personal data is erased a set number of days after the event. Amounts, counts and invoices stay, as the law asks."
    >
      {privacy.data ? (
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="Kept after the event">
            {privacy.data.keepPersonalDataDays} {privacy.data.keepPersonalDataDays === 1 ? 'day' : 'days'}
          </Figure>
          <Figure label="Erasure runs from">{formatTime(privacy.data.runsAt)}</Figure>
          <Figure label="Last erased">
            {privacy.data.erasedAt === null ? 'Not yet' : formatTime(privacy.data.erasedAt)}
          </Figure>
        </dl>
      ) : (
        <Loading error={privacy.error} />
      )}
      <p className="max-w-3xl text-sm text-muted-foreground">
        From then on, once a day: names, emails, phone numbers, answers to the questions, billing addresses of orders
        without an invoice, waitlist registrations and waiting-list entries.
      </p>
      {canErasePersonalData(role) ? (
        <ErasePersonForm />
      ) : (
        <p className="rounded-md border border-border bg-card p-4">
          Only the owner can erase a person’s data on request.
        </p>
      )}
    </Screen>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold">{children}</dd>
    </div>
  );
}
