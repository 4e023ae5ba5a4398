//! At the door: a ticket per attendee, named and transferred by the buyer until the
//! cut-off, checked in once; merchandise handed over once.

use conference::tickets::transfer_until;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, Time};

use crate::helpers::{ADMIN_TOKEN, ManualClock, TestApp, TestOptions, on_both_databases};

/// Noon at the venue on `days` after the transfer cut-off (negative: before it).
fn around_the_cut_off(days: i64) -> OffsetDateTime {
    let event = conference::event::Event::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../conference.toml"
    )))
    .unwrap();
    let day = transfer_until(&event) + Duration::days(days);
    day.with_time(Time::from_hms(12, 0, 0).unwrap())
        .assume_offset(event.starts_at.offset())
}

/// The back office open, and the date set a month before the transfer cut-off.
fn at_the_door() -> TestOptions {
    TestOptions {
        clock: Some(ManualClock::at(around_the_cut_off(-30))),
        ..TestOptions::default()
    }
    .with_admin()
}

async fn manage_token(app: &TestApp, order_id: &str) -> String {
    app.store
        .order(order_id)
        .await
        .unwrap()
        .unwrap()
        .manage_token
        .expect("a paid ticket order has a manage link")
}

async fn my_tickets(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/my-tickets"))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

async fn name(app: &TestApp, token: &str, ticket_id: &str, name: &str, email: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/my-tickets/{ticket_id}/attendee")))
        .header("X-Manage-Token", token)
        .json(&json!({ "name": name, "email": email }))
        .send()
        .await
        .unwrap()
}

async fn check_in(app: &TestApp, code: &str) -> reqwest::Response {
    app.admin_post("/api/admin/check-in", &json!({ "code": code })).await
}

on_both_databases! {
    async fn a_team_pass_of_four_issues_four_codes_the_first_for_the_buyer(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;

        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();

        let tickets = page["tickets"].as_array().unwrap();
        assert_eq!(tickets.len(), 4);
        let mut codes: Vec<&str> = tickets.iter().map(|ticket| ticket["code"].as_str().unwrap()).collect();
        assert!(codes.iter().all(|code| code.starts_with("TK-") && code.len() == 27), "{codes:?}");
        codes.dedup();
        assert_eq!(codes.len(), 4, "every person has their own code");
        assert_eq!((tickets[0]["attendeeName"].as_str(), tickets[0]["attendeeEmail"].as_str()), (Some("Ana Diaz"), Some("ana@acme.dev")));
        assert!(tickets[1..].iter().all(|ticket| ticket["attendeeName"].is_null() && ticket["status"] == "valid"));
        assert!(tickets.iter().all(|ticket| ticket["checkedInAt"].is_null()));
        let token = manage_token(&app, &order_id).await;
        assert!(token.len() >= 64);
        let mine: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!(mine["tickets"].as_array().unwrap().len(), 4);
        assert!(mine["tickets"][0]["qr"].as_str().unwrap().starts_with("data:image/png;base64,"));
        assert_eq!(my_tickets(&app, "not-the-token").await.status(), 404);
        assert_eq!(app.get("/api/my-tickets").await.status(), 404);
    }
}

on_both_databases! {
    async fn naming_then_transferring_a_ticket_changes_who_the_door_admits(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = manage_token(&app, &order_id).await;
        let before: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let second = before["tickets"][1].clone();

        let named = name(&app, &token, second["id"].as_str().unwrap(), "Bo Lee", "bo@acme.dev").await;
        assert_eq!(named.status(), 200);
        let named: Value = named.json().await.unwrap();
        assert_eq!(named["tickets"][1]["code"], second["code"], "naming keeps the code");
        assert_eq!(named["tickets"][1]["attendeeName"], "Bo Lee");

        let transferred: Value = name(&app, &token, second["id"].as_str().unwrap(), "Cy Chen", "cy@acme.dev").await.json().await.unwrap();
        let new_code = transferred["tickets"][1]["code"].as_str().unwrap().to_owned();
        assert_ne!(new_code, second["code"].as_str().unwrap(), "a transfer issues a new code");
        assert_eq!(transferred["tickets"].as_array().unwrap().len(), 4);

        let old = check_in(&app, second["code"].as_str().unwrap()).await;
        assert_eq!(old.status(), 410);
        assert_eq!(old.json::<Value>().await.unwrap()["result"], "transferred");
        let new = check_in(&app, &new_code.to_lowercase()).await;
        assert_eq!(new.status(), 200, "codes are read however they are typed");
        let admitted: Value = new.json().await.unwrap();
        assert_eq!((admitted["attendeeName"].as_str(), admitted["ticketName"].as_str()), (Some("Cy Chen"), Some("Team Pass")));

        let emails = app.store.list_outbox().await.unwrap();
        let tickets_sent: Vec<(&str, &str)> = emails
            .iter()
            .filter(|email| email.kind == "attendee_ticket")
            .map(|email| (email.recipient.as_str(), email.status.as_str()))
            .collect();
        assert!(tickets_sent.contains(&("cy@acme.dev", "queued")) || tickets_sent.contains(&("cy@acme.dev", "sent")), "{tickets_sent:?}");
        assert!(tickets_sent.iter().any(|(to, _)| *to == "bo@acme.dev"), "{tickets_sent:?}");
        let duplicate = name(&app, &token, before["tickets"][2]["id"].as_str().unwrap(), "Cy Again", "cy@acme.dev").await;
        assert_eq!(duplicate.status(), 422, "one person, one ticket per order");
    }
}

on_both_databases! {
    /// The clock, not a calendar, decides: the last day still works, the day after does not.
    async fn naming_and_transferring_stop_after_the_cut_off(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = manage_token(&app, &order_id).await;
        let tickets: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let (second, third) = (tickets["tickets"][1]["id"].as_str().unwrap(), tickets["tickets"][2]["id"].as_str().unwrap());
        let clock = app.clock.clone().unwrap();

        clock.set(around_the_cut_off(0));
        assert_eq!(name(&app, &token, second, "Bo Lee", "bo@acme.dev").await.status(), 200, "on the last day");
        assert_eq!(name(&app, &token, second, "Cy Chen", "cy@acme.dev").await.status(), 200, "a transfer on the last day");

        clock.set(around_the_cut_off(1));
        let late_name = name(&app, &token, third, "Di Diaz", "di@acme.dev").await;
        let late_transfer = name(&app, &token, second, "Ed Ek", "ed@acme.dev").await;

        assert_eq!(late_name.status(), 409);
        assert_eq!(late_transfer.status(), 409);
        let message = late_transfer.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.starts_with("Tickets can be named or transferred until May 11, 2026"), "{message}");
        let page: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!(page["canChange"], false);
        assert_eq!(page["tickets"][1]["attendeeName"], "Cy Chen");
    }
}

