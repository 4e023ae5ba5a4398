//! Keeping the programme: an import is applied in one transaction by its entries' source ids, reports exactly what
//! it changed, and makes a numbered version only when it changed something.

use conference::programme::{Changes, Link, Moved, Programme, Room, Session, SessionKind, Slot, Speaker, Track};
use conference::store::ApplyProgrammeError;
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::macros::datetime;

use crate::helpers::on_both_databases;

fn speaker(source_id: &str, name: &str) -> Speaker {
    Speaker {
        source_id: source_id.into(),
        slug: name.to_lowercase().replace(' ', "-"),
        name: name.into(),
        tagline: Some(format!("{name}, Example Corp")),
        biography: Some(format!("**{name}** builds things.")),
        avatar_url: Some(format!("https://cfp.example.com/media/{source_id}.jpg")),
        links: vec![Link {
            title: "Website".into(),
            url: format!("https://{source_id}.example.com"),
        }],
    }
}

fn session(source_id: &str, slug: &str, room: &str, start: OffsetDateTime, speakers: &[&str]) -> Session {
    Session {
        source_id: source_id.into(),
        slug: slug.into(),
        title: slug.replace('-', " "),
        subtitle: None,
        kind: SessionKind::Talk,
        track: Some("web".into()),
        level: Some("intermediate".into()),
        language: Some("en".into()),
        abstract_text: Some("What you will *learn*.".into()),
        description: Some("All of it.".into()),
        speakers: speakers.iter().map(|&speaker| speaker.to_owned()).collect(),
        room: Some(room.into()),
        start,
        end: start + time::Duration::minutes(45),
        links: Vec::new(),
    }
}

/// A small conference, its sessions by start and then room, as the store gives them back.
fn conference() -> Programme {
    let mut keynote = session(
        "k1",
        "opening-keynote",
        "main",
        datetime!(2026-05-18 09:00 -4),
        &["ada"],
    );
    keynote.kind = SessionKind::Keynote;
    keynote.track = None;
    keynote.links = vec![Link {
        title: "Slides".into(),
        url: "https://slides.example.com/keynote".into(),
    }];
    let mut coffee = session("b1", "coffee", "main", datetime!(2026-05-18 09:45 -4), &[]);
    coffee.kind = SessionKind::Break;
    coffee.track = None;
    coffee.level = None;
    coffee.abstract_text = None;
    coffee.description = None;
    let mut hackathon = session("h1", "hackathon", "main", datetime!(2026-05-19 10:00 -4), &[]);
    hackathon.kind = SessionKind::Hackathon;
    hackathon.room = None;
    Programme {
        rooms: vec![
            Room {
                source_id: "main".into(),
                name: "Main hall".into(),
                capacity: Some(800),
            },
            Room {
                source_id: "lab".into(),
                name: "Lab".into(),
                capacity: None,
            },
        ],
        tracks: vec![
            Track {
                source_id: "web".into(),
                name: "Web".into(),
                colour: Some("#336699".into()),
            },
            Track {
                source_id: "ai".into(),
                name: "AI".into(),
                colour: None,
            },
        ],
        speakers: vec![
            speaker("ada", "Ada Lovelace"),
            speaker("grace", "Grace Hopper"),
            speaker("alan", "Alan Turing"),
        ],
        sessions: vec![
            keynote,
            coffee,
            session(
                "t1",
                "rust-on-the-web",
                "main",
                datetime!(2026-05-18 10:00 -4),
                &["grace", "ada"],
            ),
            session("t2", "react-hooks", "lab", datetime!(2026-05-18 10:00 -4), &["alan"]),
            hackathon,
        ],
    }
}

/// `conference()` with one session moved to the lab in the afternoon, Grace gone (her talk now given by Ada
/// alone) and a new speaker, Linus, joining Alan's talk.
fn edited_conference() -> Programme {
    let mut edited = conference();
    edited.speakers.retain(|speaker| speaker.source_id != "grace");
    edited.speakers.push(speaker("linus", "Linus Torvalds"));
    let rust = &mut edited.sessions[2];
    rust.speakers = vec!["ada".into()];
    let mut react = edited.sessions.remove(3);
    react.speakers.push("linus".into());
    react.room = Some("main".into());
    react.start = datetime!(2026-05-18 14:00 -4);
    react.end = datetime!(2026-05-18 14:45 -4);
    edited.sessions.insert(3, react);
    edited
}

/// `conference()` without the lab, its talk, its speaker and the AI track.
fn smaller_conference() -> Programme {
    let mut smaller = conference();
    smaller.sessions.retain(|session| session.source_id != "t2");
    smaller.speakers.retain(|speaker| speaker.source_id != "alan");
    smaller.rooms.retain(|room| room.source_id != "lab");
    smaller.tracks.retain(|track| track.source_id != "ai");
    smaller
}

on_both_databases! {
    async fn a_programme_applied_reads_back_the_same(app) {
        let applied = app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();

        assert_eq!(applied.version, Some(1));
        assert_eq!((applied.changes.sessions_added, applied.changes.speakers_added), (5, 3));
        assert_eq!(app.store.programme().await.unwrap(), conference());
    }
}

