//! What each template sees: plain strings and lists built from the event and the order,
//! so templates never format money or dates themselves.

use serde::Serialize;
use time::{Date, Duration, OffsetDateTime};

use crate::event::Event;
use crate::orders::Order;

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

#[derive(Debug, Serialize)]
pub(super) struct Waitlist {
    pub full_name: String,
}

#[derive(Debug, Serialize)]
pub(super) struct TicketReceipt {
    pub ticket_name: String,
    pub attendee: String,
    pub quantity: i64,
    pub unit_price: String,
    pub amount: String,
    pub reference: String,
    /// One code per order: it admits everyone on a team order.
    pub ticket_code: String,
    pub payment_reference: Option<String>,
    pub paid_on: Option<String>,
    pub features: Vec<String>,
    pub qr_content_id: String,
    pub calendar_filename: String,
    pub full_refund_until: String,
    pub half_refund_from: String,
    pub half_refund_until: String,
    pub transfer_until: String,
}

impl TicketReceipt {
    pub fn new(event: &Event, order: &Order, qr_content_id: &str, calendar_filename: &str) -> Self {
        let ticket = option_text(order, "ticketType").and_then(|ticket_type| event.ticket_by_type(&ticket_type));
        // Refund windows follow the brief: full, then 50% from the next day, then none.
        let half_refund_from = event.full_refund_until.next_day().unwrap_or(event.full_refund_until);
        let event_day = event.starts_at.date();
        let transfer_until = event_day.checked_sub(Duration::days(7)).unwrap_or(event_day);
        Self {
            ticket_name: ticket.map_or_else(|| order.item_name.clone(), |ticket| ticket.name.clone()),
            attendee: order.buyer_name.clone(),
            quantity: order.quantity,
            unit_price: order.unit_price.to_string(),
            amount: order.amount.to_string(),
            reference: order.reference.clone(),
            ticket_code: order.reference.clone(),
            payment_reference: order.payment_id.clone(),
            paid_on: paid_on(event, order),
            features: ticket.map(|ticket| ticket.features.clone()).unwrap_or_default(),
            qr_content_id: qr_content_id.to_owned(),
            calendar_filename: calendar_filename.to_owned(),
            full_refund_until: long_date(event.full_refund_until),
            half_refund_from: long_date(half_refund_from),
            half_refund_until: long_date(event.half_refund_until),
            transfer_until: long_date(transfer_until),
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
    pub reference: String,
    pub payment_reference: Option<String>,
    pub paid_on: Option<String>,
    pub perks: Vec<String>,
    pub vip_passes: u32,
    pub exhibition_space: Option<String>,
}

impl SponsorshipReceipt {
    pub fn new(event: &Event, order: &Order) -> Self {
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
            reference: order.reference.clone(),
            payment_reference: order.payment_id.clone(),
            paid_on: paid_on(event, order),
            perks: tier.map(|tier| tier.perks.clone()).unwrap_or_default(),
            vip_passes: tier.map_or(0, |tier| tier.vip_passes),
            exhibition_space: tier.and_then(|tier| tier.exhibition_space.clone()),
        }
    }
}

/// "March 18, 2026"
pub(super) fn long_date(date: Date) -> String {
    format!("{} {}, {}", date.month(), date.day(), date.year())
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
