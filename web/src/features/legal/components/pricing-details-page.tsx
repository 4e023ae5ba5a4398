import { ArrowRightIcon as ArrowRight, TicketIcon as Ticket } from '@/components/icons';
import { Link } from '@/lib/router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { EventInfo } from '@/features/config/api/get-config';
import { cn } from '@/lib/cn';
import { addDays, formatEventDate, policyDates } from '../utils/event-dates';
import { LegalPage, type LegalSection } from './legal-page';

const LAST_UPDATED = '2025-03-29';

// The published price list (whole US dollars). Figures are policy, not event data: they change only with this page.
const passPrices = [
  { name: 'Developer Pass', early: '$799', regular: '$999', late: '$1,199', saving: '$200' },
  { name: 'VIP Pass', early: '$1,299', regular: '$1,599', late: '$1,899', saving: '$300' },
  { name: 'Team Pass (per person)', early: '$699', regular: '$899', late: '$1,099', saving: '$200' },
] as const;

const merchandisePrices = [
  { name: 'Conference T-Shirt', regular: '$29.99', special: '$5.00', offer: 'tshirt' },
  { name: 'Conference Cap', regular: '$24.99', special: '$1.00', offer: 'cap' },
] as const;

const tableClasses = 'not-prose mt-6 w-full border-collapse text-left text-sm';
const headCellClasses = 'border-b-2 border-border px-3 py-3 font-semibold text-foreground';
const cellClasses = 'border-b border-border px-3 py-3 text-foreground';

function TicketsLink() {
  return (
    <Link to={paths.anchor('tickets')} className={cn(buttonVariants({ size: 'lg' }), 'not-prose')}>
      <Ticket className="size-4" aria-hidden="true" />
      Back to tickets
    </Link>
  );
}

export function PricingDetailsPage() {
  return (
    <LegalPage
      title="Pricing Details"
      description={(event) =>
        `Every price and policy for ${event.name}: passes, team discounts, early-bird dates, refunds and merchandise.`
      }
      lastUpdated={LAST_UPDATED}
      intro={(event) => (
        <p>
          Every price and policy for {event.name}, {event.dateLabel} in {event.venue.area}: passes, team discounts,
          merchandise, refunds and transfers. All prices are in US dollars.
        </p>
      )}
      actions={() => <TicketsLink />}
      sections={pricingSections}
    />
  );
}

