//! What every kind of purchase is at the HTTP edge: its line, its form's shared checks
//! (billing details, printable names, codes) and its quote at the server's price.

use crate::domain::{BillingDetails, BillingRequest, unprintable};
use crate::error::{ApiError, FieldErrors};
use crate::event::long_date;
use crate::orders::Asked;
use crate::pricing::{CodeProblem, Item, Quote, QuoteError, refused_code};
use crate::state::AppState;

/// One item of a purchase, parsed from a create or quote call.
#[derive(Debug, Clone)]
pub struct OrderLine<'a> {
    pub item: Item<'a>,
    /// The item's stock keeping unit.
    pub sku: String,
    /// The size/colour variant's stock key, for merchandise with variants.
    pub variant_sku: Option<String>,
    pub quantity: i64,
    /// What the buyer chose, kept on the order.
    pub options: serde_json::Value,
}

/// The server's price for `line` now: its sales window, price phase, team discount and
/// `code` (as the buyer typed it; blank is none). `not_found` answers a hidden item without
/// its code, as if it did not exist; `sold_out` an item sold out.
pub async fn quote_line(
    state: &AppState,
    line: &OrderLine<'_>,
    code: Option<&str>,
    not_found: &str,
    sold_out: &str,
) -> Result<Quote, ApiError> {
    let item_name = line.item.name();
    let answer = |error: QuoteError| match error {
        QuoteError::NotYet { from } => ApiError::Conflict(format!(
            "The {item_name} is not on sale yet: sales open on {}.",
            long_date(state.event.venue_date(from))
        )),
        QuoteError::Closed => ApiError::Conflict(format!("Sales of the {item_name} have closed.")),
        QuoteError::SoldOut => ApiError::Conflict(sold_out.to_owned()),
        QuoteError::Hidden => ApiError::NotFound(not_found.to_owned()),
        QuoteError::TooLarge => {
            let mut errors = FieldErrors::default();
            errors.add("quantity", "This order is too large. Please order fewer.");
            ApiError::Validation(errors)
        }
        QuoteError::Code(problem) => code_error(&problem),
    };
    let code = match code.map(str::trim).filter(|code| !code.is_empty()) {
        Some(text) => match state.store.code_by_text(text).await? {
            Some(code) => Some(code),
            None => return Err(answer(refused_code(line.item, None, CodeProblem::Invalid))),
        },
        None => None,
    };
    let stock = state.store.stock_remaining().await?;
    // A size and colour sold out is as sold out as the item, unless the code holds its units.
    if let Some(variant) = &line.variant_sku
        && stock.get(variant).is_some_and(|left| *left < line.quantity)
        && code.as_ref().is_none_or(|code| code.reserved_left < line.quantity)
    {
        return Err(ApiError::Conflict(sold_out.to_owned()));
    }
    crate::pricing::quote(
        &state.event,
        line.item,
        line.quantity,
        state.clock.now(),
        &stock,
        code.as_ref(),
    )
    .map_err(answer)
}

/// The billing details a create call sent, checked; their errors go to `errors`, keyed
/// `billing.company` and so on. `company` stands in for a missing company name.
pub fn parse_billing(
    billing: Option<&BillingRequest>,
    company: Option<&str>,
    errors: &mut FieldErrors,
) -> Option<BillingDetails> {
    match BillingDetails::parse(billing?, company) {
        Ok(details) => Some(details),
        Err(problems) => {
            for (field, message) in problems {
                errors.add(field, message);
            }
            None
        }
    }
}

/// Adds `field`'s message when `text`, which invoices print (a buyer's or a company's name),
/// has a character they cannot print as typed; a field already refused keeps its message.
pub fn check_printable(text: &str, field: &'static str, what: &str, errors: &mut FieldErrors) {
    if !errors.has(field)
        && let Some(problem) = unprintable(text)
    {
        errors.add(field, problem.message(what));
    }
}

/// A code the buyer cannot use, said next to the code field: one answer for every code that does
/// not exist, does not work now or is for other items.
pub fn code_error(problem: &CodeProblem) -> ApiError {
    let message = match problem {
        CodeProblem::Invalid => "This code is not valid. Please check it and try again.".to_owned(),
        CodeProblem::UsedUp { left: 0 } => "This code has been used as many times as it may be.".to_owned(),
        CodeProblem::UsedUp { left } => format!("This code can be used for {left} more only: please order fewer."),
    };
    let mut errors = FieldErrors::default();
    errors.add("code", message);
    ApiError::Validation(errors)
}

/// A purchase as a create call asked for it, parsed and checked, before it is priced.
#[derive(Debug)]
pub struct Purchase<'a> {
    pub line: OrderLine<'a>,
    pub buyer_name: String,
    pub buyer_email: String,
    /// What the order is called on receipts and in the back office.
    pub item_name: String,
    /// The code as the buyer typed it.
    pub code: Option<String>,
    /// The total the client saw; refused when it differs from the server's.
    pub client_amount: Option<i64>,
    /// A company's billing details, for its invoice.
    pub billing: Option<BillingDetails>,
    /// The answer to an item sold out.
    pub sold_out: String,
    /// The buyer's answers for their own ticket (question id, stored JSON); none for other items.
    pub answers: Vec<(String, String)>,
}

impl Purchase<'_> {
    pub(super) fn asked(&self) -> Asked<'_> {
        Asked {
            kind: self.line.item.kind(),
            buyer_name: &self.buyer_name,
            buyer_email: &self.buyer_email,
            sku: &self.line.sku,
            variant_sku: self.line.variant_sku.as_deref(),
            quantity: self.line.quantity,
            options: &self.line.options,
            client_amount: self.client_amount,
            code: self.code.as_deref(),
            billing: self.billing.as_ref(),
            answers: &self.answers,
        }
    }
}
