//! The catalogue calls: the public settings and event facts, the tickets, the merchandise and
//! the sponsorship tiers, answered from bytes prepared in memory (see `catalogue::cache`).

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::response::Response;
use axum::routing::get;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::catalogue::CatalogueCache;
use crate::error::ApiError;

/// Full paths: these routes are served outside the API's per-call layers (see `app`). They
/// hold only the catalogue: every request clones its route's state, and at a file server's
/// rate cloning and dropping the whole `AppState` shows.
pub fn router<S>(catalogue: Arc<CatalogueCache>) -> (Router<S>, OpenApi) {
    let (router, contract) = OpenApiRouter::new()
        .route("/api/config", get(public_config))
        .route("/api/tickets", get(list_tickets))
        .route("/api/merchandise", get(list_merchandise))
        .route("/api/sponsorship-tiers", get(list_sponsorship_tiers))
        .split_for_parts();
    let router = router
        .method_not_allowed_fallback(super::method_not_allowed)
        .with_state(catalogue);
    (router, contract)
}

// The handlers read the request's headers in place rather than clone them.

/// The public settings and event details the browser app needs.
async fn public_config(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Response {
    catalogue.config().respond(request.headers())
}

/// The ticket types on sale, with their server-side prices in cents and availability.
async fn list_tickets(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Result<Response, ApiError> {
    Ok(catalogue.snapshot().await?.tickets_answer.respond(request.headers()))
}

/// The merchandise catalogue, in the event file's order.
async fn list_merchandise(State(catalogue): State<Arc<CatalogueCache>>, request: Request) -> Response {
    catalogue.merchandise().respond(request.headers())
}

/// Every sponsorship tier with its price in cents, standard tiers first; a sold tier is unavailable.
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
