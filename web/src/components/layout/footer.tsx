import { CalendarDaysIcon, MailIcon, MapPinIcon, WavesIcon } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';

const linkClass =
  'rounded-sm text-night-foreground/85 transition-colors hover:text-night-foreground hover:underline underline-offset-4 focus-visible:outline-night-foreground';

const eventLinks = [
  { label: 'About', to: paths.anchor('about') },
  { label: 'Venue', to: paths.anchor('venue') },
  { label: 'Tickets', to: paths.anchor('tickets') },
  { label: 'Register', to: paths.anchor('register') },
  { label: 'Sponsorship', to: paths.sponsorship },
];

const policyLinks = [
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Terms of Service', to: paths.termsOfService },
  { label: 'Code of Conduct', to: paths.codeOfConduct },
];

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-display text-sm font-semibold tracking-wider text-sand uppercase">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  );
}

export function Footer() {
  const { data: config } = useConfig();
  const event = config?.event;

  return (
    <footer className="bg-night text-night-foreground">
      <div className="h-1 bg-linear-to-r from-sunset via-primary to-ocean" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <div className="flex items-center gap-2 font-display text-xl font-bold">
            <WavesIcon className="size-6 text-sunset" aria-hidden="true" />
            {event ? event.name : <Skeleton className="h-6 w-48 bg-white/10" />}
          </div>
          {event ? (
            <ul className="space-y-2 text-sm text-night-foreground/85">
              <li className="flex items-start gap-2">
                <CalendarDaysIcon className="mt-0.5 size-4 shrink-0 text-ocean" aria-hidden="true" />
                {event.dateLabel}
              </li>
              <li className="flex items-start gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0 text-ocean" aria-hidden="true" />
                <span>
                  {event.venue.name}, {event.venue.area}
                </span>
              </li>
              <li className="flex items-start gap-2">
                <MailIcon className="mt-0.5 size-4 shrink-0 text-ocean" aria-hidden="true" />
                <a href={`mailto:${event.contactEmail}`} className={linkClass}>
                  {event.contactEmail}
                </a>
              </li>
            </ul>
          ) : (
            <div className="space-y-2">
              <Skeleton className="h-4 w-40 bg-white/10" />
              <Skeleton className="h-4 w-56 bg-white/10" />
              <Skeleton className="h-4 w-44 bg-white/10" />
            </div>
          )}
        </div>

        <FooterColumn title="The event">
          {eventLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Policies">
          {policyLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Sitemap">
          <li>
            <Link to={paths.sitemap} className={linkClass}>
              Sitemap
            </Link>
          </li>
          <li>
            {/* served by the server, not the app: a full page load */}
            <a href={paths.sitemapXml} className={linkClass}>
              XML sitemap
            </a>
          </li>
        </FooterColumn>
      </div>
      {event && (
        <div className="border-t border-white/10">
          <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-night-foreground/75 sm:px-6">
            {event.name} · {event.dateLabel} · {event.venue.area}
          </p>
        </div>
      )}
    </footer>
  );
}
