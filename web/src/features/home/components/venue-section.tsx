import { CalendarDaysIcon, CheckIcon, ExternalLinkIcon, MapPinIcon, ThermometerSunIcon } from '@/components/icons';
import { Section, SectionHeader } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { EventInfo } from '@/features/config/api/get-config';

function AtAGlance({ event }: { event: EventInfo }) {
  const facts = [
    { Icon: CalendarDaysIcon, label: 'Dates', value: event.dateLabel },
    { Icon: MapPinIcon, label: 'Location', value: event.venue.area },
    { Icon: ThermometerSunIcon, label: 'Weather', value: event.figures.weather },
  ];
  return (
    <div className="relative overflow-hidden rounded-2xl bg-night p-8 text-night-foreground shadow-xl">
      <div
        className="pointer-events-none absolute -right-16 -bottom-16 size-56 rounded-full bg-linear-to-t from-primary to-sunset opacity-50 blur-2xl"
        aria-hidden="true"
      />
      <h3 className="relative font-display text-xl font-bold">At a glance</h3>
      <dl className="relative mt-6 space-y-5">
        {facts.map(({ Icon, label, value }) => (
          <div key={label} className="relative min-h-11 pl-15">
            <dt className="text-sm text-night-foreground/80">
              <span className="absolute top-0 left-0 flex size-11 items-center justify-center rounded-full bg-white/10">
                <Icon className="size-5 text-ocean" aria-hidden="true" />
              </span>
              {label}
            </dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function VenueSection({ event }: { event: EventInfo | undefined }) {
  const venue = event?.venue;
  return (
    <Section id="venue" className="bg-sand/40">
      <SectionHeader id="venue" eyebrow="Venue" title={venue ? venue.name : 'The Venue'} subtitle={venue?.area} />
      {event && venue ? (
        <div className="grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-6">
            <p className="flex items-start gap-2 font-medium">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{venue.address}</span>
            </p>
            <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{venue.description}</p>
            <div>
              <h3 className="font-display text-xl font-bold">Why you&apos;ll love the location</h3>
              <ul className="mt-4 space-y-3">
                {venue.benefits.map((benefit) => (
                  <li key={benefit} className="flex items-start gap-3">
                    <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                      <CheckIcon className="size-3.5" aria-hidden="true" />
                    </span>
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
            </div>
            <p className="flex items-center gap-2 text-muted-foreground">
              <ThermometerSunIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              Expect warm, sunny days of {event.figures.weather}.
            </p>
            <Button asChild variant="secondary">
              <a href={venue.mapsUrl} target="_blank" rel="noopener noreferrer">
                <MapPinIcon aria-hidden="true" />
                Open in Maps
                <ExternalLinkIcon aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          </div>
          <AtAGlance event={event} />
        </div>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]" role="status">
          <span className="sr-only">Loading…</span>
          <div className="space-y-4">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </Section>
  );
}
