//! The programme for apps: rooms, tracks, sessions and speakers as the last applied import left them, times in the
//! venue's offset.

use std::collections::{BTreeSet, HashMap, HashSet};

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;
use time::{Date, OffsetDateTime, UtcOffset};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::programme::{Programme, SessionKind};
use crate::speaker_photos::PhotoUrls;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(programme))
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
    /// By start, then room.
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
    cancelled: bool,
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
async fn programme(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    let current = state.store.versioned_programme().await?;
    let photos = state.store.speaker_photos().await?;
    let answer = answer(
        current.programme,
        &photos,
        current.version.map(|version| version.number),
        state.event.timezone.clone(),
        state.event.starts_at.offset(),
    );
    // Public, but a new import changes it: browsers ask again each time.
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(answer)))
}

fn answer(
    programme: Programme,
    photos: &HashMap<String, PhotoUrls>,
    version: Option<i64>,
    timezone: String,
    venue: UtcOffset,
) -> ProgrammeAnswer {
    let slug_of = |source_id: &String| {
        programme
            .speakers
            .iter()
            .find(|speaker| &speaker.source_id == source_id)
            .map(|speaker| speaker.slug.clone())
    };
    let keynote_speakers: HashSet<&String> = programme
        .sessions
        .iter()
        .filter(|session| session.kind == SessionKind::Keynote)
        .flat_map(|session| &session.speakers)
        .collect();
    let days: BTreeSet<Date> = programme
        .sessions
        .iter()
        .map(|session| session.start.to_offset(venue).date())
        .collect();
    ProgrammeAnswer {
        version,
        timezone,
        days: days.iter().map(Date::to_string).collect(),
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
        sessions: programme
            .sessions
            .iter()
            .map(|session| SessionAnswer {
                id: session.source_id.clone(),
                slug: session.slug.clone(),
                title: session.title.clone(),
                kind: session.kind.as_str(),
                track: session.track.clone(),
                level: session.level.clone(),
                language: session.language.clone(),
                start: session.start.to_offset(venue),
                end: session.end.to_offset(venue),
                room: session.room.clone(),
                speakers: session.speakers.iter().filter_map(slug_of).collect(),
                abstract_text: session.abstract_text.clone(),
                cancelled: false,
            })
            .collect(),
        speakers: programme
            .speakers
            .iter()
            .map(|speaker| SpeakerAnswer {
                slug: speaker.slug.clone(),
                name: speaker.name.clone(),
                tagline: speaker.tagline.clone(),
                photo: photos.get(&speaker.source_id).map(|urls| urls.small.clone()),
                featured: keynote_speakers.contains(&speaker.source_id),
            })
            .collect(),
    }
}
