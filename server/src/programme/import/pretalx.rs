//! pretalx's `schedule.json`, the frab/c3voc JSON: `schedule.conference` with its `rooms` and `tracks`, and
//! `days[].rooms{<room name>: [event]}`, each event carrying its `persons`.
//! Beyond pretalx's fields a person may carry a `tagline` and `links`, which this site's own export writes.

use serde_json::Value;
use time::UtcOffset;

use super::draft::{Draft, colour};
use super::error::{Entry, ImportError, Problem};
use super::json::{Fields, id_of};
use super::{kind, times};
use crate::programme::model::{Link, Programme, Room, Session, Speaker, Track};

pub(super) fn parse(file: &Value, venue: UtcOffset) -> Result<Programme, ImportError> {
    let conference = Fields::of(&file["schedule"]["conference"], Entry::Schedule)?;
    let mut draft = Draft::default();
    for room in conference.list("rooms")? {
        let entry = Entry::Room(id_of(room, &["guid", "name"]).unwrap_or_default());
        let room = Fields::of(room, entry)?;
        let name = room.required("name")?;
        let source_id = room.text("guid")?.unwrap_or_else(|| name.clone());
        let capacity = room
            .get("capacity")
            .and_then(Value::as_u64)
            .and_then(|c| u32::try_from(c).ok());
        draft.rooms.push(Room {
            source_id,
            name,
            capacity,
        });
    }
    for track in conference.list("tracks")? {
        let track = Fields::of(track, Entry::Track(id_of(track, &["name"]).unwrap_or_default()))?;
        let name = track.required("name")?;
        let colour = colour(track.text("color")?.as_deref());
        draft.tracks.push(Track {
            source_id: name.clone(),
            name,
            colour,
        });
    }
    for day in conference.list("days")? {
        let day = Fields::of(day, Entry::Day(id_of(day, &["date", "index"]).unwrap_or_default()))?;
        let Some(rooms) = day.get("rooms").and_then(Value::as_object) else {
            continue;
        };
        for (room_name, events) in rooms {
            let events = events
                .as_array()
                .ok_or_else(|| ImportError::entry(Entry::Room(room_name.clone()), Problem::NotList("sessions")))?;
            for event in events {
                let session = session(event, room_name, &mut draft, venue)?;
                draft.sessions.push(session);
            }
        }
    }
    draft.into_programme()
}

fn session(event: &Value, room_name: &str, draft: &mut Draft, venue: UtcOffset) -> Result<Session, ImportError> {
    let name = id_of(event, &["guid", "code", "id", "title"]).unwrap_or_default();
    let event = Fields::of(event, Entry::Session(name))?;
    let source_id = match event.text("guid")? {
        Some(guid) => guid,
        None => event
            .text("code")?
            .or(event.text("id")?)
            .ok_or_else(|| ImportError::entry(event.entry.clone(), Problem::Missing("guid")))?,
    };
    let start = times::instant(&event.required("date")?).ok_or_else(|| event.time_problem("date"))?;
    let end = match event.text("duration")? {
        Some(duration) => start + times::duration(&duration).ok_or_else(|| event.duration_problem("duration"))?,
        None => times::instant(&event.required("end")?).ok_or_else(|| event.time_problem("end"))?,
    };
    let room = event.text("room")?.unwrap_or_else(|| room_name.to_owned());
    let room = draft.room_named(&room);
    let track = event.text("track")?.map(|track| draft.track_named(&track));

    let mut speakers = Vec::new();
    for person in event.list("persons")? {
        let speaker = speaker(person)?;
        speakers.push(speaker.source_id.clone());
        draft.add_speaker(speaker);
    }
    let kind = kind::from_label(event.text("type")?.as_deref(), !speakers.is_empty());
    Ok(Session {
        slug: event.text("slug")?.unwrap_or_default(),
        title: event.required("title")?,
        subtitle: event.text("subtitle")?,
        kind,
        track,
        level: None,
        language: event.text("language")?,
        abstract_text: event.text("abstract")?,
        description: event.text("description")?,
        speakers,
        room: Some(room),
        start: start.to_offset(venue),
        end: end.to_offset(venue),
        links: links(&event)?,
        source_id,
    })
}

fn speaker(person: &Value) -> Result<Speaker, ImportError> {
    let name = id_of(person, &["code", "guid", "id", "name", "public_name"]).unwrap_or_default();
    let person = Fields::of(person, Entry::Speaker(name))?;
    let source_id = match person.text("code")? {
        Some(code) => code,
        None => person
            .text("guid")?
            .or(person.text("id")?)
            .ok_or_else(|| ImportError::entry(person.entry.clone(), Problem::Missing("code")))?,
    };
    let name = match person.text("name")? {
        Some(name) => name,
        None => person
            .text("public_name")?
            .ok_or_else(|| ImportError::entry(person.entry.clone(), Problem::Missing("name")))?,
    };
    Ok(Speaker {
        source_id,
        slug: String::new(),
        name,
        tagline: person.text("tagline")?,
        biography: person.text("biography")?,
        avatar_url: person.text("avatar")?,
        links: links(&person)?,
    })
}

fn links(fields: &Fields<'_>) -> Result<Vec<Link>, ImportError> {
    let mut links = Vec::new();
    for link in fields.list("links")? {
        let link = Fields::of(link, fields.entry.clone())?;
        let url = link
            .text("url")?
            .ok_or_else(|| ImportError::entry(link.entry.clone(), Problem::Missing("a link's url")))?;
        let title = link.text("title")?.unwrap_or_else(|| url.clone());
        links.push(Link { title, url });
    }
    Ok(links)
}
