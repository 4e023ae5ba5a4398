//! The price of an order: the phase's unit price times the quantity, less a team discount
//! and a code, each named. Rounding is to the cent, half up, once per discount.

use std::collections::HashMap;

use time::OffsetDateTime;

use super::{Item, Sales, current_phase, sales_state, sold_out};
use crate::clock::unix_millis;
use crate::domain::{AppliedCode, Discount, Money, Quote, TaxLine};
use crate::event::{Event, SalesTax};
use crate::store::{CodeKind, CodeRecord};

impl Quote {
    /// The quote of an item without phases or discounts: its price times the quantity.
    pub fn at_unit_price(unit_price: Money, quantity: i64) -> Result<Self, QuoteError> {
        Ok(Self {
            unit_price,
            phase: None,
            discounts: Vec::new(),
            tax: None,
            total: Money::from_cents(times(unit_price.cents(), quantity)?),
            code: None,
            quantity,
            phase_key: None,
        })
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
    /// Its amounts pass what cents can count: a quantity far beyond any real order's.
    #[error("the order is too large to price")]
    TooLarge,
    #[error(transparent)]
    Code(#[from] CodeProblem),
}

/// Why a code cannot be used for an order, as its buyer is told. A code that does not exist,
/// does not work now (disabled, not valid yet, expired, its value out of bounds) or is for
/// other items is one problem: telling them apart would tell a guesser which codes exist and
/// which items or dates they are for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeProblem {
    #[error("the code is not valid for this order")]
    Invalid,
    #[error("the code has been used up")]
    UsedUp { left: i64 },
}

/// What a code that cannot be used answers for `item`. A hidden item is not there for any
/// code but the one that unlocks it (whatever the code's problem), as for no code at all.
pub fn refused_code(item: Item<'_>, code: Option<&CodeRecord>, problem: CodeProblem) -> QuoteError {
    let unlocks_it = code.is_some_and(|code| code.unlocks.as_deref() == Some(item.sku().as_str()));
    if item.sale().hidden && !(unlocks_it && matches!(problem, CodeProblem::UsedUp { .. })) {
        QuoteError::Hidden
    } else {
        QuoteError::Code(problem)
    }
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
    if let Some(code) = code
        && let Err(problem) = check_code(code, &item_sku, quantity, now)
    {
        return Err(refused_code(item, Some(code), problem));
    }
    if item.sale().hidden && code.is_none_or(|code| code.unlocks.as_deref() != Some(item_sku.as_str())) {
        return Err(QuoteError::Hidden);
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
    let subtotal = times(unit_price.cents(), quantity)?;
    // What is left to pay after each discount: no discount takes more than is left.
    let mut left = subtotal;
    let mut discounts = Vec::new();
    match code.map(|code| code.kind) {
        Some(CodeKind::FixedPrice(price)) => {
            // Per unit, so a price above the unit's gives nothing (it never raises the price).
            let off = times((unit_price.cents() - price.cents()).max(0), quantity)?;
            discounts.extend(take_off(&mut left, off, || code_label_of(code)));
        }
        kind => {
            let volume = item
                .volume_discounts()
                .iter()
                .rev()
                .find(|discount| quantity >= i64::from(discount.min_quantity));
            if let Some(volume) = volume {
                let off = percent_of(subtotal, i64::from(volume.percent_off))?;
                let label = || format!("{}: {}% off", volume.label, volume.percent_off);
                discounts.extend(take_off(&mut left, off, label));
            }
            let off = match kind {
                Some(CodeKind::PercentOff(percent)) => percent_of(left, percent)?,
                // Per unit, at most the unit's price; then at most what the team discount left.
                Some(CodeKind::AmountOff(amount)) => times(amount.cents().min(unit_price.cents()), quantity)?,
                Some(CodeKind::FixedPrice(_)) | None => 0,
            };
            discounts.extend(take_off(&mut left, off, || code_label_of(code)));
        }
    }
    let tax = event
        .seller
        .as_ref()
        .and_then(|seller| seller.sales_tax.as_ref())
        .filter(|tax| tax.applies_to.contains(&item.kind()))
        .map(|tax| tax_line(tax, left))
        .transpose()?;
    let added_tax = tax
        .as_ref()
        .filter(|tax| !tax.included)
        .map_or(0, |tax| tax.amount.cents());
    let total = left.checked_add(added_tax).ok_or(QuoteError::TooLarge)?;
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

/// Takes a discount of `off` cents out of `left`, never more than is left, nor less than
/// nothing; `None` when it takes nothing.
fn take_off(left: &mut i64, off: i64, label: impl FnOnce() -> String) -> Option<Discount> {
    let off = off.clamp(0, *left);
    *left -= off;
    (off > 0).then(|| Discount {
        label: label(),
        amount: Money::from_cents(off),
    })
}

fn code_label_of(code: Option<&CodeRecord>) -> String {
    code.map_or_else(String::new, |code| {
        format!("Code {}: {}", code.code, code_label(code.kind))
    })
}

/// Whether `code` may be used for `quantity` units of `item_sku` at `now`.
fn check_code(code: &CodeRecord, item_sku: &str, quantity: i64, now: OffsetDateTime) -> Result<(), CodeProblem> {
    let now = unix_millis(now);
    let works = !code.disabled
        && code.kind.within_bounds()
        && code.valid_from.is_none_or(|from| from <= now)
        && code.valid_until.is_none_or(|until| now <= until);
    let applies = code.applies_to.is_empty() || code.applies_to.iter().any(|sku| sku == item_sku);
    let unlocks = code.unlocks.as_deref() == Some(item_sku);
    if !works || (!applies && !unlocks) {
        return Err(CodeProblem::Invalid);
    }
    let left = (code.max_uses - code.uses).max(0);
    if quantity > left {
        return Err(CodeProblem::UsedUp { left });
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
fn tax_line(tax: &SalesTax, cents: i64) -> Result<TaxLine, QuoteError> {
    let rate = i64::from(tax.basis_points);
    let denominator = if tax.prices_include_tax { 10_000 + rate } else { 10_000 };
    let amount = cents
        .checked_mul(rate)
        .and_then(|scaled| scaled.checked_add(denominator / 2))
        .ok_or(QuoteError::TooLarge)?
        / denominator;
    Ok(TaxLine {
        label: tax.label.clone(),
        basis_points: tax.basis_points,
        amount: Money::from_cents(amount),
        included: tax.prices_include_tax,
    })
}

/// `percent` of `cents`, to the cent, half up.
fn percent_of(cents: i64, percent: i64) -> Result<i64, QuoteError> {
    cents
        .checked_mul(percent)
        .and_then(|scaled| scaled.checked_add(50))
        .map(|scaled| scaled / 100)
        .ok_or(QuoteError::TooLarge)
}

/// `cents` for each of `quantity` units.
fn times(cents: i64, quantity: i64) -> Result<i64, QuoteError> {
    cents.checked_mul(quantity).ok_or(QuoteError::TooLarge)
}

#[cfg(test)]
mod tests;
