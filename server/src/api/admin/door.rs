//! The door when the network comes and goes: the check-in list a device keeps
//! (`GET /api/admin/check-in/list`, which names the device downloading it) and the scans it
//! queued offline (`POST /api/admin/check-in/batch`).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::flagged::{FlaggedAnswer, flagged, flagged_by_code};
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::clock::unix_millis;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;
use crate::store::{DoorDevice, DuplicateScan, OfflineCheckIn, OfflineScan, ScanDoubt, ScanWindow, now_millis};
use crate::tickets::{code_digest, normalize_code};

/// Scans in one batch: a device sends its queue in parts of this size.
const MAX_SCANS: usize = 500;
const MAX_DEVICE_ID_CHARS: usize = 64;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(batch))
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum ListedStatus {
    /// Admits its holder.
    Valid,
    CheckedIn,
    Refunded,
    /// A code retired when the ticket was given to someone else.
    Transferred,
}

impl ListedStatus {
    pub(super) fn of(refunded: bool, checked_in_at: Option<i64>) -> Self {
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
    /// The holder's answers to the questions shown at the door (`show_at_door`); empty when none.
    flagged_answers: Vec<FlaggedAnswer>,
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
    /// Tickets scanned again after they admitted someone, and offline scans whose time was not
    /// believed (with their `doubt`).
    duplicates: Vec<DuplicateScan>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    /// The device downloading the list, named as in its batches. Its first download is the
    /// earliest its offline scans are believed from; a device id belongs to the session (or
    /// token) that first used it.
    #[param(min_length = 1, max_length = 64)]
    device_id: Option<String>,
}

/// The check-in list a door device keeps to check tickets in offline.
///
/// No code leaves the server: each ticket is a digest of its code, its holder's name, its
/// type and its state, with the live counts per ticket type and the duplicate scans. With
/// `deviceId`, the download is recorded for that device.
#[utoipa::path(
    get,
    path = "/check-in/list",
    operation_id = "check_in_list",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = CheckInList),
        (
            status = 400,
            description = "`deviceId` is empty, longer than 64 characters or has control characters.",
            body = ErrorBody,
        ),
        (
            status = 409,
            description = "The device id belongs to another session: the device must name itself afresh.",
            body = ErrorBody,
        ),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<CheckInList>, ApiError> {
    if let Some(named) = &query.device_id {
        let device_id = device_id(named).ok_or_else(|| {
            ApiError::BadRequest("Please name the device with 1 to 64 characters, without control characters.".into())
        })?;
        let at = unix_millis(state.clock.now());
        if !state.store.record_list_download(device_id, &actor.session, at).await? {
            return Err(ApiError::Conflict(
                "This device id belongs to another session. Please name this device afresh.".into(),
            ));
        }
    }
    let (tickets, retired) = state.store.check_in_list().await?;
    let answers = flagged_by_code(&state, None).await?;
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
            flagged_answers: flagged(&state.event, &ticket.ticket_type, answers.get(&ticket.code)),
            ticket_type: ticket.ticket_type,
        })
        .chain(retired.into_iter().map(|(code, ticket_type)| ListedEntry {
            hash: code_digest(&code),
            name: None,
            ticket_type,
            status: ListedStatus::Transferred,
            flagged_answers: Vec::new(),
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

/// The device id as it will be kept: trimmed, 1 to 64 characters sent, no control characters.
fn device_id(named: &str) -> Option<&str> {
    let trimmed = named.trim();
    let fits = !trimmed.is_empty() && named.chars().count() <= MAX_DEVICE_ID_CHARS;
    (fits && !trimmed.chars().any(char::is_control)).then_some(trimmed)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Batch {
    /// The device that made the scans, as it named itself when it downloaded the list.
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
    /// This device admitted the ticket before (the same person again, or the same scan sent
    /// again).
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
    /// Why the scan's time was not believed; absent when it was (and for refused codes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    doubt: Option<ScanDoubt>,
    /// The holder's answers to the questions shown at the door (`show_at_door`); empty when none.
    flagged_answers: Vec<FlaggedAnswer>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct BatchAnswer {
    /// One per scan, in the order sent.
    results: Vec<BatchResult>,
}

/// Records the scans a device made offline, each at its own time if the server believes it.
///
/// A scan's time is believed when the device belongs to the caller's session and the scan is
/// no earlier (allowing a device clock 5 minutes slow) than the device's first download of the
/// list (`GET /api/admin/check-in/list?deviceId=`), the ticket's code being issued and the doors
/// opening; a time after the batch's arrival is read as the arrival. The earliest believed scan
/// of a ticket admits it, whichever device sends first, but an online admission is never moved;
/// every other scan of an admitted ticket from another device is a `duplicate`, shown on the
/// dashboard and in the check-in list. A scan not believed is recorded there too, with its
/// `doubt`: it never admits over an existing admission, and admits a ticket not yet admitted at
/// the batch's arrival. Sending a scan again changes nothing: it answers `already_checked_in`.
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
    let device_id = device_id(&batch.device_id);
    let mut errors = FieldErrors::default();
    if device_id.is_none() {
        errors.add("deviceId", "Please send the device's id (up to 64 characters).");
    }
    if batch.scans.len() > MAX_SCANS {
        errors.add("scans", "Please send at most 500 scans at a time.");
    }
    let (Some(device_id), true) = (device_id, errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    let window = ScanWindow {
        listed_at: match state.store.door_device(device_id, &actor.session).await? {
            DoorDevice::Ours {
                first_list_at: Some(at),
            } => Ok(at),
            DoorDevice::Ours { first_list_at: None } => Err(ScanDoubt::BeforeListDownload),
            DoorDevice::Theirs => Err(ScanDoubt::DeviceOfAnotherSession),
        },
        doors_open: unix_millis(state.event.doors_open),
        arrival: unix_millis(state.clock.now()),
    };
    let codes: Vec<Option<String>> = batch.scans.iter().map(|scan| normalize_code(&scan.code)).collect();
    let known: Vec<String> = codes.iter().flatten().cloned().collect();
    let answers = flagged_by_code(&state, Some(&known)).await?;
    let mut results = Vec::with_capacity(batch.scans.len());
    for (scan, normalized) in batch.scans.into_iter().zip(codes) {
        let (outcome, doubt) = match normalized.clone() {
            None => (OfflineCheckIn::Unknown, None),
            Some(code) => {
                let scan_at = OfflineScan {
                    code,
                    // No scan happened after it arrived, nor before 1970: a clock that says so
                    // is read at the nearest possible time.
                    scanned_at: scan.scanned_at.clamp(0, window.arrival),
                };
                let recorded = state
                    .store
                    .record_offline_scan(&scan_at, &window, device_id, &actor.name)
                    .await?;
                (recorded.check_in, recorded.doubt)
            }
        };
        let flagged_answers = match (&outcome, &normalized) {
            (
                OfflineCheckIn::Admitted { ticket_type, .. }
                | OfflineCheckIn::AlreadyCheckedIn { ticket_type, .. }
                | OfflineCheckIn::Duplicate { ticket_type, .. }
                | OfflineCheckIn::Refunded { ticket_type, .. },
                Some(code),
            ) => flagged(&state.event, ticket_type, answers.get(code)),
            _ => Vec::new(),
        };
        let (result, message) = describe(&state, outcome, doubt);
        results.push(BatchResult {
            code: scan.code,
            result,
            message,
            doubt,
            flagged_answers,
        });
    }
    Ok(Json(BatchAnswer { results }))
}

fn describe(state: &AppState, outcome: OfflineCheckIn, doubt: Option<ScanDoubt>) -> (ScanResult, String) {
    let doubted = doubt.map_or(String::new(), |doubt| {
        format!(" This scan's own time was not believed: {}.", doubt_reason(doubt))
    });
    match outcome {
        OfflineCheckIn::Admitted {
            attendee_name,
            ticket_type,
            at,
        } => (
            ScanResult::Admitted,
            format!(
                "Admitted: {attendee_name}, {}, at {}.{doubted}",
                state.event.ticket_name(&ticket_type),
                state.event.venue_time(at),
            ),
        ),
        OfflineCheckIn::AlreadyCheckedIn {
            attendee_name,
            ticket_type,
            first_at,
        } => (
            ScanResult::AlreadyCheckedIn,
            format!(
                "Already checked in: {attendee_name}'s {} was admitted on this device at {}.{doubted}",
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
                "Duplicate: {attendee_name}'s {} was checked in at {} by {first_by}.{doubted}",
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

fn doubt_reason(doubt: ScanDoubt) -> &'static str {
    match doubt {
        ScanDoubt::DeviceOfAnotherSession => "this device id belongs to another session",
        ScanDoubt::BeforeListDownload => "it is before this device downloaded the check-in list",
        ScanDoubt::BeforeCodeIssued => "it is before the ticket's code was issued",
        ScanDoubt::BeforeDoorsOpen => "it is before the doors opened",
    }
}
