import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import { servedHtml, useProgrammeHtml } from '@/lib/served-html';
import type { EventInfo } from '@/features/config/api/get-config';
import { LegalPage, type LegalSection } from './legal-page';

const PROGRAMME_ID = 'sitemap-programme';

/**
 * The programme's pages (schedule, speakers, every session and speaker) as the server filled them into the
 * page being opened, read once before the app takes the page over; empty while there is no programme.
 */
const servedProgramme = servedHtml(PROGRAMME_ID);

function ProgrammeEntries() {
  const html = useProgrammeHtml(servedProgramme, paths.sitemap, PROGRAMME_ID);
  return <div id={PROGRAMME_ID} dangerouslySetInnerHTML={{ __html: html }} />;
}

interface SitemapEntry {
  to: string;
  label: string;
  description: string;
}

function EntryList({ entries }: { entries: SitemapEntry[] }) {
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.to}>
          <Link to={entry.to}>{entry.label}</Link>
          <span className="text-muted-foreground"> – {entry.description}</span>
        </li>
      ))}
    </ul>
  );
}

export function SitemapPage() {
  return (
    <LegalPage
      title="Sitemap"
      description={(event) => `Every page of the ${event.name} website in one place.`}
      intro={(event) => <p>Every page of the {event.name} website in one place.</p>}
      sections={sitemapSections}
    />
  );
}

function sitemapSections(event: EventInfo): LegalSection[] {
  const pages: SitemapEntry[] = [
    { to: paths.home, label: 'Home', description: `${event.name}, ${event.dateLabel}, ${event.venue.area}` },
    {
      to: paths.sponsorship,
      label: 'Sponsorship',
      description: 'Sponsorship tiers and signature sponsorships, and how to become a sponsor',
    },
  ];
  const sections: SitemapEntry[] = [
    { to: paths.anchor('about'), label: 'About', description: 'What the conference offers and what to expect' },
    { to: paths.anchor('venue'), label: 'Venue', description: `The ${event.venue.name} and getting there` },
    { to: paths.anchor('tickets'), label: 'Tickets', description: 'Passes and early-bird prices' },
    { to: paths.anchor('merchandise'), label: 'Merchandise', description: 'T-shirts and hats to pick up at the event' },
    { to: paths.anchor('register'), label: 'Register', description: 'Join the waitlist for updates and free tickets' },
  ];
  const policies: SitemapEntry[] = [
    { to: paths.termsOfService, label: 'Terms of Service', description: 'The conditions of tickets and purchases' },
    { to: paths.privacyPolicy, label: 'Privacy Policy', description: 'What we collect and how we protect it' },
    { to: paths.codeOfConduct, label: 'Code of Conduct', description: 'How we treat each other, and how to report' },
    {
      to: paths.pricingDetails,
      label: 'Pricing Details',
      description: 'Pass prices, team discounts, merchandise, refunds and transfers',
    },
  ];

  return [
    {
      id: 'pages',
      title: 'Pages',
      content: (
        <>
          <EntryList entries={pages} />
          <ProgrammeEntries />
        </>
      ),
    },
    { id: 'home-page-sections', title: 'Home page sections', content: <EntryList entries={sections} /> },
    { id: 'policies', title: 'Policies and pricing', content: <EntryList entries={policies} /> },
    {
      id: 'xml-sitemap',
      title: 'XML sitemap',
      content: (
        <p>
          Search engines can read the machine-readable XML sitemap of this website at{' '}
          <a href={paths.sitemapXml}>
            <code>{paths.sitemapXml}</code>
          </a>
          . It lists the same pages for search engine crawlers.
        </p>
      ),
    },
  ];
}
