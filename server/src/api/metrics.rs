//! `GET /metrics` for a Prometheus scraper holding `METRICS_TOKEN`; without the setting the
//! route does not exist.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin::bearer_token;
use crate::error::{ApiError, ErrorBody};
use crate::secrets;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(metrics))
}

/// The server's metrics in Prometheus's text format.
///
/// Calls, orders, the email outbox and stock, for a scraper holding `METRICS_TOKEN`.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    security(("metrics_token" = [])),
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4.", body = String, content_type = "text/plain"),
        (status = 401, description = "No bearer token, or not `METRICS_TOKEN` (`code`: `invalid_token`).", body = ErrorBody),
        (status = 404, description = "This server has no `METRICS_TOKEN`: it serves no metrics.", body = ErrorBody),
        (status = 503, description = "The database could not be read for the figures it holds; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some(token) = state.settings.metrics.token.as_deref() else {
        return Err(ApiError::NotFound("There is no such page.".into()));
    };
    // Digested on both sides and compared in constant time, as the admin token is.
    let presented = bearer_token(&headers).unwrap_or_default();
    if !secrets::matches_digest(&secrets::digest(token), presented) {
        return Err(ApiError::Unauthorized {
            message: "A valid METRICS_TOKEN is required: Authorization: Bearer <token>.".into(),
            code: "invalid_token",
        });
    }
    let text = state
        .metrics
        .render(&state.store)
        .await
        .map_err(|error| ApiError::Unavailable(error.into()))?;
    Ok((
        [
            (CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"),
            (CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response())
}
