//! The door: offline scans the server believes or not, door devices and the sessions that own
//! them, and finding an attendee by name without ever seeing a code.

use std::sync::Arc;

use conference::clock::{Clock, unix_millis};
use conference::tickets::code_digest;
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};
use crate::staff::{PASSWORD, call, sign_in_as, staff_session};

fn options() -> TestOptions {
    TestOptions::default().with_admin().without_rate_limits()
}

fn on_the_clock(clock: Arc<ManualClock>) -> TestOptions {
    let mut options = options();
    options.clock = Some(clock);
    options
}

/// The paid ticket of a new order for `name`: its order id and its code.
async fn ticket_of(app: &TestApp, name: &str, email: &str) -> (String, String) {
    let order_id = app.paid_ticket_order("developer", name, email).await;
    let code = app.store.tickets_of_order(&order_id).await.unwrap()[0].code.clone();
    (order_id, code)
}

async fn download_list(app: &TestApp, cookie: &str, device: &str) -> reqwest::Response {
    call(
        app,
        cookie,
        "GET",
        &format!("/api/admin/check-in/list?deviceId={device}"),
        None,
    )
    .await
}

async fn batch(app: &TestApp, cookie: &str, device: &str, scans: Value) -> Vec<Value> {
    let answer = call(
        app,
        cookie,
        "POST",
        "/api/admin/check-in/batch",
        Some(json!({ "deviceId": device, "scans": scans })),
    )
    .await;
    assert_eq!(answer.status(), 200);
    answer.json::<Value>().await.unwrap()["results"]
        .as_array()
        .unwrap()
        .clone()
}

fn results(answers: &[Value]) -> Vec<&str> {
    answers
        .iter()
        .map(|answer| answer["result"].as_str().unwrap())
        .collect()
}

fn doubts(answers: &[Value]) -> Vec<Option<&str>> {
    answers.iter().map(|answer| answer["doubt"].as_str()).collect()
}

async fn duplicates(app: &TestApp) -> Vec<Value> {
    let list: Value = app.admin_get("/api/admin/check-in/list").await.json().await.unwrap();
    list["duplicates"].as_array().unwrap().clone()
}

/// The admission of the order's ticket: when, and on which device (`None`: online).
async fn admission(app: &TestApp, order_id: &str) -> (Option<i64>, Option<String>) {
    let ticket_id = app.store.tickets_of_order(order_id).await.unwrap()[0].id.clone();
    let row: (Option<i64>, Option<String>) =
        sqlx::query_as("SELECT checked_in_at, checked_in_device FROM tickets WHERE id = $1")
            .bind(ticket_id)
            .fetch_one(&app.database().await)
            .await
            .unwrap();
    row
}

fn millis(at: OffsetDateTime) -> i64 {
    unix_millis(at)
}

on_both_databases! {
    /// The review's replay: a scan dated before a real online admission, even at 0, sent again
    /// and again under new device ids, never admits, never re-dates the admission and never
    /// makes it the duplicate; a believed scan from a device that had the list is a duplicate
    /// too, however early.
    async fn an_online_admission_is_never_moved(app, options()) {
        let (order_id, code) = ticket_of(&app, "Ada Online", "ada@example.com").await;
        let door = staff_session(&app, "door").await;
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        let online = call(&app, &door, "POST", "/api/admin/check-in", Some(json!({ "code": code }))).await;
        assert_eq!(online.status(), 200);
        let (admitted_at, device) = admission(&app, &order_id).await;
        let admitted_at = admitted_at.unwrap();
        assert_eq!(device, None);

        let believed = batch(&app, &door, "door-a", json!([{ "code": code, "scannedAt": admitted_at - 60_000 }])).await;
        let mut forged = Vec::new();
        for device in ["forged-1", "forged-2", "forged-3"] {
            forged.extend(batch(&app, &door, device, json!([{ "code": code, "scannedAt": 0 }])).await);
        }

        assert_eq!(results(&believed), ["duplicate"]);
        assert_eq!(doubts(&believed), [None]);
        assert_eq!(results(&forged), ["duplicate"; 3]);
        assert_eq!(doubts(&forged), [Some("before_list_download"); 3]);
        assert_eq!(admission(&app, &order_id).await, (Some(admitted_at), None), "the online admission stands");
        let duplicates = duplicates(&app).await;
        assert_eq!(duplicates.len(), 4, "{duplicates:?}");
        assert!(duplicates.iter().all(|duplicate| duplicate["firstDevice"] == "online" && duplicate["firstAt"] == admitted_at));
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();
        let flagged = dashboard["duplicateScans"].as_array().unwrap().iter().filter(|scan| scan["doubt"] == "before_list_download").count();
        assert_eq!(flagged, 3);
    }
}

