//! The catalogue calls: the public settings and event facts, the tickets, the merchandise and
//! the sponsorship tiers, answered from bytes prepared in memory (see `catalogue::cache`).

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::response::Response;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalogue::{CatalogueCache, MerchandiseView, PublicConfig, TicketView, TierView};
use crate::error::{ApiError, ErrorBody};

/// Full paths: these routes are served outside the API's per-call layers (see `app`). They
/// hold only the catalogue: every request clones its route's state, and at a file server's
/// rate cloning and dropping the whole `AppState` shows.
pub fn router<S>(catalogue: Arc<CatalogueCache>) -> (Router<S>, OpenApi) {
    let (router, contract) = OpenApiRouter::new()
        .routes(routes!(public_config))
        .routes(routes!(list_tickets))
        .routes(routes!(list_merchandise))
        .routes(routes!(list_sponsorship_tiers))
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

/// The ticket types on sale, with their server-side prices in cents and availability.
#[utoipa::path(
    get,
    path = "/api/tickets",
    tag = "catalogue",
    params(("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds.")),
    responses(
        (status = 200, description = "Every ticket type, in the event file's order.", body = Vec<TicketView>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
        (status = 500, description = "The stock could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn list_tickets(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Result<Response, ApiError> {
    Ok(catalogue.snapshot().await?.tickets_answer.respond(request.headers()))
}

/// The merchandise catalogue, in the event file's order.
#[utoipa::path(
    get,
    path = "/api/merchandise",
    tag = "catalogue",
    params(("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds.")),
    responses(
        (status = 200, description = "Every item.", body = Vec<MerchandiseView>, headers(("ETag" = String))),
        (status = 304, description = "The client's copy is current.", headers(("ETag" = String))),
    )
)]
async fn list_merchandise(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Response {
    catalogue.merchandise().respond(request.headers())
}

/// Every sponsorship tier with its price in cents, standard tiers first; a sold tier is unavailable.
#[utoipa::path(
    get,
    path = "/api/sponsorship-tiers",
    tag = "catalogue",
    params(("If-None-Match" = Option<String>, Header, nullable = false, description = "The ETag of the copy the client holds.")),
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
    Ok(catalogue
        .snapshot()
        .await?
        .sponsorship_tiers_answer
        .respond(request.headers()))
}
