//! `POST /api/quote`: the price of an order before the buyer pays, exactly as the create
//! call would charge it now, so the checkout's summary shows the phase and the discounts.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::named_item::{ItemRef, Kind, named_line};
use super::purchase::quote_line;
use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::middleware::{ClientAddress, take_code_lookup};
use crate::pricing::Quote;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(quote))
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
    /// A discount or access code, in any case; a blank one is none. A code draws on the
    /// client's budget of code lookups.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
}

/// The price of an order now: unit price, phase, discounts, total and the code applied.
///
/// Answers what the matching create call would charge at this moment, or the error it would
/// give: 404 for an unknown (or hidden) item, 409 outside its sales window or sold out, 422
/// for a bad quantity, size, colour or code (`fieldErrors.code` says why: one message for a
/// code that does not exist, does not work now or is for other items).
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
        (status = 429, description = "Too many calls, or codes looked up, from this network; `Retry-After` says when to try again.", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
        (status = 500, description = "The price could not be computed.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn quote(
    State(state): State<AppState>,
    client: ClientAddress,
    ApiJson(request): ApiJson<Request>,
) -> Result<Json<Quote>, ApiError> {
    if request.code.as_deref().is_some_and(|code| !code.trim().is_empty()) {
        take_code_lookup(&state.rate_limiter, &state.settings, client)?;
    }
    let named = named_line(
        &state.event,
        request.kind,
        &request.item,
        request.quantity,
        request.size.as_deref(),
        request.color.as_deref(),
    )?;
    quote_line(
        &state,
        &named.line,
        request.code.as_deref(),
        named.not_found,
        &named.sold_out,
    )
    .await
    .map(Json)
}
