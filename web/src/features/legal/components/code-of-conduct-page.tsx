import { MailIcon as Mail } from '@/components/icons';
import { Link } from '@/lib/router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';
import { cn } from '@/lib/cn';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2025-03-29';

function reportHref(event: EventInfo): string {
  const subject = `Code of Conduct incident report - ${event.name}`;
  const body = [
    'What happened:',
    '',
    'When and where it happened (date, time, room or online channel):',
    '',
    'People involved (names or descriptions, if you know them):',
    '',
    'Anyone who saw it:',
    '',
    'How we can reach you (optional, leave blank to stay anonymous):',
  ].join('\n');
  return `mailto:${event.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function ReportIncidentLink({ event, className }: { event: EventInfo; className?: string }) {
  return (
    <a href={reportHref(event)} className={cn(buttonVariants({ size: 'lg' }), 'not-prose', className)}>
      <Mail className="size-4" aria-hidden="true" />
      Report an Incident
    </a>
  );
}

export function CodeOfConductPage() {
  return (
    <LegalPage
      title="Code of Conduct"
      description={(event) =>
        `The ${event.name} code of conduct: the behaviour we expect, what we do not tolerate, and how to report an incident.`
      }
      lastUpdated={LAST_UPDATED}
      intro={(event) => (
        <p>
          {event.name} is for everyone who loves to build. We want every attendee, speaker, sponsor, volunteer and staff
          member to have a safe, welcoming and harassment-free week, whatever their gender, gender identity and
          expression, age, sexual orientation, disability, physical appearance, body size, race, ethnicity, religion,
          nationality or level of experience.
        </p>
      )}
      actions={(event) => <ReportIncidentLink event={event} />}
      sections={conductSections}
    />
  );
}

function conductSections(event: EventInfo): LegalSection[] {
  const email = event.contactEmail;

  return [
    {
      id: 'scope',
      title: 'Where it applies',
      content: (
        <>
          <p>This code applies to everyone taking part in {event.name}, in every space connected with it:</p>
          <ul>
            <li>
              the {event.venue.name}: keynotes, talks, workshops, the hackathon, the expo floor, hallways and lounges;
            </li>
            <li>conference social events, including the afterparty, dinners and sponsored gatherings;</li>
            <li>
              online spaces: livestream chats, the conference's social media channels and posts using the event
              hashtags, and direct messages between participants;
            </li>
            <li>talks, slides, workshop materials, hackathon projects, booths and sponsor materials.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'expected-behaviour',
      title: 'Expected behaviour',
      content: (
        <ul>
          <li>Be kind and considerate. Assume good intent and give people room to learn.</li>
          <li>Respect boundaries. Take no for an answer, and ask before photographing or touching anyone.</li>
          <li>Include people: make space in conversations and at hackathon tables for people you haven't met.</li>
          <li>Critique ideas and code, not people.</li>
          <li>Respect the photography preferences shown on people's lanyards.</li>
          <li>Drink responsibly at social events and look out for one another.</li>
          <li>Follow the instructions of conference staff, venue staff and security.</li>
          <li>If you see someone in distress or something that breaks this code, alert a staff member.</li>
        </ul>
      ),
    },
    {
      id: 'unacceptable-behaviour',
      title: 'Unacceptable behaviour',
      content: (
        <>
          <p>Harassment and abuse are not tolerated in any form. This includes:</p>
          <ul>
            <li>
              offensive comments or jokes about gender, gender identity, age, sexual orientation, disability, physical
              appearance, race, ethnicity, religion or nationality;
            </li>
            <li>sexual images, language or attention in any conference space, including talks and booths;</li>
            <li>unwelcome physical contact, unwelcome sexual advances, stalking or following;</li>
            <li>deliberate intimidation, threats or violence;</li>
            <li>photographing or recording someone who has asked not to be recorded;</li>
            <li>sustained disruption of talks, workshops or other sessions;</li>
            <li>harassing people online, including doxxing or posting someone's private information;</li>
            <li>advocating for or encouraging any of the above.</li>
          </ul>
          <p>
            Sponsors and exhibitors are held to the same standard: booth staff, materials and demos must not use
            sexualized images or activities.
          </p>
        </>
      ),
    },
    {
      id: 'reporting',
      title: 'How to report',
      content: (
        <>
          <p>
            If you are harassed, notice that someone else is, or have any other concern, please tell us as soon as you
            can. You can:
          </p>
          <ul>
            <li>
              speak to any member of staff, recognizable by their <strong>STAFF</strong> badge, or go to the
              registration desk at any time during the conference;
            </li>
            <li>
              email <a href={reportHref(event)}>{email}</a>, which reaches the organizers' response team and is checked
              throughout the event week, including evenings;
            </li>
            <li>
              use the <strong>Report an Incident</strong> button below, which opens an email with a short form to fill
              in.
            </li>
          </ul>
          <p>
            Tell us what happened, when and where, and who was involved if you know. You can report anonymously,
            although that limits how we can follow up with you. We treat every report seriously and confidentially, and
            we will not tolerate retaliation against anyone who reports in good faith.
          </p>
          <p>
            Our staff can help you contact venue security or the police, find a quiet space, arrange an escort to
            transport or your hotel, or otherwise help you feel safe. <strong>In an emergency, call 911 first.</strong>
          </p>
          <div className="mt-6">
            <ReportIncidentLink event={event} />
          </div>
        </>
      ),
    },
    {
      id: 'consequences',
      title: 'Consequences',
      content: (
        <>
          <p>
            Anyone asked to stop unacceptable behaviour must stop immediately. Depending on what happened, the
            organizers may:
          </p>
          <ul>
            <li>give a warning;</li>
            <li>
              remove someone from a talk, workshop, social event or the hackathon, or disqualify a hackathon team;
            </li>
            <li>end a talk or close a booth that breaks this code;</li>
            <li>expel someone from the conference without a refund and ban them from future editions;</li>
            <li>involve venue security or the police.</li>
          </ul>
          <p>
            Speakers and sponsors are not exempt: breaking the code can end a sponsorship without a refund. We tell the
            person who reported the outcome as far as privacy allows.
          </p>
        </>
      ),
    },
    {
      id: 'questions',
      title: 'Questions and appeals',
      content: (
        <>
          <p>
            If you have questions about this code, or want to appeal a decision made under it, write to{' '}
            <a href={`mailto:${email}?subject=${encodeURIComponent('Code of Conduct question')}`}>{email}</a>. An
            organizer who was not involved in the original decision will review the appeal.
          </p>
          <p>
            This code is part of our <Link to={paths.termsOfService}>Terms of Service</Link>. It draws on the
            Contributor Covenant and the conference anti-harassment policy of the Geek Feminism community.
          </p>
        </>
      ),
    },
  ];
}
