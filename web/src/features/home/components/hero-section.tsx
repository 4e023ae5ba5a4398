import { CalendarDaysIcon, MapPinIcon, TicketIcon } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';

function SunsetBackdrop() {
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true">
      <div className="absolute inset-0 bg-linear-to-b from-night via-night to-[color-mix(in_oklab,var(--color-night),var(--color-secondary)_35%)]" />
      <div className="absolute -top-40 -left-40 size-[32rem] rounded-full bg-secondary/25 blur-3xl" />
      <div className="absolute top-24 right-[-6rem] size-[22rem] rounded-full bg-linear-to-b from-sunset via-primary to-transparent opacity-70 blur-sm sm:right-[4%] sm:size-[26rem]" />
      <div className="absolute right-[-6rem] bottom-24 h-40 w-[40rem] rounded-full bg-sunset/20 blur-3xl sm:right-0" />
      <svg
        className="absolute inset-x-0 bottom-0 h-24 w-full text-ocean/25 sm:h-32"
        viewBox="0 0 1440 160"
        preserveAspectRatio="none"
      >
        <path fill="currentColor" d="M0 96c120-32 240-48 360-32s240 64 360 64 240-48 360-64 240 0 360 32v64H0z" />
        <path
          className="text-secondary/40"
          fill="currentColor"
          d="M0 128c160-24 320-40 480-24s320 48 480 48 320-32 480-40v48H0z"
        />
      </svg>
    </div>
  );
}

export function HeroSection({ event, shareAction }: { event: EventInfo | undefined; shareAction: ReactNode }) {
  return (
    <section
      aria-labelledby={event ? 'hero-title' : undefined}
      aria-label={event ? undefined : 'Event overview'}
      className="relative isolate overflow-hidden bg-night text-night-foreground"
    >
      <SunsetBackdrop />
      <div className="relative mx-auto flex min-h-[44rem] max-w-7xl flex-col justify-center px-4 pt-28 pb-32 sm:px-6">
        <div className="max-w-3xl">
          {event ? (
            <>
              <p className="inline-flex flex-wrap items-center gap-x-4 gap-y-1 rounded-full border border-white/15 bg-white/10 px-4 py-1.5 text-sm font-medium backdrop-blur">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDaysIcon className="size-4 text-sunset" aria-hidden="true" />
                  {event.dateLabel}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <MapPinIcon className="size-4 text-ocean" aria-hidden="true" />
                  {event.venue.area}
                </span>
              </p>
              <h1
                id="hero-title"
                className="mt-6 font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl"
              >
                {event.name}
              </h1>
              <p className="mt-6 max-w-2xl text-lg text-pretty text-night-foreground/90 sm:text-xl">{event.tagline}</p>
            </>
          ) : (
            <div role="status" className="space-y-6">
              <span className="sr-only">Loading event details…</span>
              <Skeleton className="h-8 w-72 rounded-full bg-white/10" />
              <Skeleton className="h-16 w-full max-w-xl bg-white/10" />
              <Skeleton className="h-6 w-full max-w-lg bg-white/10" />
            </div>
          )}

          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <Button asChild size="lg">
              <Link to={paths.anchor('register')}>Join the Waitlist</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/5 text-night-foreground hover:bg-white/15 focus-visible:outline-night-foreground"
            >
              <Link to={paths.anchor('tickets')}>
                <TicketIcon aria-hidden="true" />
                Pre-Purchase Tickets
              </Link>
            </Button>
            {shareAction}
          </div>
        </div>
      </div>
    </section>
  );
}
