//! The door: `POST /api/admin/check-in {"code"}` (or `{"ticketId"}`, from a name search)
//! admits each ticket once.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::flagged::{FlaggedAnswer, flagged_of_ticket};
use super::responses::{AdminChange, JsonBody, ServerTrouble};
use super::sessions::desk_session;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;
use crate::store::{CheckIn, RetiredCode, SeatError, SessionCheckIn, TicketKey, TicketRecord, TicketStatus};
use crate::tickets::{display_code, normalize_code};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check_in))
}

/// Exactly one of `code` and `ticketId`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TicketScan)]
struct Scan {
    /// The ticket's code as scanned or typed: "TK-7K3P-…", in any case, with or without dashes.
    #[schema(nullable = false)]
    code: Option<String>,
    /// The ticket's id, as a name search found it (`GET /api/admin/check-in/search`).
    #[schema(nullable = false, max_length = 64)]
    ticket_id: Option<String>,
    /// A session's slug: the scan is at that workshop's door, apart from the main door's check-in.
    #[schema(nullable = false)]
    session: Option<String>,
}

/// Longer than any ticket id the server makes (a UUID).
const MAX_TICKET_ID_CHARS: usize = 64;

/// What a scan names, read from a body that gives exactly one of the two.
enum Scanned {
    Code(String),
    TicketId(String),
}

impl Scan {
    fn read(self) -> Result<(Scanned, Option<String>), ApiError> {
        let session = self.session.clone();
        self.scanned().map(|scanned| (scanned, session))
    }

    fn scanned(self) -> Result<Scanned, ApiError> {
        let mut errors = FieldErrors::default();
        match (self.code, self.ticket_id) {
            (Some(code), None) => return Ok(Scanned::Code(code)),
            (None, Some(id)) if id.chars().count() <= MAX_TICKET_ID_CHARS => return Ok(Scanned::TicketId(id)),
            (None, Some(_)) => errors.add("ticketId", "A ticket id has at most 64 characters."),
            (Some(_), Some(_)) => errors.add("ticketId", "Send the ticket's code or its id, not both."),
            (None, None) => errors.add("code", "Please send the ticket's code, or its id from a name search."),
        }
        Err(ApiError::Validation(errors))
    }
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum CheckInResult {
    Admitted,
    AlreadyCheckedIn,
    Refunded,
    Transferred,
    Unknown,
    /// At a workshop's door: no seat, and none free.
    Full,
}

/// What the door staff sees, in the JSON error format's shape (`message` first) on
/// every status, so a phone can show it as it is. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CheckInAnswer)]
struct Answer {
    result: CheckInResult,
    message: String,
    /// The ticket's code as printed, when the scan sent a code; absent for an unknown code
    /// and for a check-in by `ticketId` (a code leaves the server only to its holder).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    code: Option<String>,
    /// The ticket's id, whatever the scan sent, so the door can print its badge; absent for an unknown code and
    /// for a code replaced by a transfer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    ticket_id: Option<String>,
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
    /// At a workshop's door: true when the ticket had no seat and took a free one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    walk_in: Option<bool>,
    /// At a workshop's door: the session's live counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    session: Option<DoorSession>,
    /// The holder's answers to the questions shown at the door (`show_at_door`); empty when none.
    flagged_answers: Vec<FlaggedAnswer>,
}

/// A workshop's seats as its door sees them.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct DoorSession {
    slug: String,
    title: String,
    /// Null when the session takes no sign-ups.
    limit: Option<u32>,
    taken: i64,
    left: Option<i64>,
    checked_in: i64,
}