on_both_databases! {
    /// A batch whose answer was lost is sent again: each scan it admitted answers
    /// `already_checked_in`, the same scan from another device id of the session is a duplicate,
    /// and nothing moves.
    async fn a_scan_sent_again_answers_already_checked_in(app, options()) {
        let (order_id, code) = ticket_of(&app, "Bo Again", "bo@example.com").await;
        let door = staff_session(&app, "door").await;
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        assert_eq!(download_list(&app, &door, "door-b").await.status(), 200);
        let scanned_at = conference::store::now_millis();
        let scans = json!([{ "code": code, "scannedAt": scanned_at }]);

        let first = batch(&app, &door, "door-a", scans.clone()).await;
        let again = batch(&app, &door, "door-a", scans.clone()).await;
        let elsewhere = batch(&app, &door, "door-b", scans).await;

        assert_eq!(results(&first), ["admitted"]);
        assert_eq!(results(&again), ["already_checked_in"]);
        assert_eq!(results(&elsewhere), ["duplicate"]);
        assert_eq!(admission(&app, &order_id).await, (Some(scanned_at), Some("door-a".to_owned())));
    }
}

on_both_databases! {
    /// Two devices offline scan the same ticket, both plausibly: the earlier scan admits it,
    /// whichever device syncs first, and the other is a duplicate; a repeat on one device and a
    /// batch sent twice change nothing.
    async fn the_earlier_of_two_believed_offline_scans_admits(app, on_the_clock(ManualClock::at(OffsetDateTime::now_utc() + Duration::minutes(1)))) {
        let clock = app.clock.clone().unwrap();
        let (first, ada) = ticket_of(&app, "Ada Early", "ada@example.com").await;
        let (second, bo) = ticket_of(&app, "Bo Later", "bo@example.com").await;
        let door = staff_session(&app, "door").await;
        let listed = clock.now();
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        assert_eq!(download_list(&app, &door, "door-b").await.status(), 200);
        clock.set(listed + Duration::minutes(10));
        let at = millis(listed);

        let device_a = json!([
            { "code": ada, "scannedAt": at + 60_000 },
            { "code": bo, "scannedAt": at + 61_000 },
            { "code": bo, "scannedAt": at + 90_000 },
            { "code": "TK-0000-0000-0000-0000-0000", "scannedAt": at + 95_000 },
        ]);
        let synced_a = batch(&app, &door, "door-a", device_a.clone()).await;
        let synced_b = batch(&app, &door, "door-b", json!([{ "code": ada.to_lowercase(), "scannedAt": at }])).await;
        let again_a = batch(&app, &door, "door-a", device_a).await;

        assert_eq!(results(&synced_a), ["admitted", "admitted", "already_checked_in", "unknown"]);
        assert_eq!(results(&synced_b), ["admitted"], "the earlier scan admits, though it came later");
        assert_eq!(results(&again_a), ["duplicate", "already_checked_in", "already_checked_in", "unknown"]);
        assert_eq!(admission(&app, &first).await, (Some(at), Some("door-b".to_owned())));
        assert_eq!(admission(&app, &second).await, (Some(at + 61_000), Some("door-a".to_owned())));

        let list: Value = call(&app, &door, "GET", "/api/admin/check-in/list", None).await.json().await.unwrap();
        let duplicates = list["duplicates"].as_array().unwrap();
        assert_eq!(duplicates.len(), 1, "{duplicates:?}");
        assert_eq!((duplicates[0]["deviceId"].as_str(), duplicates[0]["firstDevice"].as_str()), (Some("door-a"), Some("door-b")));
        assert_eq!(duplicates[0]["attendeeName"], "Ada Early");
        assert!(duplicates[0].get("doubt").is_none());
        let entry = list["tickets"].as_array().unwrap().iter().find(|entry| entry["hash"] == code_digest(&ada)).unwrap();
        assert_eq!((entry["status"].as_str(), entry["name"].as_str()), (Some("checked_in"), Some("Ada Early")));
        let developer = list["ticketTypes"].as_array().unwrap().iter().find(|count| count["ticketType"] == "developer").unwrap();
        assert_eq!((developer["expected"].as_i64(), developer["checkedIn"].as_i64()), (Some(2), Some(2)));
        assert!(!list.to_string().contains(&ada), "no code leaves the server in the list");
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();
        assert_eq!(dashboard["duplicateScans"].as_array().unwrap().len(), 1);
    }
}

