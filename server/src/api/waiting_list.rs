//! The waiting list for what sold out: joining a queue (`POST /api/waiting-list`), and the
//! "No thanks" link of an offer's email, which passes its units to the next person.

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::email_page::{Button, page, unusable_token};
use super::named_item::{ItemRef, Kind, named_line};
use super::ticket_checkout::parse_buyer;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::sku;
use crate::middleware::ClientAddress;
use crate::pricing::{Sales, sales_state};
use crate::state::AppState;
use crate::store::{Declined, JoinError, NewEntry, QueuedCap};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(join))
}

/// The pages the offer email links to, outside `/api`.
pub fn pages_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(offer_decline, decline))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = WaitingListRequest)]
struct JoinRequest {
    kind: Kind,
    #[schema(example = "developer")]
    item: ItemRef,
    /// Merchandise only: one of the item's sizes.
    size: Option<String>,
    /// Merchandise only: one of the item's colours.
    color: Option<String>,
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    name: String,
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
    /// Up to what could ever come back: the item's order maximum, or its limit (its variant's)
    /// when lower, as the catalogue's `waitingListMaxQuantity` says; the item's smallest order
    /// when absent.
    #[schema(minimum = 1, example = 1)]
    quantity: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WaitingListPlace)]
struct Joined {
    /// The place in the queue: 1 is next.
    #[schema(example = 3)]
    position: i64,
}

/// Joins the queue of a sold-out item (or merchandise variant).
///
/// One entry per email per item, for no more units than could ever come back. Units that come
/// back are held for the queue and offered in order by email, as a personal code that holds
/// them for the event file's `offer_hours`; an entry that wants more than are free keeps its
/// place while the first behind it who wants few enough gets them. The units one email or one
/// network may queue are capped by the event file's `[limits]` unit caps. 409 while the item
/// can be bought, or outside its sales window.
#[utoipa::path(
    post,
    path = "/waiting-list",
    tag = "waiting list",
    request_body = JoinRequest,
    responses(
        (status = 201, description = "In the queue; its confirmation, with the place, is emailed.", body = Joined),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = "There is no such item.", body = ErrorBody),
        (status = 409, description = "The item is on sale (buy it instead), not on sale yet or no longer, the email is in its queue already, or the queues already keep as many units for this email or this network as one buyer may wait for.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The entry could not be saved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn join(
    State(state): State<AppState>,
    client: ClientAddress,
    ApiJson(request): ApiJson<JoinRequest>,
) -> Result<Response, ApiError> {
    let mut errors = FieldErrors::default();
    let person = parse_buyer(&request.name, &request.email, &mut errors);
    let named = named_line(
        &state.event,
        request.kind,
        &request.item,
        request.quantity,
        request.size.as_deref(),
        request.color.as_deref(),
    );
    let named = match named {
        Err(ApiError::Validation(more)) => {
            errors.extend(more);
            return Err(ApiError::Validation(errors));
        }
        other => other?,
    };
    let line = &named.line;
    let item_name = line.item.name();
    // An entry for more than could ever come back would wait forever, owed units nobody gets.
    let most = i64::from(line.item.waiting_list_max(line.variant_sku.as_deref()));
    if line.quantity > most {
        let waited_for = sku::label(&state.event, line.variant_sku.as_deref().unwrap_or(&line.sku));
        errors.add(
            "quantity",
            format!("Please ask for at most {most}: no more of the {waited_for} can ever come back."),
        );
    }
    let Some((name, email)) = person.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    if line.item.sale().hidden {
        return Err(ApiError::NotFound(named.not_found.to_owned()));
    }
    let stock = state.store.stock_remaining().await?;
    match sales_state(&state.event, line.item, state.clock.now(), &stock) {
        Sales::NotYet { .. } => {
            return Err(ApiError::Conflict(format!(
                "The {item_name} is not on sale yet: its waiting list opens once it sells out."
            )));
        }
        Sales::Closed => return Err(ApiError::Conflict(format!("Sales of the {item_name} have closed."))),
        Sales::Open | Sales::SoldOut => {}
    }
    // Sold out when any of its stock keys (the item's, the variant's) has fewer units left for
    // the public than the item's smallest order.
    let smallest = line.item.min_quantity();
    let sold_out = std::iter::once(&line.sku)
        .chain(&line.variant_sku)
        .any(|key| stock.get(key).is_some_and(|left| *left < smallest));
    if !sold_out {
        return Err(ApiError::Conflict(format!(
            "The {item_name} is on sale: you can buy it now instead of waiting."
        )));
    }
    let entry = NewEntry {
        kind: line.item.kind(),
        sku: line.sku.clone(),
        variant_sku: line.variant_sku.clone(),
        item_name,
        options: line.options.clone(),
        name: name.as_str().to_owned(),
        email: email.as_str().to_owned(),
        quantity: line.quantity,
        client_address: client.to_string(),
    };
    let caps = state.settings.rate_limits.then_some(state.event.hold_limits);
    match state.store.join_waiting_list(&entry, caps).await {
        Ok(position) => Ok((StatusCode::CREATED, Json(Joined { position })).into_response()),
        Err(JoinError::AlreadyQueued) => Err(ApiError::Conflict(format!(
            "{} is on the waiting list for the {} already.",
            entry.email, entry.item_name
        ))),
        // 409 for the network too, not the 429 of open checkouts: those lapse within minutes,
        // while entries wait until units come back, so there is no time to say when to retry.
        Err(JoinError::EmailQueued(cap)) => Err(ApiError::Conflict(queued_message(
            cap,
            &entry.item_name,
            "this email address",
        ))),
        Err(JoinError::AddressQueued(cap)) => Err(ApiError::Conflict(queued_message(
            cap,
            &entry.item_name,
            "your network",
        ))),
        Err(JoinError::Store(error)) => Err(error.into()),
    }
}