/// Admits the ticket with this code, or this id from a name search, once.
///
/// 200 admitted; 409 already checked in (with when and by whom), however many devices
/// scan at once; 410 refunded or transferred; 404 unknown. Every answer but the
/// server's own failures and a body without exactly one of `code` and `ticketId` (422)
/// has the `CheckInAnswer` shape, of which `Error` is a part.
///
/// With `session` (a slug), the scan is at that workshop's door, apart from the main door: a ticket with a seat is
/// admitted once (then `already_checked_in`); one without takes a free seat (`admitted` with `walkIn: true`) or is
/// refused (409, `full`). The answer carries the session's live counts (`session`).
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
            description = "Not a ticket of this event, by its code or its id (`result`: `unknown`). The body is a \
                           `CheckInAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 409,
            description = "Checked in before (`result`: `already_checked_in`), with when and by whom; at a \
                           workshop's door, no seat and none free (`full`). The body is a `CheckInAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 410,
            description = "The ticket admits no one: its order was refunded (`result`: `refunded`) or it was given \
                           to someone else (`transferred`). The body is a `CheckInAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 422,
            description = "Neither `code` nor `ticketId`, both, or a `ticketId` longer than 64 characters \
                           (`fieldErrors`).",
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
    let (scanned, session) = scan.read()?;
    if let Some(slug) = session {
        return session_check_in(&state, &actor, &scanned, &slug).await;
    }
    let normalized;
    let key = match &scanned {
        Scanned::TicketId(id) => TicketKey::Id(id),
        Scanned::Code(typed) => match normalize_code(typed) {
            Some(code) => {
                normalized = code;
                TicketKey::Code(&normalized)
            }
            None => return Ok(unknown(UNKNOWN_CODE, &state)),
        },
    };
    let checked = state.store.check_in(key, &actor.name).await?;
    let flagged = match &checked {
        CheckIn::Admitted(ticket) | CheckIn::AlreadyCheckedIn(ticket) | CheckIn::Refunded(ticket) => {
            flagged_of_ticket(&state, ticket).await?
        }
        CheckIn::Transferred(_) | CheckIn::Unknown => Vec::new(),
    };
    let (status, result, message, seen): (_, _, _, Seen) = match checked {
        CheckIn::Admitted(ticket) => (StatusCode::OK, CheckInResult::Admitted, "Welcome!", ticket.into()),
        CheckIn::AlreadyCheckedIn(ticket) => (
            StatusCode::CONFLICT,
            CheckInResult::AlreadyCheckedIn,
            "Already checked in: this ticket was used before.",
            ticket.into(),
        ),
        CheckIn::Refunded(ticket) => (
            StatusCode::GONE,
            CheckInResult::Refunded,
            "Refunded: this ticket was refunded and admits no one.",
            ticket.into(),
        ),
        CheckIn::Transferred(retired) => (
            StatusCode::GONE,
            CheckInResult::Transferred,
            "Transferred: this code was replaced when the ticket was given to someone else.",
            retired.into(),
        ),
        CheckIn::Unknown => {
            let message = match key {
                TicketKey::Code(_) => UNKNOWN_CODE,
                TicketKey::Id(_) => "Unknown ticket: no ticket of this event has this id.",
            };
            return Ok(unknown(message, &state));
        }
    };
    // A code leaves the server only to its holder: the door that checked in by id never had it.
    let seen = match key {
        TicketKey::Code(_) => Seen { flagged, ..seen },
        TicketKey::Id(_) => Seen {
            code: None,
            flagged,
            ..seen
        },
    };
    Ok(answer(status, result, message, Some(seen), &state))
}

const UNKNOWN_CODE: &str = "Unknown code: this is not a ticket of this event.";

fn unknown(message: &str, state: &AppState) -> Response {
    answer(StatusCode::NOT_FOUND, CheckInResult::Unknown, message, None, state)
}

/// What the door is told about the ticket a code or an id named.
struct Seen {
    code: Option<String>,
    ticket_id: Option<String>,
    attendee_name: Option<String>,
    ticket_type: String,
    checked_in_at: Option<i64>,
    checked_in_by: Option<String>,
    flagged: Vec<FlaggedAnswer>,
}

impl From<TicketRecord> for Seen {
    fn from(ticket: TicketRecord) -> Self {
        Self {
            code: Some(ticket.code),
            ticket_id: Some(ticket.id),
            attendee_name: ticket.attendee_name,
            ticket_type: ticket.ticket_type,
            checked_in_at: ticket.checked_in_at,
            checked_in_by: ticket.checked_in_by,
            flagged: Vec::new(),
        }
    }
}

impl From<RetiredCode> for Seen {
    fn from(retired: RetiredCode) -> Self {
        Self {
            code: Some(retired.code),
            ticket_id: None,
            attendee_name: retired.attendee_name,
            ticket_type: retired.ticket_type,
            checked_in_at: None,
            checked_in_by: None,
            flagged: Vec::new(),
        }
    }
}

