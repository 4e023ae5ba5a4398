use serde_json::json;
use time::UtcOffset;
use time::macros::{date, datetime, offset};

use super::*;
use crate::programme::model::SessionKind;

const VENUE: UtcOffset = offset!(-4);
const PRETALX: &[u8] = include_bytes!("../../../tests/fixtures/programme/pretalx.json");
const FRAB: &[u8] = include_bytes!("../../../tests/fixtures/programme/frab.xml");
const SESSIONIZE: &[u8] = include_bytes!("../../../tests/fixtures/programme/sessionize.json");

/// What every format carries, with ids replaced by names (ids differ from one format to another).
fn summary(programme: &Programme) -> Vec<String> {
    let room = |id: &Option<String>| {
        programme
            .rooms
            .iter()
            .find(|room| Some(&room.source_id) == id.as_ref())
            .map(|room| room.name.clone())
    };
    let track = |id: &Option<String>| {
        programme
            .tracks
            .iter()
            .find(|track| Some(&track.source_id) == id.as_ref())
            .map(|track| track.name.clone())
    };
    let speaker = |id: &String| {
        programme
            .speakers
            .iter()
            .find(|s| &s.source_id == id)
            .map(|s| s.name.clone())
    };
    let mut lines: Vec<String> = programme
        .rooms
        .iter()
        .map(|room| format!("room {}", room.name))
        .collect();
    lines.extend(programme.tracks.iter().map(|track| format!("track {}", track.name)));
    lines.extend(
        programme
            .speakers
            .iter()
            .map(|speaker| format!("speaker {} /{}", speaker.name, speaker.slug)),
    );
    lines.extend(programme.sessions.iter().map(|session| {
        let speakers: Vec<_> = session.speakers.iter().map(speaker).collect();
        format!(
            "{} | {} | {} – {} | {:?} | {:?} | {:?}",
            session.title,
            session.kind.as_str(),
            session.start,
            session.end,
            room(&session.room),
            track(&session.track),
            speakers,
        )
    }));
    lines
}

fn error_of(file: serde_json::Value) -> String {
    parse(file.to_string().as_bytes(), VENUE).unwrap_err().to_string()
}

fn sessionize(sessions: serde_json::Value, speakers: serde_json::Value) -> serde_json::Value {
    json!({ "sessions": sessions, "speakers": speakers, "rooms": [{ "id": 1, "name": "Hall", "sort": 0 }], "categories": [] })
}

fn sessionize_session(id: &str, starts: &str, ends: &str, speakers: serde_json::Value) -> serde_json::Value {
    json!({ "id": id, "title": format!("Session {id}"), "startsAt": starts, "endsAt": ends, "roomId": 1,
            "speakers": speakers, "categoryItems": [], "isServiceSession": false })
}

#[test]
fn the_three_formats_of_one_conference_read_as_the_same_programme() {
    let pretalx = parse(PRETALX, VENUE).unwrap();
    let frab = parse(FRAB, VENUE).unwrap();
    let sessionize = parse(SESSIONIZE, VENUE).unwrap();

    assert_eq!(pretalx.format, Format::Pretalx);
    assert_eq!(frab.format, Format::FrabXml);
    assert_eq!(sessionize.format, Format::Sessionize);
    assert_eq!(summary(&pretalx.programme), summary(&frab.programme));
    assert_eq!(summary(&pretalx.programme), summary(&sessionize.programme));
    assert_eq!(pretalx.programme.sessions.len(), 8);
    assert_eq!(pretalx.programme.speakers.len(), 5);
    assert_eq!(pretalx.programme.rooms.len(), 3);
    assert_eq!(pretalx.programme.tracks.len(), 2);
}

#[test]
fn kinds_come_from_the_types_and_service_sessions() {
    for imported in [parse(PRETALX, VENUE), parse(FRAB, VENUE), parse(SESSIONIZE, VENUE)] {
        let programme = imported.unwrap().programme;
        let kind = |title: &str| programme.sessions.iter().find(|s| s.title == title).unwrap().kind;
        assert_eq!(kind("Opening Keynote: Code by the Ocean"), SessionKind::Keynote);
        assert_eq!(kind("Hands-on: Rust and WebAssembly"), SessionKind::Workshop);
        assert_eq!(kind("The Future of Frontend"), SessionKind::Panel);
        assert_eq!(kind("Lunch"), SessionKind::Break);
        assert_eq!(kind("Debugging After Dark"), SessionKind::Talk);
    }
}