on_both_databases! {
    async fn two_devices_scanning_one_ticket_at_once_admit_it_once(app, at_the_door()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let code = app.store.tickets_of_order(&order_id).await.unwrap()[0].code.clone();

        let (first, second) = tokio::join!(check_in(&app, &code), check_in(&app, &code));

        let mut statuses = [first.status().as_u16(), second.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409]);
        let again = check_in(&app, &code).await;
        assert_eq!(again.status(), 409);
        let again: Value = again.json().await.unwrap();
        assert_eq!(again["result"], "already_checked_in");
        assert!(again["checkedInAt"].as_i64().is_some());
        assert_eq!(again["checkedInBy"], "API token");
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();
        let developer = dashboard["checkIns"].as_array().unwrap().iter().find(|row| row["ticketType"] == "developer").unwrap();
        assert_eq!((developer["expected"].as_i64(), developer["checkedIn"].as_i64()), (Some(1), Some(1)));
        let history = app.store.audit_for_order(&order_id).await.unwrap();
        assert_eq!(history.iter().filter(|entry| entry.action == "check_in").count(), 1);
    }
}

on_both_databases! {
    async fn a_refunded_ticket_is_refused_at_the_door_and_an_unknown_code_is_unknown(app, at_the_door()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let code = app.store.tickets_of_order(&order_id).await.unwrap()[0].code.clone();
        let refunded = app
            .admin_post(&format!("/api/admin/orders/{order_id}/refund"), &json!({ "amount": 79_900, "reason": "Cannot come" }))
            .await;
        assert_eq!(refunded.status(), 200);

        let at_the_door = check_in(&app, &code).await;
        let unknown = check_in(&app, "TK-0000-0000-0000-0000-0000").await;
        let gibberish = check_in(&app, "hello").await;

        assert_eq!(at_the_door.status(), 410);
        let answer: Value = at_the_door.json().await.unwrap();
        assert_eq!((answer["result"].as_str(), answer["attendeeName"].as_str()), (Some("refunded"), Some("Ana Diaz")));
        assert_eq!(unknown.status(), 404);
        assert_eq!(unknown.json::<Value>().await.unwrap()["message"], "Unknown code: this is not a ticket of this event.");
        assert_eq!(gibberish.status(), 404);
        let token = manage_token(&app, &order_id).await;
        let ticket_id = app.store.tickets_of_order(&order_id).await.unwrap()[0].id.clone();
        assert_eq!(name(&app, &token, &ticket_id, "Bo Lee", "bo@example.com").await.status(), 409);
    }
}

