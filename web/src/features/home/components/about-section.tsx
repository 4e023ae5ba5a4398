import { CheckCircle2Icon, MicIcon, PresentationIcon, TrophyIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import { Section, SectionHeader } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';

/** A figure that leads to the programme's page while there is a programme, and is plain text otherwise. */
function ProgrammeFigure({ to, stat }: { to: string; stat: string }) {
  return (
    <>
      <Link to={to} className="programme-only underline underline-offset-4 hover:text-primary-hover">
        {stat}
      </Link>
      <span className="programme-none">{stat}</span>
    </>
  );
}

function FeatureCards({ event }: { event: EventInfo }) {
  const { figures } = event;
  const cards = [
    {
      Icon: MicIcon,
      stat: `${figures.speakers} speakers`,
      to: paths.speakers,
      title: 'Expert Speakers',
      text: 'Keynotes and deep-dive talks from the engineers, researchers and founders shaping how software is built.',
    },
    {
      Icon: PresentationIcon,
      stat: `${figures.workshops} workshops`,
      to: paths.scheduleWorkshops,
      title: 'Hands-on Workshops',
      text: 'Small rooms, real keyboards: build with new tools and techniques alongside the people who made them.',
    },
    {
      Icon: TrophyIcon,
      stat: `${figures.hackathonPrize} in prizes`,
      title: 'Hackathon & Community',
      text: `Team up with ${figures.attendees} attendees and compete in a hackathon with ${figures.hackathonPrize} in prizes.`,
    },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map(({ Icon, stat, to, title, text }) => (
        <li key={title}>
          <Card className="h-full transition-shadow hover:shadow-lg">
            <CardHeader>
              <span className="flex size-12 items-center justify-center rounded-lg bg-linear-to-br from-sunset to-primary text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-4 font-display text-2xl font-extrabold text-primary">
                {to ? <ProgrammeFigure to={to} stat={stat} /> : stat}
              </p>
              <CardTitle>{title}</CardTitle>
              <CardDescription className="text-base">{text}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function WhatToExpect({ event }: { event: EventInfo }) {
  const { figures } = event;
  const items = [
    `Keynotes and talks from ${figures.speakers} speakers across web, mobile, AI, cloud, blockchain and security`,
    `${figures.workshops} hands-on workshops, from first steps to advanced deep dives`,
    `A hackathon with ${figures.hackathonPrize} in prizes`,
    `Networking with ${figures.attendees} developers, designers and tech leaders`,
    `Five days by the ocean in ${event.venue.area}, ${event.dateLabel}`,
  ];
  return (
    <div className="mt-16 grid items-center gap-10 rounded-2xl bg-muted p-6 sm:p-10 lg:grid-cols-[1fr_auto]">
      <div>
        <h3 className="font-display text-2xl font-bold">What to Expect</h3>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-3">
              <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-secondary" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
      <Button asChild size="lg" className="justify-self-start lg:justify-self-end">
        <Link to={paths.anchor('register')}>Secure Your Spot</Link>
      </Button>
    </div>
  );
}

export function AboutSection({ event }: { event: EventInfo | undefined }) {
  return (
    <Section id="about">
      <SectionHeader id="about" eyebrow="About" title="About the Conference" subtitle={event?.description} />
      {event ? (
        <>
          <FeatureCards event={event} />
          <WhatToExpect event={event} />
        </>
      ) : (
        <div className="grid gap-6 md:grid-cols-3" role="status">
          <span className="sr-only">Loading…</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64 w-full" />
          ))}
        </div>
      )}
    </Section>
  );
}