#[test]
fn a_late_session_keeps_the_venues_day_and_offset() {
    for imported in [parse(PRETALX, VENUE), parse(FRAB, VENUE), parse(SESSIONIZE, VENUE)] {
        let programme = imported.unwrap().programme;
        let late = programme
            .sessions
            .iter()
            .find(|s| s.title == "Debugging After Dark")
            .unwrap();
        assert_eq!(late.start, datetime!(2026-05-19 03:30 UTC));
        assert_eq!(late.start.offset(), VENUE);
        assert_eq!(late.start.date(), date!(2026 - 05 - 18));
    }
}

#[test]
fn the_sources_keys_and_slugs_are_kept() {
    let pretalx = parse(PRETALX, VENUE).unwrap().programme;
    let keynote = &pretalx.sessions[0];
    assert_eq!(keynote.source_id, "c0ffee00-0000-4000-8000-000000000001");
    assert_eq!(keynote.slug, "testconf-9001-opening-keynote-code-by-the-ocean");
    assert_eq!(keynote.speakers, ["MQ7K2A"]);
    assert_eq!(pretalx.rooms[0].source_id, "3b0c6a64-1f5e-4c8e-9a51-0d2f1c9e7a01");
    assert_eq!(pretalx.rooms[0].capacity, Some(800));
    assert_eq!(pretalx.tracks[0].colour.as_deref(), Some("#1e88e5"));

    let sessionize = parse(SESSIONIZE, VENUE).unwrap().programme;
    let keynote = &sessionize.sessions[0];
    assert_eq!(
        (keynote.source_id.as_str(), keynote.slug.as_str()),
        ("9001", "opening-keynote-code-by-the-ocean")
    );
    assert_eq!(keynote.level.as_deref(), Some("Introductory"));
    let marisol = sessionize
        .speakers
        .iter()
        .find(|s| s.name == "Marisol Quintero")
        .unwrap();
    assert_eq!(marisol.slug, "marisol-quintero");
    assert_eq!(marisol.tagline.as_deref(), Some("Staff engineer, Tidewater Labs"));
}

#[test]
fn formats_are_named_as_the_api_names_them() {
    let names = [Format::Pretalx, Format::FrabXml, Format::Sessionize].map(Format::as_str);
    assert_eq!(names, ["pretalx", "frab-xml", "sessionize"]);
}

#[test]
fn a_file_in_no_known_format_is_refused() {
    let message = "The file is neither pretalx's schedule.json, frab XML nor Sessionize JSON";
    assert_eq!(error_of(json!({ "talks": [] })), message);
    assert_eq!(parse(b"title,start\n", VENUE).unwrap_err().to_string(), message);
    assert_eq!(parse(b"<html></html>", VENUE).unwrap_err().to_string(), message);
}

#[test]
fn a_session_whose_start_is_not_a_time_is_named() {
    let mut file: serde_json::Value = serde_json::from_slice(PRETALX).unwrap();
    let event = &mut file["schedule"]["conference"]["days"][0]["rooms"]["Main Hall"][0];
    event["guid"] = json!("abc");
    event["date"] = json!("Monday morning");
    assert_eq!(error_of(file), "Session 'abc': date is not a time");

    let file = sessionize(
        json!([sessionize_session("abc", "soon", "2026-05-18T10:00:00", json!([]))]),
        json!([]),
    );
    assert_eq!(error_of(file), "Session 'abc': startsAt is not a time");
}

#[test]
fn a_speaker_without_a_name_is_named() {
    let mut file: serde_json::Value = serde_json::from_slice(PRETALX).unwrap();
    let person = &mut file["schedule"]["conference"]["days"][0]["rooms"]["Main Hall"][0]["persons"][0];
    person["name"] = json!("");
    person["public_name"] = json!(null);
    assert_eq!(error_of(file), "Speaker 'MQ7K2A': name is missing");

    let file = sessionize(json!([]), json!([{ "id": "XYZ", "fullName": " " }]));
    assert_eq!(error_of(file), "Speaker 'XYZ': name is missing");
}

#[test]
fn a_session_naming_a_speaker_not_in_the_file_is_refused() {
    let session = sessionize_session("42", "2026-05-18T09:00:00", "2026-05-18T10:00:00", json!(["ghost"]));
    let file = sessionize(json!([session]), json!([]));
    assert_eq!(error_of(file), "Session '42': speaker 'ghost' is not in the file");
}

#[test]
fn a_session_that_ends_before_it_starts_is_refused() {
    let session = sessionize_session("42", "2026-05-18T10:00:00", "2026-05-18T09:00:00", json!([]));
    assert_eq!(
        error_of(sessionize(json!([session]), json!([]))),
        "Session '42': ends before it starts"
    );
}

