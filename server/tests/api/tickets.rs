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
        let token = app.buyer_manage_token(&order_id).await;
        assert!(token.len() >= 64);
        let mine: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!(mine["view"], "buyer");
        assert_eq!(mine["tickets"].as_array().unwrap().len(), 4);
        assert!(mine["tickets"][0]["qr"].as_str().unwrap().starts_with("data:image/png;base64,"));
        assert_eq!(my_tickets(&app, "not-the-token").await.status(), 404);
        assert_eq!(app.get("/api/my-tickets").await.status(), 404);
    }
}

on_both_databases! {
    /// A seat given to a colleague is theirs: a new code (the one the buyer saw stops working),
    /// their own link, and the buyer sees their name only and can no longer take it back.
    async fn a_ticket_given_away_leaves_the_buyers_hands(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let before: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let seat = before["tickets"][1]["id"].as_str().unwrap().to_owned();
        let code_the_buyer_saw = before["tickets"][1]["code"].as_str().unwrap().to_owned();

        let named = name(&app, &token, &seat, "Bo Lee", "bo@acme.dev").await;

        assert_eq!(named.status(), 200);
        let named: Value = named.json().await.unwrap();
        let shown = &named["tickets"][1];
        assert_eq!((shown["status"].as_str(), shown["attendeeName"].as_str()), (Some("transferred"), Some("Bo Lee")));
        assert!(shown["code"].is_null() && shown["qr"].is_null() && shown["attendeeEmail"].is_null(), "{shown}");
        assert_eq!(check_in(&app, &code_the_buyer_saw).await.status(), 410, "the code the buyer saw admits no one");
        let again = name(&app, &token, &seat, "Cy Chen", "cy@acme.dev").await;
        assert_eq!(again.status(), 409, "only the holder can pass it on");
        assert_eq!(again.json::<Value>().await.unwrap()["message"], "This ticket was given to someone else: only they can pass it on now.");

        let bo = app.manage_links_to("bo@acme.dev", 1).await.remove(0);
        assert_ne!(bo, token);
        let bos_page: Value = my_tickets(&app, &bo).await.json().await.unwrap();
        assert_eq!((bos_page["view"].as_str(), bos_page["canChange"].as_bool()), (Some("holder"), Some(true)));
        assert_eq!(bos_page["tickets"].as_array().unwrap().len(), 1, "a holder sees their own ticket only");
        let bos_code = bos_page["tickets"][0]["code"].as_str().unwrap().to_owned();
        assert_ne!(bos_code, code_the_buyer_saw);

        let passed_on = name(&app, &bo, &seat, "Cy Chen", "cy@acme.dev").await;
        assert_eq!(passed_on.status(), 200);
        let passed_on: Value = passed_on.json().await.unwrap();
        assert_eq!(passed_on["tickets"][0]["status"], "transferred");
        assert_eq!(my_tickets(&app, &bo).await.status(), 404, "Bo's link stops working");
        let cy = app.manage_links_to("cy@acme.dev", 1).await.remove(0);
        let cys_page: Value = my_tickets(&app, &cy).await.json().await.unwrap();
        let cys_code = cys_page["tickets"][0]["code"].as_str().unwrap().to_owned();

        let old = check_in(&app, &bos_code).await;
        assert_eq!(old.status(), 410);
        let old: Value = old.json().await.unwrap();
        assert_eq!((old["result"].as_str(), old["attendeeName"].as_str()), (Some("transferred"), Some("Bo Lee")));
        let new = check_in(&app, &cys_code.to_lowercase()).await;
        assert_eq!(new.status(), 200, "codes are read however they are typed");
        let admitted: Value = new.json().await.unwrap();
        assert_eq!((admitted["attendeeName"].as_str(), admitted["ticketName"].as_str()), (Some("Cy Chen"), Some("Team Pass")));
        let buyers_view: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!((buyers_view["tickets"][1]["status"].as_str(), buyers_view["tickets"][1]["attendeeName"].as_str()), (Some("transferred"), Some("Cy Chen")));
        assert_eq!(app.store.tickets_of_order(&order_id).await.unwrap().len(), 4, "one row per seat, however often it moves");
        let duplicate = name(&app, &token, before["tickets"][2]["id"].as_str().unwrap(), "Cy Again", "cy@acme.dev").await;
        assert_eq!(duplicate.status(), 422, "one person, one ticket per order");
    }
}

