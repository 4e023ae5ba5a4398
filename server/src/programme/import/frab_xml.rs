//! The frab XML `schedule.xml`: `<conference>` with its `<track>`s, then `<day>`s of `<room name guid>`s holding
//! `<event guid>`s with `<date>`, `<duration>`, `<title>`, `<type>`, `<track>`, `<persons>` and `<links>`.

use roxmltree::{Document, Node};
use time::UtcOffset;

use super::draft::{Draft, colour};
use super::error::{Entry, ImportError, Problem};
use super::{kind, times};
use crate::programme::model::{Link, Programme, Room, Session, Speaker, Track};

pub(super) fn parse(text: &str, venue: UtcOffset) -> Result<Programme, ImportError> {
    let document = Document::parse(text).map_err(|error| ImportError::Xml(error.to_string()))?;
    let schedule = document.root_element();
    if !schedule.has_tag_name("schedule") {
        return Err(ImportError::UnknownFormat);
    }
    let mut draft = Draft::default();
    if let Some(conference) = child(schedule, "conference") {
        for track in elements(conference, "track") {
            let Some(name) = attribute(track, "name") else {
                return Err(ImportError::entry(
                    Entry::Track(String::new()),
                    Problem::Missing("name"),
                ));
            };
            let colour = colour(track.attribute("color"));
            draft.tracks.push(Track {
                source_id: name.clone(),
                name,
                colour,
            });
        }
    }
    for day in elements(schedule, "day") {
        for room in elements(day, "room") {
            let Some(name) = attribute(room, "name") else {
                return Err(ImportError::entry(Entry::Room(String::new()), Problem::Missing("name")));
            };
            let room_id = match attribute(room, "guid") {
                Some(guid) if !draft.rooms.iter().any(|r| r.source_id == guid) => {
                    draft.rooms.push(Room {
                        source_id: guid.clone(),
                        name,
                        capacity: None,
                    });
                    guid
                }
                Some(guid) => guid,
                None => draft.room_named(&name),
            };
            for event in elements(room, "event") {
                let session = session(event, &room_id, &mut draft, venue)?;
                draft.sessions.push(session);
            }
        }
    }
    draft.into_programme()
}

fn session(event: Node<'_, '_>, room: &str, draft: &mut Draft, venue: UtcOffset) -> Result<Session, ImportError> {
    let name = ["guid", "code", "id"]
        .iter()
        .find_map(|key| attribute(event, key))
        .or_else(|| text(event, "title"))
        .unwrap_or_default();
    let entry = Entry::Session(name);
    let problem = |problem| ImportError::entry(entry.clone(), problem);
    let source_id = ["guid", "code", "id"]
        .iter()
        .find_map(|key| attribute(event, key))
        .ok_or_else(|| problem(Problem::Missing("guid")))?;
    let date = text(event, "date").ok_or_else(|| problem(Problem::Missing("date")))?;
    let start = times::instant(&date).ok_or_else(|| problem(Problem::NotATime("date")))?;
    let duration = text(event, "duration").ok_or_else(|| problem(Problem::Missing("duration")))?;
    let end = start + times::duration(&duration).ok_or_else(|| problem(Problem::NotADuration("duration")))?;
    let track = text(event, "track").map(|track| draft.track_named(&track));

    let mut speakers = Vec::new();
    for person in child(event, "persons")
        .into_iter()
        .flat_map(|persons| elements(persons, "person"))
    {
        let source_id = ["code", "guid", "id"].iter().find_map(|key| attribute(person, key));
        let name = person
            .text()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned);
        let source_id = source_id.ok_or_else(|| {
            ImportError::entry(Entry::Speaker(name.clone().unwrap_or_default()), Problem::Missing("id"))
        })?;
        let name =
            name.ok_or_else(|| ImportError::entry(Entry::Speaker(source_id.clone()), Problem::Missing("name")))?;
        speakers.push(source_id.clone());
        draft.add_speaker(Speaker {
            source_id,
            slug: String::new(),
            name,
            tagline: None,
            biography: None,
            avatar_url: None,
            links: Vec::new(),
        });
    }
    let links = child(event, "links")
        .into_iter()
        .flat_map(|links| elements(links, "link"))
        .filter_map(|link| {
            let url = attribute(link, "href")?;
            let title = link
                .text()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map_or_else(|| url.clone(), str::to_owned);
            Some(Link { title, url })
        })
        .collect();

    Ok(Session {
        source_id,
        slug: text(event, "slug").unwrap_or_default(),
        title: text(event, "title").ok_or_else(|| problem(Problem::Missing("title")))?,
        subtitle: text(event, "subtitle"),
        kind: kind::from_label(text(event, "type").as_deref(), !speakers.is_empty()),
        track,
        level: None,
        language: text(event, "language"),
        abstract_text: text(event, "abstract"),
        description: text(event, "description"),
        speakers,
        room: Some(room.to_owned()),
        start: start.to_offset(venue),
        end: end.to_offset(venue),
        links,
    })
}

fn elements<'a, 'input>(parent: Node<'a, 'input>, name: &'static str) -> impl Iterator<Item = Node<'a, 'input>> {
    parent.children().filter(move |node| node.has_tag_name(name))
}

fn child<'a, 'input>(parent: Node<'a, 'input>, name: &'static str) -> Option<Node<'a, 'input>> {
    elements(parent, name).next()
}

/// An element's text, trimmed; `None` when absent or blank.
fn text(parent: Node<'_, '_>, name: &'static str) -> Option<String> {
    let text: String = child(parent, name)?
        .descendants()
        .filter(|node| node.is_text())
        .filter_map(|node| node.text())
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn attribute(node: Node<'_, '_>, name: &str) -> Option<String> {
    node.attribute(name)
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
}
