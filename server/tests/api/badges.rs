//! Name badges: every valid ticket's on each of the event file's sheets, with the name, the company (the attendee's
//! answer, else the order's billing details) and the ticket type; filtered by type, by check-in, or one ticket's;
//! for the owner, managers and the door only.

use serde_json::{Value, json};
use time::macros::datetime;

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};
use crate::staff::staff_session;

fn options() -> TestOptions {
    TestOptions {
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::default()
    }
    .with_admin()
    .without_rate_limits()
}

/// The PDF's text with the white space taken out: the extractor splits and joins words its own way.
fn pdf_text(pdf: &[u8]) -> String {
    pdf_extract::extract_text_from_mem(pdf)
        .expect("the PDF's text can be extracted")
        .split_whitespace()
        .collect()
}

fn squashed(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The attendees: a team of four for Acme (billing details; the buyer and Bo named, two seats unnamed), Cy with a
/// company answer, and Dee with a VIP Pass, checked in. Answers the ids of Cy's and Dee's tickets.
async fn attendees(app: &TestApp) -> (String, String) {
    let amount = app.ticket_total("team", 4).await;
    let billing = json!({ "company": "Acme Widgets Inc.", "address": "500 Brickell Avenue", "city": "Miami",
                          "region": "FL", "postalCode": "33131", "country": "US" });
    let created: Value = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": "team", "quantity": 4, "amount": amount, "name": "Ana Diaz",
                     "email": "ana@acme.dev", "billing": billing }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
            .await
            .status(),
        200
    );
    let team = created["orderId"].as_str().unwrap();
    let token = app.buyer_manage_token(team).await;
    let seats = app.store.tickets_of_order(team).await.unwrap();
    let named = app
        .client
        .post(app.url(&format!("/api/my-tickets/{}/attendee", seats[1].id)))
        .header("X-Manage-Token", &token)
        .json(&json!({ "name": "Bo Lee", "email": "bo@acme.dev" }))
        .send()
        .await
        .unwrap();
    assert_eq!(named.status(), 200);

    let cy = app.paid_ticket_order("developer", "Cy Chen", "cy@example.com").await;
    // The checkout's attendee questions (issue 31) store the answer here; the badge reads it.
    sqlx::query("INSERT INTO ticket_answers (order_id, position, question_id, value, answered_at) VALUES ($1, 1, 'company', $2, 0)")
        .bind(&cy)
        .bind(json!("Wave Labs").to_string())
        .execute(&app.database().await)
        .await
        .unwrap();
    let dee = app.paid_ticket_order("vip", "Dee Park", "dee@example.com").await;
    let dee_ticket = app.store.tickets_of_order(&dee).await.unwrap().remove(0);
    let code = conference::tickets::display_code(&dee_ticket.code);
    assert_eq!(
        app.admin_post("/api/admin/check-in", &json!({ "code": code }))
            .await
            .status(),
        200
    );
    let cy_ticket = app.store.tickets_of_order(&cy).await.unwrap().remove(0);
    (cy_ticket.id, dee_ticket.id)
}

on_both_databases! {
    async fn every_layout_prints_each_attendee_with_company_and_ticket_type(app, options()) {
        attendees(&app).await;

        for layout in ["a6", "4x3in", "4-a6-on-a4", "avery-5392"] {
            let answer = app.admin_get(&format!("/api/admin/badges.pdf?layout={layout}")).await;

            assert_eq!(answer.status(), 200, "{layout}");
            assert_eq!(answer.headers()["content-type"], "application/pdf");
            let text = pdf_text(&answer.bytes().await.unwrap());
            for expected in ["Ana Diaz", "Bo Lee", "Cy Chen", "Dee Park", "Acme Widgets Inc.", "Wave Labs", "Team Pass",
                             "Developer Pass", "VIP Pass", "CodeWave Miami 2026"] {
                assert!(text.contains(&squashed(expected)), "{layout}: {expected} is missing from {text}");
            }
        }
        let first = app.admin_get("/api/admin/badges.pdf").await;
        assert_eq!(first.status(), 200, "the first layout when none is named");
    }
}