#[test]
fn titles_and_texts_over_their_limits_are_refused() {
    let mut session = sessionize_session("42", "2026-05-18T09:00:00", "2026-05-18T10:00:00", json!([]));
    session["title"] = json!("t".repeat(301));
    assert_eq!(
        error_of(sessionize(json!([session.clone()]), json!([]))),
        "Session '42': title is longer than 300 characters"
    );
    session["title"] = json!("A title");
    session["description"] = json!("d".repeat(20_001));
    assert_eq!(
        error_of(sessionize(json!([session]), json!([]))),
        "Session '42': abstract is longer than 20000 characters"
    );
    let speaker = json!({ "id": "XYZ", "fullName": "Ana", "bio": "b".repeat(20_001) });
    assert_eq!(
        error_of(sessionize(json!([]), json!([speaker]))),
        "Speaker 'XYZ': biography is longer than 20000 characters"
    );
}

#[test]
fn more_than_five_thousand_sessions_or_speakers_are_refused() {
    let sessions: Vec<_> = (0..5_001)
        .map(|n| sessionize_session(&n.to_string(), "2026-05-18T09:00:00", "2026-05-18T10:00:00", json!([])))
        .collect();
    assert_eq!(
        error_of(sessionize(json!(sessions), json!([]))),
        "The file has more than 5000 sessions"
    );
    let speakers: Vec<_> = (0..5_001)
        .map(|n| json!({ "id": n.to_string(), "fullName": "Ana" }))
        .collect();
    assert_eq!(
        error_of(sessionize(json!([]), json!(speakers))),
        "The file has more than 5000 speakers"
    );
}

#[test]
fn slugs_are_unique_within_the_file() {
    let sessions = json!([
        sessionize_session("1", "2026-05-18T09:00:00", "2026-05-18T10:00:00", json!([])),
        sessionize_session("2", "2026-05-18T11:00:00", "2026-05-18T12:00:00", json!([])),
    ]);
    let mut file = sessionize(sessions, json!([]));
    file["sessions"][1]["title"] = json!("Session 1");
    let programme = parse(file.to_string().as_bytes(), VENUE).unwrap().programme;
    let slugs: Vec<_> = programme.sessions.iter().map(|s| s.slug.as_str()).collect();
    assert_eq!(slugs, ["session-1", "session-1-2"]);
}

#[test]
fn a_frab_event_with_a_broken_duration_is_named() {
    let file = String::from_utf8(FRAB.to_vec()).unwrap().replacen(
        "<duration>01:00</duration>",
        "<duration>an hour</duration>",
        1,
    );
    let error = parse(file.as_bytes(), VENUE).unwrap_err().to_string();
    assert_eq!(
        error,
        "Session 'c0ffee00-0000-4000-8000-000000000001': duration is not a duration (HH:MM)"
    );
}

#[test]
fn the_sample_programme_the_shipped_event_feeds_reads_whole() {
    let sample = include_bytes!("../../../../programme.sample.json");
    let imported = parse(sample, VENUE).unwrap();
    let programme = imported.programme;

    assert_eq!(imported.format, Format::Pretalx);
    assert_eq!(programme.rooms.len(), 5);
    assert_eq!(programme.tracks.len(), 5);
    assert_eq!(programme.speakers.len(), 24);
    assert!(
        (50..=60).contains(&programme.sessions.len()),
        "{} sessions",
        programme.sessions.len()
    );
    assert!(
        programme
            .speakers
            .iter()
            .all(|s| s.tagline.is_some() && s.biography.is_some() && s.avatar_url.is_none())
    );
    let days: std::collections::BTreeSet<_> = programme.sessions.iter().map(|s| s.start.date()).collect();
    assert_eq!(days.first(), Some(&date!(2026 - 05 - 18)));
    assert_eq!(days.len(), 5);
    for kind in [
        SessionKind::Keynote,
        SessionKind::Talk,
        SessionKind::Workshop,
        SessionKind::Panel,
        SessionKind::Break,
        SessionKind::Hackathon,
    ] {
        assert!(programme.sessions.iter().any(|s| s.kind == kind), "no {kind:?}");
    }
    let small_rooms = |id: &Option<String>| {
        programme
            .rooms
            .iter()
            .any(|r| Some(&r.source_id) == id.as_ref() && r.capacity.is_some_and(|c| (24..=40).contains(&c)))
    };
    assert!(
        programme
            .sessions
            .iter()
            .filter(|s| s.kind == SessionKind::Workshop)
            .all(|s| small_rooms(&s.room))
    );
}

#[test]
fn an_entry_that_is_not_an_object_is_named() {
    let file = sessionize(json!([]), json!(["XYZ"]));
    assert_eq!(error_of(file), "Speaker without an id: is not an object with fields");
}
