import { Section, SectionHeader } from '@/components/layout/section';
import { paths } from '@/config/paths';
import { servedHtml, useProgrammeHtml } from '@/lib/served-html';

const FEATURED_ID = 'featured-speakers';

/** The featured speakers as the server filled them into the page being opened (like the sponsor wall). */
const served = servedHtml(FEATURED_ID);

/** The landing page's speakers, shown while the site has a programme (the section is `programme-only`). */
export function SpeakersSection() {
  const html = useProgrammeHtml(served, paths.home, FEATURED_ID);
  return (
    <Section id="speakers" className="programme-only">
      <SectionHeader id="speakers" eyebrow="Programme" title="Speakers" />
      <div id={FEATURED_ID} dangerouslySetInnerHTML={{ __html: html }} />
    </Section>
  );
}
