//! The outbox: every email with its status, attempts and last error; a failed one
//! can be queued again.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, ServerTrouble};
use crate::api::params::{ApiPath, ApiQuery, page_number};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::store::{EMAIL_STATUSES, OutboxEmail, Page};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(retry))
}

const PAGE_SIZE: i64 = 50;
const NO_SUCH_EMAIL: &str = "There is no such email.";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Left out or empty: every status.
    #[param(nullable = false, pattern = "^(queued|sent|failed|cancelled)?$")]
    status: Option<String>,
    /// From 1, the default.
    #[param(nullable = false)]
    page: Option<i64>,
}

/// One page of the outbox, newest first.
#[utoipa::path(
    get,
    path = "/emails",
    operation_id = "list_emails",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = Page<OutboxEmail>),
        (
            status = 400,
            description = "A parameter has the wrong type or a NUL character, or `status` names no such status.",
            body = ErrorBody,
        ),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Page<OutboxEmail>>, ApiError> {
    let status = match query.status.as_deref().filter(|status| !status.is_empty()) {
        None => None,
        Some(status) if EMAIL_STATUSES.contains(&status) => Some(status),
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "There is no email status called {other:?}."
            )));
        }
    };
    let page = page_number(query.page, PAGE_SIZE);
    Ok(Json(state.store.outbox_page(status, page, PAGE_SIZE).await?))
}

/// Puts a failed email back in the queue with its attempts reset.
#[utoipa::path(
    post,
    path = "/emails/{id}/retry",
    operation_id = "retry_email",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The email's id.")),
    responses(
        (status = 200, description = "Queued again.", body = OutboxEmail),
        (status = 404, description = NO_SUCH_EMAIL, body = ErrorBody),
        (
            status = 409,
            description = "The email has not failed: only a failed email is sent again.",
            body = ErrorBody,
        ),
        AdminChange,
        ServerTrouble,
    )
)]
async fn retry(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<OutboxEmail>, ApiError> {
    let email = state
        .store
        .outbox_email(&id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_EMAIL.into()))?;
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
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_EMAIL.into()))?;
    Ok(Json(email))
}
