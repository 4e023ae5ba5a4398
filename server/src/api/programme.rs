//! The programme for apps: rooms, tracks, sessions and speakers as the last applied import left them, times in the
//! venue's offset; serialised once a version.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, PoisonError};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use time::{Date, OffsetDateTime};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::markdown::to_html;
use crate::error::{ApiError, ErrorBody};
use crate::precompressed::Precompressed;
use crate::programme_site::{CACHE_CONTROL, Published, View};
use crate::state::AppState;
use crate::store::Store;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(programme))
        .routes(routes!(programme_seats))
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProgrammeAnswer {
    /// The applied import this is; null before the first.
    version: Option<i64>,
    /// The venue's IANA time zone, e.g. `America/New_York`; every time below carries its offset.
    timezone: String,
    /// The venue's dates that have sessions, `YYYY-MM-DD`, in order.
    days: Vec<String>,
    /// In the schedule's order, left to right.
    rooms: Vec<RoomAnswer>,
    tracks: Vec<TrackAnswer>,
    /// By start, then room; cancelled sessions too.
    sessions: Vec<SessionAnswer>,
    /// In the source's order.
    speakers: Vec<SpeakerAnswer>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct RoomAnswer {
    /// The source's id.
    id: String,
    name: String,
    capacity: Option<u32>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct TrackAnswer {
    /// The source's id.
    id: String,
    name: String,
    /// `#rrggbb`.
    colour: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SessionAnswer {
    /// The source's id.
    id: String,
    slug: String,
    title: String,
    /// keynote, talk, workshop, panel, break, hackathon or other.
    kind: &'static str,
    /// A track's `id`.
    track: Option<String>,
    level: Option<String>,
    language: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    start: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    end: OffsetDateTime,
    /// A room's `id`.
    room: Option<String>,
    /// Speakers' slugs, in the source's order.
    speakers: Vec<String>,
    /// Markdown, as the source wrote it.
    #[serde(rename = "abstract")]
    abstract_text: Option<String>,
    /// The abstract as HTML: raw HTML shown as text, links only to the web and email (`rel="nofollow noopener"`).
    abstract_html: Option<String>,
    /// An import removed the session; it is listed so that apps can say so.
    cancelled: bool,
    /// The session's workshop seats, when it takes sign-ups; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    seats: Option<SeatsAnswer>,
}

/// A session's seats, counted as the answer is made.
#[derive(Serialize, utoipa::ToSchema, Clone, Copy, Hash)]
#[serde(rename_all = "camelCase")]
struct SeatsAnswer {
    limit: u32,
    taken: i64,
    left: i64,
    /// Tickets in its waiting list.
    waiting: i64,
    /// When sign-up opens and closes, in the venue's offset.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    opens_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    closes_at: OffsetDateTime,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ProgrammeSeats {
    /// By the session's slug: every session that takes sign-ups.
    sessions: HashMap<String, SeatsAnswer>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct SpeakerAnswer {
    slug: String,
    name: String,
    tagline: Option<String>,
    /// The address of the speaker's photo on this site; null shows their initials.
    photo: Option<String>,
    /// The speaker gives a keynote.
    featured: bool,
}

/// The whole programme, for apps: what the schedule and the speakers' pages show.
#[utoipa::path(
    get,
    path = "/programme",
    tag = "programme",
    responses(
        (status = 200, description = "The programme; empty lists before the first import.", body = ProgrammeAnswer),
        (status = 500, description = "The programme could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn programme(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let published = (state.programme.current(&state.store).await).map_err(|error| ApiError::Internal(error.into()))?;
    let Some(published) = published else {
        let empty = ProgrammeAnswer {
            version: None,
            timezone: state.event.timezone.clone(),
            days: Vec::new(),
            rooms: Vec::new(),
            tracks: Vec::new(),
            sessions: Vec::new(),
            speakers: Vec::new(),
        };
        // Public, but a new import changes it: browsers ask again each time.
        return Ok(([(header::CACHE_CONTROL, CACHE_CONTROL)], Json(empty)).into_response());
    };
    if !published.view.signups.is_empty() {
        return seated_answer(&state, &published, &headers).await;
    }
    if let Some(answer) = published.api_answer.get() {
        return Ok(answer.respond(&headers));
    }
    let serialising = Arc::clone(&published);
    // Serialising and compressing a large programme takes milliseconds of CPU: off the threads that answer requests.
    let answer = tokio::task::spawn_blocking(move || {
        serde_json::to_vec(&answer(&serialising.view))
            .map(|json| Precompressed::compress(json, "application/json", CACHE_CONTROL))
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("serialising the programme")))?
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("serialising the programme")))?;
    Ok(published.api_answer.get_or_init(|| answer).respond(&headers))
}

/// The answer with the seats as they are now: the one made last while no count changed since (a busy programme is
/// asked for far more often than a seat changes), else made again off the threads that answer requests.
async fn seated_answer(
    state: &AppState,
    published: &Arc<Published>,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let seats = seat_answers(&state.store, &published.view).await?;
    let mut counted: Vec<(&String, &SeatsAnswer)> = seats.iter().collect();
    counted.sort_unstable_by_key(|(slug, _)| *slug);
    let mut hasher = std::hash::DefaultHasher::new();
    counted.hash(&mut hasher);
    let key = hasher.finish();
    let made = (published.seated_answer.lock().unwrap_or_else(PoisonError::into_inner)).clone();
    if let Some((made_with, answer)) = made
        && made_with == key
    {
        return Ok(answer.respond(headers));
    }
    let serialising = Arc::clone(published);
    let answer = tokio::task::spawn_blocking(move || {
        let mut answer = answer(&serialising.view);
        for session in &mut answer.sessions {
            session.seats = (!session.cancelled)
                .then(|| seats.get(&session.slug).copied())
                .flatten();
        }
        serde_json::to_vec(&answer).map(|json| Precompressed::compress(json, "application/json", CACHE_CONTROL))
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("serialising the programme")))?
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error).context("serialising the programme")))?;
    *published.seated_answer.lock().unwrap_or_else(PoisonError::into_inner) = Some((key, answer.clone()));
    Ok(answer.respond(headers))
}

