//! Certificates of attendance: after the event, a checked-in attendee downloads a PDF naming them, the event, the
//! days they were checked in and the workshops they attended; its page at `/certificates/{id}` confirms it, and a
//! forged id is not found. Nobody gets one before the event ends or without having come.

use std::sync::Arc;

use conference::programme::{Programme, Room, Session, SessionKind};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::macros::datetime;

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};

fn options(clock: &Arc<ManualClock>) -> TestOptions {
    TestOptions {
        clock: Some(clock.clone()),
        ..TestOptions::with_event(|event| event.workshops.signup_opens = Some(datetime!(2026-01-01 00:00 -4)))
    }
    .with_admin()
    .without_rate_limits()
}

fn before_the_event() -> Arc<ManualClock> {
    ManualClock::at(datetime!(2026-04-01 12:00 -4))
}

const AFTER_THE_EVENT: OffsetDateTime = datetime!(2026-05-23 10:00 -4);

fn millis(instant: OffsetDateTime) -> i64 {
    instant.unix_timestamp() * 1000
}

async fn publish_workshop(app: &TestApp) {
    let start = datetime!(2026-05-19 10:00 -4);
    let programme = Programme {
        rooms: vec![Room {
            source_id: "lab".into(),
            name: "The Lab".into(),
            capacity: Some(30),
        }],
        tracks: Vec::new(),
        speakers: Vec::new(),
        sessions: vec![Session {
            source_id: "src-rust".into(),
            slug: "hands-on-rust".into(),
            title: "Hands-on Rust".into(),
            subtitle: None,
            kind: SessionKind::Workshop,
            track: None,
            level: None,
            language: Some("en".into()),
            abstract_text: None,
            description: None,
            speakers: Vec::new(),
            room: Some("lab".into()),
            start,
            end: start + time::Duration::hours(2),
            links: Vec::new(),
        }],
    };
    app.store.apply_programme(&programme, "pretalx", "test").await.unwrap();
}

/// A paid developer ticket: its buyer's link, its id and its code as printed.
async fn ticket(app: &TestApp, name: &str, email: &str) -> (String, String, String) {
    let order = app.paid_ticket_order("developer", name, email).await;
    let token = app.buyer_manage_token(&order).await;
    let ticket = app.store.tickets_of_order(&order).await.unwrap().remove(0);
    (token, ticket.id, conference::tickets::display_code(&ticket.code))
}