on_both_databases! {
    async fn applying_the_same_programme_again_changes_nothing_and_makes_no_version(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();

        let again = app.store.apply_programme(&conference(), "sessionize", "olga@example.com").await.unwrap();

        assert!(again.changes.is_empty(), "{:?}", again.changes);
        assert_eq!(again.version, None);
        assert_eq!(app.store.programme_versions().await.unwrap().len(), 1);
        assert_eq!(app.store.programme().await.unwrap(), conference());
    }
}

on_both_databases! {
    async fn an_edited_programme_reports_and_applies_exactly_its_edits(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();

        let applied = app.store.apply_programme(&edited_conference(), "pretalx", "olga@example.com").await.unwrap();

        assert_eq!(
            applied.changes,
            Changes {
                sessions_changed: 2,
                speakers_added: 1,
                speakers_removed: 1,
                moved: vec![Moved {
                    session: "react-hooks".into(),
                    from: Slot {
                        start: datetime!(2026-05-18 10:00 -4),
                        end: datetime!(2026-05-18 10:45 -4),
                        room: Some("Lab".into()),
                    },
                    to: Slot {
                        start: datetime!(2026-05-18 14:00 -4),
                        end: datetime!(2026-05-18 14:45 -4),
                        room: Some("Main hall".into()),
                    },
                }],
                layout_changed: true,
                ..Changes::default()
            }
        );
        assert_eq!(applied.version, Some(2));
        assert_eq!(app.store.programme().await.unwrap(), edited_conference());
    }
}

on_both_databases! {
    async fn entries_gone_from_the_import_are_gone_from_the_programme(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();

        let applied = app.store.apply_programme(&smaller_conference(), "pretalx", "olga@example.com").await.unwrap();

        assert_eq!((applied.changes.sessions_removed, applied.changes.speakers_removed), (1, 1));
        assert_eq!(app.store.programme().await.unwrap(), smaller_conference());
    }
}

on_both_databases! {
    /// A removed session stays, cancelled, without the room and speaker that went with it; the same file
    /// again changes nothing, and importing the session again brings it back.
    async fn a_removed_session_is_kept_cancelled_and_revived_by_importing_it_again(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        app.store.apply_programme(&smaller_conference(), "pretalx", "olga@example.com").await.unwrap();

        let again = app.store.apply_programme(&smaller_conference(), "pretalx", "olga@example.com").await.unwrap();
        assert_eq!(again.version, None);
        let read = app.store.versioned_programme().await.unwrap();
        assert_eq!(read.programme, smaller_conference());
        let removed = conference().sessions.into_iter().find(|session| session.source_id == "t2").unwrap();
        assert_eq!(read.cancelled.len(), 1);
        assert_eq!(read.cancelled[0].slug, removed.slug);
        assert_eq!((read.cancelled[0].room.as_deref(), read.cancelled[0].track.as_deref()), (None, Some("web")));
        assert!(read.cancelled[0].speakers.is_empty());

        let revived = app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        assert_eq!(revived.changes.sessions_added, 1);
        let read = app.store.versioned_programme().await.unwrap();
        assert_eq!(read.programme, conference());
        assert!(read.cancelled.is_empty());
    }
}

on_both_databases! {
    async fn versions_are_numbered_from_one_and_listed_newest_first(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        app.store.apply_programme(&edited_conference(), "frab-xml", "mia@example.com").await.unwrap();
        app.store.apply_programme(&edited_conference(), "frab-xml", "mia@example.com").await.unwrap();
        app.store.apply_programme(&conference(), "sessionize", "command line").await.unwrap();

        let versions = app.store.programme_versions().await.unwrap();

        let listed: Vec<(i64, &str, &str)> = versions
            .iter()
            .map(|version| (version.number, version.format.as_str(), version.applied_by.as_str()))
            .collect();
        assert_eq!(
            listed,
            [(3, "sessionize", "command line"), (2, "frab-xml", "mia@example.com"), (1, "pretalx", "olga@example.com")]
        );
        assert_eq!(versions[1].changes.moved.len(), 1);
        assert_eq!(versions[2].changes.sessions_added, 5);
        assert!(versions[0].applied_at >= versions[1].applied_at);
    }
}

on_both_databases! {
    async fn a_session_keeps_its_speakers_in_the_sources_order(app) {
        let mut panel = conference();
        panel.sessions[2].kind = SessionKind::Panel;
        panel.sessions[2].speakers = vec!["grace".into(), "alan".into(), "ada".into()];
        app.store.apply_programme(&panel, "pretalx", "olga@example.com").await.unwrap();
        let mut reordered = panel.clone();
        reordered.sessions[2].speakers = vec!["alan".into(), "ada".into(), "grace".into()];

        let applied = app.store.apply_programme(&reordered, "pretalx", "olga@example.com").await.unwrap();

        assert_eq!(applied.changes.sessions_changed, 1);
        assert_eq!(app.store.programme().await.unwrap().sessions[2].speakers, ["alan", "ada", "grace"]);
    }
}

