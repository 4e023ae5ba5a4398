import { Link } from '@/lib/router';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2025-03-29';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description={(event) =>
        `How ${event.name} collects, uses and protects your personal information, and the choices you have.`
      }
      lastUpdated={LAST_UPDATED}
      intro={(event) => (
        <p>
          This policy explains what personal information the organizers of {event.name} collect through this website,
          why we collect it, how long we keep it and the choices you have. We collect only what we need to run the
          conference, and we never sell your data.
        </p>
      )}
      sections={privacySections}
    />
  );
}

function privacySections(event: EventInfo): LegalSection[] {
  const email = event.contactEmail;
  const mailto = <a href={`mailto:${email}?subject=${encodeURIComponent('Privacy request')}`}>{email}</a>;

  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            {event.name} ("the conference", "we", "us") is a five-day technology and coding conference held{' '}
            {event.dateLabel} at the {event.venue.name}, {event.venue.address}. The conference organizers are the
            controller of the personal information described in this policy.
          </p>
          <p>Questions about this policy or about your data can be sent to {mailto} at any time.</p>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      content: (
        <>
          <p>We collect information only when you give it to us through one of the forms on this website.</p>
          <h3>Waitlist registration</h3>
          <ul>
            <li>
              <strong>Full name</strong> and <strong>email address</strong> (required).
            </li>
            <li>
              <strong>Job title</strong> and the <strong>areas you are interested in</strong> (Web Development, Mobile
              Development, AI &amp; Machine Learning, Cloud &amp; DevOps, Blockchain, Cybersecurity), both optional.
            </li>
            <li>
              Whether you chose to <strong>receive updates</strong> about the conference, special offers and related
              events.
            </li>
          </ul>
          <h3>Ticket purchases</h3>
          <ul>
            <li>The attendee's name and email address.</li>
            <li>The pass you bought, the quantity, the amount paid and the date of the purchase.</li>
            <li>The payment reference and status returned by our payment provider.</li>
          </ul>
          <h3>Merchandise pre-orders</h3>
          <ul>
            <li>Your name and email address.</li>
            <li>The item, size, colour and quantity you ordered, the amount paid and the payment reference.</li>
          </ul>
          <h3>Sponsorship purchases</h3>
          <ul>
            <li>Company name, company website and the sponsorship tier you chose.</li>
            <li>The contact person's name, email address and phone number.</li>
            <li>Anything you write in the additional information field, the amount paid and the payment reference.</li>
          </ul>
          <h3>Technical information</h3>
          <p>
            Like every web server, ours records basic request logs: your IP address, browser type, the page requested
            and the time. We use them only to keep the site secure and working, for example to block abusive traffic. We
            do not use analytics or advertising trackers.
          </p>
        </>
      ),
    },
    {
      id: 'payment-card-data',
      title: 'Payment card data',
      content: (
        <>
          <p>
            Card payments are processed by <strong>Stripe</strong>. Your card number, expiry date and security code are
            entered into Stripe's secure payment form and go directly to Stripe. They never pass through or get stored
            on our servers.
          </p>
          <p>
            From Stripe we receive only what we need to confirm your order: a payment reference, the amount, the
            currency and whether the payment succeeded. Stripe handles card data under its own privacy policy, available
            at{' '}
            <a href="https://stripe.com/privacy" target="_blank" rel="noreferrer">
              stripe.com/privacy
            </a>
            .
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How we use your information',
      content: (
        <ul>
          <li>To process your ticket, merchandise or sponsorship order and send your receipt and confirmation.</li>
          <li>To admit you to the conference and hand over merchandise you pre-ordered.</li>
          <li>To run the waitlist, including the draw for free tickets and the hotel stay.</li>
          <li>
            To send you conference updates and offers, <strong>only if you chose to receive them</strong>.
          </li>
          <li>To work with sponsors on the deliverables of the tier they bought.</li>
          <li>To answer your questions, handle refunds and transfers, and investigate code of conduct reports.</li>
          <li>To meet our legal, tax and accounting obligations and to prevent fraud.</li>
        </ul>
      ),
    },
    {
      id: 'email',
      title: 'Emails we send',
      content: (
        <>
          <p>
            <strong>Service emails</strong> confirm something you asked for: your waitlist registration, a receipt for a
            ticket, merchandise or sponsorship, and essential information about the event such as schedule changes.
            These are part of the service and are sent whatever your marketing choice.
          </p>
          <p>
            <strong>Updates and offers</strong> are sent only if you ticked the box to receive them. Every update email
            has an unsubscribe link, and you can also unsubscribe by writing to {mailto}. Unsubscribing takes effect
            within two business days and does not affect your tickets or orders.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      content: (
        <>
          <p>We do not sell or rent your personal information. We share it only with:</p>
          <ul>
            <li>
              <strong>Stripe</strong>, to take card payments and prevent fraud.
            </li>
            <li>
              <strong>Our email delivery and hosting providers</strong>, who store and send data on our behalf and may
              not use it for anything else.
            </li>
            <li>
              <strong>The venue and our on-site staff</strong>, only the attendee names needed for badges and
              merchandise pickup.
            </li>
            <li>
              <strong>Authorities</strong>, when the law requires it or to protect someone's safety.
            </li>
          </ul>
          <p>
            Sponsors never receive attendee lists from us. If you give your contact details to a sponsor yourself, for
            example at their booth, that sponsor's own privacy policy applies.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>
            <strong>Waitlist registrations</strong>: until six months after the conference ends, or until you ask us to
            delete them, whichever comes first.
          </li>
          <li>
            <strong>Purchase records</strong> (tickets, merchandise and sponsorships): seven years, as required for tax
            and accounting.
          </li>
          <li>
            <strong>Server logs</strong>: 30 days.
          </li>
          <li>
            <strong>Code of conduct reports</strong>: as long as needed to handle the report and keep future events
            safe, and no longer than three years.
          </li>
        </ul>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>Wherever you live, you can ask us to:</p>
          <ul>
            <li>give you a copy of the personal information we hold about you;</li>
            <li>correct information that is wrong or incomplete;</li>
            <li>delete your information, unless we must keep it for legal or accounting reasons;</li>
            <li>stop sending you updates and offers (unsubscribe);</li>
            <li>stop or restrict other processing you object to.</li>
          </ul>
          <p>
            Write to {mailto}. We answer within 30 days and never charge for a request. Residents of California, the
            European Union and the United Kingdom have these rights under the CCPA and the GDPR, and may also complain
            to their data protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      content: (
        <>
          <p>
            This website does not use advertising, analytics or social media tracking cookies, so there is no cookie
            banner to dismiss.
          </p>
          <p>
            On the payment pages, Stripe's payment form sets cookies that are strictly necessary to take the payment
            securely and to detect fraud. Organizers signing in to the back office receive a session cookie that keeps
            them signed in. Blocking cookies in your browser may prevent payments from working.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          The site is served over HTTPS only, access to order data is limited to the organizers who need it, and
          passwords and payment secrets are never stored in plain text. No system is perfectly secure; if we learn of a
          breach that affects your information, we will tell you without undue delay.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: (
        <p>
          This website and the conference are intended for adults. We do not knowingly collect information from children
          under 16. If you believe a child has given us personal information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          We will update this page when our practices change and revise the date at the top. If a change materially
          affects how we use information you already gave us, we will email you before it takes effect. Related terms
          are in our <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          For any privacy question or request, email {mailto}. Please include the email address you used on this site so
          we can find your records.
        </p>
      ),
    },
  ];
}
