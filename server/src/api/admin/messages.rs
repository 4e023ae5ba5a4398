//! The organizer's messages to a segment: a preview with the recipients' count and one rendered email, a test copy
//! to the signed-in staff member, sending now or at a time, cancelling a scheduled one, and the list with its
//! delivery counts.

use std::sync::LazyLock;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiPath;
use crate::clock::unix_millis;
use crate::email::render::{MessageLetter, Renderer, unsubscribe_url};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::messages::{Draft, FieldError, Segment};
use crate::state::AppState;
use crate::store::{Dispatch, MessageCancel, MessageRecord, MessageStatus, NewMessage};

/// Compiled once: a preview renders as the outbox worker does.
static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preview_message))
        .routes(routes!(messages, create_message))
        .routes(routes!(cancel_message))
}

/// What a preview renders.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = MessagePreviewRequest)]
struct PreviewRequest {
    #[serde(default)]
    #[schema(value_type = Segment)]
    segment: Value,
    /// 1 to 150 characters on one line.
    #[serde(default)]
    #[schema(required = true, example = "Lunch on day one")]
    subject: String,
    /// Markdown, 1 to 20,000 characters.
    #[serde(default)]
    #[schema(required = true, example = "The **vegan** lunch is on the terrace.")]
    body: String,
}

/// A message to send now, at a time, or as a test to oneself.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MessageRequest)]
struct MessageRequest {
    #[serde(default)]
    #[schema(value_type = Segment)]
    segment: Value,
    /// 1 to 150 characters on one line.
    #[serde(default)]
    #[schema(required = true, example = "Lunch on day one")]
    subject: String,
    /// Markdown, 1 to 20,000 characters.
    #[serde(default)]
    #[schema(required = true, example = "The **vegan** lunch is on the terrace.")]
    body: String,
    /// RFC 3339 with an offset, in the future; left out or null: now.
    #[schema(example = "2026-05-17T09:00:00-04:00")]
    send_at: Option<String>,
    /// true: one copy to the signed-in staff member only; left out or null: false.
    test: Option<bool>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = MessagePreview)]
struct Preview {
    /// Addresses the segment reaches now, each once.
    recipients: usize,
    /// The email as its first recipient would get it (with none, as the signed-in staff member would).
    sample: Sample,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = MessageSample)]
struct Sample {
    subject: String,
    text: String,
    html: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = MessageCreated)]
struct Created {
    id: String,
    /// Emails queued; for a scheduled message, the addresses its segment reaches now (resolved again when it goes).
    recipients: i64,
    status: MessageStatus,
}

/// A message with its delivery counts. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MessageSummary)]
struct Summary {
    id: String,
    subject: String,
    segment: Segment,
    status: MessageStatus,
    #[schema(required = true)]
    send_at: Option<i64>,
    created_at: i64,
    /// The staff member's email (the name of a sign-in without an account).
    created_by: String,
    /// Emails queued; for a scheduled message, the addresses its segment reaches now.
    recipients: i64,
    sent: i64,
    failed: i64,
    /// Queued, not yet sent.
    pending: i64,
}

/// Previews a message: how many addresses its segment reaches now, and the email as the first would get it.
#[utoipa::path(
    post,
    path = "/messages/preview",
    operation_id = "admin_preview_message",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = PreviewRequest,
    responses(
        (status = 200, description = "The count and one rendered email.", body = Preview),
        (status = 422, description = "The segment, subject or body is not valid (`fieldErrors`: `segment`, `segment.ticketTypes`, `segment.session`, `segment.item`, `segment.interestAreas`, `subject`, `body`).", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn preview_message(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PreviewRequest>,
) -> Result<Json<Preview>, ApiError> {
    let (segment, draft) = parse(&state, &request.segment, &request.subject, &request.body, Vec::new()).await?;
    let recipients = state.store.segment_recipients(&segment).await?;
    let reader = match recipients.first() {
        Some(first) => Some(first.clone()),
        None => staff_email(&state, &actor).await?,
    };
    let unsubscribe = match reader.filter(|_| segment.is_mailing()) {
        Some(reader) => (state.store.find_waitlist_registration(&reader).await?)
            .and_then(|registration| registration.unsubscribe_token)
            .map(|token| unsubscribe_url(&state.settings.public_url, &token)),
        None => None,
    };
    let letter = MessageLetter {
        subject: &draft.subject,
        body: &draft.body,
    };
    let email = RENDERER
        .message(
            &state.event,
            &state.settings.public_url,
            &letter,
            unsubscribe.as_deref(),
        )
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok(Json(Preview {
        recipients: recipients.len(),
        sample: Sample {
            subject: email.subject,
            text: email.text,
            html: email.html,
        },
    }))
}

/// Sends a message to its segment now, schedules it, or sends a test copy to the signed-in staff member. Recipients
/// are resolved when it goes out; each address gets one email, through the outbox.
#[utoipa::path(
    post,
    path = "/messages",
    operation_id = "admin_create_message",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = MessageRequest,
    responses(
        (status = 201, description = "Queued (`sending`, or `sent` when the segment is empty), `scheduled`, or the test copy queued (`test`).", body = Created),
        (status = 409, description = "A test copy was asked by a sign-in without an email address of its own (the script token, the shared password).", body = ErrorBody),
        (status = 422, description = "The segment, subject, body or time is not valid (`fieldErrors`; `sendAt`: \"Choose a time in the future.\").", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn create_message(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<MessageRequest>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let test = request.test.unwrap_or(false);
    let now = state.clock.now();
    let mut errors = Vec::new();
    let send_at = match request.send_at.as_deref().filter(|_| !test) {
        None => None,
        Some(text) => match OffsetDateTime::parse(text.trim(), &Rfc3339) {
            Ok(at) if at > now => Some(unix_millis(at)),
            Ok(_) => {
                errors.push(("sendAt", "Choose a time in the future.".to_owned()));
                None
            }
            Err(_) => {
                errors.push((
                    "sendAt",
                    "Enter a date and time with its offset, such as 2026-05-17T09:00:00-04:00.".to_owned(),
                ));
                None
            }
        },
    };
    let (segment, draft) = parse(&state, &request.segment, &request.subject, &request.body, errors).await?;
    let own_email = staff_email(&state, &actor).await?;
    let dispatch = match (test, send_at, own_email.as_deref()) {
        (true, _, Some(email)) => Dispatch::TestTo(email),
        (true, _, None) => {
            return Err(ApiError::Conflict(
                "This sign-in has no email address of its own: sign in with your staff account to send yourself a \
                 test."
                    .into(),
            ));
        }
        (false, Some(at), _) => Dispatch::At(at),
        (false, None, _) => Dispatch::Now,
    };
    let message = NewMessage {
        segment: &segment,
        subject: &draft.subject,
        body: &draft.body,
        created_by: own_email.as_deref().unwrap_or(&actor.name),
        actor: &actor.name,
    };
    let created = state.store.create_message(&message, dispatch).await?;
    let recipients = recipients(&state, &created).await?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id: created.id,
            recipients,
            status: created.status,
        }),
    ))
}

