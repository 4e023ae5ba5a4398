//! The programme as the site keeps it, whatever tool it came from: rooms, tracks, speakers and sessions, each keyed
//! by its source's stable id (`guid`, `code` or `id`) so that importing the same conference again updates it in place.
//! Texts that may carry Markdown are kept as the source wrote them and rendered when shown.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Programme {
    /// In the order the schedule shows them, left to right.
    pub rooms: Vec<Room>,
    pub tracks: Vec<Track>,
    pub speakers: Vec<Speaker>,
    /// By start, then room.
    pub sessions: Vec<Session>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    pub source_id: String,
    pub name: String,
    pub capacity: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    pub source_id: String,
    pub name: String,
    /// `#rrggbb`, lower case, when the source gives one.
    pub colour: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Speaker {
    pub source_id: String,
    /// Unique among the speakers; the page's address (`/speakers/{slug}`).
    pub slug: String,
    pub name: String,
    /// A line under the name: a tagline or a company.
    pub tagline: Option<String>,
    /// Markdown.
    pub biography: Option<String>,
    /// The photo's address at the source (https), fetched once by the import.
    pub avatar_url: Option<String>,
    pub links: Vec<Link>,
}

/// Stored as JSON beside its speaker or session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub title: String,
    pub url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SessionKind {
    Keynote,
    Talk,
    Workshop,
    Panel,
    Break,
    Hackathon,
    Other,
}

impl SessionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Keynote => "keynote",
            Self::Talk => "talk",
            Self::Workshop => "workshop",
            Self::Panel => "panel",
            Self::Break => "break",
            Self::Hackathon => "hackathon",
            Self::Other => "other",
        }
    }

    pub fn parse(kind: &str) -> Option<Self> {
        Some(match kind {
            "keynote" => Self::Keynote,
            "talk" => Self::Talk,
            "workshop" => Self::Workshop,
            "panel" => Self::Panel,
            "break" => Self::Break,
            "hackathon" => Self::Hackathon,
            "other" => Self::Other,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub source_id: String,
    /// Unique among the sessions; the page's address (`/sessions/{slug}`).
    pub slug: String,
    pub title: String,
    pub subtitle: Option<String>,
    pub kind: SessionKind,
    /// A `Track::source_id`.
    pub track: Option<String>,
    pub level: Option<String>,
    /// As the source gives it, e.g. `en`.
    pub language: Option<String>,
    /// Markdown.
    pub abstract_text: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    /// `Speaker::source_id`s, in the source's order.
    pub speakers: Vec<String>,
    /// A `Room::source_id`.
    pub room: Option<String>,
    pub start: OffsetDateTime,
    pub end: OffsetDateTime,
    pub links: Vec<Link>,
}
