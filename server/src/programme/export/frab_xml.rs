//! The frab XML `schedule.xml`, laid out as pretalx writes it. Ids travel as the source gave them, since the XML
//! has no schema asking for UUIDs.

use std::collections::HashMap;
use std::fmt::Write;

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;

use super::days::days;
use super::{ExportInfo, duration, is_code};
use crate::domain::escape_html;
use crate::programme::model::{Programme, Session, Speaker};

pub fn frab_xml(programme: &Programme, info: &ExportInfo) -> String {
    let days = days(programme, info);
    let entries = Entries {
        speakers: programme.speakers.iter().map(|s| (s.source_id.as_str(), s)).collect(),
        tracks: programme
            .tracks
            .iter()
            .map(|t| (t.source_id.as_str(), t.name.as_str()))
            .collect(),
    };
    let mut xml = String::with_capacity(2_000 + programme.sessions.len() * 1_500);
    xml.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<schedule>\n");
    let _ = writeln!(
        xml,
        "  <generator name=\"conference\" version=\"{}\"/>",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(xml, "  <version>{}</version>", escape(&info.version));
    xml.push_str("  <conference>\n");
    let _ = writeln!(xml, "    <title>{}</title>", escape(&info.title));
    let _ = writeln!(xml, "    <acronym>{}</acronym>", escape(&info.acronym));
    let _ = writeln!(
        xml,
        "    <start>{}</start>\n    <end>{}</end>",
        info.first_day, info.last_day
    );
    let _ = writeln!(
        xml,
        "    <days>{}</days>\n    <timeslot_duration>00:05</timeslot_duration>",
        days.len()
    );
    let _ = writeln!(xml, "    <base_url>{}</base_url>", escape(&info.public_url));
    let _ = writeln!(
        xml,
        "    <time_zone_name>{}</time_zone_name>",
        escape(&info.timezone_name)
    );
    for track in &programme.tracks {
        let colour = track
            .colour
            .as_ref()
            .map(|c| format!(" color=\"{}\"", escape(c)))
            .unwrap_or_default();
        let _ = writeln!(xml, "    <track name=\"{}\"{colour}/>", escape(&track.name));
    }
    xml.push_str("  </conference>\n");
    for day in &days {
        let (start, end) = (rfc3339(day.start), rfc3339(day.end));
        let _ = writeln!(
            xml,
            "  <day index=\"{}\" date=\"{}\" start=\"{start}\" end=\"{end}\">",
            day.index, day.date
        );
        for (room, sessions) in &day.rooms {
            let _ = writeln!(
                xml,
                "    <room name=\"{}\" guid=\"{}\">",
                escape(&room.name),
                escape(&room.source_id)
            );
            for session in sessions {
                event(&mut xml, &entries, info, &room.name, session);
            }
            xml.push_str("    </room>\n");
        }
        xml.push_str("  </day>\n");
    }
    xml.push_str("</schedule>\n");
    xml
}

/// The programme's speakers and track names by id, read once for the whole export.
struct Entries<'a> {
    speakers: HashMap<&'a str, &'a Speaker>,
    tracks: HashMap<&'a str, &'a str>,
}

fn event(xml: &mut String, entries: &Entries<'_>, info: &ExportInfo, room: &str, session: &Session) {
    let start = session.start.to_offset(info.venue);
    let track = session.track.as_deref().and_then(|id| entries.tracks.get(id).copied());
    let element = |xml: &mut String, name: &str, text: Option<&str>| {
        let _ = writeln!(xml, "      <{name}>{}</{name}>", escape(text.unwrap_or_default()));
    };
    let _ = writeln!(xml, "    <event guid=\"{}\">", escape(&session.source_id));
    element(xml, "room", Some(room));
    element(xml, "title", Some(&session.title));
    element(xml, "subtitle", session.subtitle.as_deref());
    element(xml, "type", Some(session.kind.as_str()));
    element(xml, "date", Some(&rfc3339(start)));
    element(
        xml,
        "start",
        Some(&start.format(format_description!("[hour]:[minute]")).unwrap_or_default()),
    );
    element(xml, "duration", Some(&duration(session)));
    element(xml, "abstract", session.abstract_text.as_deref());
    element(xml, "slug", Some(&session.slug));
    element(xml, "track", track);
    element(xml, "language", session.language.as_deref());
    element(xml, "description", session.description.as_deref());
    xml.push_str("      <persons>\n");
    for speaker in session
        .speakers
        .iter()
        .filter_map(|id| entries.speakers.get(id.as_str()))
    {
        let key = if is_code(&speaker.source_id) { "code" } else { "guid" };
        let (id, name) = (escape(&speaker.source_id), escape(&speaker.name));
        let _ = writeln!(xml, "        <person {key}=\"{id}\">{name}</person>");
    }
    xml.push_str("      </persons>\n      <links>\n");
    for link in &session.links {
        let _ = writeln!(
            xml,
            "        <link href=\"{}\">{}</link>",
            escape(&link.url),
            escape(&link.title)
        );
    }
    xml.push_str("      </links>\n");
    element(xml, "url", Some(&info.session_url(&session.slug)));
    xml.push_str("    </event>\n");
}

/// Text for an element or a quoted attribute, without the control characters XML 1.0 cannot hold.
fn escape(text: &str) -> String {
    let allowed = |c: &char| !c.is_control() || matches!(c, '\t' | '\n' | '\r');
    escape_html(&text.chars().filter(allowed).collect::<String>())
}

fn rfc3339(time: time::OffsetDateTime) -> String {
    time.format(&Rfc3339).unwrap_or_default()
}
