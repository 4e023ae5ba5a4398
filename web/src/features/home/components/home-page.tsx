import { Suspense } from 'react';
import { useConfig } from '@/features/config/api/get-config';
import { CountdownBar } from '@/features/countdown/components/countdown-bar';
import { SpeakersSection } from '@/features/programme/components/speakers-section';
import { MerchandiseSection } from '@/features/merchandise/components/merchandise-section';
import { ShareMenu } from '@/features/share/components/share-menu';
import { SponsorsSection } from '@/features/sponsors/components/sponsors-section';
import { TicketsSection } from '@/features/tickets/components/tickets-section';
import { RegisterSection } from '@/features/waitlist/components/register-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';
import { VenueSection } from './venue-section';

/** The landing page: composes the feature sections and hands each the event facts it needs. */
export function HomePage() {
  const { data: config, isError } = useConfig();
  const event = config?.event;
  useDocumentTitle(event && `${event.name} | ${event.dateLabel}, ${event.venue.area}`, event?.description);

  const summary = event && `${event.dateLabel} in ${event.venue.area}. ${event.tagline}`;

  return (
    <>
      {isError && (
        <p
          role="alert"
          className="fixed inset-x-0 top-16 z-30 bg-destructive px-4 py-2 text-center text-destructive-foreground"
        >
          The event details could not be loaded. Please refresh the page.
        </p>
      )}
      <HeroSection
        event={event}
        shareAction={
          // Shares the page's own title and description if the event's details are missing.
          <ShareMenu
            text={event && { title: event.name, description: summary ?? event.tagline, hashtags: event.hashtags }}
            label="Share Event"
            hint="Share this event with friends and colleagues"
            size="lg"
            variant="ghost"
            className="text-night-foreground hover:bg-white/10 focus-visible:outline-night-foreground"
          />
        }
      />
      {/* Each section its own boundary: a prerendered page comes to life a section at a time,
          in short tasks that leave the phone free to answer a tap. */}
      <Suspense>
        <CountdownBar startsAt={event?.startsAt} />
      </Suspense>
      <Suspense>
        <AboutSection event={event} />
      </Suspense>
      <Suspense>
        <VenueSection event={event} />
      </Suspense>
      <Suspense>
        <TicketsSection fullRefundUntil={event?.fullRefundUntil} timeZone={event?.timezone} />
      </Suspense>
      <Suspense>
        <MerchandiseSection timeZone={event?.timezone} />
      </Suspense>
      <Suspense>
        <RegisterSection
          dateLabel={event?.dateLabel}
          shareAction={
            <ShareMenu
              text={
                event && {
                  title: `I just joined the ${event.name} waitlist!`,
                  description: summary ?? event.tagline,
                  hashtags: event.hashtags,
                }
              }
              label="Spread the Word"
              variant="secondary"
            />
          }
        />
      </Suspense>
      {/* Below the sections the navigation links to: reached inside the app, its speakers arrive after the page
          has scrolled to the link's section, and would push that section out of view. */}
      <Suspense>
        <SpeakersSection />
      </Suspense>
      <Suspense>
        <SponsorsSection />
      </Suspense>
    </>
  );
}
