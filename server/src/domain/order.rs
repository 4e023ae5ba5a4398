//! An order as stored and as placed, and the caps on the stock an open order may hold.

use serde::Serialize;

use super::price::{Discount, Quote, TaxLine};
use super::{BillingDetails, Money, OrderKind};
use crate::secrets;

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
    /// The buyer's answers to the event's questions for their own ticket (the order's first place): each
    /// question's id and the answer as stored JSON; written with the order.
    pub buyer_answers: Vec<(String, String)>,
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
                .is_some_and(|stored| secrets::matches_digest(stored, client_secret))
    }
}

/// Which cap on open checkouts (`HoldLimits`) a new checkout would pass, with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldCap {
    /// Open checkouts.
    Checkouts(u32),
    /// Units of the item being bought.
    UnitsOfItem(u32),
    /// Units of everything.
    Units(u32),
    /// Units of the item being bought, in open checkouts and free orders of the last 24 hours.
    FreeUnitsOfItem(u32),
    /// Units of everything, in open checkouts and free orders of the last 24 hours.
    FreeUnits(u32),
    /// Open sponsorship checkouts.
    Sponsorships(u32),
}
