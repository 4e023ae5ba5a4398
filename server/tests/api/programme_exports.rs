//! The schedule's exports for conference apps: `/schedule.json`, `/schedule.xml` and `/schedule.ics`, each carrying
//! the programme's version, answered from memory until the next import, and missing until the first.

use conference::programme::Programme;
use conference::programme::import::{self, Format};
use serde_json::Value;

use crate::helpers::{TestApp, on_both_databases};

const PRETALX: &[u8] = include_bytes!("../fixtures/programme/pretalx.json");
const SCHEMA: &str = include_str!("../fixtures/programme/c3voc-schema.json");
const EXPORTS: [(&str, &str); 3] = [
    ("/schedule.json", "application/json; charset=utf-8"),
    ("/schedule.xml", "application/xml; charset=utf-8"),
    ("/schedule.ics", "text/calendar; charset=utf-8"),
];

fn conference(app: &TestApp) -> Programme {
    import::parse(PRETALX, app.event.starts_at.offset()).unwrap().programme
}

async fn publish(app: &TestApp, programme: &Programme) {
    app.store
        .apply_programme(programme, "pretalx", "olga@example.com")
        .await
        .unwrap();
}

/// A 200 of the expected type, no-cache with an ETag; its body.
async fn export(app: &TestApp, path: &str) -> String {
    let (_, content_type) = EXPORTS.iter().find(|(export, _)| *export == path).unwrap();
    let answer = app.get(path).await;
    assert_eq!(answer.status(), 200, "{path}");
    assert_eq!(answer.headers()["content-type"], *content_type, "{path}");
    assert_eq!(answer.headers()["cache-control"], "no-cache", "{path}");
    assert!(answer.headers().contains_key("etag"), "{path}");
    answer.text().await.unwrap()
}

fn schema_errors(document: &Value) -> Vec<String> {
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    validator
        .iter_errors(document)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

/// What the frab XML carries of each session: its id, title, times, room and speakers.
fn timetable(programme: &Programme) -> Vec<String> {
    programme
        .sessions
        .iter()
        .map(|session| {
            format!(
                "{} {:?} {} – {} in {:?} by {:?}",
                session.source_id, session.title, session.start, session.end, session.room, session.speakers
            )
        })
        .collect()
}

on_both_databases! {
    async fn the_exports_are_not_found_before_the_first_import(app) {
        for (path, _) in EXPORTS {
            let answer = app.get(path).await;
            assert_eq!(answer.status(), 404, "{path}");
            assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
            let body: Value = answer.json().await.unwrap();
            assert_eq!(body["message"], "The event has no programme yet.");
        }
    }
}

on_both_databases! {
    async fn schedule_json_follows_the_c3voc_schema_and_imports_back_to_the_programme(app) {
        let programme = conference(&app);
        publish(&app, &programme).await;

        let json = export(&app, "/schedule.json").await;

        let document: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(schema_errors(&document), Vec::<String>::new());
        assert_eq!(document["schedule"]["version"], "v1");
        let conference = &document["schedule"]["conference"];
        assert_eq!(conference["title"], app.event.name.as_str());
        assert_eq!(conference["acronym"], "codewave2026");
        assert_eq!(conference["time_zone_name"], app.event.timezone.as_str());
        let imported = import::parse(json.as_bytes(), app.event.starts_at.offset()).unwrap();
        assert_eq!(imported.format, Format::Pretalx);
        assert_eq!(imported.programme, programme);
    }
}

on_both_databases! {
    async fn schedule_xml_imports_back_to_the_programme(app) {
        let programme = conference(&app);
        publish(&app, &programme).await;

        let xml = export(&app, "/schedule.xml").await;

        assert!(xml.contains("<version>v1</version>"));
        let imported = import::parse(xml.as_bytes(), app.event.starts_at.offset()).unwrap();
        assert_eq!(imported.format, Format::FrabXml);
        assert_eq!(timetable(&imported.programme), timetable(&programme));
    }
}

on_both_databases! {
    async fn schedule_ics_holds_one_event_per_session(app) {
        let programme = conference(&app);
        publish(&app, &programme).await;

        let calendar = export(&app, "/schedule.ics").await;

        let parsed = ical::IcalParser::new(calendar.as_bytes()).next().unwrap().unwrap();
        assert_eq!(parsed.events.len(), programme.sessions.len());
        let product = parsed.properties.iter().find(|property| property.name == "PRODID").unwrap();
        assert!(product.value.as_deref().unwrap().contains("v1"), "{product:?}");
    }
}

on_both_databases! {
    async fn an_import_makes_new_exports_and_a_current_copy_is_not_sent_again(app) {
        let mut programme = conference(&app);
        publish(&app, &programme).await;
        let first = app.get("/schedule.json").await;
        let etag = first.headers()["etag"].clone();
        let first = first.text().await.unwrap();

        let again = app.client.get(app.url("/schedule.json")).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304);
        assert_eq!(app.get("/schedule.json").await.text().await.unwrap(), first, "the same version, the same bytes");

        programme.sessions[0].title = "A Keynote Renamed".into();
        publish(&app, &programme).await;
        let changed = app.client.get(app.url("/schedule.json")).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(changed.status(), 200);
        let document: Value = changed.json().await.unwrap();
        assert_eq!(document["schedule"]["version"], "v2");
        assert!(document.to_string().contains("A Keynote Renamed"));
        assert!(export(&app, "/schedule.ics").await.contains("Programme v2"));
        assert!(export(&app, "/schedule.xml").await.contains("<version>v2</version>"));
    }
}
