//! The price of an order: the phase's unit price times the quantity, less a team discount
//! and a code, each named. Rounding is to the cent, half up, once per discount.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::{Item, Sales, current_phase, sales_state, sold_out};
use crate::clock::unix_millis;
use crate::domain::Money;
use crate::event::{Event, SalesTax};
use crate::store::{CodeKind, CodeRecord};

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

impl Quote {
    /// The quote of an item without phases or discounts: its price times the quantity.
    pub fn at_unit_price(unit_price: Money, quantity: i64) -> Self {
        Self {
            unit_price,
            phase: None,
            discounts: Vec::new(),
            tax: None,
            total: Money::from_cents(unit_price.cents() * quantity),
            code: None,
            quantity,
            phase_key: None,
        }
    }
}

/// Why an order cannot be priced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteError {
    #[error("not on sale before {from}")]
    NotYet { from: OffsetDateTime },
    #[error("sales have closed")]
    Closed,
    #[error("sold out")]
    SoldOut,
    /// Hidden, and no code unlocks it: as if it did not exist.
    #[error("no such item")]
    Hidden,
    #[error(transparent)]
    Code(#[from] CodeProblem),
}

/// Why a code cannot be used for an order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeProblem {
    #[error("no such code")]
    Unknown,
    #[error("the code is disabled")]
    Disabled,
    #[error("the code is not valid yet")]
    NotYet { from: i64 },
    #[error("the code has expired")]
    Expired { until: i64 },
    #[error("the code has been used up")]
    UsedUp { left: i64 },
    #[error("the code is not for this item")]
    NotForThisItem,
}

/// Prices `quantity` units of `item` at `now`, with `stock` the units left by stock key and
/// `code` the code the buyer gave, if any.
pub fn quote(
    event: &Event,
    item: Item<'_>,
    quantity: i64,
    now: OffsetDateTime,
    stock: &HashMap<String, i64>,
    code: Option<&CodeRecord>,
) -> Result<Quote, QuoteError> {
    let item_sku = item.sku();
    if item.sale().hidden && code.is_none_or(|code| code.unlocks.as_deref() != Some(item_sku.as_str())) {
        return Err(QuoteError::Hidden);
    }
    if let Some(code) = code {
        check_code(code, &item_sku, quantity, now)?;
    }
    let held_for_code = code.is_some_and(|code| code.reserved_left >= quantity);
    match sales_state(event, item, now, stock) {
        Sales::Open => {}
        // A presale's link or a draw's prize: before the public, from the same stock.
        Sales::NotYet { .. } if code.is_some_and(|code| code.early_access) => {
            if sold_out(item, stock) && !held_for_code {
                return Err(QuoteError::SoldOut);
            }
        }
        Sales::NotYet { from } => return Err(QuoteError::NotYet { from }),
        Sales::Closed => return Err(QuoteError::Closed),
        Sales::SoldOut if held_for_code => {}
        Sales::SoldOut => return Err(QuoteError::SoldOut),
    }
    let phase = current_phase(item, now, stock, quantity);
    let unit_price = phase
        .as_ref()
        .map_or_else(|| item.base_price(), |phase| phase.phase.price);
    let subtotal = unit_price.cents() * quantity;
    let mut discounts = Vec::new();
    match code.map(|code| code.kind) {
        Some(CodeKind::FixedPrice(price)) => {
            let off = subtotal - price.cents() * quantity;
            if off > 0 {
                discounts.push(code_discount(code, off));
            }
        }
        kind => {
            let volume = item
                .volume_discounts()
                .iter()
                .rev()
                .find(|discount| quantity >= i64::from(discount.min_quantity));
            if let Some(volume) = volume {
                discounts.push(Discount {
                    label: format!("{}: {}% off", volume.label, volume.percent_off),
                    amount: Money::from_cents(percent_of(subtotal, i64::from(volume.percent_off))),
                });
            }
            let after = subtotal - discounts.iter().map(|discount| discount.amount.cents()).sum::<i64>();
            let off = match kind {
                Some(CodeKind::PercentOff(percent)) => percent_of(after, percent),
                Some(CodeKind::AmountOff(amount)) => (amount.cents() * quantity).min(after),
                Some(CodeKind::FixedPrice(_)) | None => 0,
            };
            if off > 0 {
                discounts.push(code_discount(code, off));
            }
        }
    }
    let after_discounts = (subtotal - discounts.iter().map(|discount| discount.amount.cents()).sum::<i64>()).max(0);
    let tax = event
        .seller
        .as_ref()
        .and_then(|seller| seller.sales_tax.as_ref())
        .filter(|tax| tax.applies_to.contains(&item.kind()))
        .map(|tax| tax_line(tax, after_discounts));
    let total = after_discounts
        + tax
            .as_ref()
            .filter(|tax| !tax.included)
            .map_or(0, |tax| tax.amount.cents());
    Ok(Quote {
        unit_price,
        phase: phase.as_ref().map(|phase| phase.phase.name.clone()),
        discounts,
        tax,
        total: Money::from_cents(total),
        code: code.map(|code| AppliedCode {
            code: code.code.clone(),
            label: code_label(code.kind),
            id: code.id.clone(),
        }),
        quantity,
        phase_key: phase.and_then(|phase| phase.stock_key),
    })
}

