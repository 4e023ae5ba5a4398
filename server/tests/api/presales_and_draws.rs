//! What the waitlist was promised: a presale's priority links, one per subscribed registration
//! and none to anyone else, and a draw anyone can re-run from its seed.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{TestApp, TestOptions, on_both_databases};

/// Public ticket sales open in ten days; the back office is open.
fn before_sales() -> TestOptions {
    TestOptions::with_event(|event| {
        event.sales_open = Some(OffsetDateTime::now_utc() + Duration::days(10));
    })
    .with_admin()
    .without_rate_limits()
}

fn days_from_now(days: i64) -> i64 {
    conference::store::now_millis() + days * 24 * 60 * 60 * 1000
}

async fn register(app: &TestApp, email: &str, areas: &[&str], subscribe: bool) {
    let registered = app
        .post_json(
            "/api/register-waitlist",
            &json!({ "fullName": "Reg Istered", "email": email, "interestAreas": areas, "subscribe": subscribe }),
        )
        .await;
    assert_eq!(registered.status(), 200, "{}", registered.text().await.unwrap());
}

/// The recipients of the queued emails of `kind`, and how many each was sent.
async fn recipients_of(app: &TestApp, kind: &str) -> Vec<String> {
    let mut recipients: Vec<String> = app
        .store
        .list_outbox()
        .await
        .unwrap()
        .into_iter()
        .filter(|email| email.kind == kind)
        .map(|email| email.recipient)
        .collect();
    recipients.sort();
    recipients
}

/// The code starting with `prefix` in the email to `recipient` that has one.
async fn emailed_code(app: &TestApp, recipient: &str, prefix: &str) -> String {
    let text = app
        .email_to_containing(recipient, &format!("Your personal code: {prefix}"))
        .await;
    let at = text.find(&format!("code: {prefix}")).unwrap() + "code: ".len();
    let code: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    assert!(
        crate::codes::is_generated(&code, prefix),
        "{code}: a personal code carries 64 bits at least"
    );
    code
}

async fn quote(app: &TestApp, ticket_type: &str, code: Option<&str>) -> reqwest::Response {
    app.post_json(
        "/api/quote",
        &json!({ "kind": "ticket", "item": ticket_type, "quantity": 1, "code": code }),
    )
    .await
}

/// The `sales` of a ticket type in the list at `path`.
async fn sales_of(app: &TestApp, path: &str, ticket_type: &str) -> Value {
    let tickets: Vec<Value> = app.get(path).await.json().await.unwrap();
    tickets
        .into_iter()
        .find(|ticket| ticket["type"] == ticket_type)
        .unwrap()["sales"]
        .clone()
}

on_both_databases! {
    /// A presale queues one priority link per subscribed registration, none for those who
    /// unsubscribed or never subscribed; the link buys before the public can, until its deadline.
    async fn a_presale_links_every_subscribed_registration_once_and_nobody_else(app, before_sales()) {
        register(&app, "ana@example.com", &["ai", "web"], true).await;
        register(&app, "ben@example.com", &["cloud"], true).await;
        register(&app, "cat@example.com", &["ai"], true).await;
        register(&app, "dan@example.com", &["ai"], false).await;
        let cat = app.store.find_waitlist_registration("cat@example.com").await.unwrap().unwrap();
        let unsubscribe = app.get(&format!("/unsubscribe?token={}", cat.unsubscribe_token.unwrap())).await;
        assert_eq!(unsubscribe.status(), 200);

        let launched = app
            .admin_post("/api/admin/presales", &json!({ "item": "ticket:developer", "deadline": days_from_now(5) }))
            .await;
        assert_eq!(launched.status(), 201, "{}", launched.text().await.unwrap());
        let launched: Value = launched.json().await.unwrap();
        assert_eq!(launched["recipients"], 2);
        assert_eq!(launched["itemName"], "Developer Pass");
        assert_eq!(recipients_of(&app, "presale_link").await, ["ana@example.com", "ben@example.com"]);

        let code = emailed_code(&app, "ana@example.com", "PRE-").await;
        let email = app.email_to_containing("ana@example.com", &code).await;
        assert!(email.contains(&format!("/checkout/developer?code={code}")), "{email}");
        assert!(email.contains("/unsubscribe?token="), "every email carries the unsubscribe link: {email}");
        emailed_code(&app, "ben@example.com", "PRE-").await;

        assert_eq!(quote(&app, "developer", None).await.status(), 409, "the public waits for its sales");
        assert_eq!(quote(&app, "developer", Some(&code)).await.status(), 200, "the link buys now");
        assert_eq!(quote(&app, "vip", Some(&code)).await.status(), 422, "only what the presale is for");
        assert_eq!(sales_of(&app, "/api/tickets", "developer").await, "not_yet");
        assert_eq!(
            sales_of(&app, &format!("/api/tickets?code={code}"), "developer").await,
            "open",
            "the checkout the link opens lists the ticket as on sale"
        );

        let listed: Vec<Value> = app.admin_get("/api/admin/presales").await.json().await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["recipients"], 2);
        assert_eq!(listed[0]["sent"], 2);

        let narrower = app
            .admin_post(
                "/api/admin/presales",
                &json!({ "item": "tickets", "deadline": days_from_now(5), "interestAreas": ["cloud"], "unitsPerPerson": 2 }),
            )
            .await;
        assert_eq!(narrower.status(), 201);
        let narrower: Value = narrower.json().await.unwrap();
        assert_eq!(narrower["recipients"], 1, "only Ben chose cloud");
        assert_eq!(narrower["itemName"], "Every ticket");
        assert_eq!(
            recipients_of(&app, "presale_link").await,
            ["ana@example.com", "ben@example.com", "ben@example.com"],
            "a second presale is a second link; nobody else is written to"
        );
    }
}

