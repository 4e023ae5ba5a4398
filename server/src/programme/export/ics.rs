//! iCalendar (RFC 5545) for any list of sessions: the whole programme, or the ones a visitor starred.

use std::collections::HashMap;

use time::OffsetDateTime;
use time::macros::format_description;

use super::ExportInfo;
use crate::programme::model::{Programme, Session};

/// Rooms and speakers are read from `programme`; the calendar holds `sessions` only.
pub fn ics<'a>(programme: &Programme, sessions: impl IntoIterator<Item = &'a Session>, info: &ExportInfo) -> String {
    let rooms: HashMap<&str, &str> = programme
        .rooms
        .iter()
        .map(|r| (r.source_id.as_str(), r.name.as_str()))
        .collect();
    let speakers: HashMap<&str, &str> = programme
        .speakers
        .iter()
        .map(|s| (s.source_id.as_str(), s.name.as_str()))
        .collect();
    let host = info
        .public_url
        .split("://")
        .nth(1)
        .unwrap_or(&info.public_url)
        .split('/')
        .next()
        .unwrap_or_default();
    let stamp = utc(info.published_at);

    let mut calendar = Calendar::default();
    calendar.line("BEGIN", "VCALENDAR");
    calendar.line("VERSION", "2.0");
    calendar.line(
        "PRODID",
        &format!("-//{}//Programme {}//EN", text(&info.title), text(&info.version)),
    );
    calendar.line("CALSCALE", "GREGORIAN");
    calendar.line("METHOD", "PUBLISH");
    calendar.line("X-WR-CALNAME", &text(&info.title));
    for session in sessions {
        calendar.line("BEGIN", "VEVENT");
        calendar.line("UID", &format!("{}@{host}", text(&session.source_id)));
        calendar.line("DTSTAMP", &stamp);
        calendar.line("DTSTART", &utc(session.start));
        calendar.line("DTEND", &utc(session.end));
        calendar.line("SUMMARY", &text(&session.title));
        if let Some(room) = session.room.as_deref().and_then(|id| rooms.get(id)) {
            calendar.line("LOCATION", &text(room));
        }
        let names: Vec<&str> = session
            .speakers
            .iter()
            .filter_map(|id| speakers.get(id.as_str()).copied())
            .collect();
        let description = match (names.is_empty(), &session.abstract_text) {
            (true, None) => None,
            (true, Some(text)) => Some(text.clone()),
            (false, None) => Some(format!("With {}", names.join(", "))),
            (false, Some(text)) => Some(format!("With {}\n\n{text}", names.join(", "))),
        };
        if let Some(description) = description {
            calendar.line("DESCRIPTION", &text(&description));
        }
        calendar.line("URL", &info.session_url(&session.slug));
        calendar.line("END", "VEVENT");
    }
    calendar.line("END", "VCALENDAR");
    calendar.0
}

#[derive(Default)]
struct Calendar(String);

impl Calendar {
    /// Writes `NAME:value` folded so that no line exceeds 75 octets (a fold starts the next line with a space),
    /// never inside a character, each line ending in CRLF.
    fn line(&mut self, name: &str, value: &str) {
        let content = format!("{name}:{value}");
        let mut line_octets = 0;
        for character in content.chars() {
            let octets = character.len_utf8();
            if line_octets + octets > 75 {
                self.0.push_str("\r\n ");
                line_octets = 1;
            }
            self.0.push(character);
            line_octets += octets;
        }
        self.0.push_str("\r\n");
    }
}

/// A TEXT value: backslashes, semicolons, commas and newlines escaped.
fn text(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for character in value.chars() {
        match character {
            '\\' => escaped.push_str("\\\\"),
            ';' => escaped.push_str("\\;"),
            ',' => escaped.push_str("\\,"),
            '\n' => escaped.push_str("\\n"),
            control if control.is_control() && control != '\t' => {}
            other => escaped.push(other),
        }
    }
    escaped
}

fn utc(time: OffsetDateTime) -> String {
    let format = format_description!("[year][month][day]T[hour][minute][second]Z");
    time.to_offset(time::UtcOffset::UTC).format(format).unwrap_or_default()
}
