import { BedDoubleIcon, MailIcon, TicketIcon, UsersIcon } from '@/components/icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Section, SectionHeader } from '@/components/layout/section';
import { Card, CardContent } from '@/components/ui/card';
import { WaitlistForm } from './waitlist-form';

// The dialog (Radix) loads when it is first needed: after a registration.
const WaitlistSuccessDialog = lazy(() =>
  import('./waitlist-success-dialog').then((module) => ({ default: module.WaitlistSuccessDialog })),
);

const perks = [
  { Icon: TicketIcon, title: 'Free tickets', text: 'Waitlist members are in the draw for free conference passes.' },
  { Icon: BedDoubleIcon, title: 'Complimentary hotel stay', text: 'Win a stay near the venue for the whole week.' },
  { Icon: MailIcon, title: 'Exclusive content updates', text: 'Speakers, workshops and offers before anyone else.' },
];

export interface RegisterSectionProps {
  dateLabel: string | undefined;
  /** Share control shown in the success dialog. */
  shareAction: ReactNode;
}

export function RegisterSection({ dateLabel, shareAction }: RegisterSectionProps) {
  const [successOpen, setSuccessOpen] = useState(false);

  return (
    <Section id="register" className="bg-muted">
      <SectionHeader
        id="register"
        eyebrow="Register"
        title="Join the Waitlist"
        subtitle="Sign up to receive exclusive updates, free tickets and hotel stay, and more."
      />
      <div className="grid gap-8 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardContent className="pt-6 sm:p-8">
            <WaitlistForm onRegistered={() => setSuccessOpen(true)} />
          </CardContent>
        </Card>
        <aside
          aria-labelledby="secure-your-spot-title"
          className="relative overflow-hidden rounded-lg bg-night p-6 text-night-foreground shadow-sm sm:p-8 lg:col-span-2"
        >
          <div
            className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-linear-to-br from-sunset/40 to-ocean/30 blur-3xl"
            aria-hidden="true"
          />
          <div className="relative">
            <UsersIcon className="size-8 text-sunset" aria-hidden="true" />
            <h3 id="secure-your-spot-title" className="mt-4 font-display text-2xl font-bold">
              Secure Your Spot
            </h3>
            <p className="mt-3 text-night-foreground/85">
              Capacity is limited. Join the waitlist now to be first in line when registration opens.
            </p>
            <ul className="mt-8 space-y-6">
              {perks.map(({ Icon, title, text }) => (
                <li key={title} className="flex items-start gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10">
                    <Icon className="size-5 text-ocean" aria-hidden="true" />
                  </span>
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-sm text-night-foreground/80">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
      {successOpen && (
        <Suspense fallback={null}>
          <WaitlistSuccessDialog
            open={successOpen}
            onOpenChange={setSuccessOpen}
            dateLabel={dateLabel}
            shareAction={shareAction}
          />
        </Suspense>
      )}
    </Section>
  );
}
