use time::macros::{date, datetime, offset};

use super::*;
use crate::programme::import::{self, Format};
use crate::programme::model::Programme;

const PRETALX: &[u8] = include_bytes!("../../../tests/fixtures/programme/pretalx.json");
const FRAB: &[u8] = include_bytes!("../../../tests/fixtures/programme/frab.xml");
const SESSIONIZE: &[u8] = include_bytes!("../../../tests/fixtures/programme/sessionize.json");
const SAMPLE: &[u8] = include_bytes!("../../../../programme.sample.json");
const SCHEMA: &str = include_str!("../../../tests/fixtures/programme/c3voc-schema.json");

fn info() -> ExportInfo {
    ExportInfo {
        title: "Test Conference".into(),
        acronym: "testconf".into(),
        version: "3".into(),
        timezone_name: "America/New_York".into(),
        public_url: "https://conf.example.org".into(),
        venue: offset!(-4),
        first_day: date!(2026 - 05 - 18),
        last_day: date!(2026 - 05 - 19),
        published_at: datetime!(2026-04-01 12:00 UTC),
    }
}

fn programme(file: &[u8]) -> Programme {
    import::parse(file, offset!(-4)).unwrap().programme
}

fn schema_errors(json: &str) -> Vec<String> {
    let schema: serde_json::Value = serde_json::from_str(SCHEMA).unwrap();
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    let document: serde_json::Value = serde_json::from_str(json).unwrap();
    validator
        .iter_errors(&document)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect()
}

#[test]
fn the_c3voc_export_validates_against_the_c3voc_schema() {
    for file in [PRETALX, FRAB, SESSIONIZE, SAMPLE] {
        let json = c3voc_json(&programme(file), &info());
        assert_eq!(schema_errors(&json), Vec::<String>::new());
    }
    let broken =
        c3voc_json(&programme(PRETALX), &info()).replacen("\"duration\":\"01:00\"", "\"duration\":\"an hour\"", 1);
    assert!(!schema_errors(&broken).is_empty(), "the schema check checks");
}

#[test]
fn the_c3voc_export_imports_back_to_the_same_programme() {
    for file in [PRETALX, SAMPLE] {
        let original = programme(file);
        let exported = c3voc_json(&original, &info());
        let imported = import::parse(exported.as_bytes(), offset!(-4)).unwrap();
        assert_eq!(imported.format, Format::Pretalx);
        assert_eq!(imported.programme, original);
    }
}

#[test]
fn the_frab_export_imports_back_to_the_same_programme() {
    for file in [FRAB, SESSIONIZE] {
        let original = programme(file);
        let exported = frab_xml(&original, &info());
        let imported = import::parse(exported.as_bytes(), offset!(-4)).unwrap();
        assert_eq!(imported.format, Format::FrabXml);
        assert_eq!(summary_of(&imported.programme), summary_of(&original));
    }
}

/// What the frab XML carries of a programme: no biographies, taglines, levels or capacities, and tracks by name.
fn summary_of(programme: &Programme) -> Programme {
    let mut programme = programme.clone();
    let track_names: std::collections::HashMap<String, String> = programme
        .tracks
        .iter()
        .map(|t| (t.source_id.clone(), t.name.clone()))
        .collect();
    for track in &mut programme.tracks {
        track.source_id = track.name.clone();
    }
    for speaker in &mut programme.speakers {
        (speaker.tagline, speaker.biography, speaker.avatar_url, speaker.links) = (None, None, None, Vec::new());
    }
    for session in &mut programme.sessions {
        session.level = None;
        session.track = session.track.as_ref().map(|id| track_names[id].clone());
    }
    for room in &mut programme.rooms {
        room.capacity = None;
    }
    programme
}

#[test]
fn the_c3voc_export_carries_the_version_and_the_days() {
    let json: serde_json::Value = serde_json::from_str(&c3voc_json(&programme(PRETALX), &info())).unwrap();
    assert_eq!(json["schedule"]["version"], "3");
    let conference = &json["schedule"]["conference"];
    assert_eq!(conference["daysCount"], 2);
    assert_eq!(conference["time_zone_name"], "America/New_York");
    let late = &conference["days"][0]["rooms"]["Main Hall"][2];
    assert_eq!(late["title"], "Debugging After Dark");
    assert_eq!(late["date"], "2026-05-18T23:30:00-04:00");
    assert_eq!(late["duration"], "00:45");
    assert_eq!(
        late["url"],
        "https://conf.example.org/sessions/testconf-9005-debugging-after-dark"
    );
}

#[test]
fn the_calendar_is_rfc_5545_with_folded_escaped_lines_in_utc() {
    let mut programme = programme(PRETALX);
    programme.sessions[0].title =
        "Keynote; with commas, semicolons and a long title that must fold over lines ✓✓✓".into();
    let calendar = ics(&programme, &programme.sessions, &info());

    assert!(calendar.ends_with("END:VCALENDAR\r\n"));
    assert!(!calendar.replace("\r\n", "").contains('\n'), "every line ends in CRLF");
    for line in calendar.split("\r\n") {
        assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
    }
    let unfolded = calendar.replace("\r\n ", "");
    assert!(unfolded.contains("SUMMARY:Keynote\\; with commas\\, semicolons and a long title that must fold"));
    assert!(unfolded.contains("UID:c0ffee00-0000-4000-8000-000000000005@conf.example.org\r\n"));
    assert!(unfolded.contains("DTSTART:20260519T033000Z\r\nDTEND:20260519T041500Z\r\n"));
    assert!(unfolded.contains("DTSTAMP:20260401T120000Z\r\n"));
    assert!(unfolded.contains("LOCATION:Main Hall\r\n"));
    assert!(unfolded.contains("URL:https://conf.example.org/sessions/testconf-9005-debugging-after-dark\r\n"));

    let parsed = ical::IcalParser::new(calendar.as_bytes()).next().unwrap().unwrap();
    assert_eq!(parsed.events.len(), 8);
}

#[test]
fn the_calendar_holds_only_the_sessions_it_is_given() {
    let programme = programme(SESSIONIZE);
    let starred = programme
        .sessions
        .iter()
        .filter(|s| s.title.contains("Frontend") || s.title.contains("Vector"));
    let calendar = ics(&programme, starred, &info());
    assert_eq!(calendar.matches("BEGIN:VEVENT").count(), 2);
    assert!(calendar.contains("UID:9007@conf.example.org"));
}

#[test]
fn the_frab_export_is_well_formed_whatever_the_titles_hold() {
    let mut programme = programme(PRETALX);
    programme.sessions[0].title = "Tags <b> & \"quotes\" and a bell \u{7}".into();
    let xml = frab_xml(&programme, &info());
    let imported = import::parse(xml.as_bytes(), offset!(-4)).unwrap().programme;
    assert_eq!(imported.sessions[0].title, "Tags <b> & \"quotes\" and a bell");
}
