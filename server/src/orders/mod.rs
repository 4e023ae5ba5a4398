//! Orders and their lifecycle (DESIGN.md §5): `pending` → `paid` | `failed` |
//! `expired`, and `paid` → `refunded`. Tickets, merchandise and sponsorships all
//! go through the same three steps: place, fulfil, expire.

mod checkout;
mod expiry;
mod fulfilment;
pub mod refund_policy;
mod refunds;

use serde::Serialize;

use crate::domain::BillingDetails;
use crate::domain::Money;
pub use crate::domain::OrderKind;
pub use crate::event::sku;
use crate::pricing::{Discount, Quote, TaxLine};

pub use checkout::{
    Asked, CheckoutError, HoldCap, IdempotencyKey, NO_PAYMENT, Placement, abandon_placement, place_order,
    replay_placement,
};
pub use expiry::{expire_reservations, run_expiry_sweeper};
pub use fulfilment::{FulfilError, cancel_payment, fulfil_payment, record_payment_failure};
pub use refund_policy::{PolicyRefund, RefundWindow, policy_refund};
pub use refunds::{IssueRefund, RefundError, RefundRequest, issue_refund, refund_order};

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
    /// What is charged: the unit price times the quantity, less `discounts`.
    pub amount: Money,
    /// The price phase the order was priced in, such as "Early bird".
    #[schema(required = true)]
    pub phase: Option<String>,
    pub discounts: Vec<Discount>,
    /// The code the buyer gave, as they typed it (upper case).
    #[schema(required = true)]
    pub code: Option<String>,
    /// The sales tax in `amount`, when the seller charges it on this kind of item.
    #[schema(required = true)]
    pub tax: Option<TaxLine>,
    /// A company's billing details for its invoice; the buyer's name and email otherwise.
    #[schema(required = true)]
    pub billing: Option<BillingDetails>,
    /// When the buyer corrected the billing details (they may, once).
    #[schema(required = true)]
    pub billing_corrected_at: Option<i64>,
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
    /// When a new private link for the buyer retired the client secret as their proof.
    #[serde(skip)]
    pub client_secret_retired_at: Option<i64>,
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
    /// The digest of the secret in the buyer's "Manage your tickets" link (ticket orders, once paid).
    #[serde(skip)]
    pub manage_token_hash: Option<String>,
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

/// A purchase about to be placed; its price is the server's quote, never the client's.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub kind: OrderKind,
    pub buyer_name: String,
    pub buyer_email: String,
    pub sku: String,
    /// The size/colour variant's stock key, for merchandise with variants.
    pub variant_sku: Option<String>,
    pub item_name: String,
    pub quantity: i64,
    pub options: serde_json::Value,
    /// What it costs: the phase's unit price, the discounts, the tax, the total and the code.
    pub quote: Quote,
    pub billing: Option<BillingDetails>,
}

impl NewOrder {
    pub fn amount(&self) -> Money {
        self.quote.total
    }

    pub fn unit_price(&self) -> Money {
        self.quote.unit_price
    }
}

impl Order {
    /// Whether `client_secret` is this order's payment secret, which only the buyer's
    /// browser was given, and no new link has retired it since: a secret that leaked with the
    /// confirmation page's address stops working once the buyer is sent a new link.
    pub fn is_buyer_secret(&self, client_secret: &str) -> bool {
        self.client_secret_retired_at.is_none()
            && self
                .client_secret_hash
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
    let phases = crate::pricing::Item::all(event).flat_map(|item| {
        let item_sku = item.sku();
        item.sale()
            .phases
            .iter()
            .filter_map(move |phase| Some((sku::phase(&item_sku, &phase.name), i64::from(phase.units?))))
    });
    tickets.chain(merchandise).chain(sponsorships).chain(phases).collect()
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
    fn order_kinds_and_statuses_read_back_as_themselves() {
        assert_eq!(OrderStatus::parse("expired"), Some(OrderStatus::Expired));
        assert_eq!(OrderKind::parse("sponsorship"), Some(OrderKind::Sponsorship));
    }
}