/// Every message, newest first, with its delivery counts.
#[utoipa::path(
    get,
    path = "/messages",
    operation_id = "admin_messages",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (status = 200, description = "The messages.", body = Vec<Summary>),
        AdminRead,
        ServerTrouble,
    )
)]
async fn messages(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<Summary>>, ApiError> {
    let mut listed = Vec::new();
    for message in state.store.messages().await? {
        listed.push(summary(&state, message).await?);
    }
    Ok(Json(listed))
}

/// Calls off a scheduled message.
#[utoipa::path(
    post,
    path = "/messages/{id}/cancel",
    operation_id = "admin_cancel_message",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The message's id.")),
    responses(
        (status = 200, description = "The message, cancelled.", body = Summary),
        (status = 404, description = "No such message.", body = ErrorBody),
        (status = 409, description = "The message is no longer scheduled: it went out, or was cancelled.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn cancel_message(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Summary>, ApiError> {
    match state.store.cancel_message(&id, &actor.name).await? {
        MessageCancel::Cancelled(message) => Ok(Json(summary(&state, message).await?)),
        MessageCancel::NotScheduled(_) => Err(ApiError::Conflict(
            "This message is no longer scheduled: it went out or was cancelled.".into(),
        )),
        MessageCancel::Unknown => Err(ApiError::NotFound("No such message.".into())),
    }
}

/// The segment and the words, or every field's message (with `errors` found before).
async fn parse(
    state: &AppState,
    segment: &Value,
    subject: &str,
    body: &str,
    mut errors: Vec<FieldError>,
) -> Result<(Segment, Draft), ApiError> {
    let published = (state.programme.current(&state.store).await).map_err(|error| ApiError::Internal(error.into()))?;
    let is_session =
        |slug: &str| (published.as_deref()).is_some_and(|published| published.view.session(slug).is_some());
    let segment = Segment::parse(segment, &state.event, is_session).map_err(|found| errors.extend(found));
    let draft = Draft::parse(subject, body).map_err(|found| errors.extend(found));
    match (segment, draft) {
        (Ok(segment), Ok(draft)) if errors.is_empty() => Ok((segment, draft)),
        _ => {
            let mut fields = FieldErrors::default();
            for (field, message) in errors {
                fields.add(field, message);
            }
            Err(ApiError::Validation(fields))
        }
    }
}

/// The signed-in staff member's own address; `None` for the script token and the shared password.
async fn staff_email(state: &AppState, actor: &AdminActor) -> Result<Option<String>, ApiError> {
    Ok(state.store.session_staff_email(&actor.session).await?)
}

/// Emails queued, or for a scheduled message the addresses its segment reaches now.
async fn recipients(state: &AppState, message: &MessageRecord) -> Result<i64, ApiError> {
    if message.status != MessageStatus::Scheduled {
        return Ok(message.queued);
    }
    let now = state.store.segment_recipients(&message.segment).await?.len();
    Ok(i64::try_from(now).unwrap_or(i64::MAX))
}

async fn summary(state: &AppState, message: MessageRecord) -> Result<Summary, ApiError> {
    let recipients = recipients(state, &message).await?;
    Ok(Summary {
        recipients,
        id: message.id,
        subject: message.subject,
        segment: message.segment,
        status: message.status,
        send_at: message.send_at,
        created_at: message.created_at,
        created_by: message.created_by,
        sent: message.sent,
        failed: message.failed,
        pending: message.pending,
    })
}