/// Which cap on units queued a join reached, in a sentence.
fn queued_message(cap: QueuedCap, item_name: &str, whose: &str) -> String {
    match cap {
        QueuedCap::UnitsOfItem(limit) => format!(
            "The waiting lists already keep {limit} of the {item_name} for {whose}, the most one buyer may wait for."
        ),
        QueuedCap::Units(limit) => format!(
            "The waiting lists already keep {limit} items for {whose}, the most one buyer may wait for at once."
        ),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the "No thanks" link in an offer's email.
    #[serde(default)]
    #[param(required = true, min_length = 1)]
    token: String,
}

/// Asks whether to pass a waiting-list offer on: a page with a button that posts the token back.
///
/// A button rather than an action on GET: mail scanners open links, and must not decline anyone's offer.
#[utoipa::path(
    get,
    path = "/waiting-list/decline",
    tag = "waiting list",
    params(TokenQuery),
    responses(
        (status = 200, description = "The page with the button.", body = String, content_type = "text/html"),
        (status = 404, description = "The link has no token: a page saying the link is not valid.", body = String, content_type = "text/html"),
    )
)]
async fn offer_decline(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    if unusable_token(&query.token) {
        return invalid_link(&state);
    }
    page(
        &state,
        StatusCode::OK,
        "Pass your offer on?",
        "If you no longer want what we are holding for you, the next person on the waiting list gets it straight away. \
         Your code stops working.",
        Some(Button::posting_token(
            "",
            "/waiting-list/decline",
            &query.token,
            "No thanks, pass it on",
        )),
    )
}

/// Declines a waiting-list offer: its code stops working and its units go to the next person.
#[utoipa::path(
    post,
    path = "/waiting-list/decline",
    tag = "waiting list",
    params(TokenQuery),
    responses(
        (status = 200, description = "Declined now, or the offer had ended already: the page says which.", body = String, content_type = "text/html"),
        (status = 404, description = "No offer has this token: a page saying the link is not valid.", body = String, content_type = "text/html"),
        (status = 500, description = "The offer could not be updated.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn decline(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if unusable_token(&query.token) {
        return Ok(invalid_link(&state));
    }
    let Some((entry, outcome)) = state.store.decline_offer(&query.token).await? else {
        return Ok(invalid_link(&state));
    };
    let text = match outcome {
        Declined::Now => format!(
            "Thank you for letting us know: the {} goes to the next person on the waiting list.",
            entry.item_name
        ),
        Declined::Before => format!(
            "This offer of the {} had already ended (declined, used or expired), so there was nothing to pass on.",
            entry.item_name
        ),
    };
    let title = match outcome {
        Declined::Now => "Offer passed on",
        Declined::Before => "Nothing to pass on",
    };
    Ok(page(&state, StatusCode::OK, title, &text, None))
}

fn invalid_link(state: &AppState) -> Response {
    page(
        state,
        StatusCode::NOT_FOUND,
        "This link is not valid",
        "We could not find a waiting-list offer for this link. It may have been copied incompletely.",
        None,
    )
}
