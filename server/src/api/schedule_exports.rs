//! The schedule as the files conference apps and video teams read: `/schedule.json` (c3voc), `/schedule.xml` (frab)
//! and `/schedule.ics` (every session). Each version of the programme is rendered and compressed once, on its first
//! request, and kept in memory: the same version answers the same bytes, so its ETag holds until the next import.

use std::sync::{Arc, Mutex, PoisonError};

use axum::Extension;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::precompressed::Precompressed;
use crate::programme::Programme;
use crate::programme::export::{ExportInfo, c3voc_json, frab_xml, ics};
use crate::state::AppState;

/// Public, but an import changes them: clients ask again each time, and a current copy costs them a 304.
const CACHE_CONTROL: &str = "no-cache";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(schedule_json))
        .routes(routes!(schedule_xml))
        .routes(routes!(schedule_ics))
        .layer(Extension(Arc::new(ScheduleFiles::default())))
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
async fn schedule_json(
    State(state): State<AppState>,
    Extension(files): Extension<Arc<ScheduleFiles>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(files.current(&state).await?.json.respond(&headers))
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
async fn schedule_xml(
    State(state): State<AppState>,
    Extension(files): Extension<Arc<ScheduleFiles>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(files.current(&state).await?.xml.respond(&headers))
}

/// Every session as an iCalendar event; the calendar's `PRODID` names the version `v{n}`.
#[utoipa::path(
    get,
    path = "/schedule.ics",
    tag = "programme",
    responses(
        (status = 200, description = "The calendar; `ETag` names the version's bytes.", body = String, content_type = "text/calendar; charset=utf-8"),
        (status = 304, description = "The client's copy (`If-None-Match`) is current."),
        (status = 404, description = "The event has no programme yet.", body = ErrorBody),
        (status = 500, description = "The programme could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn schedule_ics(
    State(state): State<AppState>,
    Extension(files): Extension<Arc<ScheduleFiles>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(files.current(&state).await?.ics.respond(&headers))
}

/// The three files of the newest version rendered so far.
#[derive(Default)]
struct ScheduleFiles {
    newest: Mutex<Option<Arc<RenderedVersion>>>,
}

struct RenderedVersion {
    number: i64,
    json: Precompressed,
    xml: Precompressed,
    ics: Precompressed,
}

impl ScheduleFiles {
    /// The files of the programme's current version, rendered now if no request has asked for it yet.
    async fn current(&self, state: &AppState) -> Result<Arc<RenderedVersion>, ApiError> {
        let number = state.store.programme_version().await?.ok_or_else(no_programme)?;
        if let Some(rendered) = self.rendered(number) {
            return Ok(rendered);
        }
        // The version may have moved on since it was asked for: render what this snapshot holds, under its number.
        let current = state.store.versioned_programme().await?;
        let (programme, version) = (current.programme, current.version.ok_or_else(no_programme)?);
        let published_at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(version.applied_at) * 1_000_000)
            .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("a version's applied_at")))?;
        let info = ExportInfo::for_event(&state.event, &state.settings.public_url, version.number, published_at);
        // Rendering and compressing a large programme takes milliseconds of CPU: off the threads that answer requests.
        let rendered = tokio::task::spawn_blocking(move || RenderedVersion::render(&programme, &info, version.number))
            .await
            .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("rendering the schedule files")))?;
        let rendered = Arc::new(rendered);
        self.keep(&rendered);
        Ok(rendered)
    }

    fn rendered(&self, number: i64) -> Option<Arc<RenderedVersion>> {
        let newest = self.newest.lock().unwrap_or_else(PoisonError::into_inner);
        newest.as_ref().filter(|rendered| rendered.number == number).cloned()
    }

    /// Two requests may render the same version at once; an older one finishing last does not replace a newer.
    fn keep(&self, rendered: &Arc<RenderedVersion>) {
        let mut newest = self.newest.lock().unwrap_or_else(PoisonError::into_inner);
        if newest.as_ref().is_none_or(|kept| kept.number < rendered.number) {
            *newest = Some(Arc::clone(rendered));
        }
    }
}

impl RenderedVersion {
    fn render(programme: &Programme, info: &ExportInfo, number: i64) -> Self {
        Self {
            number,
            json: Precompressed::compress(
                c3voc_json(programme, info),
                "application/json; charset=utf-8",
                CACHE_CONTROL,
            ),
            xml: Precompressed::compress(
                frab_xml(programme, info),
                "application/xml; charset=utf-8",
                CACHE_CONTROL,
            ),
            ics: Precompressed::compress(
                ics(programme, &programme.sessions, info),
                "text/calendar; charset=utf-8",
                CACHE_CONTROL,
            ),
        }
    }
}

fn no_programme() -> ApiError {
    ApiError::NotFound("The event has no programme yet.".into())
}
