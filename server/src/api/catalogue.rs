//! The catalogue calls: the public settings and event facts, the tickets, the merchandise and
//! the sponsorship tiers, answered from bytes prepared in memory (see `catalogue::cache`).

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;

use crate::error::ApiError;
use crate::state::AppState;

/// Full paths: these routes are served outside the API's per-call layers (see `app`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/config", get(public_config))
        .route("/api/tickets", get(list_tickets))
        .route("/api/merchandise", get(list_merchandise))
        .route("/api/sponsorship-tiers", get(list_sponsorship_tiers))
        .method_not_allowed_fallback(super::method_not_allowed)
}

/// The public settings and event details the browser app needs.
async fn public_config(State(state): State<AppState>, request: HeaderMap) -> Response {
    state.catalogue.config().respond(&request)
}

/// The ticket types on sale, with their server-side prices in cents and availability.
async fn list_tickets(State(state): State<AppState>, request: HeaderMap) -> Result<Response, ApiError> {
    Ok(state.catalogue.snapshot().await?.tickets_answer.respond(&request))
}

/// The merchandise catalogue, in the event file's order.
async fn list_merchandise(State(state): State<AppState>, request: HeaderMap) -> Response {
    state.catalogue.merchandise().respond(&request)
}

/// Every sponsorship tier with its price in cents, standard tiers first; a sold tier is unavailable.
async fn list_sponsorship_tiers(State(state): State<AppState>, request: HeaderMap) -> Result<Response, ApiError> {
    Ok(state
        .catalogue
        .snapshot()
        .await?
        .sponsorship_tiers_answer
        .respond(&request))
}