on_both_databases! {
    /// A scan dated before its device downloaded the list is not believed: it admits a ticket
    /// nobody admitted yet at the batch's arrival, flagged for the organizer, and no believed
    /// scan is ever displaced by it.
    async fn a_scan_before_the_devices_list_admits_at_its_arrival_flagged(app, options()) {
        let (order_id, code) = ticket_of(&app, "Cy Early", "cy@example.com").await;
        let door = staff_session(&app, "door").await;
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        let listed = conference::store::now_millis();
        let claimed = listed - 60 * 60_000;

        let answers = batch(&app, &door, "door-a", json!([{ "code": code, "scannedAt": claimed }])).await;

        assert_eq!(results(&answers), ["admitted"]);
        assert_eq!(doubts(&answers), [Some("before_list_download")]);
        let (admitted_at, device) = admission(&app, &order_id).await;
        assert!(admitted_at.unwrap() >= listed, "admitted at its arrival, not at {claimed}");
        assert_eq!(device.as_deref(), Some("door-a"));
        let duplicates = duplicates(&app).await;
        assert_eq!(duplicates.len(), 1, "{duplicates:?}");
        assert_eq!((duplicates[0]["scannedAt"].as_i64(), duplicates[0]["doubt"].as_str()), (Some(claimed), Some("before_list_download")));
        assert_eq!(duplicates[0]["firstAt"].as_i64(), admitted_at);
    }
}

on_both_databases! {
    /// A device that had the list for an hour claims a scan half an hour ago of a ticket bought
    /// just now: not believed, as the code did not exist then.
    async fn a_scan_before_the_code_was_issued_is_not_believed(app, on_the_clock(ManualClock::at(OffsetDateTime::now_utc() - Duration::hours(1)))) {
        let clock = app.clock.clone().unwrap();
        let door = staff_session(&app, "door").await;
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        clock.set(OffsetDateTime::now_utc());
        let (order_id, code) = ticket_of(&app, "Di Late", "di@example.com").await;
        let claimed = millis(OffsetDateTime::now_utc() - Duration::minutes(30));

        let answers = batch(&app, &door, "door-a", json!([{ "code": code, "scannedAt": claimed }])).await;

        assert_eq!(results(&answers), ["admitted"]);
        assert_eq!(doubts(&answers), [Some("before_code_issued")]);
        assert!(admission(&app, &order_id).await.0.unwrap() > claimed);
    }
}

on_both_databases! {
    /// Scans before `[event] doors_open` are not believed.
    async fn a_scan_before_the_doors_open_is_not_believed(app, TestOptions::with_event(|event| {
        event.doors_open = OffsetDateTime::now_utc() + Duration::days(1);
    }).with_admin().without_rate_limits()) {
        let (_, code) = ticket_of(&app, "Ed Eager", "ed@example.com").await;
        let door = staff_session(&app, "door").await;
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);

        let answers = batch(&app, &door, "door-a", json!([{ "code": code, "scannedAt": conference::store::now_millis() }])).await;

        assert_eq!(results(&answers), ["admitted"]);
        assert_eq!(doubts(&answers), [Some("before_doors_open")]);
    }
}

