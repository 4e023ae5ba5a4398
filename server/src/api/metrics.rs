//! `GET /metrics` for a Prometheus scraper holding `METRICS_TOKEN`; without the setting the
//! route does not exist.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use utoipa_axum::router::OpenApiRouter;

use super::admin::bearer_token;
use crate::error::ApiError;
use crate::secrets;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/metrics", get(metrics))
}

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