/// The seats of every session that takes sign-ups, for the pages to poll.
#[utoipa::path(
    get,
    path = "/programme/seats",
    tag = "programme",
    responses(
        (status = 200, description = "Seats by session slug; an empty object before the first import or when no \
                                      session takes sign-ups.", body = ProgrammeSeats),
        (status = 500, description = "The seats could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to ask again.", body = ErrorBody),
    )
)]
async fn programme_seats(State(state): State<AppState>) -> Result<Response, ApiError> {
    let published = (state.programme.current(&state.store).await).map_err(|error| ApiError::Internal(error.into()))?;
    let sessions = match published {
        Some(published) if !published.view.signups.is_empty() => seat_answers(&state.store, &published.view).await?,
        _ => HashMap::new(),
    };
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(ProgrammeSeats { sessions })).into_response())
}

async fn seat_answers(store: &Store, view: &View) -> Result<HashMap<String, SeatsAnswer>, ApiError> {
    let counts: HashMap<String, (i64, i64)> = (store.seat_counts().await?.into_iter())
        .map(|count| (count.source_id, (count.taken, count.waiting)))
        .collect();
    Ok((view.programme.sessions.iter())
        .filter_map(|session| {
            let signup = view.signups.get(&session.slug)?;
            let (taken, waiting) = counts.get(&session.source_id).copied().unwrap_or((0, 0));
            Some((
                session.slug.clone(),
                SeatsAnswer {
                    limit: signup.limit,
                    taken,
                    left: (i64::from(signup.limit) - taken).max(0),
                    waiting,
                    opens_at: signup.window.opens_at.to_offset(view.venue),
                    closes_at: signup.window.closes_at.to_offset(view.venue),
                },
            ))
        })
        .collect())
}

fn answer(view: &View) -> ProgrammeAnswer {
    let programme = &view.programme;
    let slug_of = |source_id: &String| {
        programme
            .speakers
            .iter()
            .find(|speaker| &speaker.source_id == source_id)
            .map(|speaker| speaker.slug.clone())
    };
    ProgrammeAnswer {
        version: Some(view.number),
        timezone: view.timezone.clone(),
        days: view.days.iter().map(Date::to_string).collect(),
        rooms: programme
            .rooms
            .iter()
            .map(|room| RoomAnswer {
                id: room.source_id.clone(),
                name: room.name.clone(),
                capacity: room.capacity,
            })
            .collect(),
        tracks: programme
            .tracks
            .iter()
            .map(|track| TrackAnswer {
                id: track.source_id.clone(),
                name: track.name.clone(),
                colour: track.colour.clone(),
            })
            .collect(),
        sessions: view
            .listed
            .iter()
            .map(|listed| {
                let session = &listed.session;
                SessionAnswer {
                    id: session.source_id.clone(),
                    slug: session.slug.clone(),
                    title: session.title.clone(),
                    kind: session.kind.as_str(),
                    track: session.track.clone(),
                    level: session.level.clone(),
                    language: session.language.clone(),
                    start: session.start.to_offset(view.venue),
                    end: session.end.to_offset(view.venue),
                    room: session.room.clone(),
                    speakers: session.speakers.iter().filter_map(slug_of).collect(),
                    abstract_html: session.abstract_text.as_deref().map(to_html),
                    abstract_text: session.abstract_text.clone(),
                    cancelled: listed.cancelled,
                    seats: None,
                }
            })
            .collect(),
        speakers: view
            .speakers
            .iter()
            .map(|speaker| SpeakerAnswer {
                slug: speaker.speaker.slug.clone(),
                name: speaker.speaker.name.clone(),
                tagline: speaker.speaker.tagline.clone(),
                photo: speaker.photo.clone(),
                featured: speaker.featured,
            })
            .collect(),
    }
}
