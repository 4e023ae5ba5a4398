//! Codes cannot be guessed: looking codes up draws on a per-address budget, and a code that
//! does not exist, does not work now or is for another item answers as one.

use serde_json::{Value, json};

use crate::helpers::{TestApp, TestOptions, on_both_databases};

fn admin_behind_a_proxy() -> TestOptions {
    TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..TestOptions::default()
    }
    .with_admin()
}

async fn get_from(app: &TestApp, path: &str, client: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header("X-Forwarded-For", client)
        .send()
        .await
        .expect("the request is answered")
}

async fn quote_from(app: &TestApp, code: Option<&str>, client: &str) -> reqwest::Response {
    let body = json!({ "kind": "ticket", "item": "developer", "code": code });
    app.post_json_forwarded_for("/api/quote", &body, client).await
}

on_both_databases! {
    /// The review's guesser asked `?code=` 14,700 times a second. Twenty lookups at once, then
    /// one every three seconds, per address; the lists without a code are never limited.
    async fn code_lookups_from_one_address_are_limited_and_nothing_else_is(app, admin_behind_a_proxy()) {
        let guesser = "203.0.113.7";
        for guess in 0..20 {
            let answer = get_from(&app, &format!("/api/tickets?code=GUESS-{guess}"), guesser).await;
            assert_eq!(answer.status(), 200, "lookup {guess} is within the budget");
        }

        let tickets = get_from(&app, "/api/tickets?code=GUESS-20", guesser).await;
        let merchandise = get_from(&app, "/api/merchandise?code=GUESS-21", guesser).await;
        let tiers = get_from(&app, "/api/sponsorship-tiers?code=GUESS-22", guesser).await;
        let quoted = quote_from(&app, Some("GUESS-23"), guesser).await;

        for answer in [tickets, merchandise, tiers, quoted] {
            assert_eq!(answer.status(), 429, "{}", answer.url());
            let retry_after: u64 = answer.headers()["retry-after"].to_str().unwrap().parse().unwrap();
            assert!((1..=3).contains(&retry_after), "{retry_after}");
            assert_eq!(
                answer.json::<Value>().await.unwrap()["message"],
                "Too many codes tried from your network. Please wait a moment and try again."
            );
        }
        assert_eq!(get_from(&app, "/api/tickets", guesser).await.status(), 200, "the plain list is not limited");
        assert_eq!(quote_from(&app, None, guesser).await.status(), 200, "a quote without a code is not limited");
        let neighbour = get_from(&app, "/api/tickets?code=GUESS-24", "198.51.100.9").await;
        assert_eq!(neighbour.status(), 200, "another address has its own budget");
    }
}

async fn make_code(app: &TestApp, body: Value) {
    let made = app.admin_post("/api/admin/codes", &body).await;
    assert_eq!(made.status(), 200, "{}", made.text().await.unwrap());
}

/// The status and body of a quote and of a create call for the Developer Pass with `code`.
async fn answers_to(app: &TestApp, code: &str) -> [(u16, Value); 2] {
    let quote = app
        .post_json(
            "/api/quote",
            &json!({ "kind": "ticket", "item": "developer", "code": code }),
        )
        .await;
    let create = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": "developer", "amount": 71_910, "name": "Ana Diaz", "email": "ana@example.com", "code": code }),
        )
        .await;
    let mut answers = Vec::new();
    for answer in [quote, create] {
        answers.push((answer.status().as_u16(), answer.json::<Value>().await.unwrap()));
    }
    answers.try_into().unwrap()
}

on_both_databases! {
    /// Unknown, expired, not yet valid, disabled and other-item codes once each said why, which
    /// told a guesser that the code existed. Now they answer alike, at the quote and the checkout.
    async fn codes_that_cannot_be_used_answer_as_one_whatever_the_reason(app, TestOptions::default().with_admin()) {
        let discount = json!({ "percentOff": 10, "maxUses": 5 });
        let with = |fields: Value| {
            let mut body = discount.clone();
            body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
            body
        };
        make_code(&app, with(json!({ "code": "VIPONLY", "appliesTo": ["ticket:vip"] }))).await;
        make_code(&app, with(json!({ "code": "LASTYEAR", "validUntil": "2025-01-01T00:00:00-05:00" }))).await;
        make_code(&app, with(json!({ "code": "NEXTCENTURY", "validFrom": "2100-01-01T00:00:00-05:00" }))).await;

        let unknown = answers_to(&app, "NO-SUCH-CODE").await;

        let expected = json!({
            "message": "This code is not valid. Please check it and try again.",
            "fieldErrors": { "code": "This code is not valid. Please check it and try again." },
        });
        assert_eq!(unknown, [(422, expected.clone()), (422, expected)]);
        for code in ["VIPONLY", "lastyear", "NEXTCENTURY"] {
            assert_eq!(answers_to(&app, code).await, unknown, "{code}");
        }
        assert_eq!(app.store.list_orders().await.unwrap().len(), 0);
    }
}

on_both_databases! {
    /// A hidden item answers every code but the one that unlocks it as if it did not exist,
    /// the one that unlocks it when it no longer works included: its lists too.
    async fn a_hidden_item_tells_no_code_from_another(app, TestOptions::next_edition_at(
        time::macros::datetime!(2026-10-01 12:00 -4),
    ).with_admin()) {
        make_code(&app, json!({ "code": "SPEAKER-OLD", "appliesTo": ["ticket:speaker"], "unlocks": "ticket:speaker",
                                "percentOff": 100, "maxUses": 1, "validUntil": "2026-09-01T00:00:00-04:00" })).await;
        make_code(&app, json!({ "code": "PARTNER10", "percentOff": 10, "maxUses": 5 })).await;
        let speaker = |code: &str| {
            json!({ "ticketType": "speaker", "amount": 0, "name": "Ana Diaz", "email": "ana@example.com", "code": code })
        };

        let (mut answers, mut lists) = (Vec::new(), Vec::new());
        for code in ["NO-SUCH-CODE", "PARTNER10", "SPEAKER-OLD"] {
            let created = app.post_json("/api/create-payment-intent", &speaker(code)).await;
            answers.push((created.status().as_u16(), created.json::<Value>().await.unwrap()));
            lists.push(app.get(&format!("/api/tickets?code={code}")).await.json::<Value>().await.unwrap());
        }

        assert_eq!(answers[0].0, 404, "{:?}", answers[0].1);
        assert!(answers.iter().all(|answer| *answer == answers[0]), "{answers:?}");
        assert!(lists.iter().all(|list| *list == lists[0]), "{lists:?}");
        assert!(lists[0].as_array().unwrap().iter().all(|ticket| ticket["type"] != "speaker"));
    }
}
