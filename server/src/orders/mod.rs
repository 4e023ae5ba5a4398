//! Orders and their lifecycle (DESIGN.md §5): `pending` → `paid` | `failed` |
//! `expired`, and `paid` → `refunded`. Tickets, merchandise and sponsorships all
//! go through the same three steps: place, fulfil, expire.

mod checkout;
mod expiry;
mod fulfilment;

use serde::Serialize;

use crate::domain::Money;

pub use checkout::{CheckoutError, place_order};
pub use expiry::{expire_reservations, run_expiry_sweeper};
pub use fulfilment::{FulfilError, cancel_payment, fulfil_payment, record_payment_failure};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OrderKind {
    Ticket,
    Merchandise,
    Sponsorship,
}

impl OrderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ticket => "ticket",
            Self::Merchandise => "merchandise",
            Self::Sponsorship => "sponsorship",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Ticket, Self::Merchandise, Self::Sponsorship]
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Pending,
    Paid,
    Failed,
    Expired,
    Refunded,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Failed => "failed",
            Self::Expired => "expired",
            Self::Refunded => "refunded",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Pending, Self::Paid, Self::Failed, Self::Expired, Self::Refunded]
            .into_iter()
            .find(|status| status.as_str() == value)
    }
}

/// An order as stored.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: String,
    pub reference: String,
    pub kind: OrderKind,
    pub status: OrderStatus,
    pub buyer_name: String,
    pub buyer_email: String,
    pub sku: String,
    pub variant_sku: Option<String>,
    pub item_name: String,
    pub unit_price: Money,
    pub quantity: i64,
    pub options: serde_json::Value,
    pub amount: Money,
    pub currency: String,
    pub payment_id: Option<String>,
    pub units_held: i64,
    pub pickup_code: Option<String>,
    pub last_payment_error: Option<String>,
    pub refund_reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
}

/// A purchase about to be placed; the amount is computed here, never taken from the client.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub kind: OrderKind,
    pub buyer_name: String,
    pub buyer_email: String,
    pub sku: String,
    /// The size/colour variant's stock key, for merchandise with variants.
    pub variant_sku: Option<String>,
    pub item_name: String,
    pub unit_price: Money,
    pub quantity: i64,
    pub options: serde_json::Value,
}

impl NewOrder {
    pub fn amount(&self) -> Money {
        Money::from_cents(self.unit_price.cents() * self.quantity)
    }
}

/// Every limit of the event file, by stock keeping unit.
pub fn stock_limits(event: &crate::event::Event) -> Vec<(String, i64)> {
    let tickets = event
        .tickets
        .iter()
        .filter_map(|ticket| Some((sku::ticket(&ticket.ticket_type), i64::from(ticket.limit?))));
    let merchandise = event.merchandise.iter().flat_map(|item| {
        let whole = item.limit.map(|limit| (sku::merchandise(item.id), i64::from(limit)));
        let variants = item.variant_limits.iter().map(|variant| {
            let key = sku::merchandise_variant(item.id, variant.size.as_deref(), variant.color.as_deref());
            (key, i64::from(variant.limit))
        });
        whole.into_iter().chain(variants)
    });
    let sponsorships = event
        .sponsorship_tiers
        .iter()
        .filter_map(|tier| Some((sku::sponsorship(&tier.value), i64::from(tier.limit?))));
    tickets.chain(merchandise).chain(sponsorships).collect()
}

/// Stock keeping units: what a stock limit counts.
pub mod sku {
    pub fn ticket(ticket_type: &str) -> String {
        format!("ticket:{ticket_type}")
    }

    pub fn merchandise(id: u32) -> String {
        format!("merchandise:{id}")
    }

    /// One size/colour combination of an item; "-" stands for an option the item lacks.
    pub fn merchandise_variant(id: u32, size: Option<&str>, color: Option<&str>) -> String {
        format!("merchandise:{id}:{}:{}", size.unwrap_or("-"), color.unwrap_or("-"))
    }

    pub fn sponsorship(tier: &str) -> String {
        format!("sponsorship:{tier}")
    }
}

/// A short code a buyer can read out: "CW-7K3P9QXM" (Crockford base32, no I, L, O or U).
pub fn new_reference() -> String {
    format!("CW-{}", random_code(8))
}

/// The code shown at the merchandise pickup desk: "PU-4F7K2Q".
pub fn new_pickup_code() -> String {
    format!("PU-{}", random_code(6))
}

fn random_code(length: usize) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let random = uuid::Uuid::new_v4().as_u128();
    (0..length)
        .map(|index| ALPHABET[((random >> (index * 5)) & 31) as usize] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_short_readable_and_distinct() {
        let first = new_reference();
        assert_eq!(first.len(), 11);
        assert!(first.starts_with("CW-"));
        assert!(first[3..].chars().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()));
        assert!(!first[3..].contains(['I', 'L', 'O', 'U']));
        assert_ne!(first, new_reference());
        let pickup = new_pickup_code();
        assert!(pickup.starts_with("PU-") && pickup.len() == 9, "{pickup}");
    }

    #[test]
    fn the_amount_is_unit_price_times_quantity() {
        let order = NewOrder {
            kind: OrderKind::Ticket,
            buyer_name: "Ana Diaz".into(),
            buyer_email: "ana@example.com".into(),
            sku: sku::ticket("team"),
            variant_sku: None,
            item_name: "Team Pass".into(),
            unit_price: Money::from_cents(69_900),
            quantity: 4,
            options: serde_json::json!({}),
        };
        assert_eq!(order.amount(), Money::from_cents(279_600));
        assert_eq!(OrderStatus::parse("expired"), Some(OrderStatus::Expired));
        assert_eq!(OrderKind::parse("sponsorship"), Some(OrderKind::Sponsorship));
    }
}
