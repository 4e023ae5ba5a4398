import { Section, SectionHeader } from '@/components/layout/section';
import { SponsorWall } from './sponsor-wall';

/** The landing page's thanks to its sponsors, above the footer. */
export function SponsorsSection() {
  return (
    <Section id="sponsors" className="bg-background">
      <SectionHeader id="sponsors" eyebrow="Thank you" title="Sponsors" subtitle="The companies that make it happen." />
      <SponsorWall />
    </Section>
  );
}
