//! What a presale or a draw is for and whom it reaches, as a call names them, checked.

use crate::domain::InterestArea;
use crate::error::FieldErrors;
use crate::event::{Event, Ticket};
use crate::pricing::Item;

/// The interest areas a call names, checked; unknown ones go to `errors`.
pub(super) fn interest_areas(areas: &[String], errors: &mut FieldErrors) -> Vec<String> {
    if let Some(unknown) = areas.iter().find(|area| InterestArea::from_value(area).is_none()) {
        errors.add(
            "interestAreas",
            format!(
                "{unknown:?} is not an interest area; choose among {}.",
                InterestArea::ALL.map(InterestArea::value).join(", ")
            ),
        );
    }
    let mut chosen: Vec<String> = areas.to_vec();
    chosen.sort();
    chosen.dedup();
    chosen
}

/// The public ticket named by its stock key (`ticket:developer`).
pub(super) fn listed_ticket<'a>(event: &'a Event, sku: &str) -> Option<&'a Ticket> {
    match Item::by_sku(event, sku)? {
        Item::Ticket(ticket) if !ticket.sale.hidden => Some(ticket),
        _ => None,
    }
}
