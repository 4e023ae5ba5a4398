//! One version of the programme as its pages read it: every session (cancelled ones too) with its room, track and
//! speakers found by id, the venue's days, and what the last import moved.

use std::collections::{BTreeSet, HashMap, HashSet};

use time::{Date, OffsetDateTime, UtcOffset};

use crate::event::Event;
use crate::programme::{Moved, Programme, Room, Session, SessionKind, Speaker, Track};
use crate::seats::{self, Override, SessionFacts, Window};
use crate::speaker_photos::PhotoUrls;
use crate::store::{ProgrammeRevision, ProgrammeVersion, VersionedProgramme};

pub struct View {
    pub number: i64,
    /// The version and the speakers' photos it shows: a new photo changes the pages without a new version.
    pub revision: ProgrammeRevision,
    pub published_at: OffsetDateTime,
    pub venue: UtcOffset,
    /// The venue's IANA zone, e.g. `America/New_York`.
    pub timezone: String,
    /// How times are labelled, e.g. "Miami time".
    pub zone_label: String,
    pub programme: Programme,
    /// Every session, on the programme or cancelled, by start, then room.
    pub listed: Vec<Listed>,
    /// In the source's order.
    pub speakers: Vec<SpeakerView>,
    /// The venue's dates that have sessions, in order.
    pub days: Vec<Date>,
    /// Newest first.
    pub versions: Vec<ProgrammeVersion>,
    /// The sessions on the programme that take sign-ups, by slug.
    pub signups: HashMap<String, SignUp>,
    rooms: HashMap<String, usize>,
    tracks: HashMap<String, usize>,
    speaker_ids: HashMap<String, usize>,
    speaker_slugs: HashMap<String, usize>,
    session_slugs: HashMap<String, usize>,
}

pub struct Listed {
    pub session: Session,
    pub cancelled: bool,
}

pub struct SpeakerView {
    pub speaker: Speaker,
    /// The address of the speaker's photo on this site; their initials show without one.
    pub photo: Option<String>,
    /// The same photo at 400 px, for sharp pictures on dense screens.
    pub photo_large: Option<String>,
    /// The speaker gives a keynote.
    pub featured: bool,
}

/// A session's sign-up: its seats and when it is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignUp {
    pub limit: u32,
    pub window: Window,
}

#[derive(Debug, thiserror::Error)]
#[error("the programme has no version")]
pub struct NoVersion;

impl View {
    pub fn new(
        current: VersionedProgramme,
        versions: Vec<ProgrammeVersion>,
        photos: &HashMap<String, PhotoUrls>,
        overrides: &HashMap<String, Override>,
        revision: ProgrammeRevision,
        event: &Event,
    ) -> Result<Self, NoVersion> {
        let version = current.version.ok_or(NoVersion)?;
        let venue = event.starts_at.offset();
        let programme = current.programme;
        let mut listed: Vec<Listed> = (programme.sessions.iter().cloned())
            .map(|session| Listed {
                session,
                cancelled: false,
            })
            .chain(current.cancelled.into_iter().map(|session| Listed {
                session,
                cancelled: true,
            }))
            .collect();
        let room_position: HashMap<&str, usize> = (programme.rooms.iter().enumerate())
            .map(|(position, room)| (room.source_id.as_str(), position))
            .collect();
        listed.sort_by_key(|entry| {
            let room = (entry.session.room.as_deref()).and_then(|room| room_position.get(room).copied());
            (entry.session.start, room.is_none(), room)
        });
        let keynote_speakers: HashSet<&String> = (programme.sessions.iter())
            .filter(|session| session.kind == SessionKind::Keynote)
            .flat_map(|session| &session.speakers)
            .collect();
        let speakers: Vec<SpeakerView> = (programme.speakers.iter())
            .map(|speaker| SpeakerView {
                featured: keynote_speakers.contains(&speaker.source_id),
                speaker: speaker.clone(),
                photo: photos.get(&speaker.source_id).map(|urls| urls.small.clone()),
                photo_large: photos.get(&speaker.source_id).map(|urls| urls.large.clone()),
            })
            .collect();
        let days: BTreeSet<Date> = (programme.sessions.iter())
            .map(|session| session.start.to_offset(venue).date())
            .collect();
        let index = |ids: Vec<&String>| -> HashMap<String, usize> {
            ids.into_iter()
                .enumerate()
                .map(|(position, id)| (id.clone(), position))
                .collect()
        };
        // A cancelled session's slug may have been given to a new one since: the one on the programme wins.
        let mut session_slugs = HashMap::new();
        for (position, entry) in listed.iter().enumerate() {
            let kept = session_slugs
                .get(&entry.session.slug)
                .map(|&kept: &usize| &listed[kept]);
            if kept.is_none_or(|kept| kept.cancelled && !entry.cancelled) {
                session_slugs.insert(entry.session.slug.clone(), position);
            }
        }
        let signups = sign_ups(&programme, &versions, overrides, event);
        Ok(Self {
            signups,
            number: version.number,
            revision,
            published_at: OffsetDateTime::from_unix_timestamp_nanos(i128::from(version.applied_at) * 1_000_000)
                .unwrap_or(OffsetDateTime::UNIX_EPOCH),
            venue,
            timezone: event.timezone.clone(),
            zone_label: zone_label(&event.venue.area),
            rooms: index(programme.rooms.iter().map(|room| &room.source_id).collect()),
            tracks: index(programme.tracks.iter().map(|track| &track.source_id).collect()),
            speaker_ids: index(programme.speakers.iter().map(|speaker| &speaker.source_id).collect()),
            speaker_slugs: index(programme.speakers.iter().map(|speaker| &speaker.slug).collect()),
            session_slugs,
            days: days.into_iter().collect(),
            programme,
            listed,
            speakers,
            versions,
        })
    }

