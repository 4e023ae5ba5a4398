//! The door when the network comes and goes: the check-in list a device keeps
//! (`GET /api/admin/check-in/list`), the scans it queued offline
//! (`POST /api/admin/check-in/batch`), and finding an attendee by name
//! (`GET /api/admin/check-in/search`).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;
use crate::store::{DuplicateScan, OfflineCheckIn, OfflineScan, now_millis};
use crate::tickets::{code_digest, display_code, normalize_code};

/// Scans in one batch: a device sends its queue in parts of this size.
const MAX_SCANS: usize = 500;
const MAX_DEVICE_ID_CHARS: usize = 64;
/// A device clock this far ahead of the server's is read as the server's.
const CLOCK_SKEW_MILLIS: i64 = 5 * 60 * 1000;
const SEARCH_RESULTS: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(batch))
        .routes(routes!(search))
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum ListedStatus {
    /// Admits its holder.
    Valid,
    CheckedIn,
    Refunded,
    /// A code retired when the ticket was given to someone else.
    Transferred,
}

impl ListedStatus {
    fn of(refunded: bool, checked_in_at: Option<i64>) -> Self {
        match (refunded, checked_in_at) {
            (true, _) => Self::Refunded,
            (false, Some(_)) => Self::CheckedIn,
            (false, None) => Self::Valid,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ListedEntry {
    /// The first 16 hex digits of the SHA-256 of the code's stored form (20 characters, no
    /// prefix or dashes, upper case): the device digests what it scans the same way.
    hash: String,
    /// The holder's name (absent for a retired code).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    name: Option<String>,
    /// The ticket type's key, named in `ticketTypes`.
    #[serde(rename = "type")]
    ticket_type: String,
    status: ListedStatus,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TypeCount {
    ticket_type: String,
    name: String,
    /// Valid tickets of the type.
    expected: i64,
    checked_in: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckInList {
    /// Unix milliseconds.
    generated_at: i64,
    /// Per ticket type: its name, and how many came through the door of how many.
    ticket_types: Vec<TypeCount>,
    tickets: Vec<ListedEntry>,
    /// Tickets scanned again after they admitted someone.
    duplicates: Vec<DuplicateScan>,
}

/// The check-in list a door device keeps to check tickets in offline.
///
/// No code leaves the server: each ticket is a digest of its code, its holder's name, its
/// type and its state, with the live counts per ticket type and the duplicate scans.
#[utoipa::path(
    get,
    path = "/check-in/list",
    operation_id = "check_in_list",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = CheckInList), AdminRead, ServerTrouble)
)]
async fn list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<CheckInList>, ApiError> {
    let (tickets, retired) = state.store.check_in_list().await?;
    let mut counts: BTreeMap<String, (i64, i64)> = state
        .event
        .tickets
        .iter()
        .map(|ticket| (ticket.ticket_type.clone(), (0, 0)))
        .collect();
    for ticket in tickets.iter().filter(|ticket| !ticket.refunded) {
        let count = counts.entry(ticket.ticket_type.clone()).or_default();
        count.0 += 1;
        count.1 += i64::from(ticket.checked_in_at.is_some());
    }
    let entries = tickets
        .into_iter()
        .map(|ticket| ListedEntry {
            hash: code_digest(&ticket.code),
            name: Some(ticket.attendee_name),
            status: ListedStatus::of(ticket.refunded, ticket.checked_in_at),
            ticket_type: ticket.ticket_type,
        })
        .chain(retired.into_iter().map(|(code, ticket_type)| ListedEntry {
            hash: code_digest(&code),
            name: None,
            ticket_type,
            status: ListedStatus::Transferred,
        }))
        .collect();
    Ok(Json(CheckInList {
        generated_at: now_millis(),
        ticket_types: counts
            .into_iter()
            .map(|(ticket_type, (expected, checked_in))| TypeCount {
                name: state.event.ticket_name(&ticket_type),
                ticket_type,
                expected,
                checked_in,
            })
            .collect(),
        tickets: entries,
        duplicates: state.store.duplicate_scans().await?,
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Batch {
    /// The device that made the scans, as it names itself ("door-2", a random id).
    #[serde(default)]
    #[schema(min_length = 1, max_length = 64)]
    device_id: String,
    #[serde(default)]
    #[schema(max_items = 500)]
    scans: Vec<BatchScan>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct BatchScan {
    /// The code as scanned or typed.
    #[serde(default)]
    code: String,
    /// The device's clock at the scan, Unix milliseconds.
    scanned_at: i64,
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum ScanResult {
    Admitted,
    /// This device admitted the ticket before.
    AlreadyCheckedIn,
    /// Another device, or the online check-in, admitted the ticket before.
    Duplicate,
    Refunded,
    Transferred,
    Unknown,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct BatchResult {
    /// The code as it was sent.
    code: String,
    result: ScanResult,
    message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct BatchAnswer {
    /// One per scan, in the order sent.
    results: Vec<BatchResult>,
}

/// Records the scans a device made offline, each at its own time.
///
/// The earliest scan of a ticket admits it, whichever device sends first; every other scan of
/// it is a `duplicate`, shown on the dashboard and in the check-in list. Sending a batch again
/// (its answer was lost) answers the same.
#[utoipa::path(
    post,
    path = "/check-in/batch",
    operation_id = "check_in_batch",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = Batch,
    responses(
        (status = 200, description = "Each scan's result, in the order sent.", body = BatchAnswer),
        (
            status = 422,
            description = "No device id, one longer than 64 characters or with control characters, or more than \
                           500 scans.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn batch(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(batch): ApiJson<Batch>,
) -> Result<Json<BatchAnswer>, ApiError> {
    let device_id = batch.device_id.trim();
    let mut errors = FieldErrors::default();
    if device_id.is_empty()
        || batch.device_id.chars().count() > MAX_DEVICE_ID_CHARS
        || device_id.chars().any(char::is_control)
    {
        errors.add("deviceId", "Please send the device's id (up to 64 characters).");
    }
    if batch.scans.len() > MAX_SCANS {
        errors.add("scans", "Please send at most 500 scans at a time.");
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let latest = now_millis() + CLOCK_SKEW_MILLIS;
    let mut results = Vec::with_capacity(batch.scans.len());
    for scan in batch.scans {
        let outcome = match normalize_code(&scan.code) {
            None => OfflineCheckIn::Unknown,
            Some(code) => {
                let scan_at = OfflineScan {
                    code,
                    scanned_at: scan.scanned_at.clamp(0, latest),
                };
                state
                    .store
                    .record_offline_scan(&scan_at, device_id, &actor.name)
                    .await?
            }
        };
        let (result, message) = describe(&state, outcome);
        results.push(BatchResult {
            code: scan.code,
            result,
            message,
        });
    }
    Ok(Json(BatchAnswer { results }))
}

fn describe(state: &AppState, outcome: OfflineCheckIn) -> (ScanResult, String) {
    match outcome {
        OfflineCheckIn::Admitted {
            attendee_name,
            ticket_type,
        } => (
            ScanResult::Admitted,
            format!("Admitted: {attendee_name}, {}.", state.event.ticket_name(&ticket_type)),
        ),
        OfflineCheckIn::AlreadyCheckedIn {
            attendee_name,
            ticket_type,
            first_at,
        } => (
            ScanResult::AlreadyCheckedIn,
            format!(
                "Already checked in: {attendee_name}'s {} was scanned on this device at {}.",
                state.event.ticket_name(&ticket_type),
                state.event.venue_time(first_at),
            ),
        ),
        OfflineCheckIn::Duplicate {
            attendee_name,
            ticket_type,
            first_at,
            first_by,
        } => (
            ScanResult::Duplicate,
            format!(
                "Duplicate: {attendee_name}'s {} was checked in at {} by {first_by}.",
                state.event.ticket_name(&ticket_type),
                state.event.venue_time(first_at),
            ),
        ),
        OfflineCheckIn::Refunded {
            attendee_name,
            ticket_type,
        } => (
            ScanResult::Refunded,
            format!(
                "Refunded: {attendee_name}'s {} admits no one.",
                state.event.ticket_name(&ticket_type)
            ),
        ),
        OfflineCheckIn::Transferred { ticket_type } => (
            ScanResult::Transferred,
            format!(
                "Transferred: this {} code was replaced when the ticket was given to someone else.",
                state.event.ticket_name(&ticket_type)
            ),
        ),
        OfflineCheckIn::Unknown => (
            ScanResult::Unknown,
            "Unknown code: this is not a ticket of this event.".to_owned(),
        ),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// Part of the attendee's name, at least 2 characters.
    #[param(min_length = 2, max_length = 100)]
    q: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct FoundEntry {
    /// The code as printed, to check the attendee in with.
    code: String,
    attendee_name: String,
    ticket_name: String,
    status: ListedStatus,
    /// Unix milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    checked_in_at: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct SearchAnswer {
    /// Up to 20 tickets, by name.
    attendees: Vec<FoundEntry>,
}

/// Finds attendees by name, for someone who lost their QR code.
#[utoipa::path(
    get,
    path = "/check-in/search",
    operation_id = "find_attendees",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(SearchQuery),
    responses(
        (status = 200, body = SearchAnswer),
        (status = 400, description = "`q` is missing, shorter than 2 characters or longer than 100.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn search(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<SearchAnswer>, ApiError> {
    let q = query.q.trim();
    // The longest is counted as sent, as the contract's `maxLength` is.
    if q.chars().count() < 2 || query.q.chars().count() > 100 || q.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(
            "Please type at least 2 letters of the name.".into(),
        ));
    }
    let found = state.store.find_attendees(q, SEARCH_RESULTS).await?;
    Ok(Json(SearchAnswer {
        attendees: found
            .into_iter()
            .map(|attendee| FoundEntry {
                code: display_code(&attendee.code),
                ticket_name: state.event.ticket_name(&attendee.ticket_type),
                status: ListedStatus::of(attendee.refunded, attendee.checked_in_at),
                attendee_name: attendee.attendee_name,
                checked_in_at: attendee.checked_in_at,
            })
            .collect(),
    }))
}