fn code_discount(code: Option<&CodeRecord>, off: i64) -> Discount {
    let label = code.map_or_else(String::new, |code| {
        format!("Code {}: {}", code.code, code_label(code.kind))
    });
    Discount {
        label,
        amount: Money::from_cents(off),
    }
}

/// Whether `code` may be used for `quantity` units of `item_sku` at `now`.
fn check_code(code: &CodeRecord, item_sku: &str, quantity: i64, now: OffsetDateTime) -> Result<(), CodeProblem> {
    let now = unix_millis(now);
    if code.disabled {
        return Err(CodeProblem::Disabled);
    }
    if let Some(from) = code.valid_from
        && now < from
    {
        return Err(CodeProblem::NotYet { from });
    }
    if let Some(until) = code.valid_until
        && now > until
    {
        return Err(CodeProblem::Expired { until });
    }
    let applies = code.applies_to.is_empty() || code.applies_to.iter().any(|sku| sku == item_sku);
    let unlocks = code.unlocks.as_deref() == Some(item_sku);
    if !applies && !unlocks {
        return Err(CodeProblem::NotForThisItem);
    }
    if code.uses + quantity > code.max_uses {
        return Err(CodeProblem::UsedUp {
            left: (code.max_uses - code.uses).max(0),
        });
    }
    Ok(())
}

/// What a code gives, in a few words.
pub fn code_label(kind: CodeKind) -> String {
    match kind {
        CodeKind::PercentOff(100) | CodeKind::FixedPrice(Money::ZERO) => "Free".to_owned(),
        CodeKind::PercentOff(percent) => format!("{percent}% off"),
        CodeKind::AmountOff(amount) => format!("{amount} off each"),
        CodeKind::FixedPrice(price) => format!("{price} each"),
    }
}

/// The tax in `cents` (prices that include it), or on them (prices that do not), to the cent, half up.
fn tax_line(tax: &SalesTax, cents: i64) -> TaxLine {
    let rate = i64::from(tax.basis_points);
    let denominator = if tax.prices_include_tax { 10_000 + rate } else { 10_000 };
    TaxLine {
        label: tax.label.clone(),
        basis_points: tax.basis_points,
        amount: Money::from_cents((cents * rate + denominator / 2) / denominator),
        included: tax.prices_include_tax,
    }
}

/// `percent` of `cents`, to the cent, half up.
fn percent_of(cents: i64, percent: i64) -> i64 {
    (cents * percent + 50) / 100
}

#[cfg(test)]
mod tests;
