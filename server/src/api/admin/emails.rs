//! The outbox: every email with its status, attempts and last error; a failed one
//! can be queued again.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{OutboxEmail, Page};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/emails", get(list))
        .route("/emails/{id}/retry", post(retry))
}

const PAGE_SIZE: i64 = 50;

#[derive(Debug, Deserialize)]
struct ListQuery {
    status: Option<String>,
    page: Option<i64>,
}

async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Page<OutboxEmail>>, ApiError> {
    let status = match query.status.as_deref().filter(|status| !status.is_empty()) {
        None => None,
        Some(status @ ("queued" | "sent" | "failed" | "cancelled")) => Some(status),
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "There is no email status called {other:?}."
            )));
        }
    };
    let page = query.page.unwrap_or(1).max(1);
    Ok(Json(state.store.outbox_page(status, page, PAGE_SIZE).await?))
}

/// Puts a failed email back in the queue with its attempts reset.
async fn retry(
    actor: AdminActor,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<OutboxEmail>, ApiError> {
    let email = state
        .store
        .outbox_email(&id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such email.".into()))?;
    let order_id = match email.kind.as_str() {
        "order_confirmation" => Some(email.subject_id.clone()),
        "refund_confirmation" => state
            .store
            .refund(&email.subject_id)
            .await?
            .map(|refund| refund.order_id),
        _ => None,
    };
    if !state
        .store
        .retry_failed_email(&id, &actor.name, order_id.as_deref())
        .await?
    {
        return Err(ApiError::Conflict("Only a failed email can be sent again.".into()));
    }
    let email = state
        .store
        .outbox_email(&id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such email.".into()))?;
    Ok(Json(email))
}
