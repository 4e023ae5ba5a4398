//! The organizer's messages to a segment: each segment reaches exactly its people, once each; the waitlist's honour
//! unsubscribes and carry the link; a test goes to the staff member alone; a scheduled message goes out once across
//! restarts and instances, or not at all once cancelled; support reads, the door does neither.

use conference::programme::{Programme, Room, Session, SessionKind};
use serde_json::{Value, json};
use time::macros::datetime;

use crate::helpers::{TestApp, TestOptions, on_both_databases};
use crate::staff::{call, staff_session};

/// The back office open, no per-address limits (every request comes from 127.0.0.1), workshop sign-up open.
fn options() -> TestOptions {
    TestOptions::with_event(|event| event.workshops.signup_opens = Some(datetime!(2026-01-01 00:00 -4)))
        .with_admin()
        .without_rate_limits()
}

async fn preview(app: &TestApp, segment: Value) -> Value {
    let answer = app
        .admin_post(
            "/api/admin/messages/preview",
            &json!({ "segment": segment, "subject": "Hello", "body": "Hi **all**." }),
        )
        .await;
    assert_eq!(answer.status(), 200, "preview of {segment}");
    answer.json().await.unwrap()
}

async fn send(app: &TestApp, body: Value) -> Value {
    let answer = app.admin_post("/api/admin/messages", &body).await;
    assert_eq!(answer.status(), 201, "send {body}");
    answer.json().await.unwrap()
}

/// The addresses the message's emails were queued for, sorted, repeats kept.
async fn queued_to(app: &TestApp, message_id: &str) -> Vec<String> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT recipient FROM outbox WHERE message_id = $1 AND kind = 'message' ORDER BY recipient",
    )
    .bind(message_id)
    .fetch_all(&app.database().await)
    .await
    .unwrap();
    rows
}

/// Sends every due email and answers the raw messages to `recipient`.
async fn raw_emails_to(app: &TestApp, recipient: &str) -> Vec<String> {
    while app.mailer.deliver_due().await.unwrap() > 0 {}
    let Ok(entries) = std::fs::read_dir(app.data_dir().join("mail")) else {
        return Vec::new();
    };
    entries
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .filter(|raw| {
            let mail = mailparse::parse_mail(raw.as_bytes()).unwrap();
            mail.headers
                .iter()
                .any(|header| header.get_key() == "To" && header.get_value().contains(recipient))
        })
        .collect()
}

async fn cancel(app: &TestApp, id: &str) -> reqwest::Response {
    app.admin_post(&format!("/api/admin/messages/{id}/cancel"), &json!({}))
        .await
}