on_both_databases! {
    /// The same email corrects a name without changing the code or sending anything.
    async fn correcting_a_name_keeps_the_code(app, at_the_door()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let token = app.buyer_manage_token(&order_id).await;
        let before: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let seat = before["tickets"][0]["id"].as_str().unwrap().to_owned();

        let renamed: Value = name(&app, &token, &seat, "Ana María Diaz", "ana@example.com").await.json().await.unwrap();

        assert_eq!(renamed["tickets"][0]["code"], before["tickets"][0]["code"]);
        assert_eq!((renamed["tickets"][0]["status"].as_str(), renamed["tickets"][0]["attendeeName"].as_str()), (Some("valid"), Some("Ana María Diaz")));
        let emails = app.store.list_outbox().await.unwrap();
        assert!(emails.iter().all(|email| email.kind != "attendee_ticket"), "no email for a corrected name");
    }
}

on_both_databases! {
    /// Two tabs naming the same unnamed seat at once: one wins, one code goes out.
    async fn naming_one_seat_twice_at_once_gives_it_to_one_person(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let page: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let seat = page["tickets"][2]["id"].as_str().unwrap().to_owned();

        let (bo, cy) = tokio::join!(
            name(&app, &token, &seat, "Bo Lee", "bo@acme.dev"),
            name(&app, &token, &seat, "Cy Chen", "cy@acme.dev")
        );

        let mut statuses = [bo.status().as_u16(), cy.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409]);
        let emails = app.store.list_outbox().await.unwrap();
        let tickets_sent: Vec<&str> = emails.iter().filter(|email| email.kind == "attendee_ticket").map(|email| email.recipient.as_str()).collect();
        assert_eq!(tickets_sent.len(), 1, "{tickets_sent:?}");
        let holder = app.store.ticket(&seat).await.unwrap().unwrap();
        assert_eq!(holder.attendee_email.as_deref(), Some(tickets_sent[0]));
    }
}

/// Hands `seat` along to each of `people` in turn, each from the link the previous one got;
/// answers the last holder's link.
async fn pass_along(app: &TestApp, first_link: &str, seat: &str, people: &[&str]) -> String {
    let mut link = first_link.to_owned();
    for person in people {
        let email = format!("{person}@acme.dev");
        let answer = name(app, &link, seat, "Pat Doe", &email).await;
        assert_eq!(answer.status(), 200, "to {email}");
        link = app.manage_links_to(&email, 1).await.remove(0);
    }
    link
}

on_both_databases! {
    /// Every hand-over emails whoever the giver typed: a seat moves at most 3 times a day,
    /// an order's seats at most 5 times more than it has seats (9 for a team of 4).
    async fn hand_overs_are_capped_per_ticket_and_per_order_each_day(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let page: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let seats: Vec<String> = page["tickets"].as_array().unwrap().iter().map(|seat| seat["id"].as_str().unwrap().to_owned()).collect();

        let holder = pass_along(&app, &token, &seats[1], &["bo", "cy", "di"]).await;
        let fourth = name(&app, &holder, &seats[1], "Ed Ek", "ed@acme.dev").await;

        assert_eq!(fourth.status(), 429);
        let retry_after: u64 = fourth.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((86_000..=86_400).contains(&retry_after), "a day after the first: {retry_after}");
        assert_eq!(
            fourth.json::<Value>().await.unwrap()["message"],
            "This ticket, or this order's tickets, changed hands as often today as they may. Please try again later."
        );
        pass_along(&app, &token, &seats[2], &["fa", "gu", "ha"]).await;
        pass_along(&app, &token, &seats[3], &["ia", "jo", "ka"]).await;
        let tenth = name(&app, &token, &seats[0], "Lu Li", "lu@acme.dev").await;
        assert_eq!(tenth.status(), 429, "nine hand-overs today for the order's four seats");
        let attendee_emails = app.store.list_outbox().await.unwrap().into_iter().filter(|email| email.kind == "attendee_ticket").count();
        assert_eq!(attendee_emails, 9);
    }
}

