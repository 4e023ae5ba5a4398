//! The price of an order, as the server charges it: what `pricing` answers and an order keeps.

use serde::{Deserialize, Serialize};

use super::Money;

/// One discount on an order, as the summary, the receipt and the exports show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Discount {
    pub label: String,
    /// Cents off the order.
    pub amount: Money,
}

/// Sales tax on an order: part of its total, or added to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxLine {
    /// "Florida sales tax"
    pub label: String,
    /// Hundredths of a percent: 700 is 7%.
    pub basis_points: u32,
    /// Cents of tax in the total.
    pub amount: Money,
    /// True when the prices include it; false when it was added to them.
    pub included: bool,
}

/// The code a quote applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct AppliedCode {
    pub code: String,
    /// What it gives: "20% off", "$50.00 off each", "Free".
    pub label: String,
    #[serde(skip)]
    pub id: String,
}

/// The price of an order, as the server charges it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Cents per unit before discounts: the current phase's price.
    pub unit_price: Money,
    /// The price phase, such as "Early bird".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub phase: Option<String>,
    pub discounts: Vec<Discount>,
    /// Sales tax, when the seller charges it on this kind of item.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub tax: Option<TaxLine>,
    /// What is charged, in cents.
    pub total: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub code: Option<AppliedCode>,
    #[serde(skip)]
    pub quantity: i64,
    /// The stock key counting the phase's units, when it ends by units: the order takes its units.
    #[serde(skip)]
    pub phase_key: Option<String>,
}
