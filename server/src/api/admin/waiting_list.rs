//! The waiting list's queues for the organizer: who waits for what, each offer's state, why
//! free units did not go out, and moving an entry up, offering by hand or taking one off.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, ServerTrouble};
use crate::api::params::ApiPath;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::store::{DeskError, EntryState, WaitingListEntry, WaitingListQueue};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(move_up))
        .routes(routes!(offer))
        .routes(routes!(remove))
}

const NO_SUCH_ENTRY: &str = "There is no such entry on the waiting list.";

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Queues {
    /// How long an offer holds its units.
    offer_hours: u32,
    queues: Vec<QueueView>,
}

/// One item's (or merchandise variant's) queue.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitingListQueue)]
struct QueueView {
    #[schema(value_type = String, example = "ticket")]
    kind: &'static str,
    /// The stock key it waits on: the item's, or its variant's.
    #[schema(example = "ticket:developer")]
    sku: String,
    /// With the variant: "Hackathon Tee (M, Black)".
    item_name: String,
    /// Units neither sold nor held now, those owed to the queue included; `null` for an item
    /// without a limit.
    #[schema(required = true)]
    free: Option<i64>,
    /// Entries waiting, and the units they want.
    waiting: i64,
    waiting_units: i64,
    /// Why the first in line has no offer though units are free (fewer than they want: the
    /// first behind them who wants few enough gets them; or the next sweep makes it), or though
    /// units came back and went to someone behind them who asked for fewer; `null` when nothing
    /// needs explaining.
    #[schema(required = true)]
    blocked: Option<String>,
    /// Waiting entries first, by place; then the others, the latest change first.
    entries: Vec<EntryView>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitingListEntry)]
struct EntryView {
    id: String,
    /// Its place among the queue's waiting entries (1 is next); `null` once it is not waiting.
    #[schema(required = true)]
    place: Option<i64>,
    name: String,
    email: String,
    quantity: i64,
    state: EntryState,
    /// The offer's code, once one went out.
    #[schema(required = true)]
    code: Option<String>,
    /// Unix ms.
    #[schema(required = true)]
    offered_at: Option<i64>,
    /// When the offer's hold ends (Unix ms).
    #[schema(required = true)]
    offer_expires_at: Option<i64>,
    /// When an offer first went to someone behind this entry who asked for fewer units than
    /// it wants (Unix ms): it kept its place, and its person was emailed once.
    #[schema(required = true)]
    passed_over_at: Option<i64>,
    joined_at: i64,
}

fn entry_view(entry: WaitingListEntry, place: Option<i64>) -> EntryView {
    EntryView {
        id: entry.id,
        place,
        name: entry.name,
        email: entry.email,
        quantity: entry.quantity,
        state: entry.state,
        code: entry.code,
        offered_at: entry.offered_at,
        offer_expires_at: entry.offer_expires_at,
        passed_over_at: entry.passed_over_at,
        joined_at: entry.created_at,
    }
}

fn plural(units: i64) -> &'static str {
    if units == 1 { "unit" } else { "units" }
}

/// Why the first waiting entry of `queue` has no offer: units are free but not for it, or
/// not yet; or units came back and went to someone behind it.
fn blocked(queue: &WaitingListQueue, offer_sweep_seconds: u64) -> Option<String> {
    let first = queue.waiting().next()?;
    let (free, wants) = (queue.free?.max(0), first.quantity);
    let units = plural(free);
    let free_units = if free == 0 {
        None
    } else if wants <= free {
        Some(format!(
            "{free} {units} free: the offer to the first in line goes out within {offer_sweep_seconds} seconds."
        ))
    } else if queue.waiting().any(|entry| entry.quantity <= free) {
        Some(format!(
            "{free} {units} free, fewer than the {wants} the first in line wants: the offer to the first behind \
             them who wants {free} or fewer goes out within {offer_sweep_seconds} seconds."
        ))
    } else {
        Some(format!(
            "{free} {units} free, fewer than the {wants} the first in line wants, and nobody behind them wants so \
             few: offers go out as more come back."
        ))
    };
    let passed_over = first.passed_over_at.map(|_| {
        format!(
            "The first in line wants {wants} and keeps their place: units that came back went to someone behind \
             them who asked for fewer, and they are told so by email."
        )
    });
    match (free_units, passed_over) {
        (Some(free_units), Some(passed_over)) => Some(format!("{free_units} {passed_over}")),
        (free_units, passed_over) => free_units.or(passed_over),
    }
}