on_both_databases! {
    /// A presale must end before public sales open, for an item not on sale yet.
    async fn a_presale_comes_before_public_sales(app, before_sales()) {
        let late = app
            .admin_post("/api/admin/presales", &json!({ "item": "ticket:developer", "deadline": days_from_now(11) }))
            .await;
        assert_eq!(late.status(), 422);
        let late: Value = late.json().await.unwrap();
        assert!(late["fieldErrors"]["deadline"].as_str().unwrap().contains("before public sales open"), "{late}");

        let bad = app
            .admin_post(
                "/api/admin/presales",
                &json!({ "item": "ticket:nope", "deadline": days_from_now(-1), "interestAreas": ["gaming"], "unitsPerPerson": 0 }),
            )
            .await;
        assert_eq!(bad.status(), 422);
        let bad: Value = bad.json().await.unwrap();
        for field in ["item", "interestAreas", "unitsPerPerson"] {
            assert!(bad["fieldErrors"][field].is_string(), "{field}: {bad}");
        }
    }
}

on_both_databases! {
    /// Once public sales are open there is nothing to presell.
    async fn no_presale_once_sales_are_open(app, TestOptions::default().with_admin()) {
        let open = app
            .admin_post("/api/admin/presales", &json!({ "item": "ticket:developer", "deadline": days_from_now(1) }))
            .await;
        assert_eq!(open.status(), 409);
    }
}

on_both_databases! {
    /// The draw picks distinct subscribed people only, by the published rule, so the same seed
    /// over the same people draws the same winners; each gets a code that makes the ticket free.
    async fn the_draw_is_reproducible_from_its_seed_and_fair(app, TestOptions::default().with_admin().without_rate_limits()) {
        let mut subscribed = Vec::new();
        for n in 0..12 {
            let email = format!("person{n}@example.com");
            let subscribe = n % 4 != 3;
            register(&app, &email, &["ai"], subscribe).await;
            if subscribe {
                subscribed.push(email);
            }
        }
        let draw = |seed: &'static str, winners: i64| {
            let app = &app;
            async move {
                app.admin_post("/api/admin/draws", &json!({ "winners": winners, "item": "ticket:developer", "seed": seed }))
                    .await
            }
        };

        let first = draw("launch-2026", 5).await;
        assert_eq!(first.status(), 201, "{}", first.text().await.unwrap());
        let first: Value = first.json().await.unwrap();
        assert_eq!(first["seed"], "launch-2026");
        assert_eq!(first["candidates"], 9);
        let winners: Vec<String> = first["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|winner| winner["email"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(winners.len(), 5);
        assert_eq!(winners.iter().collect::<BTreeSet<_>>().len(), 5, "nobody wins twice");
        assert!(winners.iter().all(|email| subscribed.contains(email)), "only subscribed people: {winners:?}");

        let candidates: Vec<&str> = subscribed.iter().map(String::as_str).collect();
        let rerun: Vec<&str> = conference::draws::draw("launch-2026", &candidates, 5)
            .into_iter()
            .map(|index| candidates[index])
            .collect();
        assert_eq!(winners, rerun, "anyone with the seed draws the same winners");

        let code = emailed_code(&app, &winners[0], "WIN-").await;
        assert_eq!(code, first["winners"][0]["code"]);
        let free: Value = quote(&app, "developer", Some(&code)).await.json().await.unwrap();
        assert_eq!(free["total"], 0, "{free}");
        let prize = app.email_to_containing(&winners[0], &code).await;
        assert!(prize.contains("launch-2026") && prize.contains("/unsubscribe?token="), "{prize}");

        let again: Value = draw("launch-2026", 5).await.json().await.unwrap();
        let emails = |drawn: &Value| -> Vec<String> {
            drawn["winners"].as_array().unwrap().iter().map(|winner| winner["email"].as_str().unwrap().to_owned()).collect()
        };
        assert_eq!(emails(&again), winners, "the same seed draws the same winners again");

        let listed: Vec<Value> = app.admin_get("/api/admin/draws").await.json().await.unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(draw("launch-2026", 10).await.status(), 409, "only 9 can take part");
        let generated: Value = app
            .admin_post("/api/admin/draws", &json!({ "winners": 1, "item": "ticket:developer" }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(generated["seed"].as_str().unwrap().len(), 32, "a seed is made and recorded");
        let bad = app
            .admin_post("/api/admin/draws", &json!({ "winners": 0, "item": "merchandise:1", "seed": "x".repeat(201) }))
            .await;
        assert_eq!(bad.status(), 422);
        let bad: Value = bad.json().await.unwrap();
        for field in ["winners", "item", "seed"] {
            assert!(bad["fieldErrors"][field].is_string(), "{field}: {bad}");
        }
    }
}
