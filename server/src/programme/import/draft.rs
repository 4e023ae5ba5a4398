//! What every format's reader hands over: the entries as the file gives them. Turning them into a `Programme`
//! applies the rules all formats share: the limits, the speakers' references, unique slugs and the order.

use std::collections::HashSet;

use super::error::{Entry, ImportError, Problem};
use super::slug::Slugs;
use crate::programme::model::{Programme, Room, Session, Speaker, Track};

const MAX_SESSIONS: usize = 5_000;
const MAX_SPEAKERS: usize = 5_000;
const MAX_TITLE: usize = 300;
const MAX_TEXT: usize = 20_000;

#[derive(Default)]
pub(super) struct Draft {
    pub rooms: Vec<Room>,
    pub tracks: Vec<Track>,
    pub speakers: Vec<Speaker>,
    /// Each with the slug its source gives, if any, in `slug`; empty otherwise.
    pub sessions: Vec<Session>,
    speaker_ids: HashSet<String>,
}

impl Draft {
    /// The room's id, adding a room of that name when the file did not list it (frab and pretalx name the room
    /// on each session).
    pub(super) fn room_named(&mut self, name: &str) -> String {
        if let Some(room) = self
            .rooms
            .iter()
            .find(|room| room.name == name || room.source_id == name)
        {
            return room.source_id.clone();
        }
        self.rooms.push(Room {
            source_id: name.to_owned(),
            name: name.to_owned(),
            capacity: None,
        });
        name.to_owned()
    }

    pub(super) fn track_named(&mut self, name: &str) -> String {
        if let Some(track) = self.tracks.iter().find(|track| track.name == name) {
            return track.source_id.clone();
        }
        self.tracks.push(Track {
            source_id: name.to_owned(),
            name: name.to_owned(),
            colour: None,
        });
        name.to_owned()
    }

    /// Adds a speaker the first time the file names them; pretalx and frab repeat a speaker on each session.
    pub(super) fn add_speaker(&mut self, speaker: Speaker) {
        if self.speaker_ids.insert(speaker.source_id.clone()) {
            self.speakers.push(speaker);
        }
    }

    pub(super) fn has_speaker(&self, source_id: &str) -> bool {
        self.speaker_ids.contains(source_id)
    }

    pub(super) fn into_programme(mut self) -> Result<Programme, ImportError> {
        if self.sessions.len() > MAX_SESSIONS {
            return Err(ImportError::TooMany {
                what: "sessions",
                limit: MAX_SESSIONS,
            });
        }
        if self.speakers.len() > MAX_SPEAKERS {
            return Err(ImportError::TooMany {
                what: "speakers",
                limit: MAX_SPEAKERS,
            });
        }
        self.check_speakers()?;
        self.check_sessions()?;

        let mut speaker_slugs = Slugs::default();
        self.speakers
            .sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.source_id.cmp(&b.source_id)));
        for speaker in &mut self.speakers {
            speaker.slug = speaker_slugs.claim(&speaker.name, "speaker");
        }

        let room_order = |session: &Session| {
            session
                .room
                .as_ref()
                .and_then(|room| self.rooms.iter().position(|r| &r.source_id == room))
        };
        let mut sessions = std::mem::take(&mut self.sessions);
        sessions.sort_by_cached_key(|s| (s.start, room_order(s), s.title.clone(), s.source_id.clone()));
        let mut session_slugs = Slugs::default();
        for session in &mut sessions {
            let wanted = if session.slug.is_empty() {
                &session.title
            } else {
                &session.slug
            };
            session.slug = session_slugs.claim(wanted, "session");
        }

        Ok(Programme {
            rooms: self.rooms,
            tracks: self.tracks,
            speakers: self.speakers,
            sessions,
        })
    }

    fn check_speakers(&self) -> Result<(), ImportError> {
        let mut seen = HashSet::new();
        for speaker in &self.speakers {
            let entry = || Entry::Speaker(speaker.source_id.clone());
            if !seen.insert(speaker.source_id.as_str()) {
                return Err(ImportError::entry(entry(), Problem::Duplicate));
            }
            if speaker.name.trim().is_empty() {
                return Err(ImportError::entry(entry(), Problem::Missing("name")));
            }
            limit(entry, "name", Some(&speaker.name), MAX_TITLE)?;
            limit(entry, "tagline", speaker.tagline.as_deref(), MAX_TITLE)?;
            limit(entry, "biography", speaker.biography.as_deref(), MAX_TEXT)?;
        }
        Ok(())
    }

    fn check_sessions(&self) -> Result<(), ImportError> {
        let speakers: HashSet<&str> = self.speakers.iter().map(|s| s.source_id.as_str()).collect();
        let rooms: HashSet<&str> = self.rooms.iter().map(|r| r.source_id.as_str()).collect();
        let mut seen = HashSet::new();
        for session in &self.sessions {
            let entry = || Entry::Session(session.source_id.clone());
            if !seen.insert(session.source_id.as_str()) {
                return Err(ImportError::entry(entry(), Problem::Duplicate));
            }
            if session.title.trim().is_empty() {
                return Err(ImportError::entry(entry(), Problem::Missing("title")));
            }
            limit(entry, "title", Some(&session.title), MAX_TITLE)?;
            limit(entry, "subtitle", session.subtitle.as_deref(), MAX_TITLE)?;
            limit(entry, "abstract", session.abstract_text.as_deref(), MAX_TEXT)?;
            limit(entry, "description", session.description.as_deref(), MAX_TEXT)?;
            if session.end < session.start {
                return Err(ImportError::entry(entry(), Problem::EndsBeforeStart));
            }
            if let Some(missing) = session.speakers.iter().find(|id| !speakers.contains(id.as_str())) {
                return Err(ImportError::entry(entry(), Problem::UnknownSpeaker(missing.clone())));
            }
            if let Some(room) = session.room.as_ref().filter(|room| !rooms.contains(room.as_str())) {
                return Err(ImportError::entry(entry(), Problem::UnknownRoom(room.clone())));
            }
        }
        Ok(())
    }
}

fn limit(entry: impl Fn() -> Entry, field: &'static str, text: Option<&str>, max: usize) -> Result<(), ImportError> {
    match text {
        Some(text) if text.chars().count() > max => {
            Err(ImportError::entry(entry(), Problem::TooLong { field, limit: max }))
        }
        _ => Ok(()),
    }
}

/// `#RRGGBB` or `#rgb` as `#rrggbb`; anything else is no colour.
pub(super) fn colour(text: Option<&str>) -> Option<String> {
    let hex = text?.trim().strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let hex = hex.to_ascii_lowercase();
    match hex.len() {
        6 => Some(format!("#{hex}")),
        3 => Some(hex.chars().fold(String::from("#"), |mut out, c| {
            out.push(c);
            out.push(c);
            out
        })),
        _ => None,
    }
}
