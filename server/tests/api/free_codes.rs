//! A shared free code is not one buyer's to drain: free orders count against the caps on what
//! one email and one address may take, and a code limits the orders one email places with it.

use serde_json::{Value, json};

use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};

fn admin_behind_a_proxy() -> TestOptions {
    TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..TestOptions::default()
    }
    .with_admin()
}

/// One code for the Developer Pass; answers it as listed.
async fn make_code(app: &TestApp, fields: Value) -> Value {
    let mut body = json!({ "appliesTo": ["ticket:developer"], "maxUses": 100 });
    body.as_object_mut()
        .unwrap()
        .extend(fields.as_object().unwrap().clone());
    let made = app.admin_post("/api/admin/codes", &body).await;
    assert_eq!(made.status(), 200);
    made.json::<Value>().await.unwrap()["codes"][0].clone()
}

async fn buy_from(app: &TestApp, code: Option<&str>, quantity: i64, email: &str, client: &str) -> reqwest::Response {
    let total = app.ticket_total("developer", quantity).await;
    let amount = if code.is_some() { 0 } else { total };
    app.post_json_forwarded_for(
        "/api/create-payment-intent",
        &json!({ "ticketType": "developer", "amount": amount, "name": "Ana Diaz", "email": email,
                 "quantity": quantity, "code": code }),
        client,
    )
    .await
}

async fn message_of(answer: reqwest::Response) -> Value {
    answer.json::<Value>().await.unwrap()
}

on_both_databases! {
    /// The review's attack: five checkouts of 20 from one address took all 100 uses of a shared
    /// 100% code, since a free order is paid at once and never counts as an open checkout.
    async fn one_buyer_cannot_drain_a_shared_free_code(app, admin_behind_a_proxy()) {
        let made = make_code(&app, json!({ "percentOff": 100 })).await;
        assert_eq!(made["ordersPerEmail"], 1, "a free code's default");
        let code = made["code"].as_str().unwrap();
        let office = "203.0.113.7";

        let first = buy_from(&app, Some(code), 20, "ana@example.com", office).await;
        let again = buy_from(&app, Some(code), 1, "ana@example.com", office).await;
        let paid_after = buy_from(&app, None, 1, "ana@example.com", office).await;
        let second = buy_from(&app, Some(code), 20, "made-up-2@example.com", office).await;
        let third = buy_from(&app, Some(code), 20, "made-up-3@example.com", office).await;
        let elsewhere = buy_from(&app, Some(code), 20, "bo@example.com", "198.51.100.9").await;

        assert_eq!(message_of(first).await["paid"], true);
        assert_eq!(again.status(), 422);
        assert_eq!(
            message_of(again).await["fieldErrors"]["code"],
            "This code has been used for as many orders as one email address may place."
        );
        assert_eq!(paid_after.status(), 409, "the free 20 count against the email's 20 of an item");
        let message = message_of(paid_after).await["message"].as_str().unwrap().to_owned();
        assert!(
            message.starts_with("Free orders of the last 24 hours and checkouts in progress from this email address \
                                 already come to 20 of this item"),
            "{message}"
        );
        assert_eq!(second.status(), 200, "the address's 40 of an item");
        assert_eq!(third.status(), 429);
        assert!(third.headers().contains_key("retry-after"));
        assert_eq!(elsewhere.status(), 200);
        let listed: Value = app.admin_get("/api/admin/codes").await.json().await.unwrap();
        assert_eq!(listed["codes"][0]["uses"], 60, "60 of 100, not all");
    }
}

on_both_databases! {
    /// Ten checkouts at once from one email, on a code for one order per email: one order.
    async fn concurrent_orders_of_one_email_make_one_order_with_a_one_per_email_code(app, TestOptions::default().with_admin().without_rate_limits()) {
        let made = make_code(&app, json!({ "percentOff": 50, "ordersPerEmail": 1 })).await;
        let code = made["code"].as_str().unwrap().to_owned();

        let rush = (0..10).map(|_| {
            let (app, code) = (&app, code.clone());
            async move {
                app.post_json(
                    "/api/create-payment-intent",
                    &json!({ "ticketType": "developer", "amount": 39_950, "name": "Ana Diaz",
                             "email": "ana@example.com", "code": code }),
                )
                .await
            }
        });
        let answers = futures::future::join_all(rush).await;

        let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
        assert!(statuses.iter().all(|status| [200, 422].contains(status)), "{statuses:?}");
        assert_eq!(app.store.list_orders().await.unwrap().len(), 1);
        let other_email = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "developer", "amount": 39_950, "name": "Bo Li", "email": "bo@example.com", "code": code }),
            )
            .await;
        assert_eq!(other_email.status(), 200);
    }
}

on_both_databases! {
    /// The limit is the organizer's to set: a number, or none at all, when made or later; an
    /// order that lapses gives its place back.
    async fn orders_per_email_are_set_changed_and_given_back(app, TestOptions::default().with_admin()) {
        let unlimited = make_code(&app, json!({ "fixedPrice": 0, "ordersPerEmail": null })).await;
        let discount = make_code(&app, json!({ "percentOff": 20 })).await;
        let two = make_code(&app, json!({ "percentOff": 20, "ordersPerEmail": 2 })).await;
        let refused = app
            .admin_post("/api/admin/codes", &json!({ "percentOff": 20, "maxUses": 5, "ordersPerEmail": 0 }))
            .await;

        assert_eq!(unlimited["ordersPerEmail"], Value::Null);
        assert_eq!(discount["ordersPerEmail"], Value::Null, "only free codes default to one");
        assert_eq!(two["ordersPerEmail"], 2);
        assert_eq!(refused.status(), 422);
        assert!(message_of(refused).await["fieldErrors"]["ordersPerEmail"].is_string());
        let id = discount["id"].as_str().unwrap();
        let changed = app
            .client
            .patch(app.url(&format!("/api/admin/codes/{id}")))
            .bearer_auth(ADMIN_TOKEN)
            .json(&json!({ "ordersPerEmail": 1 }))
            .send()
            .await
            .unwrap();
        assert_eq!(message_of(changed).await["ordersPerEmail"], 1);

        let code = discount["code"].as_str().unwrap();
        let ana = json!({ "ticketType": "developer", "amount": 63_920, "name": "Ana Diaz", "email": "ana@example.com", "code": code });
        assert_eq!(app.post_json("/api/create-payment-intent", &ana).await.status(), 200);
        assert_eq!(app.post_json("/api/create-payment-intent", &ana).await.status(), 422);
        assert_eq!(app.expire_reservations_after(31).await, 1);
        let again = app.post_json("/api/create-payment-intent", &ana).await;
        assert_eq!(again.status(), 200, "the lapsed checkout gave its order back");

        let csv = app.admin_get("/api/admin/exports/codes.csv").await.text().await.unwrap();
        let header = csv.lines().next().unwrap();
        assert!(header.ends_with(",orders per email"), "{header}");
        let row = |code: &Value| {
            csv.lines()
                .find(|line| line.starts_with(code["code"].as_str().unwrap()))
                .unwrap()
                .rsplit(',')
                .next()
                .unwrap()
                .to_owned()
        };
        assert_eq!((row(&unlimited), row(&two)), ("no limit".to_owned(), "2".to_owned()));
    }
}