/// Every queue that has or had entries, with its entries and offers.
#[utoipa::path(
    get,
    path = "/waiting-list",
    operation_id = "list_waiting_list",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Queues), AdminRead, ServerTrouble)
)]
async fn list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Queues>, ApiError> {
    let queues = state.store.waiting_list_queues().await?;
    let sweep_seconds = crate::orders::EXPIRY_SWEEP_EVERY.as_secs();
    let views = queues
        .into_iter()
        .map(|queue| {
            let blocked = blocked(&queue, sweep_seconds);
            let (kind, item_name) = queue
                .entries
                .first()
                .map(|first| (first.kind.as_str(), first.item_label()))
                .unwrap_or_default();
            let waiting: Vec<&WaitingListEntry> = queue.waiting().collect();
            let waiting_count = waiting.len() as i64;
            let waiting_units = waiting.iter().map(|entry| entry.quantity).sum();
            let mut place = 0;
            let entries = queue
                .entries
                .into_iter()
                .map(|entry| {
                    let at = (entry.state == EntryState::Waiting).then(|| {
                        place += 1;
                        place
                    });
                    entry_view(entry, at)
                })
                .collect();
            QueueView {
                kind,
                sku: queue.key,
                item_name,
                free: queue.free,
                waiting: waiting_count,
                waiting_units,
                blocked,
                entries,
            }
        })
        .collect();
    Ok(Json(Queues {
        offer_hours: state.event.offer_hours,
        queues: views,
    }))
}

fn desk_error(error: DeskError) -> ApiError {
    match error {
        DeskError::NotFound => ApiError::NotFound(NO_SUCH_ENTRY.into()),
        DeskError::NotWaiting(state) => ApiError::Conflict(format!(
            "This entry is no longer waiting: {}.",
            match state {
                EntryState::Waiting => "it is waiting again",
                EntryState::Offered => "its offer went out already",
                EntryState::Used => "its offer was used",
                EntryState::Expired => "its offer expired",
                EntryState::Declined => "its offer was declined",
                EntryState::Removed => "it was taken off the queue",
            }
        )),
        DeskError::FirstAlready => ApiError::Conflict("This entry is first in its queue already.".into()),
        DeskError::TooFewFree { free } => ApiError::Conflict(format!(
            "Only {free} {} free now, fewer than this entry wants. An offer goes out once enough come back.",
            plural(free)
        )),
        DeskError::Store(error) => error.into(),
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WaitingListMove)]
struct Moved {
    /// The entry's new place in its queue.
    place: i64,
}

/// Moves a waiting entry one place up its queue, ahead of the entry before it.
#[utoipa::path(
    post,
    path = "/waiting-list/{id}/move-up",
    operation_id = "move_waiting_list_entry_up",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The entry's id.")),
    responses(
        (status = 200, description = "Moved up; its new place.", body = Moved),
        (status = 404, description = "There is no such entry.", body = ErrorBody),
        (status = 409, description = "The entry is not waiting, or is first already.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn move_up(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Moved>, ApiError> {
    let place = state.store.move_entry_up(&id, &actor.name).await.map_err(desk_error)?;
    Ok(Json(Moved { place }))
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitingListOffer)]
struct Offered {
    code: String,
    /// When its hold ends (Unix ms).
    offer_expires_at: i64,
}

/// Offers a waiting entry its units now, out of its turn, if that many are free; the offer is
/// emailed as the automatic ones are.
#[utoipa::path(
    post,
    path = "/waiting-list/{id}/offer",
    operation_id = "offer_to_waiting_list_entry",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The entry's id.")),
    responses(
        (status = 200, description = "Offered; the code holds the units.", body = Offered),
        (status = 404, description = "There is no such entry.", body = ErrorBody),
        (status = 409, description = "The entry is not waiting, or fewer units are free than it wants.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn offer(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Offered>, ApiError> {
    let entry = state.store.offer_by_hand(&id, &actor.name).await.map_err(desk_error)?;
    match (entry.code, entry.offer_expires_at) {
        (Some(code), Some(offer_expires_at)) => Ok(Json(Offered { code, offer_expires_at })),
        _ => Err(ApiError::Internal(anyhow::anyhow!("an offer was made without a code"))),
    }
}

/// Takes an entry off its queue. A waiting entry's units are no longer kept for it; an
/// offered one's code stops working and its units go to the next entry.
#[utoipa::path(
    delete,
    path = "/waiting-list/{id}",
    operation_id = "remove_waiting_list_entry",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The entry's id.")),
    responses(
        (status = 204, description = "Taken off the queue."),
        (status = 404, description = "There is no such entry.", body = ErrorBody),
        (status = 409, description = "The entry's offer was used, or it is off the queue already.", body = ErrorBody),
        AdminChange,
        ServerTrouble,
    )
)]
async fn remove(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    state.store.remove_entry(&id, &actor.name).await.map_err(desk_error)?;
    Ok(StatusCode::NO_CONTENT)
}