function pricingSections(event: EventInfo): LegalSection[] {
  const dates = policyDates(event);
  const regularFrom = formatEventDate(addDays(event.earlyBirdUntil, 1));
  const email = event.contactEmail;
  const mailto = (subject: string) => <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a>;

  return [
    {
      id: 'ticket-pricing',
      title: 'Ticket pricing',
      content: (
        <>
          <p>Each pass has three prices, depending on when you buy:</p>
          <ul>
            <li>
              <strong>Early Bird</strong>: until {dates.earlyBirdUntil} or while supplies last. Regular prices are 25%
              above early-bird prices, so buying early saves you $200 to $300 per pass.
            </li>
            <li>
              <strong>Regular</strong>: from {regularFrom}, or earlier if early-bird passes sell out.
            </li>
            <li>
              <strong>Late</strong>: in the final weeks before the conference and at the door, while passes remain. We
              tell everyone on the waitlist before late pricing starts.
            </li>
          </ul>
          <div className="overflow-x-auto">
            <table className={tableClasses}>
              <caption className="sr-only">Pass prices by purchase period, in US dollars</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCellClasses}>
                    Pass
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Early Bird
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Regular
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Late
                  </th>
                </tr>
              </thead>
              <tbody>
                {passPrices.map((pass) => (
                  <tr key={pass.name}>
                    <th scope="row" className={cn(cellClasses, 'font-medium')}>
                      {pass.name}
                    </th>
                    <td className={cn(cellClasses, 'font-semibold text-primary')}>{pass.early}</td>
                    <td className={cellClasses}>{pass.regular}</td>
                    <td className={cellClasses}>{pass.late}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            The <strong>Team Pass</strong> is priced per person and requires a minimum of 4 people from one
            organization, bought in one order. The price you pay is the one shown on the payment step; see what each
            pass includes in the <Link to={paths.anchor('tickets')}>tickets section</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'team-discounts',
      title: 'Team discounts',
      content: (
        <>
          <p>Teams of four or more save on every pass, and larger teams save more:</p>
          <div className="overflow-x-auto">
            <table className={tableClasses}>
              <caption className="sr-only">Team discounts by team size</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCellClasses}>
                    Team size
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Discount
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row" className={cn(cellClasses, 'font-medium')}>
                    4-9 people
                  </th>
                  <td className={cellClasses}>Standard Team Pass price per person</td>
                </tr>
                <tr>
                  <th scope="row" className={cn(cellClasses, 'font-medium')}>
                    10-19 people
                  </th>
                  <td className={cellClasses}>An extra 10% off the Team Pass price</td>
                </tr>
                <tr>
                  <th scope="row" className={cn(cellClasses, 'font-medium')}>
                    20+ people
                  </th>
                  <td className={cellClasses}>An extra 15% off the Team Pass price, by contacting the organizers</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>
            For a team of 20 or more, email {mailto('Team booking for 20+ people')} with your organization's name and
            team size, and we will set up your booking. Everyone on a team must belong to the same organization.
          </p>
        </>
      ),
    },
    {
      id: 'merchandise',
      title: 'Merchandise',
      content: (
        <>
          <div className="overflow-x-auto">
            <table className={tableClasses}>
              <caption className="sr-only">Merchandise regular and special prices, in US dollars</caption>
              <thead>
                <tr>
                  <th scope="col" className={headCellClasses}>
                    Item
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Regular price
                  </th>
                  <th scope="col" className={headCellClasses}>
                    Special price
                  </th>
                </tr>
              </thead>
              <tbody>
                {merchandisePrices.map((item) => (
                  <tr key={item.name}>
                    <th scope="row" className={cn(cellClasses, 'font-medium')}>
                      <a
                        href={paths.merchandiseSpecialPricing(item.offer)}
                        target="_blank"
                        rel="noopener"
                        className="text-secondary underline underline-offset-4 hover:text-foreground"
                      >
                        {item.name}
                        <span className="sr-only"> special pricing (opens in a new tab)</span>
                      </a>
                    </th>
                    <td className={cellClasses}>{item.regular}</td>
                    <td className={cn(cellClasses, 'font-semibold text-primary')}>{item.special}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            The T-shirt is regularly $29.99 and the cap $24.99; the home page shows their special prices of $5.00 and
            $1.00. Special prices are available in limited quantities and adjust based on demand. Other items are sold
            at the price shown on the home page.
          </p>
          <p>
            All merchandise is pre-ordered online and picked up at the conference in {event.venue.area},{' '}
            {event.dateLabel}. Bring your confirmation email or photo ID to the registration desk.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Refund policy',
      content: (
        <>
          <ul>
            <li>
              <strong>Full refund</strong>: cancel on or before {dates.fullRefundUntil}.
            </li>
            <li>
              <strong>50% refund</strong>: cancel from {dates.halfRefundFrom} to {dates.halfRefundUntil}.
            </li>
            <li>
              <strong>No refund</strong>: cancellations from {dates.noRefundFrom}; you can still transfer your ticket.
            </li>
            <li>
              <strong>Merchandise</strong>: refundable until your order is shipped or handed over, non-refundable once
              shipped.
            </li>
          </ul>
          <p>
            To cancel, email {mailto('Refund request')} from the address you used to buy. Refunds go back to the card
            you paid with.
          </p>
        </>
      ),
    },
    {
      id: 'transfers',
      title: 'Ticket transfers',
      content: (
        <p>
          Can't make it? Transfer your ticket to a colleague or friend free of charge up to 7 days before the event
          (until {dates.transferUntil}). Email {mailto('Ticket transfer')} with your order confirmation and the new
          attendee's name and email address.
        </p>
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      content: (
        <p>
          We accept major credit and debit cards through Stripe; your card details never reach our servers. A receipt is
          emailed as soon as your payment succeeds. If your company needs an invoice with its billing details, email{' '}
          {mailto('Invoice request')} after your purchase. The full conditions are in our{' '}
          <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      ),
    },
    {
      id: 'ready',
      title: 'Ready to join us?',
      content: (
        <>
          <p>Passes are limited, and early-bird prices end on {dates.earlyBirdUntil}.</p>
          <div className="mt-6">
            <Link to={paths.anchor('tickets')} className={cn(buttonVariants({ size: 'lg' }), 'not-prose')}>
              Secure your tickets
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </>
      ),
    },
  ];
}
