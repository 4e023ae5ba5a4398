import { Section, SectionHeader } from '@/components/layout/section';

const FEATURED_ID = 'featured-speakers';

/**
 * The featured speakers as the server filled them into the page being opened (server-rendered, like the
 * sponsor wall), read once before the app takes the page over: React keeps that HTML and adds nothing to it.
 */
const served = typeof document === 'undefined' ? '' : (document.getElementById(FEATURED_ID)?.innerHTML ?? '');

/** The landing page's speakers, shown while the site has a programme (the section is `programme-only`). */
export function SpeakersSection() {
  return (
    <Section id="speakers" className="programme-only">
      <SectionHeader id="speakers" eyebrow="Programme" title="Speakers" />
      <div id={FEATURED_ID} dangerouslySetInnerHTML={{ __html: served }} />
    </Section>
  );
}