async fn pay_tee(app: &TestApp, name: &str, email: &str) -> String {
    let created: Value = app
        .post_json(
            "/api/create-merchandise-payment",
            &json!({ "merchandiseId": 2, "amount": 3499, "name": name, "email": email, "quantity": 1, "size": "M",
                     "color": "Coral" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let secret = created["clientSecret"].as_str().expect("the order was created");
    assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
    created["orderId"].as_str().unwrap().to_owned()
}

async fn pay_sponsorship(app: &TestApp, email: &str) {
    let price = app
        .event
        .sponsorship_tiers
        .iter()
        .find(|tier| tier.value == "supporter")
        .unwrap()
        .amount
        .cents();
    let created: Value = app
        .post_json(
            "/api/create-sponsorship-payment",
            &json!({ "tier": "supporter", "price": price, "companyName": "Acme", "contactName": "Sam Sponsor",
                     "email": email, "phone": "+1 305 555 0100", "website": "https://acme.dev", "additionalInfo": "" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let secret = created["clientSecret"].as_str().expect("the sponsorship was created");
    assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
}

/// Registers `email` on the waitlist and, when `confirm`, follows the emailed link as its owner does.
async fn register(app: &TestApp, email: &str, areas: &[&str], confirm: bool) {
    let body = json!({ "fullName": "Wait Lister", "email": email, "interestAreas": areas, "subscribe": true });
    assert_eq!(app.post_json("/api/register-waitlist", &body).await.status(), 200);
    if confirm {
        let token = app.links_to(email, "/waitlist/confirm?token=", 1).await.remove(0);
        let confirmed = app
            .client
            .post(app.url(&format!("/waitlist/confirm?token={token}")))
            .send()
            .await
            .unwrap();
        assert_eq!(confirmed.status(), 200);
    }
}

/// A workshop, on a day after the machine's clock.
async fn publish_workshop(app: &TestApp) {
    let start = datetime!(2027-05-19 10:00 -4);
    let programme = Programme {
        rooms: vec![Room {
            source_id: "lab".into(),
            name: "Lab".into(),
            capacity: Some(30),
        }],
        tracks: Vec::new(),
        speakers: Vec::new(),
        sessions: vec![Session {
            source_id: "src-rust-lab".into(),
            slug: "rust-lab".into(),
            title: "Rust lab".into(),
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

async fn reserve_seat(app: &TestApp, order_id: &str) {
    let token = app.buyer_manage_token(order_id).await;
    let ticket = app.store.tickets_of_order(order_id).await.unwrap().remove(0).id;
    let reserved = app
        .client
        .post(app.url(&format!("/api/my-tickets/{ticket}/seats")))
        .header("X-Manage-Token", token)
        .json(&json!({ "session": "rust-lab" }))
        .send()
        .await
        .unwrap();
    assert!(reserved.status().is_success(), "{}", reserved.status());
}

/// Ana holds two developer tickets (two orders), a workshop seat and an uncollected T-shirt; Bob a VIP ticket,
/// checked in, and a seat; Carla a team of four nobody was named for; Dave a refunded ticket; Erin a T-shirt she
/// collected; Acme a sponsorship with two unnamed VIP passes; Frank a confirmed waitlist registration (AI), Gina one
/// that unsubscribed, Hal one never confirmed.
async fn world(app: &TestApp) {
    publish_workshop(app).await;
    let ana = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
    // Before her second order: her emails' first manage link is this order's.
    reserve_seat(app, &ana).await;
    app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
    let bob = app.paid_ticket_order("vip", "Bob Lee", "bob@example.com").await;
    reserve_seat(app, &bob).await;
    let code = app.store.tickets_of_order(&bob).await.unwrap()[0].code.clone();
    assert_eq!(
        app.admin_post("/api/admin/check-in", &json!({ "code": code }))
            .await
            .status(),
        200
    );
    app.paid_ticket_order("team", "Carla Ruiz", "carla@example.com").await;
    let dave = app.paid_ticket_order("developer", "Dave Kim", "dave@example.com").await;
    let refunded = app
        .admin_post(
            &format!("/api/admin/orders/{dave}/refund"),
            &json!({ "amount": 100, "reason": "Cannot come" }),
        )
        .await;
    assert_eq!(refunded.status(), 200);
    pay_tee(app, "Ana Diaz", "ana@example.com").await;
    let erin = pay_tee(app, "Erin Park", "erin@example.com").await;
    let pickup = app.store.order(&erin).await.unwrap().unwrap().pickup_code.unwrap();
    assert_eq!(
        app.admin_post("/api/admin/pickups", &json!({ "code": pickup }))
            .await
            .status(),
        200
    );
    pay_sponsorship(app, "sponsor@acme.dev").await;
    register(app, "frank@example.com", &["ai"], true).await;
    register(app, "gina@example.com", &["web"], true).await;
    let token = app
        .store
        .find_waitlist_registration("gina@example.com")
        .await
        .unwrap()
        .unwrap()
        .unsubscribe_token;
    let unsubscribed = app
        .client
        .post(app.url(&format!("/unsubscribe?token={}", token.unwrap())))
        .send()
        .await
        .unwrap();
    assert!(unsubscribed.status().is_success());
    register(app, "hal@example.com", &["ai"], false).await;
}

on_both_databases! {
    async fn each_segment_reaches_exactly_its_people_once(app, options()) {
        world(&app).await;
        let everyone = ["ana@example.com", "bob@example.com", "carla@example.com", "sponsor@acme.dev"];
        let expected: [(Value, &[&str]); 14] = [
            (json!({ "kind": "ticket_holders" }), &everyone),
            (json!({ "kind": "ticket_holders", "ticketTypes": ["vip"] }), &["bob@example.com", "sponsor@acme.dev"]),
            (json!({ "kind": "ticket_holders", "ticketTypes": ["developer", "team"] }), &["ana@example.com", "carla@example.com"]),
            (json!({ "kind": "ticket_holders", "checkedIn": true }), &["bob@example.com"]),
            (json!({ "kind": "ticket_holders", "checkedIn": false }), &["ana@example.com", "carla@example.com", "sponsor@acme.dev"]),
            (json!({ "kind": "ticket_holders", "ticketTypes": ["vip"], "checkedIn": true }), &["bob@example.com"]),
            (json!({ "kind": "session", "session": "rust-lab" }), &["ana@example.com", "bob@example.com"]),
            (json!({ "kind": "sponsors" }), &["sponsor@acme.dev"]),
            (json!({ "kind": "merchandise_not_picked_up" }), &["ana@example.com"]),
            (json!({ "kind": "merchandise_not_picked_up", "item": 2 }), &["ana@example.com"]),
            (json!({ "kind": "merchandise_not_picked_up", "item": "3" }), &[]),
            (json!({ "kind": "waitlist" }), &["frank@example.com"]),
            (json!({ "kind": "waitlist", "interestAreas": ["ai", "mobile"] }), &["frank@example.com"]),
            (json!({ "kind": "waitlist", "interestAreas": ["web"] }), &[]),
        ];
        for (segment, people) in &expected {
            assert_eq!(preview(&app, segment.clone()).await["recipients"], people.len(), "{segment}");
            let sent = send(&app, json!({ "segment": segment, "subject": "News", "body": "Some news." })).await;
            assert_eq!(sent["recipients"], people.len(), "{segment}");
            let queued = queued_to(&app, sent["id"].as_str().unwrap()).await;
            assert_eq!(queued, people.iter().map(|person| (*person).to_owned()).collect::<Vec<_>>(), "{segment}");
        }

        while app.mailer.deliver_due().await.unwrap() > 0 {}
        let listed: Value = app.admin_get("/api/admin/messages").await.json().await.unwrap();
        let first = listed.as_array().unwrap().last().unwrap();
        assert_eq!(first["segment"], json!({ "kind": "ticket_holders" }));
        assert_eq!((first["recipients"].as_i64(), first["sent"].as_i64(), first["failed"].as_i64(), first["pending"].as_i64()),
                   (Some(4), Some(4), Some(0), Some(0)));
        assert_eq!(first["status"], "sent");
        assert_eq!(first["createdBy"], "API token");
        let to_carla = raw_emails_to(&app, "carla@example.com").await;
        assert_eq!(to_carla.iter().filter(|raw| raw.contains("Subject: News")).count(), 3,
                   "every holder, developer and team holders, and those not checked in");
    }
}

on_both_databases! {
    async fn the_waitlists_message_skips_unsubscribed_people_and_carries_the_link(app, options()) {
        register(&app, "frank@example.com", &["ai"], true).await;
        register(&app, "gina@example.com", &["web"], true).await;
        register(&app, "hal@example.com", &["ai"], false).await;

        let sent = send(&app, json!({ "segment": { "kind": "waitlist" }, "subject": "Speakers announced",
                                      "body": "See [the schedule](https://codewave.test/schedule)." })).await;
        // Gina unsubscribes after it was queued, before it goes out.
        let token = app.store.find_waitlist_registration("gina@example.com").await.unwrap().unwrap().unsubscribe_token.unwrap();
        app.client.post(app.url(&format!("/unsubscribe?token={token}"))).send().await.unwrap();

        assert_eq!(sent["recipients"], 2);
        let to_frank = raw_emails_to(&app, "frank@example.com").await;
        let message = to_frank.iter().find(|raw| raw.contains("Subject: Speakers announced")).expect("Frank's copy");
        let frank = app.store.find_waitlist_registration("frank@example.com").await.unwrap().unwrap();
        let link = format!("http://codewave.test/unsubscribe?token={}", frank.unsubscribe_token.unwrap());
        assert!(message.contains(&format!("List-Unsubscribe: <{link}>")), "{message}");
        assert!(message.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(raw_emails_to(&app, "gina@example.com").await.iter().all(|raw| !raw.contains("Speakers announced")));
        assert!(raw_emails_to(&app, "hal@example.com").await.iter().all(|raw| !raw.contains("Speakers announced")));
        let listed: Value = app.admin_get("/api/admin/messages").await.json().await.unwrap();
        assert_eq!((listed[0]["sent"].as_i64(), listed[0]["pending"].as_i64()), (Some(1), Some(0)));
    }
}

on_both_databases! {
    async fn ticket_holders_get_a_service_message_in_the_sites_layout_with_its_markdown_inert(app, options()) {
        app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let body = "Lunch is **vegan** on day one.\n\n<script>alert(1)</script>\n\n[click](javascript:void) and \
                    [the menu](https://codewave.test/menu)\n\n![a tracker](https://tracker.example/pixel.png)";

        let previewed: Value = app
            .admin_post("/api/admin/messages/preview",
                        &json!({ "segment": { "kind": "ticket_holders" }, "subject": "Lunch", "body": body }))
            .await
            .json()
            .await
            .unwrap();

        let html = previewed["sample"]["html"].as_str().unwrap();
        assert_eq!(previewed["recipients"], 1);
        assert_eq!(previewed["sample"]["subject"], "Lunch");
        assert!(html.contains("<strong>vegan</strong>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{html}");
        assert!(!html.contains("javascript:") && !html.contains("<script") && !html.contains("<img"), "{html}");
        assert!(html.contains("<a href=\"https://codewave.test/menu\""), "{html}");
        assert!(html.contains("a tracker"), "an image's alt text stays: {html}");
        assert!(html.contains(&app.event.venue.name), "the site's layout");
        assert!(!html.contains("Unsubscribe"), "a service message has no unsubscribe link");
        assert!(previewed["sample"]["text"].as_str().unwrap().contains("Lunch is **vegan** on day one."));
        send(&app, json!({ "segment": { "kind": "ticket_holders" }, "subject": "Lunch", "body": body })).await;
        let received = raw_emails_to(&app, "ana@example.com").await;
        let message = received.iter().find(|raw| raw.contains("Subject: Lunch")).expect("Ana's copy");
        assert!(!message.contains("List-Unsubscribe"));
    }
}

on_both_databases! {
    async fn a_test_goes_to_the_signed_in_staff_member_alone(app, options()) {
        app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let manager = staff_session(&app, "manager").await;
        let body = json!({ "segment": { "kind": "ticket_holders" }, "subject": "Draft", "body": "Try me.", "test": true });

        let tested = call(&app, &manager, "POST", "/api/admin/messages", Some(body.clone())).await;
        let with_the_token = app.admin_post("/api/admin/messages", &body).await;

        assert_eq!(tested.status(), 201);
        let tested: Value = tested.json().await.unwrap();
        assert_eq!((tested["recipients"].as_i64(), tested["status"].as_str()), (Some(1), Some("test")));
        assert_eq!(queued_to(&app, tested["id"].as_str().unwrap()).await, ["manager@crew.example.com"]);
        assert!(raw_emails_to(&app, "manager@crew.example.com").await.iter().any(|raw| raw.contains("Subject: Draft")));
        assert!(raw_emails_to(&app, "ana@example.com").await.iter().all(|raw| !raw.contains("Subject: Draft")));
        assert_eq!(with_the_token.status(), 409, "the script token has no address of its own");
        let listed: Value = app.admin_get("/api/admin/messages").await.json().await.unwrap();
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert_eq!((listed[0]["status"].as_str(), listed[0]["createdBy"].as_str()),
                   (Some("test"), Some("manager@crew.example.com")));
    }
}

on_both_databases! {
    async fn a_scheduled_message_goes_once_across_restarts_and_instances(app, options()) {
        app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        app.paid_ticket_order("vip", "Bob Lee", "bob@example.com").await;
        let now = time::OffsetDateTime::now_utc();
        let at = now + time::Duration::hours(1);
        let at_text = at.format(&time::format_description::well_known::Rfc3339).unwrap();
        let past = (now - time::Duration::minutes(1)).format(&time::format_description::well_known::Rfc3339).unwrap();
        let segment = json!({ "kind": "ticket_holders" });

        let too_late = app.admin_post("/api/admin/messages",
                                      &json!({ "segment": segment, "subject": "Doors", "body": "Open.", "sendAt": past })).await;
        let scheduled = send(&app, json!({ "segment": segment, "subject": "Doors", "body": "Open at 8.", "sendAt": at_text })).await;
        app.paid_ticket_order("team", "Carla Ruiz", "carla@example.com").await;
        let early = app.store.send_due_messages(conference::clock::unix_millis(at) - 1).await.unwrap();
        let due = conference::clock::unix_millis(at + time::Duration::minutes(1));
        let second = app.another_instance().await;
        let (here, there) = tokio::join!(app.store.send_due_messages(due), second.store.send_due_messages(due));
        let app = app.restart().await;
        let after_restart = app.store.send_due_messages(due + 60_000).await.unwrap();

        assert_eq!(too_late.status(), 422);
        assert_eq!(too_late.json::<Value>().await.unwrap()["fieldErrors"]["sendAt"], "Choose a time in the future.");
        assert_eq!((scheduled["status"].as_str(), scheduled["recipients"].as_i64()), (Some("scheduled"), Some(2)));
        assert_eq!(early, 0);
        assert_eq!(here.unwrap() + there.unwrap(), 1, "one instance sends it");
        assert_eq!(after_restart, 0);
        let id = scheduled["id"].as_str().unwrap();
        assert_eq!(queued_to(&app, id).await, ["ana@example.com", "bob@example.com", "carla@example.com"],
                   "resolved when it went out, once each");
        let listed: Value = app.admin_get("/api/admin/messages").await.json().await.unwrap();
        assert_eq!(listed[0]["sendAt"], conference::clock::unix_millis(at));
        assert_eq!(listed[0]["recipients"], 3);
        assert_eq!(cancel(&app, id).await.status(), 409, "it went out");
    }
}

on_both_databases! {
    async fn a_cancelled_message_never_goes_out(app, options()) {
        app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let at = time::OffsetDateTime::now_utc() + time::Duration::days(1);
        let at_text = at.format(&time::format_description::well_known::Rfc3339).unwrap();
        let scheduled = send(&app, json!({ "segment": { "kind": "sponsors" }, "subject": "Booths", "body": "Soon.",
                                           "sendAt": at_text })).await;
        let id = scheduled["id"].as_str().unwrap();

        let cancelled = cancel(&app, id).await;
        let again = cancel(&app, id).await;
        let unknown = cancel(&app, "no-such-message").await;
        let sent = app.store.send_due_messages(conference::clock::unix_millis(at) + 60_000).await.unwrap();

        assert_eq!(cancelled.status(), 200);
        assert_eq!(cancelled.json::<Value>().await.unwrap()["status"], "cancelled");
        assert_eq!(again.status(), 409);
        assert_eq!(unknown.status(), 404);
        assert_eq!(sent, 0);
        assert!(queued_to(&app, id).await.is_empty());
    }
}

on_both_databases! {
    async fn owners_and_managers_send_support_reads_and_the_door_does_neither(app, options()) {
        let support = staff_session(&app, "support").await;
        let door = staff_session(&app, "door").await;
        let body = json!({ "segment": { "kind": "sponsors" }, "subject": "Hi", "body": "Hello." });

        let support_reads = call(&app, &support, "GET", "/api/admin/messages", None).await;
        let support_sends = call(&app, &support, "POST", "/api/admin/messages", Some(body.clone())).await;
        let support_previews = call(&app, &support, "POST", "/api/admin/messages/preview", Some(body.clone())).await;
        let door_reads = call(&app, &door, "GET", "/api/admin/messages", None).await;
        let door_sends = call(&app, &door, "POST", "/api/admin/messages", Some(body.clone())).await;
        let owner_sends = app.admin_post("/api/admin/messages", &body).await;

        assert_eq!(support_reads.status(), 200);
        assert_eq!(support_sends.status(), 403);
        assert_eq!(support_previews.status(), 403);
        assert_eq!(door_reads.status(), 403);
        assert_eq!(door_sends.status(), 403);
        assert_eq!(owner_sends.status(), 201);
    }
}

on_both_databases! {
    async fn a_wrong_segment_subject_or_body_is_refused_by_its_field(app, options()) {
        let refused = |body: Value| {
            let app = &app;
            async move {
                let answer = app.admin_post("/api/admin/messages", &body).await;
                assert_eq!(answer.status(), 422, "{body}");
                let answer: Value = answer.json().await.unwrap();
                assert!(answer["message"].is_string());
                let mut fields: Vec<String> = answer["fieldErrors"].as_object().unwrap().keys().cloned().collect();
                fields.sort();
                fields
            }
        };

        assert_eq!(refused(json!({ "segment": { "kind": "everyone" }, "subject": "", "body": "" })).await,
                   ["body", "segment", "subject"]);
        assert_eq!(refused(json!({ "segment": { "kind": "ticket_holders", "ticketTypes": ["gold"] }, "subject": "S", "body": "B" })).await,
                   ["segment.ticketTypes"]);
        assert_eq!(refused(json!({ "segment": { "kind": "session", "session": "nowhere" }, "subject": "S", "body": "B" })).await,
                   ["segment.session"]);
        assert_eq!(refused(json!({ "segment": { "kind": "merchandise_not_picked_up", "item": 99 }, "subject": "S", "body": "B" })).await,
                   ["segment.item"]);
        assert_eq!(refused(json!({ "segment": { "kind": "waitlist", "interestAreas": ["cooking"] }, "subject": "S", "body": "B" })).await,
                   ["segment.interestAreas"]);
        assert_eq!(refused(json!({ "segment": { "kind": "sponsors" }, "subject": "S".repeat(151), "body": "B".repeat(20_001) })).await,
                   ["body", "subject"]);
        assert_eq!(refused(json!({ "segment": { "kind": "sponsors" }, "subject": "S", "body": "B", "sendAt": "tomorrow" })).await,
                   ["sendAt"]);
        let listed: Value = app.admin_get("/api/admin/messages").await.json().await.unwrap();
        assert_eq!(listed, json!([]));
    }
}
