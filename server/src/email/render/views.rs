//! What each template sees: plain strings and lists built from the event and the order,
//! so templates never format money or dates themselves.

use serde::Serialize;
use time::OffsetDateTime;

use crate::admin::roles::Role;
use crate::domain::{Money, could_carry_a_link};
use crate::event::{Event, long_date};
use crate::invoices::InvoiceDocument;
use crate::orders::Order;
use crate::store::{RefundRecord, ReviewOutcome, SponsorProfile, Updates, WaitingListEntry};
use crate::tickets::transfer_until;

/// The event as every email names it, in the header and the footer.
#[derive(Debug, Serialize)]
pub(super) struct EventView {
    pub name: String,
    pub dates: String,
    pub site_url: String,
    /// The site's address without the scheme, as people read it: "codewave.events".
    pub site_label: String,
    pub tickets_url: String,
    pub contact_email: String,
    pub venue_name: String,
    pub venue_area: String,
    pub venue_address: String,
    pub venue_maps_url: String,
}

impl EventView {
    pub fn new(event: &Event, site_url: &str) -> Self {
        let site_label = site_url
            .split_once("://")
            .map_or(site_url, |(_, rest)| rest)
            .trim_end_matches('/');
        Self {
            name: event.name.clone(),
            dates: event.date_label(),
            site_url: site_url.to_owned(),
            site_label: site_label.to_owned(),
            tickets_url: format!("{}/#tickets", site_url.trim_end_matches('/')),
            contact_email: event.contact_email.clone(),
            venue_name: event.venue.name.clone(),
            venue_area: event.venue.area.clone(),
            venue_address: event.venue.address.clone(),
            venue_maps_url: event.venue.maps_url.clone(),
        }
    }
}

/// What a waitlist confirmation says to one registration.
pub struct WaitlistLetter<'a> {
    pub name: &'a str,
    pub updates: Updates,
    /// The link that confirms the address and turns updates on; `None` when the email has
    /// none to offer.
    pub confirm_url: Option<&'a str>,
}

#[derive(Debug, Serialize)]
pub(super) struct Waitlist {
    /// The visitor's name when it is safe to print; anyone can type any name into the
    /// form for any address, so one that could carry a link is left out.
    pub greeting_name: String,
    /// What the confirmation link offers, when there is one: `confirm` (the form asked for
    /// updates), `receive_updates` (it did not) or `receive_updates_again` (unsubscribed since).
    pub asks: Option<&'static str>,
    pub confirm_url: Option<String>,
    /// Whether updates and the draws reach them, once they follow the link if they must.
    pub in_the_running: bool,
}

