//! Health checks for load balancers and process managers.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(liveness))
        .routes(routes!(readiness))
}

#[derive(Serialize, utoipa::ToSchema)]
struct Health {
    /// `ok` from /healthz, `ready` from /readyz.
    #[schema(example = "ok")]
    status: &'static str,
}

/// The process is up and serving requests.
#[utoipa::path(get, path = "/healthz", tag = "operations", responses((status = 200, body = Health)))]
async fn liveness() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// The process can do its job: the database answers.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    responses(
        (status = 200, body = Health),
        (status = 503, description = "The database does not answer; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn readiness(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    state
        .store
        .ping()
        .await
        .map_err(|error| ApiError::Unavailable(error.into()))?;
    Ok(Json(Health { status: "ready" }))
}
