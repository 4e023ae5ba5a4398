//! The schedule as the files conference apps and video teams read: `/schedule.json` (c3voc), `/schedule.xml` (frab)
//! and `/schedule.ics` (every session). Each version of the programme is rendered and compressed once, on its first
//! request, and kept in memory: the same version answers the same bytes, so its ETag holds until the next import.
//! `/schedule.ics?sessions=a,b` holds the sessions a visitor chose.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::programme_site::{CACHE_CONTROL, Published};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(schedule_json))
        .routes(routes!(schedule_xml))
        .routes(routes!(schedule_ics))
}

/// The schedule in the c3voc JSON format, as pretalx writes its `schedule.json`; `schedule.version` is `v{n}`.
#[utoipa::path(
    get,
    path = "/schedule.json",
    tag = "programme",
    responses(
        (status = 200, description = "The c3voc schedule; `ETag` names the version's bytes.", body = Object, content_type = "application/json; charset=utf-8"),
        (status = 304, description = "The client's copy (`If-None-Match`) is current."),
        (status = 404, description = "The event has no programme yet.", body = ErrorBody),
        (status = 500, description = "The programme could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn schedule_json(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    Ok(current(&state).await?.exports().json.respond(&headers))
}

/// The schedule in the frab XML format; `<version>` is `v{n}`.
#[utoipa::path(
    get,
    path = "/schedule.xml",
    tag = "programme",
    responses(
        (status = 200, description = "The frab schedule; `ETag` names the version's bytes.", body = String, content_type = "application/xml; charset=utf-8"),
        (status = 304, description = "The client's copy (`If-None-Match`) is current."),
        (status = 404, description = "The event has no programme yet.", body = ErrorBody),
        (status = 500, description = "The programme could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn schedule_xml(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    Ok(current(&state).await?.exports().xml.respond(&headers))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CalendarQuery {
    /// Session slugs, comma separated: the calendar holds those only (unknown ones are ignored); without it, every
    /// session.
    sessions: Option<String>,
}

/// Every session as an iCalendar event, or the ones `sessions` names; the calendar's `PRODID` names the version
/// `v{n}`.
#[utoipa::path(
    get,
    path = "/schedule.ics",
    tag = "programme",
    params(CalendarQuery),
    responses(
        (status = 200, description = "The calendar; with every session, `ETag` names the version's bytes.", body = String, content_type = "text/calendar; charset=utf-8"),
        (status = 304, description = "The client's copy (`If-None-Match`) is current."),
        (status = 404, description = "The event has no programme yet.", body = ErrorBody),
        (status = 500, description = "The programme could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn schedule_ics(
    State(state): State<AppState>,
    Query(query): Query<CalendarQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Some(sessions) = query.sessions else {
        return Ok(current(&state).await?.exports().ics.respond(&headers));
    };
    let published = published(&state).await?;
    let slugs: Vec<&str> = sessions
        .split(',')
        .map(str::trim)
        .filter(|slug| !slug.is_empty())
        .collect();
    // A visitor's own choice: small, made on each request, and not worth keeping.
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (header::CACHE_CONTROL, CACHE_CONTROL),
        ],
        published.calendar_of(&slugs),
    )
        .into_response())
}

/// The programme's current version.
async fn published(state: &AppState) -> Result<Arc<Published>, ApiError> {
    state
        .programme
        .current(&state.store)
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .ok_or_else(no_programme)
}

/// The current version with its files, rendered off the async threads on their first request.
async fn current(state: &AppState) -> Result<Arc<Published>, ApiError> {
    let published = published(state).await?;
    if published.exports.get().is_none() {
        let rendering = Arc::clone(&published);
        tokio::task::spawn_blocking(move || {
            rendering.exports();
        })
        .await
        .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("rendering the schedule files")))?;
    }
    Ok(published)
}

fn no_programme() -> ApiError {
    ApiError::NotFound("The event has no programme yet.".into())
}