on_both_databases! {
    /// The clock, not a calendar, decides: the last day still works, the day after does not,
    /// from the buyer's link or a holder's.
    async fn naming_and_transferring_stop_after_the_cut_off(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let tickets: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let (second, third) = (tickets["tickets"][1]["id"].as_str().unwrap(), tickets["tickets"][2]["id"].as_str().unwrap());
        let clock = app.clock.clone().unwrap();

        clock.set(around_the_cut_off(0));
        assert_eq!(name(&app, &token, second, "Bo Lee", "bo@acme.dev").await.status(), 200, "on the last day");
        let bo = app.manage_links_to("bo@acme.dev", 1).await.remove(0);
        assert_eq!(name(&app, &bo, second, "Cy Chen", "cy@acme.dev").await.status(), 200, "a transfer on the last day");
        let cy = app.manage_links_to("cy@acme.dev", 1).await.remove(0);

        clock.set(around_the_cut_off(1));
        let late_name = name(&app, &token, third, "Di Diaz", "di@acme.dev").await;
        let late_transfer = name(&app, &cy, second, "Ed Ek", "ed@acme.dev").await;

        assert_eq!(late_name.status(), 409);
        assert_eq!(late_transfer.status(), 409);
        let message = late_transfer.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.starts_with("Tickets can be named or transferred until May 11, 2026"), "{message}");
        let page: Value = my_tickets(&app, &token).await.json().await.unwrap();
        assert_eq!(page["canChange"], false);
        assert_eq!(page["tickets"][1]["attendeeName"], "Cy Chen");
        let cys: Value = my_tickets(&app, &cy).await.json().await.unwrap();
        assert_eq!(cys["canChange"], false);
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
        let token = app.buyer_manage_token(&order_id).await;
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
        app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let sink = app.smtp.as_ref().unwrap();
        let text_of = |raw: &[u8]| -> String {
            let parsed = mailparse::parse_mail(raw).unwrap();
            parsed.subparts.iter().flat_map(|part| part.subparts.iter()).chain(parsed.subparts.iter())
                .filter(|part| part.ctype.mimetype == "text/plain")
                .map(|part| part.get_body().unwrap())
                .collect()
        };
        let link_in = |text: &str| -> String {
            let at = text.find("/my-tickets#").expect("a manage link") + "/my-tickets#".len();
            text[at..].chars().take_while(char::is_ascii_alphanumeric).collect()
        };
        let receipt = text_of(&sink.wait_for(1).await[0]);
        let token = link_in(&receipt);
        let tickets: Value = my_tickets(&app, &token).await.json().await.unwrap();
        let (buyer_code, unnamed_code) = (tickets["tickets"][0]["code"].as_str().unwrap(), tickets["tickets"][1]["code"].as_str().unwrap());
        assert_eq!(name(&app, &token, tickets["tickets"][1]["id"].as_str().unwrap(), "Bo Lee", "bo@acme.dev").await.status(), 200);

        let messages = sink.wait_for(2).await;

        let colleague = text_of(messages.iter().find(|raw| String::from_utf8_lossy(raw).contains("To: bo@acme.dev")).expect("Bo's email"));
        let bos_link = link_in(&colleague);
        let bos_page: Value = my_tickets(&app, &bos_link).await.json().await.unwrap();
        let bo_code = bos_page["tickets"][0]["code"].as_str().unwrap();
        assert!(receipt.contains(buyer_code), "{receipt}");
        assert!(!receipt.contains(unnamed_code), "the unnamed seats' codes are on the private page only");
        assert!(colleague.contains(bo_code) && colleague.contains("Ana Diaz has given you a"), "{colleague}");
        assert!(!colleague.contains(buyer_code) && !colleague.contains(&token), "nothing of the buyer's");
        assert_ne!(bos_link, token);
        assert_ne!(bo_code, unnamed_code, "a new code: the buyer had seen the old one");
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

on_both_databases! {
    /// A leaked backup hands over no tickets: the links' secrets are kept as digests, and an
    /// email's secret only until it is sent.
    async fn manage_link_secrets_are_not_stored(app, at_the_door()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let seat = app.store.tickets_of_order(&order_id).await.unwrap()[1].id.clone();
        assert_eq!(name(&app, &token, &seat, "Bo Lee", "bo@acme.dev").await.status(), 200);
        let bo = app.manage_links_to("bo@acme.dev", 1).await.remove(0);

        let database = app.database().await;
        let orders: Vec<(Option<String>, Option<String>)> =
            sqlx::query_as("SELECT manage_token, manage_token_hash FROM orders").fetch_all(&database).await.unwrap();
        let holders: Vec<Option<String>> =
            sqlx::query_scalar("SELECT holder_token_hash FROM tickets").fetch_all(&database).await.unwrap();
        let secrets_in_outbox: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE link_secret IS NOT NULL").fetch_one(&database).await.unwrap();

        assert_eq!(orders, [(None, Some(conference::secrets::digest(&token)))]);
        assert!(holders.contains(&Some(conference::secrets::digest(&bo))));
        assert!(holders.iter().flatten().all(|stored| *stored != bo && *stored != token));
        assert_eq!(secrets_in_outbox, 0, "sent emails keep no secret");
        assert_eq!(my_tickets(&app, &conference::secrets::digest(&token)).await.status(), 404, "a digest opens nothing");
    }
}

on_both_databases! {
    /// Resending the receipt sends a new link; the old one, known only to the lost email, stops working.
    async fn resending_the_receipt_renews_the_manage_link(app, at_the_door()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let first = app.buyer_manage_token(&order_id).await;

        let resent = app.admin_post(&format!("/api/admin/orders/{order_id}/resend-confirmation"), &json!({})).await;

        assert_eq!(resent.status(), 200);
        let links = app.manage_links_to("ana@example.com", 2).await;
        let renewed = links.iter().find(|link| **link != first).unwrap();
        assert_eq!(my_tickets(&app, renewed).await.status(), 200);
        assert_eq!(my_tickets(&app, &first).await.status(), 404);
    }
}

/// PostgreSQL: a hand-over waits for a cancellation under way on its order (it locks the
/// order's row too), then finds the order cancelled; no valid ticket outlives the refund.
mod a_transfer_waits_for_a_cancellation_under_way {
    use super::*;
    use crate::helpers::{Db, spawn_app};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let Some(app) = spawn_app(Db::Postgres, at_the_door()).await else {
            return;
        };
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let seat = app.store.tickets_of_order(&order_id).await.unwrap()[1].id.clone();
        let database = app.database().await;
        let mut refund = database.begin().await.unwrap();
        sqlx::query("UPDATE orders SET status = 'refunded' WHERE id = $1")
            .bind(&order_id)
            .execute(&mut *refund)
            .await
            .unwrap();

        let transfer = tokio::spawn({
            let (client, url) = (app.client.clone(), app.url(&format!("/api/my-tickets/{seat}/attendee")));
            async move {
                client
                    .post(url)
                    .header("X-Manage-Token", token)
                    .json(&json!({ "name": "Bo Lee", "email": "bo@acme.dev" }))
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        });
        crate::helpers::wait_for_a_lock_wait(&database, &transfer).await;
        sqlx::query("UPDATE tickets SET status = 'refunded' WHERE order_id = $1 AND status = 'valid'")
            .bind(&order_id)
            .execute(&mut *refund)
            .await
            .unwrap();
        refund.commit().await.unwrap();

        assert_eq!(transfer.await.unwrap(), 409);
        let tickets = app.store.tickets_of_order(&order_id).await.unwrap();
        assert!(
            tickets
                .iter()
                .all(|ticket| ticket.status == conference::store::TicketStatus::Refunded)
        );
        assert!(
            app.store
                .list_outbox()
                .await
                .unwrap()
                .iter()
                .all(|email| email.kind != "attendee_ticket")
        );
    }
}