on_both_databases! {
    async fn two_imports_applied_at_once_make_two_versions_and_leave_the_later_one_whole(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        let apply = |programme: Programme| {
            let store = app.store.clone();
            tokio::spawn(async move { store.apply_programme(&programme, "pretalx", "olga@example.com").await })
        };

        let (edited, smaller) = tokio::join!(apply(edited_conference()), apply(smaller_conference()));

        let edited = edited.unwrap().unwrap().version.unwrap();
        let smaller = smaller.unwrap().unwrap().version.unwrap();
        assert_eq!(edited.min(smaller), 2);
        assert_eq!(edited.max(smaller), 3);
        let later = if edited > smaller { edited_conference() } else { smaller_conference() };
        assert_eq!(app.store.programme().await.unwrap(), later);
    }
}

on_both_databases! {
    async fn a_programme_naming_a_room_it_does_not_have_is_refused_and_changes_nothing(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        let mut broken = edited_conference();
        broken.sessions[0].room = Some("attic".into());

        let refused = app.store.apply_programme(&broken, "pretalx", "olga@example.com").await.unwrap_err();

        assert!(
            matches!(&refused, ApplyProgrammeError::UnknownReference { session, field: "room", source_id }
                if session == "opening-keynote" && source_id == "attic"),
            "{refused:?}"
        );
        assert_eq!(app.store.programme().await.unwrap(), conference());
        assert_eq!(app.store.programme_versions().await.unwrap().len(), 1);
    }
}

on_both_databases! {
    async fn the_programme_is_served_for_apps_in_the_venues_time(app) {
        let mut programme = conference();
        let late = session("l1", "late-night-lightning", "lab", datetime!(2026-05-19 03:30 UTC), &["alan"]);
        programme.sessions.insert(4, late);
        app.store.apply_programme(&programme, "pretalx", "olga@example.com").await.unwrap();

        let answer = app.get("/api/programme").await;

        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["cache-control"], "no-cache");
        let body: Value = answer.json().await.unwrap();
        assert_eq!(body["version"], 1);
        assert_eq!(body["timezone"], "America/New_York");
        assert_eq!(body["days"], json!(["2026-05-18", "2026-05-19"]));
        assert_eq!(
            body["rooms"],
            json!([{"id": "main", "name": "Main hall", "capacity": 800}, {"id": "lab", "name": "Lab", "capacity": null}])
        );
        assert_eq!(body["tracks"][0], json!({"id": "web", "name": "Web", "colour": "#336699"}));
        assert_eq!(
            body["sessions"][2],
            json!({
                "id": "t1", "slug": "rust-on-the-web", "title": "rust on the web", "kind": "talk", "track": "web",
                "level": "intermediate", "language": "en", "start": "2026-05-18T10:00:00-04:00",
                "end": "2026-05-18T10:45:00-04:00", "room": "main", "speakers": ["grace-hopper", "ada-lovelace"],
                "abstract": "What you will *learn*.", "abstractHtml": "<p>What you will <em>learn</em>.</p>\n",
                "cancelled": false,
            })
        );
        assert_eq!(body["sessions"][4]["start"], "2026-05-18T23:30:00-04:00");
        assert_eq!(body["sessions"][5]["room"], Value::Null);
        assert_eq!(
            body["speakers"][0],
            json!({"slug": "ada-lovelace", "name": "Ada Lovelace", "tagline": "Ada Lovelace, Example Corp",
                   "photo": null, "featured": true})
        );
        assert_eq!(body["speakers"][1]["featured"], false);
    }
}

on_both_databases! {
    async fn before_the_first_import_the_programme_is_empty(app) {
        let body: Value = app.get("/api/programme").await.json().await.unwrap();

        assert_eq!(body["version"], Value::Null);
        assert_eq!(body["days"], json!([]));
        assert_eq!(body["sessions"], json!([]));
    }
}

on_both_databases! {
    /// A read while imports are applied sees one version's programme whole, under that version's number.
    async fn a_read_during_imports_sees_one_version_whole(app) {
        app.store.apply_programme(&conference(), "pretalx", "olga@example.com").await.unwrap();
        let store = app.store.clone();
        let imports = tokio::spawn(async move {
            for round in 0..10 {
                let next = if round % 2 == 0 { edited_conference() } else { conference() };
                store.apply_programme(&next, "pretalx", "olga@example.com").await.unwrap();
            }
        });

        let mut reads = Vec::new();
        while !imports.is_finished() {
            reads.push(app.store.versioned_programme().await.unwrap());
        }
        imports.await.unwrap();
        reads.push(app.store.versioned_programme().await.unwrap());

        for read in reads {
            let number = read.version.expect("the first import was applied").number;
            // Version 1 and every odd one after it applied the conference; the even ones its edit.
            let expected = if number % 2 == 1 { conference() } else { edited_conference() };
            assert_eq!(read.programme, expected, "version {number}");
        }
    }
}