on_both_databases! {
    async fn badges_print_by_ticket_type_by_check_in_or_one_at_a_time(app, options()) {
        let (cy, dee) = attendees(&app).await;
        let text_of = |query: String| {
            let app = &app;
            async move {
                let answer = app.admin_get(&format!("/api/admin/badges.pdf?layout=a6&{query}")).await;
                assert_eq!(answer.status(), 200, "{query}");
                pdf_text(&answer.bytes().await.unwrap())
            }
        };

        let vip = text_of("ticketTypes=vip".into()).await;
        let not_in_yet = text_of("checkedIn=false".into()).await;
        let checked_in = text_of("checkedIn=true&ticketTypes=vip,developer".into()).await;
        let one = text_of(format!("ticket={cy}")).await;

        assert!(vip.contains("DeePark") && !vip.contains("CyChen") && !vip.contains("AnaDiaz"), "{vip}");
        assert!(!not_in_yet.contains("DeePark") && not_in_yet.contains("CyChen") && not_in_yet.contains("BoLee"), "{not_in_yet}");
        assert!(checked_in.contains("DeePark") && !checked_in.contains("CyChen"), "{checked_in}");
        assert!(one.contains("CyChen") && one.contains("WaveLabs") && !one.contains("DeePark"), "{one}");
        let nobody = app.admin_get(&format!("/api/admin/badges.pdf?ticket={dee}&checkedIn=false")).await;
        assert_eq!(nobody.status(), 404);
        let unknown = app.admin_get("/api/admin/badges.pdf?ticket=no-such-ticket").await;
        assert_eq!(unknown.status(), 404);
    }
}

on_both_databases! {
    async fn an_unknown_layout_or_type_is_refused_by_field(app, options()) {
        attendees(&app).await;

        let layout = app.admin_get("/api/admin/badges.pdf?layout=a5").await;
        let ticket_type = app.admin_get("/api/admin/badges.pdf?ticketTypes=vip,platinum").await;
        let checked_in = app.admin_get("/api/admin/badges.pdf?checkedIn=yes").await;

        assert_eq!(layout.status(), 422);
        let layout: Value = layout.json().await.unwrap();
        assert_eq!(layout["fieldErrors"]["layout"], "There is no badge layout by that name: choose a6, 4x3in, 4-a6-on-a4, avery-5392.");
        assert_eq!(ticket_type.status(), 422);
        assert!(ticket_type.json::<Value>().await.unwrap()["fieldErrors"]["ticketTypes"].as_str().unwrap().contains("\"platinum\""));
        assert_eq!(checked_in.status(), 422);
        assert_eq!(checked_in.json::<Value>().await.unwrap()["fieldErrors"]["checkedIn"], "Please send true or false.");
    }
}

on_both_databases! {
    async fn the_door_prints_badges_and_support_does_not(app, options()) {
        attendees(&app).await;
        let as_role = |role: &'static str| {
            let app = &app;
            async move {
                let cookie = staff_session(app, role).await;
                app.client.get(app.url("/api/admin/badges.pdf")).header("Cookie", cookie).send().await.unwrap().status()
            }
        };

        assert_eq!(as_role("door").await, 200);
        assert_eq!(as_role("manager").await, 200);
        assert_eq!(as_role("support").await, 403);
        assert_eq!(app.get("/api/admin/badges.pdf").await.status(), 401);
    }
}

on_both_databases! {
    async fn an_event_file_names_its_own_layouts(app, TestOptions::next_edition_at(datetime!(2026-10-01 12:00 -4)).with_admin()) {
        let order = app.paid_ticket_order("developer", "Cy Chen", "cy@example.com").await;
        assert!(!order.is_empty());

        let named = app.admin_get("/api/admin/badges.pdf?layout=label-sheets").await;
        let default_name = app.admin_get("/api/admin/badges.pdf?layout=a6").await;

        assert_eq!(named.status(), 200);
        assert!(pdf_text(&named.bytes().await.unwrap()).contains("CyChen"));
        assert_eq!(default_name.status(), 422, "the file's own layouts replace the defaults");
    }
}