    pub fn room(&self, source_id: Option<&str>) -> Option<&Room> {
        source_id
            .and_then(|id| self.rooms.get(id))
            .map(|&position| &self.programme.rooms[position])
    }

    pub fn track(&self, source_id: Option<&str>) -> Option<&Track> {
        source_id
            .and_then(|id| self.tracks.get(id))
            .map(|&position| &self.programme.tracks[position])
    }

    /// The session's speakers, in its order.
    pub fn speakers_of<'a>(&'a self, session: &'a Session) -> impl Iterator<Item = &'a SpeakerView> {
        (session.speakers.iter())
            .filter_map(|id| self.speaker_ids.get(id))
            .map(|&position| &self.speakers[position])
    }

    pub fn speaker(&self, slug: &str) -> Option<&SpeakerView> {
        self.speaker_slugs.get(slug).map(|&position| &self.speakers[position])
    }

    pub fn session(&self, slug: &str) -> Option<&Listed> {
        self.session_slugs.get(slug).map(|&position| &self.listed[position])
    }

    /// The speaker's sessions, by start.
    pub fn sessions_of<'a>(&'a self, speaker: &'a Speaker) -> impl Iterator<Item = &'a Listed> {
        (self.listed.iter()).filter(|entry| entry.session.speakers.contains(&speaker.source_id))
    }

    /// The venue's date the session starts on.
    pub fn day_of(&self, session: &Session) -> Date {
        session.start.to_offset(self.venue).date()
    }

    /// Where the last import moved the session from and to.
    pub fn moved(&self, slug: &str) -> Option<&Moved> {
        let last = self.versions.iter().find(|version| version.number == self.number)?;
        last.changes.moved.iter().find(|moved| moved.session == slug)
    }

    /// Keynote speakers first, then the others by name.
    pub fn speakers_in_order(&self) -> Vec<&SpeakerView> {
        let mut speakers: Vec<&SpeakerView> = self.speakers.iter().collect();
        speakers.sort_by_cached_key(|view| (!view.featured, view.speaker.name.to_lowercase()));
        speakers
    }

    /// Whether the site has a programme to show: at least one session on it.
    pub fn has_sessions(&self) -> bool {
        !self.programme.sessions.is_empty()
    }
}

/// The sessions on the programme that take sign-ups; sign-up opens by default when the programme was first published.
fn sign_ups(
    programme: &Programme,
    versions: &[ProgrammeVersion],
    overrides: &HashMap<String, Override>,
    event: &Event,
) -> HashMap<String, SignUp> {
    let first_published = versions.last().map_or(0, |version| version.applied_at);
    let published = OffsetDateTime::from_unix_timestamp_nanos(i128::from(first_published) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .to_offset(event.starts_at.offset());
    let capacity = |room: Option<&str>| {
        (programme.rooms.iter())
            .find(|candidate| Some(candidate.source_id.as_str()) == room)
            .and_then(|room| room.capacity)
    };
    (programme.sessions.iter())
        .filter_map(|session| {
            let facts = SessionFacts {
                kind: session.kind,
                room_capacity: capacity(session.room.as_deref()),
                start: session.start,
                end: session.end,
            };
            let chosen = overrides.get(&session.source_id).copied().unwrap_or_default();
            let limit = seats::seat_limit(&facts, chosen)?;
            let window = seats::window(
                &event.workshops,
                published,
                session.start.to_offset(event.starts_at.offset()),
            );
            Some((session.slug.clone(), SignUp { limit, window }))
        })
        .collect()
}

/// "Miami time" for the area "South Beach, Miami": its last part names the place visitors know.
fn zone_label(area: &str) -> String {
    let place = area.rsplit(',').next().unwrap_or(area).trim();
    format!("{place} time")
}

#[cfg(test)]
mod tests {
    use super::zone_label;

    #[test]
    fn the_zone_is_labelled_by_the_areas_last_part() {
        assert_eq!(zone_label("South Beach, Miami"), "Miami time");
        assert_eq!(zone_label("Lisbon"), "Lisbon time");
    }
}
