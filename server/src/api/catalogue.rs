//! The catalogue calls: the public settings and event facts, the tickets, the merchandise and
//! the sponsorship tiers and the sponsor wall, answered from bytes prepared in memory (see
//! `catalogue::cache`).

use std::sync::Arc;

use axum::extract::{Query, Request, State};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalogue::{CatalogueCache, MerchandiseView, PublicConfig, TicketView, TierView, Unlocked};
use crate::error::{ApiError, ErrorBody};
use crate::sponsors::WallSponsor;

/// The lists made for a `?code=` that unlocks a hidden item (answered fresh: they name an item
/// the public lists do not), or `None` to answer the prepared list.
async fn unlocked(catalogue: &CatalogueCache, code: Option<String>) -> Result<Option<Unlocked>, ApiError> {
    match code {
        Some(code) => catalogue.unlocked_by(&code).await,
        None => Ok(None),
    }
}

/// The `code` of the query string, if any; a malformed query string has none.
fn code_in(request: &Request) -> Option<String> {
    let Query(query) = Query::<CodeQuery>::try_from_uri(request.uri()).ok()?;
    query.code.filter(|code| !code.trim().is_empty())
}

/// The optional `?code=` of the three lists.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CodeQuery {
    /// A code that unlocks a hidden item: the list includes it.
    #[param(nullable = false)]
    code: Option<String>,
}

/// Full paths: these routes are served outside the API's per-call layers (see `app`). They
/// hold only the catalogue: every request clones its route's state, and at a file server's
/// rate cloning and dropping the whole `AppState` shows.
pub fn router<S>(catalogue: Arc<CatalogueCache>) -> (Router<S>, OpenApi) {
    let (router, contract) = OpenApiRouter::new()
        .routes(routes!(public_config))
        .routes(routes!(list_tickets))
        .routes(routes!(list_merchandise))
        .routes(routes!(list_sponsorship_tiers))
        .routes(routes!(list_sponsors))
        .split_for_parts();
    let router = router
        .method_not_allowed_fallback(super::method_not_allowed)
        .with_state(catalogue);
    (router, contract)
}

// The handlers read the request's headers in place rather than clone them.

/// The public settings and event details the browser app needs.
#[utoipa::path(
    get,
    path = "/api/config",
    tag = "catalogue",
    params(("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds.")),
    responses(
        (status = 200, description = "The settings and the event.", body = PublicConfig, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
    )
)]
async fn public_config(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Response {
    catalogue.config().respond(request.headers())
}

/// The ticket types, with their prices in cents now, price phase, sales and availability.
#[utoipa::path(
    get,
    path = "/api/tickets",
    tag = "catalogue",
    params(
        CodeQuery,
        ("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds."),
    ),
    responses(
        (status = 200, description = "Every ticket type, in the event file's order.", body = Vec<TicketView>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_tickets(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, code_in(&request)).await? {
        return Ok(Json(lists.tickets).into_response());
    }
    Ok(catalogue.snapshot().await?.tickets_answer.respond(request.headers()))
}

/// The merchandise catalogue, in the event file's order, with each item's sales.
#[utoipa::path(
    get,
    path = "/api/merchandise",
    tag = "catalogue",
    params(
        CodeQuery,
        ("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds."),
    ),
    responses(
        (status = 200, description = "Every item.", body = Vec<MerchandiseView>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_merchandise(
    State(catalogue): State<Arc<CatalogueCache>>,
    request: Request,
) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, code_in(&request)).await? {
        return Ok(Json(lists.merchandise).into_response());
    }
    Ok(catalogue
        .snapshot()
        .await?
        .merchandise_answer
        .respond(request.headers()))
}

/// Every sponsorship tier with its price in cents, standard tiers first; a sold tier is unavailable.
#[utoipa::path(
    get,
    path = "/api/sponsorship-tiers",
    tag = "catalogue",
    params(
        CodeQuery,
        ("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds."),
    ),
    responses(
        (status = 200, description = "Every tier.", body = Vec<TierView>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_sponsorship_tiers(
    State(catalogue): State<Arc<CatalogueCache>>,
    request: Request,
) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, code_in(&request)).await? {
        return Ok(Json(lists.sponsorship_tiers).into_response());
    }
    Ok(catalogue
        .snapshot()
        .await?
        .sponsorship_tiers_answer
        .respond(request.headers()))
}

/// The sponsor wall: sponsors whose profile the organizer approved, dearest tiers first,
/// each tier in the order its sponsors paid. Nothing unapproved is ever listed.
#[utoipa::path(
    get,
    path = "/api/sponsors",
    tag = "catalogue",
    params(("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds.")),
    responses(
        (status = 200, description = "The approved sponsors.", body = Vec<WallSponsor>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
        (status = 500, description = "The sponsors could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_sponsors(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Result<Response, ApiError> {
    Ok(catalogue.snapshot().await?.sponsors_answer.respond(request.headers()))
}
