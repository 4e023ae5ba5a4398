//! Whether an item is on sale at a moment, and which of its price phases applies. A window
//! or phase that ends at a time is over from that instant on.

use std::collections::HashMap;

use time::OffsetDateTime;

use super::Item;
use crate::event::{Event, PricePhase, sku};

/// Whether an item can be bought now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sales {
    Open,
    /// Its window opens then.
    NotYet {
        from: OffsetDateTime,
    },
    Closed,
    /// Its stock cannot fill its smallest order.
    SoldOut,
}

impl Sales {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::NotYet { .. } => "not_yet",
            Self::Closed => "closed",
            Self::SoldOut => "sold_out",
        }
    }
}

/// The item's sales at `now`, with `stock` the units left by stock key.
pub fn sales_state(event: &Event, item: Item<'_>, now: OffsetDateTime, stock: &HashMap<String, i64>) -> Sales {
    let sale = item.sale();
    let from = public_sales_open(event, item);
    let until = [event.sales_close, sale.available_until].into_iter().flatten().min();
    if let Some(from) = from
        && now < from
    {
        return Sales::NotYet { from };
    }
    if until.is_some_and(|until| now >= until) {
        return Sales::Closed;
    }
    if sold_out(item, stock) {
        return Sales::SoldOut;
    }
    Sales::Open
}

/// When the item's public sales open: the later of the event's and its own opening; `None`
/// when neither is set (on sale from the start).
pub fn public_sales_open(event: &Event, item: Item<'_>) -> Option<OffsetDateTime> {
    [event.sales_open, item.sale().available_from]
        .into_iter()
        .flatten()
        .max()
}

/// Whether the item's stock, `stock` the units left by stock key, cannot fill its smallest order.
pub fn sold_out(item: Item<'_>, stock: &HashMap<String, i64>) -> bool {
    stock.get(&item.sku()).is_some_and(|left| *left < item.min_quantity())
}

/// The price phase an order applies to.
#[derive(Debug, Clone)]
pub struct Phase<'a> {
    pub phase: &'a PricePhase,
    /// The stock key counting the phase's units, when it ends by units.
    pub stock_key: Option<String>,
    pub units_left: Option<i64>,
    /// The phase after it, whose price the pages show struck through.
    pub next: Option<&'a PricePhase>,
}

/// The first of the item's phases not yet over for an order of `quantity`: a phase is over at
/// its `until`, or once fewer of its units are left than the order asks for (the units left
/// go to smaller orders). `None` for an item without phases.
pub fn current_phase<'a>(
    item: Item<'a>,
    now: OffsetDateTime,
    stock: &HashMap<String, i64>,
    quantity: i64,
) -> Option<Phase<'a>> {
    let phases = &item.sale().phases;
    let item_sku = item.sku();
    phases.iter().enumerate().find_map(|(index, phase)| {
        if phase.until.is_some_and(|until| now >= until) {
            return None;
        }
        let stock_key = phase.units.map(|_| sku::phase(&item_sku, &phase.name));
        let units_left = match (&stock_key, phase.units) {
            (Some(key), Some(units)) => Some(stock.get(key).copied().unwrap_or(i64::from(units))),
            _ => None,
        };
        if units_left.is_some_and(|left| left < quantity.max(1)) {
            return None;
        }
        Some(Phase {
            phase,
            stock_key,
            units_left,
            next: phases.get(index + 1),
        })
    })
}

/// The next instant after `now` at which some item's sales or price change by the calendar:
/// a window opening or closing, or a phase ending. Pages and catalogue answers made before
/// it stay true until then (or until the stock changes).
pub fn next_boundary(event: &Event, now: OffsetDateTime) -> Option<OffsetDateTime> {
    let shop = [event.sales_open, event.sales_close];
    let items = Item::all(event).flat_map(|item| {
        let sale = item.sale();
        let phases = sale.phases.iter().filter_map(|phase| phase.until);
        [sale.available_from, sale.available_until]
            .into_iter()
            .flatten()
            .chain(phases)
    });
    shop.into_iter().flatten().chain(items).filter(|at| *at > now).min()
}
