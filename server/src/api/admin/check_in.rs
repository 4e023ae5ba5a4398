//! The door: `POST /api/admin/check-in {"code"}` admits each ticket once.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::error::{ApiError, ApiJson};
use crate::state::AppState;
use crate::store::{CheckIn, TicketRecord};
use crate::tickets::{display_code, normalize_code};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/check-in", post(check_in))
}

#[derive(Debug, Deserialize)]
struct Scan {
    #[serde(default)]
    code: String,
}

/// What the door staff sees, in the JSON error format's shape (`message` first) on
/// every status, so a phone can show it as it is.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    /// admitted, already_checked_in, refunded, transferred or unknown.
    result: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attendee_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ticket_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked_in_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked_in_by: Option<String>,
}

/// 200 admitted; 409 already checked in (with when and by whom), however many devices
/// scan at once; 410 refunded or transferred; 404 unknown.
async fn check_in(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(scan): ApiJson<Scan>,
) -> Result<Response, ApiError> {
    let Some(code) = normalize_code(&scan.code) else {
        return Ok(answer(
            StatusCode::NOT_FOUND,
            "unknown",
            "Unknown code: this is not a ticket of this event.",
            None,
            &state,
        ));
    };
    Ok(match state.store.check_in(&code, &actor.name).await? {
        CheckIn::Admitted(ticket) => answer(StatusCode::OK, "admitted", "Welcome!", Some(ticket), &state),
        CheckIn::AlreadyCheckedIn(ticket) => answer(
            StatusCode::CONFLICT,
            "already_checked_in",
            "Already checked in: this ticket was used before.",
            Some(ticket),
            &state,
        ),
        CheckIn::Refunded(ticket) => answer(
            StatusCode::GONE,
            "refunded",
            "Refunded: this ticket was refunded and admits no one.",
            Some(ticket),
            &state,
        ),
        CheckIn::Transferred(ticket) => answer(
            StatusCode::GONE,
            "transferred",
            "Transferred: this ticket was given to someone else, who has a new code.",
            Some(ticket),
            &state,
        ),
        CheckIn::Unknown => answer(
            StatusCode::NOT_FOUND,
            "unknown",
            "Unknown code: this is not a ticket of this event.",
            None,
            &state,
        ),
    })
}

fn answer(
    status: StatusCode,
    result: &'static str,
    message: &str,
    ticket: Option<TicketRecord>,
    state: &AppState,
) -> Response {
    let ticket_name = ticket.as_ref().map(|ticket| {
        state
            .event
            .ticket_by_type(&ticket.ticket_type)
            .map_or_else(|| ticket.ticket_type.clone(), |found| found.name.clone())
    });
    let body = Answer {
        result,
        message: message.to_owned(),
        code: ticket.as_ref().map(|ticket| display_code(&ticket.code)),
        attendee_name: ticket.as_ref().and_then(|ticket| ticket.attendee_name.clone()),
        ticket_name,
        checked_in_at: ticket.as_ref().and_then(|ticket| ticket.checked_in_at),
        checked_in_by: ticket.and_then(|ticket| ticket.checked_in_by),
    };
    (status, Json(body)).into_response()
}
