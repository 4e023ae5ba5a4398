use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(liveness))
        .route("/readyz", get(readiness))
}

/// The process is up and serving requests.
async fn liveness() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// The process can do its job: the database answers.
async fn readiness(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    state
        .store
        .ping()
        .await
        .map_err(|error| ApiError::Unavailable(error.into()))?;
    Ok(Json(json!({ "status": "ready" })))
}
