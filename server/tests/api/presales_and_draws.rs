//! What the waitlist was promised: a presale's priority links, one per confirmed, subscribed
//! registration and none to anyone else, and a draw committed to its seed before it is made,
//! which anyone can re-run once the seed is revealed.

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

/// Signs `email` up on the landing page's form; nobody confirms it.
async fn sign_up(app: &TestApp, email: &str, areas: &[&str], subscribe: bool) {
    let registered = app
        .post_json(
            "/api/register-waitlist",
            &json!({ "fullName": "Reg Istered", "email": email, "interestAreas": areas, "subscribe": subscribe }),
        )
        .await;
    assert_eq!(registered.status(), 200, "{}", registered.text().await.unwrap());
}

/// Signs `email` up and, when it asked for updates, follows the confirmation link its email
/// carries, as the address's owner does.
async fn register(app: &TestApp, email: &str, areas: &[&str], subscribe: bool) {
    sign_up(app, email, areas, subscribe).await;
    if subscribe {
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
    /// A presale queues one priority link per confirmed, subscribed registration, none for
    /// those who unsubscribed, never subscribed or never confirmed their address (anyone can
    /// type anyone's); the link buys before the public can, until its deadline.
    async fn a_presale_links_every_confirmed_subscribed_registration_once_and_nobody_else(app, before_sales()) {
        register(&app, "ana@example.com", &["ai", "web"], true).await;
        register(&app, "ben@example.com", &["cloud"], true).await;
        register(&app, "cat@example.com", &["ai"], true).await;
        register(&app, "dan@example.com", &["ai"], false).await;
        sign_up(&app, "eve@example.com", &["ai", "cloud"], true).await;
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
        assert_eq!(narrower["recipients"], 1, "only Ben chose cloud and confirmed");
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

/// What `printf '%s\n' <emails> | LC_ALL=C sort | sha256sum` prints.
fn sorted_list_hash(emails: &[String]) -> String {
    use sha2::{Digest, Sha256};
    let mut sorted = emails.to_vec();
    sorted.sort();
    let list: String = sorted.iter().map(|email| format!("{email}\n")).collect();
    Sha256::digest(list.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

on_both_databases! {
    /// A draw is announced with the SHA-256 of a seed the server drew, before anyone can know its
    /// winners, and made later: the seed is revealed, with the candidates' count and the hash of
    /// their sorted list, so anyone can check the commitment and re-run the draw. Only confirmed,
    /// subscribed people confirmed by the announcement take part; each winner gets a free ticket.
    async fn a_draw_commits_to_its_seed_before_its_winners_can_be_known(app, TestOptions::default().with_admin().without_rate_limits()) {
        let mut candidates = Vec::new();
        for n in 0..12 {
            let email = format!("person{n}@example.com");
            let subscribe = n % 4 != 3;
            register(&app, &email, &["ai"], subscribe).await;
            if subscribe {
                candidates.push(email);
            }
        }
        sign_up(&app, "unconfirmed@example.com", &["ai"], true).await;

        let announced = app
            .admin_post("/api/admin/draws", &json!({ "winners": 5, "item": "ticket:developer", "seed": "launch-2026" }))
            .await;
        assert_eq!(announced.status(), 201, "{}", announced.text().await.unwrap());
        let announced: Value = announced.json().await.unwrap();
        let commitment = announced["seedHash"].as_str().unwrap().to_owned();
        assert_eq!(commitment.len(), 64);
        assert_eq!(announced["prizes"], 5);
        for hidden in ["seed", "drawnAt", "candidates", "candidatesHash"] {
            assert!(announced[hidden].is_null(), "{hidden} is not known yet: {announced}");
        }
        assert_eq!(announced["winners"], json!([]));
        assert!(recipients_of(&app, "draw_prize").await.is_empty(), "nobody has won yet");
        let listed: Vec<Value> = app.admin_get("/api/admin/draws").await.json().await.unwrap();
        assert_eq!(listed, std::slice::from_ref(&announced), "the list shows the commitment, not the seed");

        register(&app, "late@example.com", &["ai"], true).await;
        let id = announced["id"].as_str().unwrap();
        let drawn = app.admin_post(&format!("/api/admin/draws/{id}/draw"), &json!({})).await;
        assert_eq!(drawn.status(), 200, "{}", drawn.text().await.unwrap());
        let drawn: Value = drawn.json().await.unwrap();

        let seed = drawn["seed"].as_str().unwrap();
        assert_ne!(seed, "launch-2026", "the server draws the seed, nobody chooses it");
        assert_eq!(conference::draws::commitment(seed), commitment, "the seed is the one committed to");
        assert_eq!(drawn["seedHash"], commitment.as_str());
        assert_eq!(drawn["candidates"], 9, "confirmed and subscribed by the announcement: {drawn}");
        assert_eq!(drawn["candidatesHash"], sorted_list_hash(&candidates).as_str());
        let winners: Vec<String> = drawn["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|winner| winner["email"].as_str().unwrap().to_owned())
            .collect();
        let list: Vec<&str> = candidates.iter().map(String::as_str).collect();
        let rerun: Vec<&str> = conference::draws::draw(seed, &list, 5).into_iter().map(|index| list[index]).collect();
        assert_eq!(winners, rerun, "anyone with the seed and the list draws the same winners");
        assert_eq!(winners.iter().collect::<BTreeSet<_>>().len(), 5, "nobody wins twice");

        let code = emailed_code(&app, &winners[0], "WIN-").await;
        assert_eq!(code, drawn["winners"][0]["code"]);
        let free: Value = quote(&app, "developer", Some(&code)).await.json().await.unwrap();
        assert_eq!(free["total"], 0, "{free}");
        let prize = app.email_to_containing(&winners[0], &code).await;
        assert!(prize.contains(seed) && prize.contains("/unsubscribe?token="), "{prize}");

        let again = app.admin_post(&format!("/api/admin/draws/{id}/draw"), &json!({})).await;
        assert_eq!(again.status(), 409, "a draw is made once");
        assert_eq!(recipients_of(&app, "draw_prize").await.len(), 5);
        assert_eq!(app.admin_post("/api/admin/draws/nope/draw", &json!({})).await.status(), 404);
        let listed: Vec<Value> = app.admin_get("/api/admin/draws").await.json().await.unwrap();
        assert_eq!(listed, [drawn]);
    }
}

on_both_databases! {
    async fn a_draw_needs_enough_confirmed_registrations_and_a_listed_ticket(app, TestOptions::default().with_admin().without_rate_limits()) {
        register(&app, "ana@example.com", &["ai"], true).await;
        sign_up(&app, "ben@example.com", &["ai"], true).await;

        let too_many = app.admin_post("/api/admin/draws", &json!({ "winners": 2, "item": "ticket:developer" })).await;
        assert_eq!(too_many.status(), 409, "only Ana confirmed");
        let bad = app
            .admin_post("/api/admin/draws", &json!({ "winners": 0, "item": "merchandise:1", "interestAreas": ["gaming"] }))
            .await;
        assert_eq!(bad.status(), 422);
        let bad: Value = bad.json().await.unwrap();
        for field in ["winners", "item", "interestAreas"] {
            assert!(bad["fieldErrors"][field].is_string(), "{field}: {bad}");
        }
        assert!(app.admin_get("/api/admin/draws").await.json::<Vec<Value>>().await.unwrap().is_empty());
    }
}
