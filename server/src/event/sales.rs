//! When items sell and at what price, as the event file says: the shop's sales window,
//! each item's own window, its price phases (early bird, regular, late), team discounts,
//! and items hidden until a code unlocks them. `pricing` reads these against the clock.

use time::OffsetDateTime;
use toml::Spanned;
use toml::value::Datetime;

use super::field::{Invalid, instant, invalid};
use super::file::{PhaseEntry, VolumeDiscountEntry};
use crate::domain::Money;

/// When, and at what price, one item sells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaleTerms {
    pub available_from: Option<OffsetDateTime>,
    pub available_until: Option<OffsetDateTime>,
    /// Empty: the item's own price applies throughout.
    pub phases: Vec<PricePhase>,
    /// Listed and sold only with a code that unlocks it.
    pub hidden: bool,
}

/// A price for a while: until a time, or until so many units are sold or held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricePhase {
    pub name: String,
    pub price: Money,
    pub until: Option<OffsetDateTime>,
    pub units: Option<u32>,
}

/// A share off larger orders of one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VolumeDiscount {
    pub min_quantity: u32,
    pub percent_off: u32,
    pub label: String,
}

/// The item-level keys of the event file, parsed; `field` names the item, as `tickets[0]`.
pub(super) struct SaleEntries {
    pub available_from: Option<Spanned<Datetime>>,
    pub available_until: Option<Spanned<Datetime>>,
    pub phases: Option<Vec<Spanned<PhaseEntry>>>,
    pub hidden: Option<bool>,
}

pub(super) fn sale_terms(entries: SaleEntries, field: &str) -> Result<SaleTerms, Invalid> {
    let available_from = optional_instant(entries.available_from.as_ref(), &format!("{field}.available_from"))?;
    let available_until = optional_instant(entries.available_until.as_ref(), &format!("{field}.available_until"))?;
    if let (Some(from), Some(until), Some(spanned)) = (available_from, available_until, &entries.available_until)
        && until <= from
    {
        return invalid(
            spanned.span(),
            format!("{field}.available_until"),
            "must be after available_from",
        );
    }
    let phases = phases(entries.phases.unwrap_or_default(), field)?;
    Ok(SaleTerms {
        available_from,
        available_until,
        phases,
        hidden: entries.hidden.unwrap_or(false),
    })
}

fn phases(entries: Vec<Spanned<PhaseEntry>>, field: &str) -> Result<Vec<PricePhase>, Invalid> {
    let count = entries.len();
    let mut phases: Vec<PricePhase> = Vec::with_capacity(count);
    for (index, entry) in entries.into_iter().enumerate() {
        let span = entry.span();
        let entry = entry.into_inner();
        let name = format!("{field}.phases[{index}]");
        let until = optional_instant(entry.until.as_ref(), &format!("{name}.until"))?;
        if phases.iter().any(|phase| phase.name == entry.name.0) {
            return invalid(span, name, "another phase of this item has this name");
        }
        if let (Some(until), Some(previous)) = (until, phases.iter().rev().find_map(|phase| phase.until))
            && until <= previous
        {
            return invalid(
                span,
                format!("{name}.until"),
                "must be after the previous phase's until",
            );
        }
        let last = index + 1 == count;
        if last && (until.is_some() || entry.units.is_some()) {
            return invalid(
                span,
                name,
                "the last phase has neither until nor units: it applies once the others are over",
            );
        }
        if !last && until.is_none() && entry.units.is_none() {
            return invalid(
                span,
                name,
                "give until, units or both: only the last phase lasts until sales close",
            );
        }
        phases.push(PricePhase {
            name: entry.name.0,
            price: Money::from_cents(entry.price.0),
            until,
            units: entry.units.map(|units| units.0),
        });
    }
    Ok(phases)
}

pub(super) fn volume_discounts(
    entries: Vec<Spanned<VolumeDiscountEntry>>,
    min_quantity: u32,
    max_quantity: u32,
    field: &str,
) -> Result<Vec<VolumeDiscount>, Invalid> {
    let mut discounts: Vec<VolumeDiscount> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let span = entry.span();
        let entry = entry.into_inner();
        let name = format!("{field}.volume_discounts[{index}]");
        let from = entry.min_quantity.0;
        if from <= min_quantity.max(1) || from > max_quantity {
            return invalid(
                span,
                format!("{name}.min_quantity"),
                format!(
                    "must be more than {} and at most {max_quantity}, the item's quantities",
                    min_quantity.max(1)
                ),
            );
        }
        if discounts.last().is_some_and(|previous| previous.min_quantity >= from) {
            return invalid(
                span,
                format!("{name}.min_quantity"),
                "must be larger than the previous discount's",
            );
        }
        discounts.push(VolumeDiscount {
            min_quantity: from,
            percent_off: entry.percent_off.0,
            label: entry
                .label
                .map_or_else(|| format!("Group of {from} or more"), |label| label.0),
        });
    }
    Ok(discounts)
}

pub(super) fn optional_instant(
    value: Option<&Spanned<Datetime>>,
    field: &str,
) -> Result<Option<OffsetDateTime>, Invalid> {
    value.map(|value| instant(value, field)).transpose()
}