on_both_databases! {
    /// A device id belongs to the session that first used it: another session (the same person
    /// signed in again, here) cannot download the list under it, and its scans under it are not
    /// believed, so they never displace the device's own.
    async fn a_device_belongs_to_the_session_that_first_used_it(app, options()) {
        let (first, ada) = ticket_of(&app, "Ada Owned", "ada@example.com").await;
        let (second, bo) = ticket_of(&app, "Bo Owned", "bo@example.com").await;
        let door = staff_session(&app, "door").await;
        let signed_in_again = sign_in_as(&app, "door@crew.example.com", PASSWORD).await;
        let other = signed_in_again.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        assert_eq!(download_list(&app, &door, "door-a").await.status(), 200);
        let scanned_at = conference::store::now_millis();
        assert_eq!(results(&batch(&app, &door, "door-a", json!([{ "code": ada, "scannedAt": scanned_at }])).await), ["admitted"]);

        let taken = download_list(&app, &other, "door-a").await;
        let borrowed = batch(&app, &other, "door-a", json!([
            { "code": ada, "scannedAt": scanned_at - 1_000 },
            { "code": bo, "scannedAt": scanned_at },
        ])).await;

        assert_eq!(taken.status(), StatusCode::CONFLICT);
        assert!(taken.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("another session"));
        assert_eq!(results(&borrowed), ["already_checked_in", "admitted"]);
        assert_eq!(doubts(&borrowed), [Some("device_of_another_session"); 2]);
        assert_eq!(admission(&app, &first).await, (Some(scanned_at), Some("door-a".to_owned())), "the owner's scan stands");
        assert!(admission(&app, &second).await.0.unwrap() >= scanned_at, "admitted at its arrival");
        let invalid = download_list(&app, &door, &"d".repeat(65)).await;
        assert_eq!(invalid.status(), StatusCode::BAD_REQUEST);
        assert_eq!(download_list(&app, &door, "%01").await.status(), StatusCode::BAD_REQUEST);
    }
}

on_both_databases! {
    /// A forgotten QR code: the door finds the attendee by name and checks them in by the
    /// ticket's id; no code is ever in the answers.
    async fn the_door_finds_an_attendee_by_name_and_checks_them_in_by_id(app, options()) {
        let (order_id, code) = ticket_of(&app, "Grace Hopper", "grace@example.com").await;
        let door = staff_session(&app, "door").await;
        let found = call(&app, &door, "GET", "/api/admin/check-in/search?q=hop", None).await;
        let short = call(&app, &door, "GET", "/api/admin/check-in/search?q=h", None).await;
        let long = call(&app, &door, "GET", &format!("/api/admin/check-in/search?q=%20{}", "a".repeat(100)), None).await;
        let wildcard: Value = call(&app, &door, "GET", "/api/admin/check-in/search?q=%25%25", None).await.json().await.unwrap();

        let found = found.text().await.unwrap();
        assert!(!found.contains(&code) && !found.contains(&conference::tickets::display_code(&code)), "{found}");
        let found: Value = serde_json::from_str(&found).unwrap();
        let attendees = found["attendees"].as_array().unwrap();
        assert_eq!(attendees.len(), 1);
        assert_eq!((attendees[0]["attendeeName"].as_str(), attendees[0]["status"].as_str()), (Some("Grace Hopper"), Some("valid")));
        assert!(attendees[0].get("code").is_none() && attendees[0].get("attendeeEmail").is_none());
        assert_eq!((short.status(), long.status()), (StatusCode::BAD_REQUEST, StatusCode::BAD_REQUEST));
        assert_eq!(wildcard["attendees"], json!([]), "% is a letter, not a wildcard");

        let ticket_id = attendees[0]["ticketId"].as_str().unwrap();
        let admitted = call(&app, &door, "POST", "/api/admin/check-in", Some(json!({ "ticketId": ticket_id }))).await;
        let again = call(&app, &door, "POST", "/api/admin/check-in", Some(json!({ "ticketId": ticket_id }))).await;
        assert_eq!((admitted.status(), again.status()), (StatusCode::OK, StatusCode::CONFLICT));
        let admitted: Value = admitted.json().await.unwrap();
        assert_eq!((admitted["result"].as_str(), admitted["attendeeName"].as_str()), (Some("admitted"), Some("Grace Hopper")));
        assert!(admitted.get("code").is_none(), "{admitted}");
        assert!(again.json::<Value>().await.unwrap().get("code").is_none());
        assert!(app.store.tickets_of_order(&order_id).await.unwrap()[0].checked_in_at.is_some());
    }
}

