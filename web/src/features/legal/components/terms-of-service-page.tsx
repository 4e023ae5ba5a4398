import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';
import { policyDates } from '../utils/event-dates';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2025-03-29';

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      description={(event) =>
        `The terms for tickets, merchandise and sponsorships of ${event.name}, ${event.dateLabel}: payment, refunds, transfers and conduct.`
      }
      lastUpdated={LAST_UPDATED}
      intro={(event) => (
        <p>
          These terms apply when you use this website or buy a ticket, merchandise or a sponsorship for {event.name},{' '}
          {event.dateLabel}, {event.venue.area}. By completing a purchase you agree to them, so please read them before
          you pay.
        </p>
      )}
      sections={termsSections}
    />
  );
}

function termsSections(event: EventInfo): LegalSection[] {
  const dates = policyDates(event);
  const email = event.contactEmail;
  const mailto = (subject: string) => <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a>;

  return [
    {
      id: 'about-these-terms',
      title: 'About these terms',
      content: (
        <>
          <p>
            {event.name} ("the conference") is organized by its organizing team ("we", "us"). It takes place{' '}
            {event.dateLabel} at the {event.venue.name}, {event.venue.address}. These terms, our{' '}
            <Link to={paths.privacyPolicy}>Privacy Policy</Link>, our{' '}
            <Link to={paths.codeOfConduct}>Code of Conduct</Link> and the{' '}
            <Link to={paths.pricingDetails}>Pricing Details</Link> together form the agreement between you and us.
          </p>
          <p>If you buy on behalf of a company, you confirm that you may bind that company to these terms.</p>
        </>
      ),
    },
    {
      id: 'tickets',
      title: 'Tickets',
      content: (
        <>
          <ul>
            <li>
              Each pass admits one named person for all five days and is valid only with photo ID matching the name on
              the badge.
            </li>
            <li>
              A <strong>Team Pass</strong> is sold per person to a minimum of 4 people from one organization, bought in
              one order.
            </li>
            <li>
              Your purchase is confirmed when you receive our confirmation email. Keep it: you will need it, or your ID,
              to collect your badge.
            </li>
            <li>
              Passes may not be resold for more than their face value or offered as prizes without our written consent.
              Passes found to be resold in breach of this rule may be cancelled.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'pricing-and-payment',
      title: 'Pricing and payment',
      content: (
        <>
          <p>
            All prices are in US dollars. Early-bird prices are available until {dates.earlyBirdUntil} or while supplies
            last; regular and late prices follow, as listed on the{' '}
            <Link to={paths.pricingDetails}>Pricing Details</Link> page. The amount shown on the payment step is the
            amount charged. If a price changes while you are checking out, you will be asked to reload the page before
            anything is charged.
          </p>
          <p>
            Payments are processed by Stripe. We never see or store your card details. You receive a receipt by email
            once the payment succeeds.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Cancellations and refunds',
      content: (
        <>
          <p>If you can no longer attend, you may cancel your ticket by email and receive:</p>
          <ul>
            <li>
              <strong>a full refund</strong> if you cancel on or before {dates.fullRefundUntil};
            </li>
            <li>
              <strong>a 50% refund</strong> if you cancel from {dates.halfRefundFrom} to {dates.halfRefundUntil};
            </li>
            <li>
              <strong>no refund</strong> if you cancel on or after {dates.noRefundFrom}. You can still transfer your
              ticket as described below.
            </li>
          </ul>
          <p>
            Send cancellation requests to {mailto('Ticket cancellation')} from the email address used for the purchase.
            The date we receive your email decides which refund applies. Refunds go back to the card you paid with
            within 10 business days; your bank may take a few more days to show them.
          </p>
        </>
      ),
    },
    {
      id: 'transfers',
      title: 'Ticket transfers',
      content: (
        <p>
          You may transfer your ticket to someone else free of charge up to 7 days before the event, that is until{' '}
          {dates.transferUntil}. Email {mailto('Ticket transfer')} with your order confirmation and the new attendee's
          full name and email address; we will reissue the ticket in their name. The new attendee accepts these terms
          and the Code of Conduct.
        </p>
      ),
    },
    {
      id: 'merchandise',
      title: 'Merchandise pre-orders',
      content: (
        <>
          <ul>
            <li>
              Merchandise is pre-ordered online and <strong>picked up at the conference</strong> in {event.venue.area},{' '}
              {event.dateLabel}, at the registration desk. Bring your confirmation email or photo ID.
            </li>
            <li>
              Special prices, such as the Conference T-Shirt and Conference Cap offers, are available in limited
              quantities and may change with demand. The price you pay is the one shown when you pay.
            </li>
            <li>
              You may cancel a pre-order for a full refund until it is shipped or handed over to you. Merchandise is{' '}
              <strong>non-refundable once shipped or handed over</strong>, except for items that are faulty or not what
              you ordered, which we will replace or refund.
            </li>
            <li>
              Items not collected by the end of the conference on {dates.lastDay} are kept for 30 days; contact us
              within that time to arrange shipping within the United States at your cost.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'sponsorships',
      title: 'Sponsorships',
      content: (
        <p>
          Sponsorships are confirmed once payment succeeds. Signature sponsorships are sold to one sponsor each. The
          benefits of each tier are those listed on the <Link to={paths.sponsorship}>Sponsorship</Link> page; our team
          contacts you after purchase to collect logos and materials. Sponsor materials and booths must follow the Code
          of Conduct. Sponsorship fees are non-refundable except as described under "Changes to the event".
        </p>
      ),
    },
    {
      id: 'code-of-conduct',
      title: 'Code of conduct',
      content: (
        <p>
          Every attendee, speaker, sponsor, volunteer and staff member must follow our{' '}
          <Link to={paths.codeOfConduct}>Code of Conduct</Link> at the venue, at social events including the afterparty,
          and online. We may refuse entry to, or remove, anyone who breaks it, without a refund.
        </p>
      ),
    },
    {
      id: 'changes-to-the-event',
      title: 'Changes to the event',
      content: (
        <>
          <p>
            Speakers, sessions and schedules may change. We will announce significant changes on this website and by
            email, but such changes do not give a right to a refund beyond the cancellation policy above.
          </p>
          <p>
            If we cancel the conference or move it to new dates, you may choose a full refund of what you paid for
            tickets, merchandise not yet handed over and sponsorships, or keep your purchase for the new dates. We are
            not responsible for travel, hotel or other costs you incur.
          </p>
        </>
      ),
    },
    {
      id: 'photography',
      title: 'Photography and recording',
      content: (
        <p>
          Keynotes and talks are recorded, and our photographers take pictures throughout the event. By attending you
          agree that you may appear in photos and videos we publish. If you prefer not to be photographed, tell the
          registration desk and you will receive a lanyard that our photographers respect.
        </p>
      ),
    },
    {
      id: 'website-use',
      title: 'Using this website',
      content: (
        <p>
          Do not misuse the website: do not attempt to break its security, overload it, scrape personal data or buy
          tickets with automated tools. The conference name, logo, artwork and content on this website belong to us or
          our partners and may not be reused without permission, except to share and link to the event.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Liability',
      content: (
        <>
          <p>
            You attend at your own risk and are responsible for your belongings. To the fullest extent the law allows,
            our total liability to you for any claim connected with the conference or this website is limited to the
            amount you paid us, and we are not liable for indirect or consequential losses such as lost profits, travel
            or accommodation costs.
          </p>
          <p>
            We are not liable for failing to hold the event because of events beyond our reasonable control, such as
            hurricanes and severe weather, public health orders, or venue closures; in that case the section "Changes to
            the event" applies. Nothing in these terms limits liability for death or personal injury caused by
            negligence, for fraud, or any other liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          These terms are governed by the laws of the State of Florida, United States, without regard to its conflict of
          law rules. Any dispute that we cannot resolve together will be heard by the state or federal courts located in
          Miami-Dade County, Florida.
        </p>
      ),
    },
    {
      id: 'changes-to-these-terms',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms and will change the date at the top when we do. The version in force when you made a
          purchase applies to that purchase.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>Questions about these terms, your order, a refund or a transfer: {mailto('Question about the terms')}.</p>
      ),
    },
  ];
}
