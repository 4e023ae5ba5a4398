//! Sessionize's "All" view JSON: `sessions` (ids of their `speakers`, `roomId`, `categoryItems`, local `startsAt`
//! and `endsAt`), `speakers`, `rooms` and `categories`, whose items carry the track, the format and the level.

use std::collections::HashMap;

use serde_json::Value;
use time::UtcOffset;

use super::draft::Draft;
use super::error::{Entry, ImportError, Problem};
use super::json::{Fields, id_of};
use super::{kind, times};
use crate::programme::model::{Link, Programme, Room, Session, Speaker, Track};

/// What a category's items say about a session, told from the category's title ("Track", "Session format"…).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Aspect {
    Track,
    Format,
    Level,
    Language,
}

fn aspect(title: &str) -> Option<Aspect> {
    let title = title.to_lowercase();
    if title.contains("track") || title.contains("topic") {
        Some(Aspect::Track)
    } else if title.contains("format") || title.contains("type") {
        Some(Aspect::Format)
    } else if title.contains("level") {
        Some(Aspect::Level)
    } else if title.contains("language") {
        Some(Aspect::Language)
    } else {
        None
    }
}

pub(super) fn parse(file: &Value, venue: UtcOffset) -> Result<Programme, ImportError> {
    let file = Fields::of(file, Entry::Schedule)?;
    let mut draft = Draft::default();

    let mut rooms = Vec::new();
    for room in file.list("rooms")? {
        let room = Fields::of(room, Entry::Room(id_of(room, &["id", "name"]).unwrap_or_default()))?;
        let sort = room.get("sort").and_then(Value::as_i64).unwrap_or(0);
        let source_id = room.required("id")?;
        rooms.push((
            sort,
            Room {
                source_id,
                name: room.required("name")?,
                capacity: None,
            },
        ));
    }
    rooms.sort_by_key(|(sort, _)| *sort);
    draft.rooms = rooms.into_iter().map(|(_, room)| room).collect();

    let mut items: HashMap<String, (Aspect, String)> = HashMap::new();
    for category in file.list("categories")? {
        let category = Fields::of(category, Entry::Schedule)?;
        let Some(aspect) = category.text("title")?.as_deref().and_then(aspect) else {
            continue;
        };
        for item in category.list("items")? {
            let item = Fields::of(item, Entry::Track(id_of(item, &["id", "name"]).unwrap_or_default()))?;
            let (id, name) = (item.required("id")?, item.required("name")?);
            if aspect == Aspect::Track {
                draft.tracks.push(Track {
                    source_id: id.clone(),
                    name: name.clone(),
                    colour: None,
                });
            }
            items.insert(id, (aspect, name));
        }
    }

    for speaker in file.list("speakers")? {
        let speaker = speaker_of(speaker)?;
        if draft.has_speaker(&speaker.source_id) {
            return Err(ImportError::entry(
                Entry::Speaker(speaker.source_id),
                Problem::Duplicate,
            ));
        }
        draft.add_speaker(speaker);
    }

    for session in file.list("sessions")? {
        if let Some(session) = session_of(session, &items, venue)? {
            draft.sessions.push(session);
        }
    }
    draft.into_programme()
}

fn speaker_of(speaker: &Value) -> Result<Speaker, ImportError> {
    let speaker = Fields::of(
        speaker,
        Entry::Speaker(id_of(speaker, &["id", "fullName"]).unwrap_or_default()),
    )?;
    let full_name = speaker.text("fullName")?;
    let parts = [speaker.text("firstName")?, speaker.text("lastName")?];
    let joined = parts.into_iter().flatten().collect::<Vec<_>>().join(" ");
    let name = full_name.or((!joined.is_empty()).then_some(joined));
    let mut links = Vec::new();
    for link in speaker.list("links")? {
        let link = Fields::of(link, speaker.entry.clone())?;
        if let Some(url) = link.text("url")? {
            let title = link
                .text("title")?
                .or(link.text("linkType")?)
                .unwrap_or_else(|| url.clone());
            links.push(Link { title, url });
        }
    }
    Ok(Speaker {
        source_id: speaker.required("id")?,
        slug: String::new(),
        name: name.ok_or_else(|| ImportError::entry(speaker.entry.clone(), Problem::Missing("name")))?,
        tagline: speaker.text("tagLine")?,
        biography: speaker.text("bio")?,
        avatar_url: speaker.text("profilePicture")?,
        links,
    })
}

/// `None` for a session not yet on the schedule: Sessionize lists accepted sessions before they have a time.
fn session_of(
    session: &Value,
    items: &HashMap<String, (Aspect, String)>,
    venue: UtcOffset,
) -> Result<Option<Session>, ImportError> {
    let session = Fields::of(
        session,
        Entry::Session(id_of(session, &["id", "title"]).unwrap_or_default()),
    )?;
    let Some(starts_at) = session.text("startsAt")? else {
        return Ok(None);
    };
    let start = times::local(&starts_at, venue).ok_or_else(|| session.time_problem("startsAt"))?;
    let end = times::local(&session.required("endsAt")?, venue).ok_or_else(|| session.time_problem("endsAt"))?;

    let mut speakers = Vec::new();
    for speaker in session.list("speakers")? {
        let id = match speaker {
            Value::Object(_) => id_of(speaker, &["id"]),
            _ => id_of(&serde_json::json!({ "id": speaker }), &["id"]),
        };
        speakers.push(id.ok_or_else(|| ImportError::entry(session.entry.clone(), Problem::NotText("speakers")))?);
    }

    let (mut track, mut format, mut level, mut language) = (None, None, None, None);
    for item in session.list("categoryItems")? {
        let id = id_of(&serde_json::json!({ "id": item }), &["id"]).unwrap_or_default();
        match items.get(&id) {
            Some((Aspect::Track, _)) => track = Some(id),
            Some((Aspect::Format, name)) => format = Some(name.clone()),
            Some((Aspect::Level, name)) => level = Some(name.clone()),
            Some((Aspect::Language, name)) => language = Some(name.clone()),
            None => {}
        }
    }
    let kind = if session.flag("isServiceSession") && format.is_none() {
        crate::programme::model::SessionKind::Break
    } else {
        kind::from_label(format.as_deref(), !speakers.is_empty())
    };

    Ok(Some(Session {
        source_id: session.required("id")?,
        slug: String::new(),
        title: session.required("title")?,
        subtitle: None,
        kind,
        track,
        level,
        language,
        abstract_text: session.text("description")?,
        description: None,
        speakers,
        room: session.text("roomId")?,
        start: start.to_offset(venue),
        end: end.to_offset(venue),
        links: Vec::new(),
    }))
}
