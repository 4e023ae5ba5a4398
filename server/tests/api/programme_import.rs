//! The organizer's programme import: a preview that changes nothing, an apply that makes a version, the same file
//! again that changes nothing, an invalid file refused by its entry and field, and who may call it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};
use crate::staff::{call, staff_session};

const PRETALX: &str = include_str!("../fixtures/programme/pretalx.json");
const FRAB: &str = include_str!("../fixtures/programme/frab.xml");
const SESSIONIZE: &str = include_str!("../fixtures/programme/sessionize.json");
const IMPORT: &str = "/api/admin/programme/import";

fn admin() -> TestOptions {
    TestOptions::default().with_admin().without_rate_limits()
}

async fn import(app: &TestApp, path: &str, file: impl Into<reqwest::Body>, content_type: &str) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .bearer_auth(ADMIN_TOKEN)
        .header("Content-Type", content_type)
        .body(file)
        .send()
        .await
        .expect("the request is answered")
}

async fn preview(app: &TestApp, file: &str) -> Value {
    let answer = import(app, IMPORT, file.to_owned(), "application/json").await;
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

async fn apply(app: &TestApp, file: &str) -> Value {
    let answer = import(
        app,
        &format!("{IMPORT}?apply=true"),
        file.to_owned(),
        "application/json",
    )
    .await;
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

async fn programme(app: &TestApp) -> Value {
    app.get("/api/programme").await.json().await.unwrap()
}

/// The programme as a visitor reads it, without the source's ids: each session on it (not the cancelled ones an
/// import in another format, with other ids, left behind) by title, kind, times, room name and speakers' names.
fn summary(programme: &Value) -> Vec<Value> {
    let room_name = |id: &Value| {
        programme["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .find(|room| &room["id"] == id)
            .map(|room| room["name"].clone())
            .unwrap_or(Value::Null)
    };
    let speaker_name = |slug: &Value| {
        programme["speakers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|speaker| &speaker["slug"] == slug)
            .map(|speaker| speaker["name"].clone())
            .unwrap()
    };
    programme["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|session| session["cancelled"] == false)
        .map(|session| {
            json!({
                "title": session["title"],
                "kind": session["kind"],
                "start": session["start"],
                "end": session["end"],
                "room": room_name(&session["room"]),
                "speakers": session["speakers"].as_array().unwrap().iter().map(speaker_name).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// The pretalx fixture with its opening keynote an hour later.
fn keynote_an_hour_later() -> String {
    let mut file: Value = serde_json::from_str(PRETALX).unwrap();
    let keynote = &mut file["schedule"]["conference"]["days"][0]["rooms"]["Main Hall"][0];
    keynote["date"] = json!("2026-05-18T10:00:00-04:00");
    keynote["start"] = json!("10:00");
    serde_json::to_string(&file).unwrap()
}

on_both_databases! {
    async fn the_three_formats_of_one_conference_import_to_the_same_programme(app, admin()) {
        let mut read = Vec::new();
        for (file, format) in [(PRETALX, "pretalx"), (FRAB, "frab-xml"), (SESSIONIZE, "sessionize")] {
            let applied = apply(&app, file).await;
            assert_eq!(applied["format"], format);
            read.push(summary(&programme(&app).await));
        }

        assert_eq!(read[0].len(), 8);
        assert_eq!(read[0], read[1], "frab XML reads as pretalx");
        assert_eq!(read[0], read[2], "Sessionize reads as pretalx");
        let keynote = read[0].iter().find(|session| session["kind"] == "keynote").unwrap();
        assert_eq!(keynote["start"], "2026-05-18T09:00:00-04:00");
        assert_eq!(keynote["room"], "Main Hall");
        assert_eq!(keynote["speakers"], json!(["Marisol Quintero"]));
    }
}

on_both_databases! {
    async fn a_preview_changes_nothing_and_applying_makes_version_1_once(app, admin()) {
        let previewed = preview(&app, PRETALX).await;
        assert_eq!(previewed["format"], "pretalx");
        assert_eq!(previewed["changes"]["sessionsAdded"], 8);
        assert_eq!(previewed["changes"]["speakersAdded"], 5);
        assert!(previewed.get("version").is_none(), "{previewed}");
        let untouched = programme(&app).await;
        assert_eq!(untouched["version"], Value::Null);
        assert_eq!(untouched["sessions"], json!([]));

        let applied = apply(&app, PRETALX).await;
        assert_eq!(applied["version"], 1);
        assert_eq!(applied["changes"], previewed["changes"], "applying does what the preview said");
        assert_eq!(programme(&app).await["version"], 1);

        let again = apply(&app, PRETALX).await;
        assert!(again.get("version").is_none(), "{again}");
        assert_eq!(again["changes"]["sessionsChanged"], 0);
        assert_eq!(again["changes"]["sessionsAdded"], 0);
        assert_eq!(again["changes"]["moved"], json!([]));
        assert_eq!(programme(&app).await["version"], 1, "the same file makes no version");
        let logged: Vec<(String, String)> =
            sqlx::query_as("SELECT actor, detail FROM audit_log WHERE action = 'programme_imported'")
                .fetch_all(&app.database().await)
                .await
                .unwrap();
        assert_eq!(logged.len(), 1, "one import changed something: {logged:?}");
        assert_eq!(logged[0].0, "API token");
        let detail: Value = serde_json::from_str(&logged[0].1).unwrap();
        assert_eq!(detail, json!({ "version": 1, "format": "pretalx" }));
    }
}

on_both_databases! {
    async fn an_edited_file_reports_and_applies_exactly_its_edit(app, admin()) {
        apply(&app, PRETALX).await;
        let before = summary(&programme(&app).await);
        let edited = keynote_an_hour_later();

        let previewed = preview(&app, &edited).await;
        let expected_move = json!([{
            "session": "testconf-9001-opening-keynote-code-by-the-ocean",
            "from": { "start": "2026-05-18T09:00:00-04:00", "end": "2026-05-18T10:00:00-04:00", "room": "Main Hall" },
            "to": { "start": "2026-05-18T10:00:00-04:00", "end": "2026-05-18T11:00:00-04:00", "room": "Main Hall" },
        }]);
        let changes = &previewed["changes"];
        assert_eq!(changes["moved"], expected_move, "{changes}");
        assert_eq!(changes["sessionsChanged"], 1);
        for count in ["sessionsAdded", "sessionsRemoved", "speakersAdded", "speakersChanged", "speakersRemoved"] {
            assert_eq!(changes[count], 0, "{count}");
        }
        assert_eq!(summary(&programme(&app).await), before, "a preview changes nothing");

        let applied = apply(&app, &edited).await;
        assert_eq!(applied["version"], 2);
        assert_eq!(applied["changes"], previewed["changes"]);
        let after = summary(&programme(&app).await);
        let changed: Vec<_> = before.iter().filter(|session| !after.contains(session)).collect();
        assert_eq!(changed.len(), 1, "only the keynote changed");
        let keynote = after.iter().find(|session| session["kind"] == "keynote").unwrap();
        assert_eq!(keynote["start"], "2026-05-18T10:00:00-04:00");
        assert_eq!(keynote["end"], "2026-05-18T11:00:00-04:00");
    }
}

on_both_databases! {
    async fn an_invalid_file_is_refused_by_its_entry_and_field_and_changes_nothing(app, admin()) {
        apply(&app, PRETALX).await;
        let before = programme(&app).await;
        let mut file: Value = serde_json::from_str(PRETALX).unwrap();
        let event = &mut file["schedule"]["conference"]["days"][0]["rooms"]["Main Hall"][0];
        event["guid"] = json!("abc");
        event["date"] = json!("soon");

        for path in [IMPORT.to_owned(), format!("{IMPORT}?apply=true")] {
            let answer = import(&app, &path, file.to_string(), "application/json").await;
            assert_eq!(answer.status(), 422, "{path}");
            let body: Value = answer.json().await.unwrap();
            assert_eq!(body["fieldErrors"]["file"], "Session 'abc': date is not a time", "{body}");
            assert_eq!(body["message"], "Session 'abc': date is not a time");
        }
        let not_a_programme = import(&app, &format!("{IMPORT}?apply=true"), "<html>", "text/html").await;
        assert_eq!(not_a_programme.status(), 422);

        assert_eq!(programme(&app).await, before, "nothing changed");
    }
}

on_both_databases! {
    async fn support_and_door_may_not_import_the_programme(app, admin()) {
        for role in ["support", "door"] {
            let cookie = staff_session(&app, role).await;
            let answer = call(&app, &cookie, "POST", &format!("{IMPORT}?apply=true"), Some(serde_json::from_str(PRETALX).unwrap())).await;
            assert_eq!(answer.status(), StatusCode::FORBIDDEN, "{role}");
            assert_eq!(answer.json::<Value>().await.unwrap()["code"], "forbidden");
        }
        let manager = staff_session(&app, "manager").await;
        let answer = call(&app, &manager, "POST", &format!("{IMPORT}?apply=true"), Some(serde_json::from_str(PRETALX).unwrap())).await;
        assert_eq!(answer.status(), 200);
        assert_eq!(programme(&app).await["version"], 1);
    }
}

on_both_databases! {
    async fn a_file_up_to_5_mb_is_read_and_a_larger_one_is_refused(app, admin()) {
        let padding = 4 * 1024 * 1024 - PRETALX.len();
        let large = format!("{PRETALX}{}", " ".repeat(padding));
        let answer = import(&app, IMPORT, large, "application/json").await;
        assert_eq!(answer.status(), 200, "a 4 MB file is read");

        let too_large = format!("{PRETALX}{}", " ".repeat(5 * 1024 * 1024));
        let answer = import(&app, &format!("{IMPORT}?apply=true"), too_large, "application/json").await;
        assert_eq!(answer.status(), 413);
        let body: Value = answer.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().starts_with("The programme file is over 5 MB"), "{body}");
        assert_eq!(programme(&app).await["version"], Value::Null, "nothing changed");
    }
}