fn answer(status: StatusCode, result: CheckInResult, message: &str, seen: Option<Seen>, state: &AppState) -> Response {
    (status, Json(answer_body(result, message, seen, state))).into_response()
}

fn answer_body(result: CheckInResult, message: &str, seen: Option<Seen>, state: &AppState) -> Answer {
    let ticket_name = seen.as_ref().map(|seen| state.event.ticket_name(&seen.ticket_type));
    Answer {
        result,
        message: message.to_owned(),
        code: seen.as_ref().and_then(|seen| seen.code.as_deref()).map(display_code),
        ticket_id: seen.as_ref().and_then(|seen| seen.ticket_id.clone()),
        attendee_name: seen.as_ref().and_then(|seen| seen.attendee_name.clone()),
        ticket_name,
        checked_in_at: seen.as_ref().and_then(|seen| seen.checked_in_at),
        checked_in_by: seen.as_ref().and_then(|seen| seen.checked_in_by.clone()),
        walk_in: None,
        session: None,
        flagged_answers: seen.map(|seen| seen.flagged).unwrap_or_default(),
    }
}

/// A workshop's door: a ticket with a seat in the session is admitted once; one without takes a free seat (a
/// walk-in) or is refused when the session is full.
async fn session_check_in(
    state: &AppState,
    actor: &AdminActor,
    scanned: &Scanned,
    slug: &str,
) -> Result<Response, ApiError> {
    let desk = desk_session(state, slug).await?;
    let ticket = match scanned {
        Scanned::TicketId(id) => state.store.ticket(id).await?,
        Scanned::Code(typed) => match normalize_code(typed) {
            Some(code) => state.store.ticket_by_code(&code).await?,
            None => None,
        },
    };
    let Some(ticket) = ticket else {
        return Ok(unknown(UNKNOWN_CODE, state));
    };
    let by_code = matches!(scanned, Scanned::Code(_));
    let flagged = flagged_of_ticket(state, &ticket).await?;
    let seen = |ticket: &TicketRecord| Seen {
        code: by_code.then(|| ticket.code.clone()),
        flagged: flagged.clone(),
        ..Seen::from(ticket.clone())
    };
    if ticket.status == TicketStatus::Refunded {
        let message = "Refunded: this ticket was refunded and admits no one.";
        return Ok(answer(
            StatusCode::GONE,
            CheckInResult::Refunded,
            message,
            Some(seen(&ticket)),
            state,
        ));
    }
    let checked = state
        .store
        .check_in_to_session(&ticket.id, &desk.session.source_id, &actor.name)
        .await
        .map_err(|error| match error {
            SeatError::Database(error) => ApiError::from(error),
            _ => ApiError::NotFound("The programme has no such session.".into()),
        })?;
    let mut seen = seen(&ticket);
    let (status, result, message, walk_in) = match checked {
        SessionCheckIn::Admitted { walk_in, at } => {
            seen.checked_in_at = Some(at);
            seen.checked_in_by = Some(actor.name.clone());
            let message = if walk_in {
                "Welcome! No reservation: a free seat is now theirs."
            } else {
                "Welcome!"
            };
            (StatusCode::OK, CheckInResult::Admitted, message, Some(walk_in))
        }
        SessionCheckIn::AlreadyCheckedIn { at, by } => {
            seen.checked_in_at = Some(at);
            seen.checked_in_by = by;
            let message = "Already checked in: this ticket was admitted to this session before.";
            (StatusCode::CONFLICT, CheckInResult::AlreadyCheckedIn, message, None)
        }
        SessionCheckIn::Full => {
            seen.checked_in_at = None;
            seen.checked_in_by = None;
            let message = "Full: this ticket has no seat in this session and none is free.";
            (StatusCode::CONFLICT, CheckInResult::Full, message, None)
        }
    };
    let desk = desk_session(state, slug).await?;
    let limit = desk.session.limit();
    let mut body = answer_body(result, message, Some(seen), state);
    body.walk_in = walk_in;
    body.session = Some(DoorSession {
        slug: desk.session.slug.clone(),
        title: desk.session.title.clone(),
        limit,
        taken: desk.session.taken,
        left: limit.map(|limit| (i64::from(limit) - desk.session.taken).max(0)),
        checked_in: desk.checked_in,
    });
    Ok((status, Json(body)).into_response())
}
