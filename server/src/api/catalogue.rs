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
use crate::middleware::{RateLimiter, client_address_of, take_code_lookup};
use crate::settings::Settings;
use crate::sponsors::WallSponsor;

/// What the catalogue's routes share: the prepared answers, and what a `?code=` lookup needs
/// to draw on its client's budget.
pub struct CatalogueRoutes {
    pub answers: Arc<CatalogueCache>,
    pub limiter: Arc<RateLimiter>,
    pub settings: Arc<Settings>,
}

/// The lists made for a `?code=` that changes them (answered fresh: they name what the public
/// lists do not), or `None` to answer the prepared list: without a code, or with one that
/// changes nothing, does not work or does not exist, alike.
async fn unlocked(catalogue: &CatalogueRoutes, code: Option<String>) -> Result<Option<Unlocked>, ApiError> {
    match code {
        Some(code) => catalogue.answers.unlocked_by(&code).await,
        None => Ok(None),
    }
}

/// The request's `?code=`, if any, once it has drawn on its client's budget of lookups; the
/// lists without one are never limited.
fn looked_up_code(catalogue: &CatalogueRoutes, request: &Request) -> Result<Option<String>, ApiError> {
    let Some(code) = code_in(request) else {
        return Ok(None);
    };
    let client = client_address_of(request, &catalogue.settings.trusted_proxies);
    take_code_lookup(&catalogue.limiter, &catalogue.settings, client)?;
    Ok(Some(code))
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
    /// A code: the list as its holder sees it (a hidden item it unlocks, units it holds, items it
    /// opens early). Any other code, or none that exists, gets the public list. Each draws on
    /// the client's budget of code lookups.
    #[param(nullable = false)]
    code: Option<String>,
}

const TOO_MANY_CODES: &str = "Too many codes looked up from this network; `Retry-After` says when to try again.";

/// Full paths: these routes are served outside the API's per-call layers (see `app`). They
/// hold only the catalogue: every request clones its route's state, and at a file server's
/// rate cloning and dropping the whole `AppState` shows.
pub fn router<S>(catalogue: Arc<CatalogueRoutes>) -> (Router<S>, OpenApi) {
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
async fn public_config(State(catalogue): State<Arc<CatalogueRoutes>>, request: Request) -> Response {
    catalogue.answers.config().respond(request.headers())
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
        (status = 429, description = TOO_MANY_CODES, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_tickets(State(catalogue): State<Arc<CatalogueRoutes>>, request: Request) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, looked_up_code(&catalogue, &request)?).await? {
        return Ok(Json(lists.tickets).into_response());
    }
    Ok(catalogue
        .answers
        .snapshot()
        .await?
        .tickets_answer
        .respond(request.headers()))
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
        (status = 429, description = TOO_MANY_CODES, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_merchandise(
    State(catalogue): State<Arc<CatalogueRoutes>>,
    request: Request,
) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, looked_up_code(&catalogue, &request)?).await? {
        return Ok(Json(lists.merchandise).into_response());
    }
    Ok(catalogue
        .answers
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
        (status = 429, description = TOO_MANY_CODES, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_sponsorship_tiers(
    State(catalogue): State<Arc<CatalogueRoutes>>,
    request: Request,
) -> Result<Response, ApiError> {
    if let Some(lists) = unlocked(&catalogue, looked_up_code(&catalogue, &request)?).await? {
        return Ok(Json(lists.sponsorship_tiers).into_response());
    }
    Ok(catalogue
        .answers
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
async fn list_sponsors(State(catalogue): State<Arc<CatalogueRoutes>>, request: Request) -> Result<Response, ApiError> {
    Ok(catalogue
        .answers
        .snapshot()
        .await?
        .sponsors_answer
        .respond(request.headers()))
}
