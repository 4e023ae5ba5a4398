//! The back office's workshop seats: every session's seats taken and free, a session's roster (also as CSV) and
//! waiting list, its sign-up and seat limit, and a message to its holders.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Deserializer, Serialize};
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::admin::csv::CsvWriter;
use crate::api::params::ApiPath;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::seats::MAX_SEAT_LIMIT;
use crate::state::AppState;
use crate::store::{DeskSession, MovedNotice, SignupChange};
use crate::tickets::display_code;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sessions))
        .routes(routes!(session, change_session))
        .routes(routes!(roster_csv))
        .routes(routes!(message_session))
}

/// A session of the published programme with its seats; the counts are null when it takes no sign-ups.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WorkshopSession)]
pub(super) struct SessionView {
    pub(super) slug: String,
    pub(super) title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub(super) start: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    end: OffsetDateTime,
    /// The room's name.
    room: Option<String>,
    kind: &'static str,
    /// Whether it takes sign-ups.
    signup: bool,
    /// The organizer's limit; null: the room's capacity.
    seat_limit: Option<u32>,
    pub(super) limit: Option<u32>,
    pub(super) taken: Option<i64>,
    pub(super) left: Option<i64>,
    pub(super) waiting: Option<i64>,
    checked_in: Option<i64>,
}

impl SessionView {
    pub(super) fn new(desk: &DeskSession, state: &AppState) -> Self {
        let session = &desk.session;
        let venue = state.event.starts_at.offset();
        let limit = session.limit();
        let counted = |value: i64| limit.map(|_| value);
        Self {
            slug: session.slug.clone(),
            title: session.title.clone(),
            start: instant(session.starts_at).to_offset(venue),
            end: instant(session.ends_at).to_offset(venue),
            room: session.room.clone(),
            kind: session.kind.as_str(),
            signup: limit.is_some(),
            seat_limit: session.chosen.seat_limit,
            limit,
            taken: counted(session.taken),
            left: limit.map(|limit| (i64::from(limit) - session.taken).max(0)),
            waiting: counted(desk.waiting),
            checked_in: counted(desk.checked_in),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WorkshopSessions)]
struct SessionsAnswer {
    /// By start.
    sessions: Vec<SessionView>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WorkshopSessionDetail)]
struct SessionDetail {
    #[serde(flatten)]
    session: SessionView,
    /// In the order they reserved.
    roster: Vec<RosterRow>,
    /// In line order.
    queue: Vec<QueueRow>,
}

/// Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RosterRow {
    ticket_id: String,
    /// As printed.
    code: String,
    name: Option<String>,
    /// The attendee's email (the buyer's for an unnamed ticket); null for the door's role, which sees no emails.
    email: Option<String>,
    /// The ticket's type as the event file keys it, e.g. `developer`.
    ticket_type: String,
    reserved_at: i64,
    checked_in_at: Option<i64>,
    /// Took a free seat at the workshop's door.
    walk_in: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct QueueRow {
    ticket_id: String,
    name: Option<String>,
    /// Null for the door's role.
    email: Option<String>,
    /// 1 is next in line.
    place: i64,
    joined_at: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SessionSignupChange)]
struct Change {
    /// 0 to 10000; null: back to the room's capacity. Left out: unchanged.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    seat_limit: Option<Option<i64>>,
    /// Whether the session takes sign-ups. Left out: unchanged.
    #[schema(nullable = false)]
    signup: Option<bool>,
}

/// A field sent as null is `Some(None)`; one left out stays `None`.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(deserializer).map(Some)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = SessionMessage)]
struct Message {
    /// 1 to 200 characters.
    #[serde(default)]
    #[schema(required = true, example = "Bring a laptop")]
    subject: String,
    /// 1 to 5000 characters, plain text.
    #[serde(default)]
    #[schema(required = true, example = "Please bring a laptop with Python 3.12.")]
    body: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Recipients {
    /// Seat holders the message was queued for.
    recipients: usize,
}

/// Every session of the published programme with its seats, by start: the door's picker and the seats screen.
#[utoipa::path(
    get,
    path = "/sessions",
    operation_id = "admin_sessions",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (status = 200, description = "The sessions.", body = SessionsAnswer),
        AdminRead,
        ServerTrouble,
    )
)]
async fn sessions(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<SessionsAnswer>, ApiError> {
    let desk = state.store.desk_sessions().await?;
    Ok(Json(SessionsAnswer {
        sessions: desk.iter().map(|session| SessionView::new(session, &state)).collect(),
    }))
}

/// One session with its roster and waiting list.
#[utoipa::path(
    get,
    path = "/sessions/{slug}",
    operation_id = "admin_session",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The session's slug.")),
    responses(
        (status = 200, description = "The session.", body = SessionDetail),
        (status = 404, description = "The programme has no such session.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn session(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<SessionDetail>, ApiError> {
    detail(&state, &actor, &slug).await.map(Json)
}

async fn detail(state: &AppState, actor: &AdminActor, slug: &str) -> Result<SessionDetail, ApiError> {
    let desk = desk_session(state, slug).await?;
    let source_id = &desk.session.source_id;
    let email = |email: String| actor.role.sees_buyers().then_some(email);
    let roster = (state.store.session_roster(source_id).await?.into_iter())
        .map(|entry| RosterRow {
            ticket_id: entry.ticket_id,
            code: display_code(&entry.code),
            name: entry.name,
            email: email(entry.email),
            ticket_type: entry.ticket_type,
            reserved_at: entry.reserved_at,
            checked_in_at: entry.checked_in_at,
            walk_in: entry.walk_in,
        })
        .collect();
    let queue = (state.store.session_queue(source_id).await?.into_iter())
        .map(|entry| QueueRow {
            ticket_id: entry.ticket_id,
            name: entry.name,
            email: email(entry.email),
            place: entry.place,
            joined_at: entry.joined_at,
        })
        .collect();
    Ok(SessionDetail {
        session: SessionView::new(&desk, state),
        roster,
        queue,
    })
}

/// The session's roster as CSV: name, email, ticket code, ticket type, reserved at, checked in at.
#[utoipa::path(
    get,
    path = "/sessions/{slug}/roster.csv",
    operation_id = "admin_session_roster_csv",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The session's slug.")),
    responses(
        (
            status = 200,
            description = "UTF-8 CSV, times in the venue's clock.",
            content_type = "text/csv",
            body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"roster-hands-on-rust.csv\"`")),
        ),
        (status = 404, description = "The programme has no such session.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn roster_csv(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Response, ApiError> {
    let desk = desk_session(&state, &slug).await?;
    let mut csv = CsvWriter::new(&[
        "name",
        "email",
        "ticket code",
        "ticket type",
        "reserved at",
        "checked in at",
    ]);
    for entry in state.store.session_roster(&desk.session.source_id).await? {
        csv.row([
            entry.name.as_deref().unwrap_or_default(),
            &entry.email,
            &display_code(&entry.code),
            &state.event.ticket_name(&entry.ticket_type),
            &venue_clock(&state, entry.reserved_at),
            &entry
                .checked_in_at
                .map(|at| venue_clock(&state, at))
                .unwrap_or_default(),
        ]);
    }
    let filename = format!("roster-{}.csv", desk.session.slug);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        csv.finish(),
    )
        .into_response())
}