on_both_databases! {
    /// Through a real SMTP server: the receipt carries the buyer's code and the private link; a named
    /// colleague gets their own code and nothing of the buyer's.
    async fn the_buyer_and_each_named_attendee_get_their_own_ticket_email(app, TestOptions {
        clock: Some(ManualClock::at(around_the_cut_off(-30))),
        ..TestOptions::with_smtp_sink(&[])
    }) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = manage_token(&app, &order_id).await;
        let tickets: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!(name(&app, &token, tickets["tickets"][1]["id"].as_str().unwrap(), "Bo Lee", "bo@acme.dev").await.status(), 200);

        let messages = app.smtp.as_ref().unwrap().wait_for(2).await;

        let text_of = |to: &str| -> String {
            let raw = messages.iter().find(|raw| String::from_utf8_lossy(raw).contains(&format!("To: {to}"))).expect("an email");
            let parsed = mailparse::parse_mail(raw).unwrap();
            parsed.subparts.iter().flat_map(|part| part.subparts.iter()).chain(parsed.subparts.iter())
                .filter(|part| part.ctype.mimetype == "text/plain")
                .map(|part| part.get_body().unwrap())
                .collect()
        };
        let receipt = text_of("ana@acme.dev");
        let colleague = text_of("bo@acme.dev");
        let (buyer_code, bo_code) = (tickets["tickets"][0]["code"].as_str().unwrap(), tickets["tickets"][1]["code"].as_str().unwrap());
        assert!(receipt.contains(buyer_code) && receipt.contains(&format!("/my-tickets#{token}")), "{receipt}");
        assert!(!receipt.contains(bo_code), "the colleague's code is theirs");
        assert!(colleague.contains(bo_code) && colleague.contains("Ana Diaz has given you a"), "{colleague}");
        assert!(!colleague.contains(buyer_code) && !colleague.contains(&token));
    }
}

async fn paid_tees(app: &TestApp) -> (String, String) {
    let created: Value = app
        .post_json(
            "/api/create-merchandise-payment",
            &json!({ "merchandiseId": 2, "amount": 6998, "name": "Ana Diaz", "email": "ana@example.com",
                     "quantity": 2, "size": "M", "color": "Coral" }),
        )
        .await
        .json()
        .await
        .unwrap();
    app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
        .await;
    let order_id = created["orderId"].as_str().unwrap().to_owned();
    let code = app.store.order(&order_id).await.unwrap().unwrap().pickup_code.unwrap();
    (order_id, code)
}

async fn hand_over(app: &TestApp, code: &str) -> reqwest::Response {
    app.admin_post("/api/admin/pickups", &json!({ "code": code })).await
}

on_both_databases! {
    async fn merchandise_is_handed_over_once(app, at_the_door()) {
        let (order_id, code) = paid_tees(&app).await;

        let found: Value = app.admin_get("/api/admin/pickups?q=ana%20d").await.json().await.unwrap();
        assert_eq!(found[0]["pickupCode"], code.as_str());
        assert_eq!((found[0]["size"].as_str(), found[0]["color"].as_str(), found[0]["quantity"].as_i64()), (Some("M"), Some("Coral"), Some(2)));
        let list: Value = app.admin_get("/api/admin/pick-list").await.json().await.unwrap();
        assert_eq!(list, json!([{ "itemName": "Hackathon Tee", "size": "M", "color": "Coral", "quantity": 2, "orders": 1 }]));

        let typed = code.to_lowercase();
        let (first, second) = tokio::join!(hand_over(&app, &typed), hand_over(&app, &code));
        let mut statuses = [first.status().as_u16(), second.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409]);
        let again: Value = hand_over(&app, &code).await.json().await.unwrap();
        assert_eq!(again["result"], "already_handed_over");
        assert!(again["order"]["pickedUpAt"].as_i64().is_some());
        assert_eq!(hand_over(&app, "PU-ZZZZZZ").await.status(), 404);
        let list: Value = app.admin_get("/api/admin/pick-list").await.json().await.unwrap();
        assert_eq!(list, json!([]), "nothing left to prepare");
        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        assert_eq!(page["refundPolicy"]["window"], "picked_up", "merchandise is not refundable once collected");
    }
}

on_both_databases! {
    async fn refunded_merchandise_is_not_handed_over(app, at_the_door()) {
        let (order_id, code) = paid_tees(&app).await;
        assert_eq!(app.admin_post(&format!("/api/admin/orders/{order_id}/refund"), &json!({})).await.status(), 200);

        let response = hand_over(&app, &code).await;

        assert_eq!(response.status(), 410);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "Refunded: do not hand this order over.");
    }
}

on_both_databases! {
    async fn the_door_and_the_desk_are_for_the_back_office_only(app, at_the_door()) {
        let anonymous = app.post_json("/api/admin/check-in", &json!({ "code": "TK-0000-0000-0000-0000-0000" })).await;
        let wrong = app
            .client
            .post(app.url("/api/admin/pickups"))
            .bearer_auth(format!("{ADMIN_TOKEN}-not"))
            .json(&json!({ "code": "PU-ZZZZZZ" }))
            .send()
            .await
            .unwrap();

        assert_eq!((anonymous.status().as_u16(), wrong.status().as_u16()), (401, 401));
        assert_eq!(app.get("/admin/check-in").await.headers()["permissions-policy"], "camera=(self), microphone=(), geolocation=()");
        assert_eq!(app.get("/admin").await.headers()["permissions-policy"], "camera=(), microphone=(), geolocation=()");
    }
}