async fn certificate(app: &TestApp, token: &str, ticket_id: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/api/my-tickets/{ticket_id}/certificate.pdf")))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

fn pdf_text(pdf: &[u8]) -> String {
    pdf_extract::extract_text_from_mem(pdf)
        .expect("the PDF's text can be extracted")
        .split_whitespace()
        .collect()
}

/// Ana came on the first two days and to the Rust workshop: checked in at the main door, scanned again the next
/// morning, admitted at the workshop's door. The doors record the machine's clock, which a test cannot set, so the
/// recorded times are then moved to the days of the event.
async fn ana_attends(app: &TestApp, code: &str, ticket_id: &str) {
    assert_eq!(
        app.admin_post("/api/admin/check-in", &json!({ "code": code }))
            .await
            .status(),
        200
    );
    assert_eq!(
        app.admin_post("/api/admin/check-in", &json!({ "code": code }))
            .await
            .status(),
        409
    );
    let workshop = app
        .admin_post(
            "/api/admin/check-in",
            &json!({ "code": code, "session": "hands-on-rust" }),
        )
        .await;
    assert_eq!(workshop.status(), 200);
    let database = app.database().await;
    for (table, column, at) in [
        ("tickets", "checked_in_at", datetime!(2026-05-18 08:40 -4)),
        ("ticket_rescans", "scanned_at", datetime!(2026-05-19 08:55 -4)),
        ("workshop_seats", "checked_in_at", datetime!(2026-05-19 10:02 -4)),
    ] {
        let key = if table == "tickets" { "id" } else { "ticket_id" };
        let moved = sqlx::query(&format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2"))
            .bind(millis(at))
            .bind(ticket_id)
            .execute(&database)
            .await
            .unwrap();
        assert_eq!(moved.rows_affected(), 1, "{table}");
    }
}

on_both_databases! {
    async fn an_attendee_gets_a_certificate_of_the_days_and_workshops_they_came_to(app, options(&before_the_event())) {
        publish_workshop(&app).await;
        let (token, ticket_id, code) = ticket(&app, "Ana Diaz", "ana@example.com").await;
        ana_attends(&app, &code, &ticket_id).await;
        let clock = app.clock.clone().unwrap();
        clock.set(datetime!(2026-05-20 12:00 -4));
        let too_early = certificate(&app, &token, &ticket_id).await;
        clock.set(AFTER_THE_EVENT);

        let answer = certificate(&app, &token, &ticket_id).await;

        assert_eq!(too_early.status(), 409);
        assert_eq!(too_early.json::<Value>().await.unwrap()["message"], "Certificates of attendance are issued once the event is over, from May 22, 2026.");
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "application/pdf");
        let text = pdf_text(&answer.bytes().await.unwrap());
        for expected in ["CERTIFICATE OF ATTENDANCE", "Ana Diaz", "attended CodeWave Miami 2026, May 18-22, 2026",
                         "Checked in on 2 days: May 18, 2026, May 19, 2026", "Workshops attended: Hands-on Rust"] {
            assert!(text.contains(&expected.split_whitespace().collect::<String>()), "{expected} is missing from {text}");
        }
        let id = text.split("Certificate").nth(1).unwrap()[..20].to_owned();
        assert!(text.contains(&format!("http://codewave.test/certificates/{id}")), "{text}");
        let again = pdf_text(&certificate(&app, &token, &ticket_id).await.bytes().await.unwrap());
        assert!(again.contains(&format!("Certificate{id}")), "the same certificate each time");

        let page = app.get(&format!("/certificates/{id}")).await;
        assert_eq!(page.status(), 200);
        let page = page.text().await.unwrap();
        for expected in ["This certificate is genuine", "Ana Diaz", "CodeWave Miami 2026, May 18-22, 2026",
                         "May 18, 2026, May 19, 2026", "Hands-on Rust"] {
            assert!(page.contains(expected), "{expected} is missing from {page}");
        }
        let lower = app.get(&format!("/certificates/{}", id.to_lowercase())).await;
        assert_eq!(lower.status(), 200, "an id is read however it is typed");
    }
}

on_both_databases! {
    async fn a_forged_certificate_id_is_not_found(app, options(&before_the_event())) {
        let forged = app.get("/certificates/7K3P9QXMABCDEFGHJKMN").await;
        let malformed = app.get("/certificates/not-an-id").await;

        assert_eq!(forged.status(), 404);
        assert_eq!(forged.headers()["content-type"], "text/html; charset=utf-8");
        assert!(forged.text().await.unwrap().contains("issued no certificate of attendance with this id"));
        assert_eq!(malformed.status(), 404);
    }
}

on_both_databases! {
    async fn nobody_gets_a_certificate_without_having_come(app, options(&before_the_event())) {
        let (token, ticket_id, _) = ticket(&app, "Bo Lee", "bo@example.com").await;
        let (other, _, _) = ticket(&app, "Cy Chen", "cy@example.com").await;
        let (late_token, late_ticket, late_code) = ticket(&app, "Di Late", "di@example.com").await;
        // The doors record the machine's clock: today, months after the event's days.
        assert_eq!(app.admin_post("/api/admin/check-in", &json!({ "code": late_code })).await.status(), 200);
        app.clock.clone().unwrap().set(AFTER_THE_EVENT);

        let came_late = certificate(&app, &late_token, &late_ticket).await;
        let never_came = certificate(&app, &token, &ticket_id).await;
        let no_link = app.get(&format!("/api/my-tickets/{ticket_id}/certificate.pdf")).await;
        let not_theirs = certificate(&app, &other, &ticket_id).await;

        assert_eq!(never_came.status(), 409);
        assert_eq!(never_came.json::<Value>().await.unwrap()["message"], "This ticket was never checked in: a certificate of attendance is for those who came.");
        assert_eq!(came_late.status(), 409);
        assert_eq!(
            came_late.json::<Value>().await.unwrap()["message"],
            "This ticket was checked in only outside the event's days (May 18-22, 2026): a certificate of attendance \
             is for the days at the event."
        );
        assert_eq!(no_link.status(), 404);
        assert_eq!(not_theirs.status(), 404);
    }
}
