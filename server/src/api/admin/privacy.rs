//! Forgetting on time, as the back office sees it: when the daily job erases personal data, and an owner's erasure
//! of one person now, on their request.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::clock::unix_millis;
use crate::domain::EmailAddress;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;
use crate::store::Erased;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(privacy)).routes(routes!(erase))
}

/// Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PrivacyStatus)]
struct Status {
    /// The event file's `[privacy] keep_personal_data_days`.
    keep_personal_data_days: u32,
    /// When the daily job first erases: the event's end and the days kept.
    runs_at: i64,
    /// When the job last erased; null before it first did.
    #[schema(required = true)]
    erased_at: Option<i64>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = ErasureRequest)]
struct Request {
    /// The address of the person who asked.
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Erasure)]
struct Answer {
    /// Orders whose buyer, tickets whose holder, waitlist registrations and waiting-list entries it overwrote.
    erased: Erased,
}

/// When personal data is erased: the days kept, when the daily job first erases, and when it last did.
#[utoipa::path(
    get,
    path = "/privacy",
    operation_id = "admin_privacy",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (status = 200, description = "The keeping terms.", body = Status),
        AdminRead,
        ServerTrouble,
    )
)]
async fn privacy(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Status>, ApiError> {
    let terms = state.event.privacy;
    Ok(Json(Status {
        keep_personal_data_days: terms.keep_personal_data_days,
        runs_at: unix_millis(terms.erase_from(state.event.ends_at)),
        erased_at: state.store.last_retention_run().await?,
    }))
}

/// Erases every trace of one person now, as they asked: names, addresses, phone numbers and answers on their
/// orders, tickets, waitlist registration, waiting-list entries and emails. Amounts, counts and invoices stay; the
/// audit log records the erasure, with the counts, not the address.
#[utoipa::path(
    post,
    path = "/privacy/erase",
    operation_id = "admin_erase_person",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = Request,
    responses(
        (status = 200, description = "What was erased (all zero when the address was unknown).", body = Answer),
        (status = 422, description = "Not an email address (`fieldErrors.email`).", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn erase(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<Request>,
) -> Result<Json<Answer>, ApiError> {
    let Some(email) = EmailAddress::parse(&request.email) else {
        let mut errors = FieldErrors::default();
        errors.add("email", "Enter the email address of the person to erase.");
        return Err(ApiError::Validation(errors));
    };
    let erased = state.store.erase_person(email.as_str(), &actor.name).await?;
    Ok(Json(Answer { erased }))
}