/// Switches the session's sign-up on or off, or sets its seat limit.
///
/// Raising the limit gives free seats to the waiting list in order; lowering it below the seats taken moves the
/// latest reserved seats back to the front of the line, in their order, and emails their holders.
#[utoipa::path(
    patch,
    path = "/sessions/{slug}",
    operation_id = "admin_change_session",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The session's slug.")),
    request_body = Change,
    responses(
        (status = 200, description = "The session as it now is.", body = SessionView),
        (status = 404, description = "The programme has no such session.", body = ErrorBody),
        (status = 422, description = "The limit is below 0 or above 10000 (`fieldErrors`).", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn change_session(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    ApiJson(change): ApiJson<Change>,
) -> Result<Json<SessionView>, ApiError> {
    let desk = desk_session(&state, &slug).await?;
    let seat_limit = match change.seat_limit {
        Some(Some(limit)) if !(0..=MAX_SEAT_LIMIT).contains(&limit) => {
            let mut errors = FieldErrors::default();
            errors.add("seatLimit", "The seat limit must be a whole number from 0 to 10000.");
            return Err(ApiError::Validation(errors));
        }
        Some(limit) => Some(limit.and_then(|limit| u32::try_from(limit).ok())),
        None => None,
    };
    let title = &desk.session.title;
    let subject = format!("Your seat in {title} went back to the waiting list");
    let body = format!(
        "The organizers had to reduce the seats in \"{title}\". Your seat went back to the front of its waiting \
         list: if a seat frees, it is yours and we will email you at once."
    );
    let change = SignupChange {
        signup: change.signup,
        seat_limit,
    };
    let notice = MovedNotice {
        subject: &subject,
        body: &body,
    };
    (state.store)
        .change_session_signup(&state.event, &desk.session.source_id, change, notice, &actor.name)
        .await?;
    let desk = desk_session(&state, &slug).await?;
    Ok(Json(SessionView::new(&desk, &state)))
}

/// Emails the organizer's message to every seat holder of the session, through the outbox.
#[utoipa::path(
    post,
    path = "/sessions/{slug}/message",
    operation_id = "admin_message_session",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("slug" = String, Path, description = "The session's slug.")),
    request_body = Message,
    responses(
        (status = 202, description = "One email per seat holder is queued.", body = Recipients),
        (status = 404, description = "The programme has no such session.", body = ErrorBody),
        (status = 422, description = "The subject or the body is empty or too long (`fieldErrors`).", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn message_session(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    ApiJson(message): ApiJson<Message>,
) -> Result<Response, ApiError> {
    let desk = desk_session(&state, &slug).await?;
    let (subject, body) = (message.subject.trim(), message.body.trim());
    let mut errors = FieldErrors::default();
    if subject.is_empty() || subject.chars().count() > 200 || subject.chars().any(char::is_control) {
        errors.add("subject", "Please write a subject of up to 200 characters on one line.");
    }
    if body.is_empty() || body.chars().count() > 5000 {
        errors.add("body", "Please write a message of up to 5000 characters.");
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let recipients = (state.store)
        .message_session(&desk.session.source_id, subject, body, &actor.name)
        .await?;
    Ok((StatusCode::ACCEPTED, Json(Recipients { recipients })).into_response())
}

/// The session on the published programme at `slug`, with its counters.
pub(super) async fn desk_session(state: &AppState, slug: &str) -> Result<DeskSession, ApiError> {
    let published = (state.programme.current(&state.store).await).map_err(|error| ApiError::Internal(error.into()))?;
    let source_id = (published.as_deref())
        .and_then(|published| published.view.session(slug))
        .map(|listed| listed.session.source_id.clone())
        .ok_or_else(|| ApiError::NotFound("The programme has no such session.".into()))?;
    (state.store.desk_session(&source_id).await?)
        .ok_or_else(|| ApiError::NotFound("The programme has no such session.".into()))
}

fn venue_clock(state: &AppState, millis: i64) -> String {
    let at = instant(millis).to_offset(state.event.starts_at.offset());
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

fn instant(millis: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}
