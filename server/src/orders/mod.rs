//! Orders and their lifecycle (DESIGN.md §5): `pending` → `paid` | `failed` |
//! `expired`, and `paid` → `refunded`. Tickets, merchandise and sponsorships all
//! go through the same three steps: place, fulfil, expire.

mod checkout;
mod expiry;
mod fulfilment;
pub mod refund_policy;
mod refunds;

use serde::Serialize;

use crate::domain::Money;

pub use checkout::{CheckoutError, IdempotencyKey, OpenReservationCaps, Placement, abandon_placement, place_order};
pub use expiry::{expire_reservations, run_expiry_sweeper};
pub use fulfilment::{FulfilError, cancel_payment, fulfil_payment, record_payment_failure};
pub use refund_policy::{PolicyRefund, RefundWindow, policy_refund};
pub use refunds::{IssueRefund, RefundError, RefundRequest, issue_refund, refund_order};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
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

/// An order as stored. Times are Unix milliseconds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: String,
    pub reference: String,
    pub kind: OrderKind,
    pub status: OrderStatus,
    pub buyer_name: String,
    pub buyer_email: String,
    pub sku: String,
    #[schema(required = true)]
    pub variant_sku: Option<String>,
    pub item_name: String,
    pub unit_price: Money,
    pub quantity: i64,
    /// What the buyer chose: a ticket's type, a size and colour, a sponsor's company and contact.
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
    pub amount: Money,
    /// What has been given back so far; equal to `amount` once `refunded`.
    pub refunded_amount: Money,
    pub currency: String,
    /// The gateway that took the payment: "sandbox" or "stripe".
    pub gateway: String,
    #[schema(required = true)]
    pub payment_id: Option<String>,
    /// SHA-256 of the payment's client secret: whoever holds the secret is the buyer.
    #[serde(skip)]
    pub client_secret_hash: Option<String>,
    /// The address the order was placed from, for the caps on open reservations.
    #[schema(required = true)]
    pub client_address: Option<String>,
    pub units_held: i64,
    #[schema(required = true)]
    pub pickup_code: Option<String>,
    #[schema(required = true)]
    pub last_payment_error: Option<String>,
    #[schema(required = true)]
    pub refund_reason: Option<String>,
    /// The secret of the buyer's "Manage your tickets" link (ticket orders, once paid).
    #[serde(skip)]
    pub manage_token: Option<String>,
    /// When the merchandise was handed over at the pickup desk, and by whom.
    #[schema(required = true)]
    pub picked_up_at: Option<i64>,
    #[schema(required = true)]
    pub picked_up_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: i64,
    #[schema(required = true)]
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

impl Order {
    /// Whether `client_secret` is this order's payment secret, which only the buyer's
    /// browser was given.
    pub fn is_buyer_secret(&self, client_secret: &str) -> bool {
        self.client_secret_hash
            .as_deref()
            .is_some_and(|stored| crate::secrets::matches_digest(stored, client_secret))
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

    /// What the organizer calls a stock keeping unit: "VIP Pass", "Conference T-Shirt, S / Black".
    pub fn label(event: &crate::event::Event, sku: &str) -> String {
        let mut parts = sku.split(':');
        let (kind, key) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
        let variant: Vec<&str> = parts.filter(|option| *option != "-").collect();
        let name = match kind {
            "ticket" => event.ticket_by_type(key).map(|ticket| ticket.name.clone()),
            "merchandise" => key
                .parse::<u32>()
                .ok()
                .and_then(|id| event.merchandise.iter().find(|item| item.id == id))
                .map(|item| item.name.clone()),
            "sponsorship" => event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == key)
                .map(|tier| format!("{} sponsorship", tier.label)),
            _ => None,
        };
        let name = name.unwrap_or_else(|| sku.to_owned());
        if variant.is_empty() {
            name
        } else {
            format!("{name}, {}", variant.join(" / "))
        }
    }

    /// Every item an order can be for, as (stock keeping unit, label), in catalogue order.
    pub fn catalogue(event: &crate::event::Event) -> Vec<(String, String)> {
        let tickets = event.tickets.iter().map(|entry| ticket(&entry.ticket_type));
        let merchandise = event.merchandise.iter().map(|item| merchandise(item.id));
        let sponsorships = event.sponsorship_tiers.iter().map(|tier| sponsorship(&tier.value));
        tickets
            .chain(merchandise)
            .chain(sponsorships)
            .map(|sku| {
                let label = label(event, &sku);
                (sku, label)
            })
            .collect()
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
