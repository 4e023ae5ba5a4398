//! The door: `POST /api/admin/check-in {"code"}` admits each ticket once.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, JsonBody, ServerTrouble};
use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::state::AppState;
use crate::store::{CheckIn, RetiredCode, TicketRecord};
use crate::tickets::{display_code, normalize_code};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check_in))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = TicketScan)]
struct Scan {
    /// The ticket's code as scanned or typed: "TK-7K3P-…", in any case, with or without dashes.
    #[serde(default)]
    code: String,
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum CheckInResult {
    Admitted,
    AlreadyCheckedIn,
    Refunded,
    Transferred,
    Unknown,
}

/// What the door staff sees, in the JSON error format's shape (`message` first) on
/// every status, so a phone can show it as it is. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CheckInAnswer)]
struct Answer {
    result: CheckInResult,
    message: String,
    /// The ticket's code as printed; absent for an unknown code.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    attendee_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    ticket_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    checked_in_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    checked_in_by: Option<String>,
}

/// Admits the ticket with this code, once.
///
/// 200 admitted; 409 already checked in (with when and by whom), however many devices
/// scan at once; 410 refunded or transferred; 404 unknown. Every answer but the
/// server's own failures has the `CheckInAnswer` shape, of which `Error` is a part.
#[utoipa::path(
    post,
    path = "/check-in",
    operation_id = "check_in",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = Scan,
    responses(
        (status = 200, description = "Admitted (`result`: `admitted`).", body = Answer),
        (
            status = 404,
            description = "Not a ticket of this event (`result`: `unknown`). The body is a `CheckInAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 409,
            description = "Checked in before (`result`: `already_checked_in`), with when and by whom. The body is a \
                           `CheckInAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 410,
            description = "The ticket admits no one: its order was refunded (`result`: `refunded`) or it was given \
                           to someone else (`transferred`). The body is a `CheckInAnswer`.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn check_in(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(scan): ApiJson<Scan>,
) -> Result<Response, ApiError> {
    let Some(code) = normalize_code(&scan.code) else {
        return Ok(answer(
            StatusCode::NOT_FOUND,
            CheckInResult::Unknown,
            "Unknown code: this is not a ticket of this event.",
            None,
            &state,
        ));
    };
    Ok(match state.store.check_in(&code, &actor.name).await? {
        CheckIn::Admitted(ticket) => answer(
            StatusCode::OK,
            CheckInResult::Admitted,
            "Welcome!",
            Some(ticket.into()),
            &state,
        ),
        CheckIn::AlreadyCheckedIn(ticket) => answer(
            StatusCode::CONFLICT,
            CheckInResult::AlreadyCheckedIn,
            "Already checked in: this ticket was used before.",
            Some(ticket.into()),
            &state,
        ),
        CheckIn::Refunded(ticket) => answer(
            StatusCode::GONE,
            CheckInResult::Refunded,
            "Refunded: this ticket was refunded and admits no one.",
            Some(ticket.into()),
            &state,
        ),
        CheckIn::Transferred(retired) => answer(
            StatusCode::GONE,
            CheckInResult::Transferred,
            "Transferred: this code was replaced when the ticket was given to someone else.",
            Some(retired.into()),
            &state,
        ),
        CheckIn::Unknown => answer(
            StatusCode::NOT_FOUND,
            CheckInResult::Unknown,
            "Unknown code: this is not a ticket of this event.",
            None,
            &state,
        ),
    })
}

/// What the door is told about the ticket a code named.
struct Seen {
    code: String,
    attendee_name: Option<String>,
    ticket_type: String,
    checked_in_at: Option<i64>,
    checked_in_by: Option<String>,
}

impl From<TicketRecord> for Seen {
    fn from(ticket: TicketRecord) -> Self {
        Self {
            code: ticket.code,
            attendee_name: ticket.attendee_name,
            ticket_type: ticket.ticket_type,
            checked_in_at: ticket.checked_in_at,
            checked_in_by: ticket.checked_in_by,
        }
    }
}

impl From<RetiredCode> for Seen {
    fn from(retired: RetiredCode) -> Self {
        Self {
            code: retired.code,
            attendee_name: retired.attendee_name,
            ticket_type: retired.ticket_type,
            checked_in_at: None,
            checked_in_by: None,
        }
    }
}

fn answer(status: StatusCode, result: CheckInResult, message: &str, seen: Option<Seen>, state: &AppState) -> Response {
    let ticket_name = seen.as_ref().map(|seen| state.event.ticket_name(&seen.ticket_type));
    let body = Answer {
        result,
        message: message.to_owned(),
        code: seen.as_ref().map(|seen| display_code(&seen.code)),
        attendee_name: seen.as_ref().and_then(|seen| seen.attendee_name.clone()),
        ticket_name,
        checked_in_at: seen.as_ref().and_then(|seen| seen.checked_in_at),
        checked_in_by: seen.and_then(|seen| seen.checked_in_by),
    };
    (status, Json(body)).into_response()
}
