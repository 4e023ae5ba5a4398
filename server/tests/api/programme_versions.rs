//! The programme's versions as the back office lists them: one per applied import that changed something, newest
//! first, each with its format, its report (times in the venue's), when and by whom; read by owners, managers and
//! support, not the door.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};
use crate::staff::{call, staff_session};

const PRETALX: &str = include_str!("../fixtures/programme/pretalx.json");
const VERSIONS: &str = "/api/admin/programme/versions";

fn admin() -> TestOptions {
    TestOptions::default().with_admin().without_rate_limits()
}

async fn apply(app: &TestApp, file: &str) -> Value {
    let answer = app
        .client
        .post(app.url("/api/admin/programme/import?apply=true"))
        .bearer_auth(ADMIN_TOKEN)
        .header("Content-Type", "application/json")
        .body(file.to_owned())
        .send()
        .await
        .expect("the request is answered");
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

async fn versions(app: &TestApp) -> Value {
    let answer = app.admin_get(VERSIONS).await;
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

/// The pretalx fixture with the second day's talk renamed and the opening keynote an hour later.
fn renamed_and_moved() -> String {
    let mut file: Value = serde_json::from_str(PRETALX).unwrap();
    let days = &mut file["schedule"]["conference"]["days"];
    days[1]["rooms"]["Room B"][0]["title"] = json!("The Future of Frontend, Revisited");
    let keynote = &mut days[0]["rooms"]["Main Hall"][0];
    keynote["date"] = json!("2026-05-18T10:00:00-04:00");
    keynote["start"] = json!("10:00");
    serde_json::to_string(&file).unwrap()
}

fn now_millis() -> i64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(now.as_millis()).unwrap()
}

on_both_databases! {
    async fn each_applied_import_is_listed_newest_first_with_its_report(app, admin()) {
        assert_eq!(versions(&app).await, json!({ "versions": [] }), "no import yet");

        let started = now_millis();
        let first = apply(&app, PRETALX).await;
        let edited = renamed_and_moved();
        let second = apply(&app, &edited).await;
        apply(&app, &edited).await;
        let finished = now_millis();

        let listed = versions(&app).await["versions"].as_array().unwrap().clone();
        assert_eq!(listed.len(), 2, "the same file again makes no version: {listed:?}");
        assert_eq!(listed[0]["number"], 2);
        assert_eq!(listed[1]["number"], 1);
        assert_eq!(listed[0]["changes"], second["changes"], "version 2's report is what its apply answered");
        assert_eq!(listed[1]["changes"], first["changes"]);
        assert_eq!(listed[0]["changes"]["sessionsChanged"], 2);
        assert_eq!(
            listed[0]["changes"]["moved"][0]["from"]["start"],
            "2026-05-18T09:00:00-04:00",
            "the old time reads in the venue's offset, not the stored UTC"
        );
        for version in &listed {
            assert_eq!(version["format"], "pretalx");
            assert_eq!(version["appliedBy"], "API token");
            let at = version["appliedAt"].as_i64().unwrap();
            assert!((started..=finished).contains(&at), "{at} within {started}..={finished}");
        }
        assert!(listed[0]["appliedAt"].as_i64() >= listed[1]["appliedAt"].as_i64());
    }
}

on_both_databases! {
    async fn owners_managers_and_support_read_the_versions_and_the_door_does_not(app, admin()) {
        let manager = staff_session(&app, "manager").await;
        let file: Value = serde_json::from_str(PRETALX).unwrap();
        let applied = call(&app, &manager, "POST", "/api/admin/programme/import?apply=true", Some(file)).await;
        assert_eq!(applied.status(), 200);

        for role in ["owner", "manager", "support"] {
            let cookie = if role == "manager" { manager.clone() } else { staff_session(&app, role).await };
            let answer = call(&app, &cookie, "GET", VERSIONS, None).await;
            assert_eq!(answer.status(), StatusCode::OK, "{role}");
            let body: Value = answer.json().await.unwrap();
            assert_eq!(body["versions"][0]["appliedBy"], "manager person", "{role}: {body}");
        }
        let door = staff_session(&app, "door").await;
        let answer = call(&app, &door, "GET", VERSIONS, None).await;
        assert_eq!(answer.status(), StatusCode::FORBIDDEN);
        assert_eq!(answer.json::<Value>().await.unwrap()["code"], "forbidden");
        let anonymous = app.get(VERSIONS).await;
        assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    }
}
