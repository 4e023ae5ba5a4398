//! The c3voc schedule JSON as pretalx writes it (`schedule.json`): what Giggity, EventFahrplan and the video teams'
//! tools read. Beyond pretalx's fields a person carries its `tagline` and `links`, which the schema allows and this
//! site's import reads back.

use std::collections::HashMap;

use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use uuid::Uuid;

use super::days::days;
use super::{ExportInfo, duration, is_code};
use crate::programme::model::{Link, Programme, Session, Speaker};

pub fn c3voc_json(programme: &Programme, info: &ExportInfo) -> String {
    let lookup = Lookup::new(programme);
    let days: Vec<Value> = days(programme, info)
        .iter()
        .map(|day| {
            let rooms: serde_json::Map<String, Value> = day
                .rooms
                .iter()
                .map(|(room, sessions)| {
                    let events = sessions.iter().map(|session| event(&lookup, info, &room.name, session));
                    (room.name.clone(), Value::Array(events.collect()))
                })
                .collect();
            json!({
                "index": day.index,
                "date": day.date.to_string(),
                "day_start": rfc3339(day.start),
                "day_end": rfc3339(day.end),
                "rooms": rooms,
            })
        })
        .collect();
    let rooms: Vec<Value> = programme
        .rooms
        .iter()
        .map(|room| json!({ "name": room.name, "guid": guid(info, "rooms", &room.source_id), "capacity": room.capacity }))
        .collect();
    let tracks: Vec<Value> = programme
        .tracks
        .iter()
        .map(|track| match &track.colour {
            Some(colour) => json!({ "name": track.name, "color": colour }),
            None => json!({ "name": track.name }),
        })
        .collect();
    let document = json!({
        "$schema": "https://c3voc.de/schedule/schema.json",
        "generator": { "name": "conference", "version": env!("CARGO_PKG_VERSION") },
        "schedule": {
            "version": info.version,
            "base_url": info.public_url,
            "conference": {
                "acronym": info.acronym,
                "title": info.title,
                "start": info.first_day.to_string(),
                "end": info.last_day.to_string(),
                "daysCount": days.len(),
                "timeslot_duration": "00:05",
                "time_zone_name": info.timezone_name,
                "url": info.public_url,
                "rooms": rooms,
                "tracks": tracks,
                "days": days,
            },
        },
    });
    document.to_string()
}

/// The programme's entries by id, read once for the whole export.
struct Lookup<'a> {
    numbers: HashMap<&'a str, usize>,
    speakers: HashMap<&'a str, &'a Speaker>,
    tracks: HashMap<&'a str, &'a str>,
}

impl<'a> Lookup<'a> {
    fn new(programme: &'a Programme) -> Self {
        Self {
            numbers: programme
                .sessions
                .iter()
                .enumerate()
                .map(|(i, s)| (s.source_id.as_str(), i + 1))
                .collect(),
            speakers: programme.speakers.iter().map(|s| (s.source_id.as_str(), s)).collect(),
            tracks: programme
                .tracks
                .iter()
                .map(|t| (t.source_id.as_str(), t.name.as_str()))
                .collect(),
        }
    }
}

fn event(lookup: &Lookup<'_>, info: &ExportInfo, room: &str, session: &Session) -> Value {
    let start = session.start.to_offset(info.venue);
    let track = session.track.as_deref().and_then(|id| lookup.tracks.get(id));
    let persons: Vec<Value> = session
        .speakers
        .iter()
        .filter_map(|id| lookup.speakers.get(id.as_str()))
        .map(|speaker| person(info, speaker))
        .collect();
    // The schema still requires frab's integer id; the session's place in the programme is one.
    let index = lookup.numbers.get(session.source_id.as_str()).copied().unwrap_or(1);
    json!({
        "guid": guid(info, "sessions", &session.source_id),
        "id": index,
        "date": rfc3339(start),
        "start": start.format(format_description!("[hour]:[minute]")).unwrap_or_default(),
        "end": rfc3339(session.end.to_offset(info.venue)),
        "duration": duration(session),
        "room": room,
        "slug": session.slug,
        "url": info.session_url(&session.slug),
        "title": session.title,
        "subtitle": session.subtitle.clone().unwrap_or_default(),
        "track": track,
        "type": session.kind.as_str(),
        "language": session.language,
        "abstract": session.abstract_text,
        "description": session.description,
        "persons": persons,
        "links": links(&session.links),
    })
}

fn person(info: &ExportInfo, speaker: &Speaker) -> Value {
    let mut person = json!({
        "name": speaker.name,
        "public_name": speaker.name,
        "biography": speaker.biography,
        "avatar": speaker.avatar_url,
        "url": format!("{}/speakers/{}", info.public_url.trim_end_matches('/'), speaker.slug),
    });
    if is_code(&speaker.source_id) {
        person["code"] = json!(speaker.source_id);
    } else {
        person["guid"] = json!(guid(info, "speakers", &speaker.source_id));
    }
    if let Some(tagline) = &speaker.tagline {
        person["tagline"] = json!(tagline);
    }
    if !speaker.links.is_empty() {
        person["links"] = links(&speaker.links);
    }
    person
}

fn links(links: &[Link]) -> Value {
    links
        .iter()
        .map(|link| json!({ "title": link.title, "url": link.url }))
        .collect()
}

/// The source's id when it is a UUID (pretalx, frab), else a UUID made from it and the site's address, the same
/// for every export: the schema asks for UUIDs, Sessionize gives numbers.
fn guid(info: &ExportInfo, kind: &str, source_id: &str) -> String {
    match Uuid::parse_str(source_id) {
        Ok(_) if source_id.len() == 36 => source_id.to_owned(),
        _ => {
            let name = format!("{}/{kind}/{source_id}", info.public_url.trim_end_matches('/'));
            Uuid::new_v5(&Uuid::NAMESPACE_URL, name.as_bytes()).to_string()
        }
    }
}

fn rfc3339(time: time::OffsetDateTime) -> String {
    time.format(&Rfc3339).unwrap_or_default()
}