on_both_databases! {
    /// A check-in names its ticket by exactly one of a code and an id.
    async fn a_check_in_sends_a_code_or_a_ticket_id(app, options()) {
        let (order_id, code) = ticket_of(&app, "Hal Both", "hal@example.com").await;
        let ticket_id = app.store.tickets_of_order(&order_id).await.unwrap()[0].id.clone();
        let door = staff_session(&app, "door").await;
        let check_in = |body: Value| {
            let (app, door) = (&app, &door);
            async move { call(app, door, "POST", "/api/admin/check-in", Some(body)).await }
        };

        let both = check_in(json!({ "code": code, "ticketId": ticket_id })).await;
        let neither = check_in(json!({})).await;
        let too_long = check_in(json!({ "ticketId": "t".repeat(65) })).await;
        let unknown = check_in(json!({ "ticketId": "no-such-ticket" })).await;

        assert_eq!(both.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(both.json::<Value>().await.unwrap()["fieldErrors"]["ticketId"].is_string());
        assert_eq!(neither.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(neither.json::<Value>().await.unwrap()["fieldErrors"]["code"].is_string());
        assert_eq!(too_long.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
        assert_eq!(unknown.json::<Value>().await.unwrap()["result"], "unknown");
        assert!(app.store.tickets_of_order(&order_id).await.unwrap()[0].checked_in_at.is_none());
        let by_code = check_in(json!({ "code": code })).await;
        assert_eq!(by_code.status(), StatusCode::OK);
        // The door prints the badge by id, so a scanned code's answer names the ticket too.
        assert_eq!(by_code.json::<Value>().await.unwrap()["ticketId"].as_str(), Some(ticket_id.as_str()));
    }
}

on_both_databases! {
    /// Name searches are limited per session: a desk's pace goes through, a walk through the
    /// names meets 429 with Retry-After, and another session keeps its own budget.
    async fn name_searches_are_limited_per_session(app, TestOptions::default().with_admin()) {
        let door = staff_session(&app, "door").await;
        let started = std::time::Instant::now();
        for search in 0..20 {
            let answer = call(&app, &door, "GET", &format!("/api/admin/check-in/search?q=a{search}"), None).await;
            assert_eq!(answer.status(), 200, "search {search}");
        }
        // It gives back one search every 5 seconds, so however slow this machine, searching on
        // outruns it, after at most a search for each 5 seconds gone by.
        let mut more = 0;
        let refused = loop {
            let answer = call(&app, &door, "GET", "/api/admin/check-in/search?q=zz", None).await;
            if answer.status() == StatusCode::TOO_MANY_REQUESTS {
                break answer;
            }
            more += 1;
            assert!(more <= started.elapsed().as_secs() / 5 + 1, "{more} searches past the burst of 20 went through");
        };
        let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=5).contains(&retry_after), "{retry_after}");
        assert!(refused.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("name searches"));

        let manager = staff_session(&app, "manager").await;
        assert_eq!(call(&app, &manager, "GET", "/api/admin/check-in/search?q=zz", None).await.status(), 200);
        assert_eq!(call(&app, &door, "GET", "/api/admin/check-in/list", None).await.status(), 200, "the list is not limited");
    }
}
