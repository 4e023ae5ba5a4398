//! An item as a call names it, `{"kind", "item", "quantity"?, "size"?, "color"?}`: the quote
//! and the waiting list both take it, and both answer an unknown item, a bad quantity or a
//! bad variant the same way.

use serde::Deserialize;

use super::merchandise_checkout::{NO_SUCH_ITEM, merchandise_line, sold_out_message};
use super::purchase::OrderLine;
use super::ticket_checkout::{NO_SUCH_TICKET, ticket_line};
use crate::error::{ApiError, FieldErrors};
use crate::event::{Event, sku};
use crate::pricing::Item;

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = QuoteKind)]
pub enum Kind {
    Ticket,
    Merchandise,
    Sponsorship,
}

/// A ticket's `type`, a merchandise item's `id` (as a number or a string) or a tier's `value`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = QuoteItem)]
pub enum ItemRef {
    Number(u32),
    Text(String),
}

impl ItemRef {
    fn text(&self) -> String {
        match self {
            Self::Number(number) => number.to_string(),
            Self::Text(text) => text.clone(),
        }
    }
}

/// What a call asks for, with what to answer when the item is hidden or sold out.
pub struct NamedLine<'a> {
    pub line: OrderLine<'a>,
    /// The 404's message for an item that does not exist (or is hidden).
    pub not_found: &'static str,
    /// The 409's message for an item sold out.
    pub sold_out: String,
}

const NO_SUCH_TIER: &str = "There is no such sponsorship tier.";

/// The order line a call names; 404 for an unknown item, 422 (`fieldErrors`) for a quantity,
/// size or colour it cannot have.
pub fn named_line<'a>(
    event: &'a Event,
    kind: Kind,
    item: &ItemRef,
    quantity: Option<i64>,
    size: Option<&str>,
    color: Option<&str>,
) -> Result<NamedLine<'a>, ApiError> {
    let item = item.text();
    let mut errors = FieldErrors::default();
    let named = match kind {
        Kind::Ticket => {
            let ticket = event
                .ticket_by_type(&item)
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_TICKET.into()))?;
            NamedLine {
                line: ticket_line(ticket, quantity, &mut errors),
                not_found: NO_SUCH_TICKET,
                sold_out: format!("Sorry, the {} is sold out.", ticket.name),
            }
        }
        Kind::Merchandise => {
            let found = item
                .parse::<u32>()
                .ok()
                .and_then(|id| event.merchandise.iter().find(|candidate| candidate.id == id))
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_ITEM.into()))?;
            let line = merchandise_line(found, quantity, size, color, &mut errors);
            let sold_out = sold_out_message(found, &line);
            NamedLine {
                line,
                not_found: NO_SUCH_ITEM,
                sold_out,
            }
        }
        Kind::Sponsorship => {
            let tier = event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == item)
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_TIER.into()))?;
            if quantity.is_some_and(|quantity| quantity != 1) {
                errors.add("quantity", "A sponsorship is bought one at a time.");
            }
            let line = OrderLine {
                item: Item::Sponsorship(tier),
                sku: sku::sponsorship(&tier.value),
                variant_sku: None,
                quantity: 1,
                options: serde_json::json!({ "tier": tier.value }),
            };
            let sold_out = format!("Sorry, the {} has already been taken.", line.item.name());
            NamedLine {
                line,
                not_found: NO_SUCH_TIER,
                sold_out,
            }
        }
    };
    if errors.is_empty() {
        Ok(named)
    } else {
        Err(ApiError::Validation(errors))
    }
}