impl Waitlist {
    pub fn new(letter: &WaitlistLetter<'_>) -> Self {
        let asks = letter.confirm_url.and(match letter.updates {
            Updates::Confirmed => None,
            Updates::AwaitingConfirmation => Some("confirm"),
            Updates::Declined => Some("receive_updates"),
            Updates::Unsubscribed => Some("receive_updates_again"),
        });
        Self {
            greeting_name: greeting_name(letter.name),
            asks,
            confirm_url: asks.and(letter.confirm_url).map(str::to_owned),
            in_the_running: letter.updates == Updates::Confirmed || asks == Some("confirm"),
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct TicketReceipt {
    pub ticket_name: String,
    pub attendee: String,
    pub quantity: i64,
    pub unit_price: String,
    pub amount: String,
    /// The price phase, such as "Early bird".
    pub phase: Option<String>,
    pub discounts: Vec<DiscountLine>,
    pub reference: String,
    /// The buyer's own ticket: it admits one person.
    pub ticket_code: String,
    /// The order's other tickets, named on the "Manage your tickets" page.
    pub other_tickets: i64,
    pub manage_url: Option<String>,
    pub paid_on: Option<String>,
    pub features: Vec<String>,
    pub qr_content_id: String,
    pub calendar_filename: String,
    pub full_refund_until: String,
    pub half_refund_from: String,
    pub half_refund_until: String,
    pub transfer_until: String,
    /// "Add to Apple Wallet" and "Save to Google Wallet", when the site offers them.
    pub wallet: Option<WalletLinks>,
}

/// A ticket's wallet links: each wallet's address when the site offers it.
#[derive(Debug, Serialize)]
pub(super) struct WalletLinks {
    pub apple: Option<String>,
    pub google: Option<String>,
}

/// What a ticket email needs beyond the order: the holder's code and their private link.
pub(super) struct TicketAccess<'a> {
    /// The ticket's code as printed ("TK-…"); the order reference for an order without tickets.
    pub code: String,
    pub manage_url: Option<&'a str>,
}

impl TicketReceipt {
    pub fn new(
        event: &Event,
        order: &Order,
        access: &TicketAccess<'_>,
        qr_content_id: &str,
        calendar_filename: &str,
    ) -> Self {
        let ticket = option_text(order, "ticketType").and_then(|ticket_type| event.ticket_by_type(&ticket_type));
        // Refund windows follow the brief: full, then 50% from the next day, then none.
        let half_refund_from = event.full_refund_until.next_day().unwrap_or(event.full_refund_until);
        Self {
            ticket_name: ticket.map_or_else(|| order.item_name.clone(), |ticket| ticket.name.clone()),
            attendee: order.buyer_name.clone(),
            quantity: order.quantity,
            unit_price: order.unit_price.to_string(),
            amount: order.amount.to_string(),
            phase: order.phase.clone(),
            discounts: discount_lines(order),
            reference: order.reference.clone(),
            ticket_code: access.code.clone(),
            other_tickets: order.quantity - 1,
            manage_url: access.manage_url.map(str::to_owned),
            paid_on: paid_on(event, order),
            features: ticket.map(|ticket| ticket.features.clone()).unwrap_or_default(),
            qr_content_id: qr_content_id.to_owned(),
            calendar_filename: calendar_filename.to_owned(),
            full_refund_until: long_date(event.full_refund_until),
            half_refund_from: long_date(half_refund_from),
            half_refund_until: long_date(event.half_refund_until),
            transfer_until: long_date(transfer_until(event)),
            wallet: None,
        }
    }
}

/// One attendee's own ticket, sent to them when the buyer names them.
#[derive(Debug, Serialize)]
pub(super) struct AttendeeTicket {
    pub attendee: String,
    pub buyer_name: String,
    pub ticket_name: String,
    pub ticket_code: String,
    pub reference: String,
    pub features: Vec<String>,
    pub qr_content_id: String,
    pub calendar_filename: String,
    /// The holder's own "Manage your ticket" link; none when the seat went back to the buyer.
    pub manage_url: Option<String>,
    pub transfer_until: String,
    pub wallet: Option<WalletLinks>,
}

impl AttendeeTicket {
    pub fn new(
        event: &Event,
        order: &Order,
        ticket_type: &str,
        attendee: &str,
        access: &TicketAccess<'_>,
        qr_content_id: &str,
        calendar_filename: &str,
    ) -> Self {
        // The seat's own type: a sponsorship's passes are VIP tickets on a sponsorship order.
        let ticket = event.ticket_by_type(ticket_type);
        Self {
            attendee: attendee.to_owned(),
            buyer_name: order.buyer_name.clone(),
            ticket_name: ticket.map_or_else(|| order.item_name.clone(), |ticket| ticket.name.clone()),
            ticket_code: access.code.clone(),
            reference: order.reference.clone(),
            features: ticket.map(|ticket| ticket.features.clone()).unwrap_or_default(),
            qr_content_id: qr_content_id.to_owned(),
            calendar_filename: calendar_filename.to_owned(),
            manage_url: access.manage_url.map(str::to_owned),
            transfer_until: long_date(transfer_until(event)),
            wallet: None,
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct MerchandiseConfirmation {
    pub buyer_name: String,
    pub item_name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub quantity: i64,
    pub unit_price: String,
    pub amount: String,
    pub discounts: Vec<DiscountLine>,
    pub reference: String,
    pub pickup_code: String,
    pub paid_on: Option<String>,
    pub qr_content_id: String,
}

impl MerchandiseConfirmation {
    pub fn new(event: &Event, order: &Order, pickup_code: &str, qr_content_id: &str) -> Self {
        Self {
            buyer_name: order.buyer_name.clone(),
            item_name: order.item_name.clone(),
            size: option_text(order, "size"),
            color: option_text(order, "color"),
            quantity: order.quantity,
            unit_price: order.unit_price.to_string(),
            amount: order.amount.to_string(),
            discounts: discount_lines(order),
            reference: order.reference.clone(),
            pickup_code: pickup_code.to_owned(),
            paid_on: paid_on(event, order),
            qr_content_id: qr_content_id.to_owned(),
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct SponsorshipReceipt {
    pub contact_name: String,
    pub company_name: String,
    pub tier_label: String,
    pub amount: String,
    pub discounts: Vec<DiscountLine>,
    pub reference: String,
    pub paid_on: Option<String>,
    pub perks: Vec<String>,
    pub vip_passes: u32,
    pub exhibition_space: Option<String>,
    pub sponsor_page_url: Option<String>,
}

impl SponsorshipReceipt {
    pub fn new(event: &Event, order: &Order, sponsor_page_url: Option<&str>) -> Self {
        // A tier renamed or removed from the event file after the sale still gets a receipt,
        // named as it was sold.
        let tier = option_text(order, "tier")
            .and_then(|value| event.sponsorship_tiers.iter().find(|tier| tier.value == value));
        let tier_label = tier.map_or_else(
            || {
                order
                    .item_name
                    .strip_suffix(" Sponsorship")
                    .unwrap_or(&order.item_name)
                    .to_owned()
            },
            |tier| tier.label.clone(),
        );
        Self {
            contact_name: option_text(order, "contactName").unwrap_or_else(|| order.buyer_name.clone()),
            company_name: option_text(order, "companyName").unwrap_or_else(|| order.buyer_name.clone()),
            tier_label,
            amount: order.amount.to_string(),
            discounts: discount_lines(order),
            reference: order.reference.clone(),
            paid_on: paid_on(event, order),
            perks: tier.map(|tier| tier.perks.clone()).unwrap_or_default(),
            vip_passes: tier.map_or(0, |tier| tier.vip_passes),
            exhibition_space: tier.and_then(|tier| tier.exhibition_space.clone()),
            sponsor_page_url: sponsor_page_url.map(str::to_owned),
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct RefundConfirmation {
    pub buyer_name: String,
    pub kind: &'static str,
    pub item_name: String,
    pub quantity: i64,
    pub reference: String,
    pub order_amount: String,
    pub amount: String,
    /// Refunds completed before this one, if any.
    pub earlier_refunds: Option<String>,
    pub refunded_on: Option<String>,
    pub in_full: bool,
    /// Whether the order is cancelled: every refund under the terms, not a goodwill one.
    pub cancelled: bool,
}

impl RefundConfirmation {
    pub fn new(event: &Event, order: &Order, refund: &RefundRecord) -> Self {
        // Rendered after the refund completed: the order's refunded amount includes it.
        let earlier = order.refunded_amount.cents() - refund.amount.cents();
        Self {
            buyer_name: order.buyer_name.clone(),
            kind: order.kind.as_str(),
            item_name: order.item_name.clone(),
            quantity: order.quantity,
            reference: order.reference.clone(),
            order_amount: order.amount.to_string(),
            amount: refund.amount.to_string(),
            earlier_refunds: (earlier > 0).then(|| Money::from_cents(earlier).to_string()),
            refunded_on: refund
                .completed_at
                .and_then(order_time)
                .map(|at| long_date(at.to_offset(event.starts_at.offset()).date())),
            in_full: order.refunded_amount >= order.amount,
            cancelled: refund.cancels_order || order.refunded_amount >= order.amount,
        }
    }
}

/// The payment date in the venue's timezone, where the organisers keep their books.
fn paid_on(event: &Event, order: &Order) -> Option<String> {
    let paid_at = order_time(order.paid_at?)?;
    Some(long_date(paid_at.to_offset(event.starts_at.offset()).date()))
}

/// An order timestamp (unix milliseconds) as a date and time.
pub(super) fn order_time(unix_ms: i64) -> Option<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp(unix_ms.div_euclid(1000)).ok()
}

/// A text option of the order; null, missing and blank all mean "not chosen".
fn option_text(order: &Order, key: &str) -> Option<String> {
    let value = order.options.get(key)?.as_str()?.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

/// A discount as a receipt lists it.
#[derive(Debug, Serialize)]
pub(super) struct DiscountLine {
    pub label: String,
    /// "$699.00"
    pub amount: String,
}

fn discount_lines(order: &Order) -> Vec<DiscountLine> {
    order
        .discounts
        .iter()
        .map(|discount| DiscountLine {
            label: discount.label.clone(),
            amount: discount.amount.to_string(),
        })
        .collect()
}

#[derive(Debug, Serialize)]
pub(super) struct InvoiceCorrection {
    pub buyer_name: String,
    pub reference: String,
    pub invoice_number: String,
    pub replaced_number: String,
    pub credit_number: String,
    pub company: String,
    /// The new invoice's buyer: name, address lines, tax id.
    pub billed_to: Vec<String>,
}

impl InvoiceCorrection {
    pub fn new(order: &Order, invoice: &InvoiceDocument, credit_note: &InvoiceDocument) -> Self {
        let buyer = &invoice.buyer;
        let billed_to = std::iter::once(buyer.name.clone())
            .chain(buyer.address.iter().cloned())
            .chain(buyer.tax_id.iter().map(|id| format!("Tax ID {id}")))
            .collect();
        Self {
            buyer_name: order.buyer_name.clone(),
            reference: order.reference.clone(),
            invoice_number: invoice.number.clone(),
            replaced_number: credit_note.refers_to.clone().unwrap_or_default(),
            credit_number: credit_note.number.clone(),
            company: buyer.name.clone(),
            billed_to,
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct StaffInvitation {
    pub name: String,
    pub role: &'static str,
    pub role_description: &'static str,
    pub invitation_url: String,
    pub sign_in_url: String,
}

impl StaffInvitation {
    pub fn new(name: &str, role: Role, invitation_url: &str, site_url: &str) -> Self {
        Self {
            name: name.to_owned(),
            role: role.as_str(),
            role_description: match role {
                Role::Owner => "everything, including who is on the crew.",
                Role::Manager => "orders, refunds, exports, codes, sponsors, invoices and emails.",
                Role::Support => "reading orders, resending emails and writing notes.",
                Role::Door => "checking tickets in at the door and the merchandise pickup desk.",
            },
            invitation_url: invitation_url.to_owned(),
            sign_in_url: format!("{site_url}/admin"),
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct SponsorReview {
    pub contact_name: String,
    pub company_name: String,
    pub approved: bool,
    pub reason: Option<String>,
    pub display_name: String,
    pub wall_url: String,
}

impl SponsorReview {
    pub fn new(order: &Order, profile: &SponsorProfile, site_url: &str) -> Self {
        Self {
            contact_name: option_text(order, "contactName").unwrap_or_else(|| order.buyer_name.clone()),
            company_name: option_text(order, "companyName").unwrap_or_else(|| order.buyer_name.clone()),
            approved: profile.review_outcome == Some(ReviewOutcome::Approved),
            reason: profile.review_reason.clone(),
            display_name: profile.display_name.clone(),
            wall_url: format!("{site_url}/#sponsors"),
        }
    }
}

/// A place on the waiting list: what for, and what happens when units come back.
#[derive(Debug, Serialize)]
pub(super) struct WaitingListJoined {
    pub greeting_name: String,
    pub item: String,
    pub quantity: i64,
    /// 1 for the first in line; `None` once the entry is no longer waiting.
    pub place: Option<i64>,
    pub offer_hours: u32,
}

impl WaitingListJoined {
    pub fn new(entry: &WaitingListEntry, place: i64, offer_hours: u32) -> Self {
        Self {
            greeting_name: greeting_name(&entry.name),
            item: entry.item_label(),
            quantity: entry.quantity,
            place: (place > 0).then_some(place),
            offer_hours,
        }
    }
}

/// Units that came back went to someone behind an entry who asked for fewer; it keeps its place.
#[derive(Debug, Serialize)]
pub(super) struct WaitingListPassedOver {
    pub greeting_name: String,
    pub item: String,
    pub quantity: i64,
    /// 1 for the first in line; `None` once the entry is no longer waiting.
    pub place: Option<i64>,
}

impl WaitingListPassedOver {
    pub fn new(entry: &WaitingListEntry, place: i64) -> Self {
        Self {
            greeting_name: greeting_name(&entry.name),
            item: entry.item_label(),
            quantity: entry.quantity,
            place: (place > 0).then_some(place),
        }
    }
}

/// Units held for someone on the waiting list: their code, its link and how long it holds.
#[derive(Debug, Serialize)]
pub(super) struct WaitingListOffer {
    pub greeting_name: String,
    pub item: String,
    pub quantity: i64,
    pub code: String,
    pub checkout_url: String,
    pub decline_url: String,
    /// "14:05 on December 3, 2026", the venue's clock.
    pub until: String,
}

impl WaitingListOffer {
    pub fn new(event: &Event, entry: &WaitingListEntry, offer: &WaitingListOfferLinks<'_>) -> Self {
        Self {
            greeting_name: greeting_name(&entry.name),
            item: entry.item_label(),
            quantity: entry.quantity,
            code: offer.code.to_owned(),
            checkout_url: offer.checkout_url.to_owned(),
            decline_url: offer.decline_url.to_owned(),
            until: event.venue_time(offer.until),
        }
    }
}

/// What an offer email links to, and until when its code holds the units (Unix ms).
pub struct WaitingListOfferLinks<'a> {
    pub code: &'a str,
    pub checkout_url: &'a str,
    pub decline_url: &'a str,
    pub until: i64,
}

/// What a presale's email says to one person: their code, the checkout of each ticket it opens
/// (name and link) and until when (Unix ms).
pub struct PresaleLetter<'a> {
    pub name: &'a str,
    pub item: &'a str,
    pub units: i64,
    pub code: &'a str,
    pub links: Vec<(String, String)>,
    pub until: i64,
}

#[derive(Debug, Serialize)]
pub(super) struct PresaleLink {
    pub greeting_name: String,
    pub item: String,
    pub units: i64,
    pub code: String,
    pub links: Vec<NamedLink>,
    /// The venue's clock.
    pub until: String,
}

#[derive(Debug, Serialize)]
pub(super) struct NamedLink {
    pub name: String,
    pub url: String,
}

impl PresaleLink {
    pub fn new(event: &Event, letter: &PresaleLetter<'_>) -> Self {
        Self {
            greeting_name: greeting_name(letter.name),
            item: letter.item.to_owned(),
            units: letter.units,
            code: letter.code.to_owned(),
            links: letter
                .links
                .iter()
                .map(|(name, url)| NamedLink {
                    name: name.clone(),
                    url: url.clone(),
                })
                .collect(),
            until: event.venue_time(letter.until),
        }
    }
}

/// What a draw's winner is told: the prize, their code, where to claim it, and the draw's seed.
pub struct PrizeLetter<'a> {
    pub name: &'a str,
    pub item: &'a str,
    pub code: &'a str,
    pub claim_url: &'a str,
    pub seed: &'a str,
}

#[derive(Debug, Serialize)]
pub(super) struct DrawPrize {
    pub greeting_name: String,
    pub item: String,
    pub code: String,
    pub claim_url: String,
    pub seed: String,
}

impl DrawPrize {
    pub fn new(letter: &PrizeLetter<'_>) -> Self {
        Self {
            greeting_name: greeting_name(letter.name),
            item: letter.item.to_owned(),
            code: letter.code.to_owned(),
            claim_url: letter.claim_url.to_owned(),
            seed: letter.seed.to_owned(),
        }
    }
}

/// A workshop seat, for its confirmation, its offer from the waiting list and its reminder.
pub struct SeatLetter<'a> {
    /// The ticket's attendee, when it has one.
    pub name: Option<&'a str>,
    pub title: &'a str,
    /// "10:00-12:00 on May 19, 2026", the venue's clock.
    pub when: &'a str,
    pub room: Option<&'a str>,
    pub session_url: &'a str,
    /// The session alone, as an iCalendar file.
    pub calendar_url: &'a str,
}

#[derive(Serialize)]
pub(super) struct Seat {
    pub greeting_name: String,
    pub title: String,
    pub when: String,
    pub room: Option<String>,
    pub session_url: String,
    pub calendar_url: String,
}

impl Seat {
    pub fn new(letter: &SeatLetter<'_>) -> Self {
        Self {
            greeting_name: greeting_name(letter.name.unwrap_or("there")),
            title: letter.title.to_owned(),
            when: letter.when.to_owned(),
            room: letter.room.map(str::to_owned),
            session_url: letter.session_url.to_owned(),
            calendar_url: letter.calendar_url.to_owned(),
        }
    }
}

/// The organizer's message to a session's seat holders.
pub struct SessionLetter<'a> {
    pub title: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub session_url: &'a str,
}

#[derive(Serialize)]
pub(super) struct SessionMessage {
    pub title: String,
    pub subject: String,
    /// Plain text, its paragraphs apart.
    pub paragraphs: Vec<String>,
    pub session_url: String,
}

impl SessionMessage {
    pub fn new(letter: &SessionLetter<'_>) -> Self {
        Self {
            title: letter.title.to_owned(),
            subject: letter.subject.to_owned(),
            paragraphs: (letter.body.split("\n\n"))
                .map(str::trim)
                .filter(|paragraph| !paragraph.is_empty())
                .map(str::to_owned)
                .collect(),
            session_url: letter.session_url.to_owned(),
        }
    }
}

/// The organizer's message to a segment: a subject and a Markdown body.
pub struct MessageLetter<'a> {
    pub subject: &'a str,
    pub body: &'a str,
}

#[derive(Serialize)]
pub(super) struct OrganizerMessage {
    pub subject: String,
    /// The Markdown as written, which reads as plain text.
    pub body: String,
    /// Rendered inert: raw HTML shown as text, links only to the web and email, no images.
    pub body_html: String,
}

impl OrganizerMessage {
    pub fn new(letter: &MessageLetter<'_>) -> Self {
        Self {
            subject: letter.subject.to_owned(),
            body: letter.body.to_owned(),
            body_html: crate::domain::markdown::to_html(letter.body),
        }
    }
}

/// A name typed into a public form, when it is safe to print: anyone can type any name for
/// any address, so one that could carry a link is left out.
pub(super) fn greeting_name(name: &str) -> String {
    if could_carry_a_link(name) {
        "there".to_owned()
    } else {
        name.to_owned()
    }
}
