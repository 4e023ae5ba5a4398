//! `POST /api/quote`: the price of an order before the buyer pays, exactly as the create
//! call would charge it now, so the checkout's summary shows the phase and the discounts.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::merchandise_checkout::{NO_SUCH_ITEM, merchandise_line, sold_out_message};
use super::purchase::{OrderLine, quote_line};
use super::ticket_checkout::{NO_SUCH_TICKET, ticket_line};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::sku;
use crate::pricing::{Item, Quote};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(quote))
}

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = QuoteKind)]
enum Kind {
    Ticket,
    Merchandise,
    Sponsorship,
}

/// A ticket's `type`, a merchandise item's `id` (as a number or a string) or a tier's `value`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = QuoteItem)]
enum ItemRef {
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

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = QuoteRequest)]
struct Request {
    kind: Kind,
    #[schema(example = "developer")]
    item: ItemRef,
    /// As the create call takes it; its default when absent.
    #[schema(minimum = 1, example = 1)]
    quantity: Option<i64>,
    /// Merchandise only: one of the item's sizes.
    size: Option<String>,
    /// Merchandise only: one of the item's colours.
    color: Option<String>,
    /// A discount or access code, in any case; a blank one is none.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
}

/// The price of an order now: unit price, phase, discounts, total and the code applied.
///
/// Answers what the matching create call would charge at this moment, or the error it would
/// give: 404 for an unknown (or hidden) item, 409 outside its sales window or sold out, 422
/// for a bad quantity, size, colour or code (`fieldErrors.code` says why).
#[utoipa::path(
    post,
    path = "/quote",
    tag = "checkout",
    request_body = Request,
    responses(
        (status = 200, description = "The price, as the create call would charge it now.", body = Quote),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = "There is no such item (or it is hidden and the code does not unlock it).", body = ErrorBody),
        (status = 409, description = "The item is not on sale now (before or after its window) or is sold out.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "The quantity, size, colour or code cannot be used; `fieldErrors` says why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The price could not be computed.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn quote(State(state): State<AppState>, ApiJson(request): ApiJson<Request>) -> Result<Json<Quote>, ApiError> {
    let event = &state.event;
    let item = request.item.text();
    let mut errors = FieldErrors::default();
    let (line, not_found, sold_out): (OrderLine<'_>, &str, String) = match request.kind {
        Kind::Ticket => {
            let ticket = event
                .ticket_by_type(&item)
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_TICKET.into()))?;
            let sold_out = format!("Sorry, the {} is sold out.", ticket.name);
            (
                ticket_line(ticket, request.quantity, &mut errors),
                NO_SUCH_TICKET,
                sold_out,
            )
        }
        Kind::Merchandise => {
            let found = item
                .parse::<u32>()
                .ok()
                .and_then(|id| event.merchandise.iter().find(|candidate| candidate.id == id))
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_ITEM.into()))?;
            let line = merchandise_line(
                found,
                request.quantity,
                request.size.as_deref(),
                request.color.as_deref(),
                &mut errors,
            );
            let sold_out = sold_out_message(found, &line);
            (line, NO_SUCH_ITEM, sold_out)
        }
        Kind::Sponsorship => {
            const NO_SUCH_TIER: &str = "There is no such sponsorship tier.";
            let tier = event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == item)
                .ok_or_else(|| ApiError::NotFound(NO_SUCH_TIER.into()))?;
            if request.quantity.is_some_and(|quantity| quantity != 1) {
                errors.add("quantity", "A sponsorship is bought one at a time.");
            }
            let line = OrderLine {
                item: Item::Sponsorship(tier),
                sku: sku::sponsorship(&tier.value),
                variant_sku: None,
                quantity: 1,
                options: serde_json::json!({ "tier": tier.value }),
            };
            let taken = format!("Sorry, the {} has already been taken.", line.item.name());
            (line, NO_SUCH_TIER, taken)
        }
    };
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    quote_line(&state, &line, request.code.as_deref(), not_found, &sold_out)
        .await
        .map(Json)
}
