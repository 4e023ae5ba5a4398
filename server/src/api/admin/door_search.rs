//! Finding an attendee by name at the door (`GET /api/admin/check-in/search`), for someone
//! who lost their QR code. It answers tickets by id, never by code: a code leaves the server
//! only to its holder, and the door checks the person in with the id
//! (`POST /api/admin/check-in {"ticketId"}`). Each session's searches are limited
//! (`middleware::rate_limit`), so the search cannot walk the list of attendees.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::door::ListedStatus;
use super::responses::{AdminRead, SearchLimited, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

const SEARCH_RESULTS: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
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
    /// The ticket's id, to check the attendee in with (`POST /api/admin/check-in {"ticketId"}`).
    ticket_id: String,
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
///
/// Each session (or the script token) may search 20 times at once, then once every 5 seconds.
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
        SearchLimited,
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
                ticket_id: attendee.ticket_id,
                ticket_name: state.event.ticket_name(&attendee.ticket_type),
                status: ListedStatus::of(attendee.refunded, attendee.checked_in_at),
                attendee_name: attendee.attendee_name,
                checked_in_at: attendee.checked_in_at,
            })
            .collect(),
    }))
}
