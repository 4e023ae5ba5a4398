//! `Idempotency-Key` on the create calls: a retry whose first answer was lost (a
//! restart, a dropped connection) gets the same order and holds nothing more.

use crate::helpers::{TestApp, TestOptions, on_both_databases};
use conference::orders::{self, IdempotencyKey, NewOrder, OrderKind, OrderStatus, Placement, sku};
use conference::pricing::Quote;
use conference::store::{NewPendingOrder, now_millis};
use serde_json::{Value, json};

const KEY: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

fn vip_limited_to(limit: u32) -> TestOptions {
    TestOptions::with_event(move |event| {
        event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == "vip")
            .unwrap()
            .limit = Some(limit);
    })
}

fn vip_request(email: &str) -> Value {
    json!({ "ticketType": "vip", "amount": 129900, "name": "Ana Diaz", "email": email, "quantity": 1 })
}

async fn create_with_key(app: &TestApp, key: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/create-payment-intent"))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .expect("the request is answered")
}

async fn vip_units_left(app: &TestApp) -> i64 {
    app.store.stock_remaining().await.unwrap()[&sku::ticket("vip")]
}

/// The order the create call for `vip_request(email)` places, as the server parses it.
fn vip_order(app: &TestApp, email: &str) -> NewOrder {
    let vip = app.event.ticket_by_type("vip").unwrap();
    NewOrder {
        kind: OrderKind::Ticket,
        buyer_name: "Ana Diaz".into(),
        buyer_email: email.into(),
        sku: sku::ticket("vip"),
        variant_sku: None,
        item_name: vip.name.clone(),
        quantity: 1,
        options: json!({ "ticketType": "vip", "ticketId": vip.id }),
        quote: Quote::at_unit_price(vip.price, 1).unwrap(),
        billing: None,
        buyer_answers: Vec::new(),
    }
}

/// Where `order` is placed from, as a create call from 127.0.0.1 with `KEY` places it.
fn placement_with_key(order: &NewOrder) -> Placement {
    Placement {
        hold_for: std::time::Duration::from_secs(30 * 60),
        client_address: "127.0.0.1".into(),
        caps: None,
        idempotency: Some(IdempotencyKey::new(KEY, "127.0.0.1", &order.asked(Some(129_900)))),
    }
}

on_both_databases! {
    /// The browser resends a create whose answer it never got: same order, same secret, one unit.
    async fn a_retried_create_gets_the_same_order_and_holds_one_unit(app, vip_limited_to(3)) {
        let first: Value = create_with_key(&app, KEY, &vip_request("ana@example.com")).await.json().await.unwrap();
        let retried = create_with_key(&app, KEY, &vip_request("ana@example.com")).await;
        assert_eq!(retried.status(), 200);
        let retried: Value = retried.json().await.unwrap();

        for field in ["orderId", "clientSecret", "paymentIntentId", "amount", "ticketId"] {
            assert_eq!(retried[field], first[field], "{field}");
        }
        assert_eq!(vip_units_left(&app).await, 2);
        assert_eq!(app.store.list_orders().await.unwrap().len(), 1);
    }
}

on_both_databases! {
    /// Without a key every create is a new checkout, as before.
    async fn creates_without_a_key_are_separate_checkouts(app, vip_limited_to(3)) {
        for _ in 0..2 {
            let answer = app.post_json("/api/create-payment-intent", &vip_request("ana@example.com")).await;
            assert_eq!(answer.status(), 200);
        }
        assert_eq!(vip_units_left(&app).await, 1);
    }
}

on_both_databases! {
    /// A double click: the same create, with the same key, several times at once.
    async fn racing_creates_with_one_key_place_one_order(app, vip_limited_to(3)) {
        let request = vip_request("ana@example.com");
        let answers = futures::future::join_all((0..6).map(|_| create_with_key(&app, KEY, &request))).await;
        let mut order_ids = Vec::new();
        let mut secrets = Vec::new();
        for answer in answers {
            assert_eq!(answer.status(), 200);
            let body: Value = answer.json().await.unwrap();
            order_ids.push(body["orderId"].as_str().unwrap().to_owned());
            secrets.push(body["clientSecret"].as_str().unwrap().to_owned());
        }
        order_ids.dedup();
        secrets.dedup();
        assert_eq!((order_ids.len(), secrets.len()), (1, 1));
        assert_eq!(vip_units_left(&app).await, 2);
    }
}

on_both_databases! {
    /// A key names one request: reusing it for another buyer or amount is a client bug.
    async fn a_key_reused_for_another_request_is_refused(app, vip_limited_to(3)) {
        assert_eq!(create_with_key(&app, KEY, &vip_request("ana@example.com")).await.status(), 200);

        let other_buyer = create_with_key(&app, KEY, &vip_request("bea@example.com")).await;
        assert_eq!(other_buyer.status(), 409);
        let message = other_buyer.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("Idempotency-Key was already used for a different request"), "{message}");

        let other_call = app
            .client
            .post(app.url("/api/create-merchandise-payment"))
            .header("Idempotency-Key", KEY)
            .json(&json!({ "merchandiseId": 1, "size": "M", "color": "Black", "name": "Ana Diaz", "email": "ana@example.com", "quantity": 1 }))
            .send()
            .await
            .unwrap();
        assert_eq!(other_call.status(), 200, "a key is scoped to its call: another call's key is another key");
        assert_eq!(vip_units_left(&app).await, 2);
    }
}

on_both_databases! {
    /// The server died after committing the order and before creating its payment, so the
    /// buyer never got an answer. After the restart the retry pays for that same order.
    async fn a_create_retried_after_a_restart_completes_the_order_placed_before_it(app, vip_limited_to(1)) {
        let order = vip_order(&app, "ana@example.com");
        let key = IdempotencyKey::new(KEY, "127.0.0.1", &order.asked(Some(129_900)));
        let placed = app
            .store
            .create_pending_order(
                &order,
                &NewPendingOrder {
                    id: "order-placed-before-the-crash",
                    reference: "CW-CRASHED1",
                    pickup_code: None,
                    expires_at: now_millis() + 30 * 60 * 1000,
                    gateway: "sandbox",
                    client_address: "127.0.0.1",
                    caps: None,
                    idempotency: Some((&key.key, &key.request_hash)),
                    code: None,
                },
            )
            .await
            .expect("the first call's transaction committed");
        assert_eq!(placed.payment_id, None);
        let app = app.restart().await;

        let retried = create_with_key(&app, KEY, &vip_request("ana@example.com")).await;
        assert_eq!(retried.status(), 200);
        let retried: Value = retried.json().await.unwrap();
        assert_eq!(retried["orderId"], "order-placed-before-the-crash");
        assert_eq!(vip_units_left(&app).await, 0, "the retry holds no second unit");

        let secret = retried["clientSecret"].as_str().unwrap();
        assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
        let confirmed = app
            .post_json(
                "/api/confirm-purchase",
                &json!({ "paymentIntentId": retried["paymentIntentId"], "ticketId": retried["ticketId"] }),
            )
            .await;
        assert_eq!(confirmed.status(), 200);
        let order = app.store.order("order-placed-before-the-crash").await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Paid);

        let paid_again = create_with_key(&app, KEY, &vip_request("ana@example.com")).await;
        assert_eq!(paid_again.status(), 409);
        let message = paid_again.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("already been paid"), "{message}");
        assert_eq!(app.store.list_orders().await.unwrap().len(), 1);
    }
}

on_both_databases! {
    /// The answer was sent and lost on the way; the server restarted before the retry.
    async fn a_create_answered_before_a_restart_is_answered_the_same_after_it(app, vip_limited_to(1)) {
        let first: Value = create_with_key(&app, KEY, &vip_request("ana@example.com")).await.json().await.unwrap();
        let app = app.restart().await;
        let retried: Value = create_with_key(&app, KEY, &vip_request("ana@example.com")).await.json().await.unwrap();
        assert_eq!(retried["clientSecret"], first["clientSecret"]);
        assert_eq!(retried["orderId"], first["orderId"]);
        assert_eq!(vip_units_left(&app).await, 0);
    }
}

on_both_databases! {
    /// A checkout the server abandoned (its client left before the answer) forgets its key:
    /// the client's retry starts a new checkout instead of being told it expired.
    async fn an_abandoned_checkout_forgets_its_key(app, vip_limited_to(1)) {
        let order = vip_order(&app, "ana@example.com");
        let placement = placement_with_key(&order);
        let (placed, payment) = orders::place_order(&app.store, app.gateway.as_ref(), &order, &placement).await.unwrap();
        orders::abandon_placement(&app.store, app.gateway.as_ref(), &placed, &payment, placement.idempotency.as_ref())
            .await;
        assert_eq!(vip_units_left(&app).await, 1);

        let retried = create_with_key(&app, KEY, &vip_request("ana@example.com")).await;
        assert_eq!(retried.status(), 200);
        let retried: Value = retried.json().await.unwrap();
        assert_ne!(retried["orderId"].as_str().unwrap(), placed.id);
        assert_eq!(vip_units_left(&app).await, 0);
    }
}

on_both_databases! {
    /// Placing an order with a key another order took already (a retry racing its first call past the API's own
    /// look-up) answers that order, and its reservation is rolled back: one unit held, one order.
    async fn placing_an_order_with_a_taken_key_answers_the_first_order(app, vip_limited_to(3)) {
        let order = vip_order(&app, "ana@example.com");
        let placement = placement_with_key(&order);
        let (first, first_payment) =
            orders::place_order(&app.store, app.gateway.as_ref(), &order, &placement).await.unwrap();
        let (again, again_payment) =
            orders::place_order(&app.store, app.gateway.as_ref(), &order, &placement).await.unwrap();

        assert_eq!(again.id, first.id);
        assert_eq!(again_payment.id, first_payment.id);
        assert_eq!(again_payment.client_secret, first_payment.client_secret);
        assert_eq!(vip_units_left(&app).await, 2);
        assert_eq!(app.store.list_orders().await.unwrap().len(), 1);
    }
}

on_both_databases! {
    /// A reservation that ran out is not brought back by an old key.
    async fn a_key_of_an_expired_checkout_asks_to_start_again(app, vip_limited_to(1)) {
        assert_eq!(create_with_key(&app, KEY, &vip_request("ana@example.com")).await.status(), 200);
        assert_eq!(app.expire_reservations_after(31).await, 1);

        let retried = create_with_key(&app, KEY, &vip_request("ana@example.com")).await;
        assert_eq!(retried.status(), 409);
        let message = retried.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("expired"), "{message}");
        assert_eq!(vip_units_left(&app).await, 1);
    }
}

on_both_databases! {
    async fn a_malformed_key_is_refused_with_a_message(app) {
        let answer = create_with_key(&app, "two words", &vip_request("ana@example.com")).await;
        assert_eq!(answer.status(), 400);
        let message = answer.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("Idempotency-Key"), "{message}");
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    /// Keys are kept a day, like Stripe's; older ones are purged and may be used again.
    async fn keys_older_than_a_day_are_purged(app, vip_limited_to(3)) {
        assert_eq!(create_with_key(&app, KEY, &vip_request("ana@example.com")).await.status(), 200);
        let a_day_later = now_millis() + conference::store::IDEMPOTENCY_WINDOW_MILLIS + 1;
        assert!(app.store.idempotency_claim(KEY, a_day_later).await.unwrap().is_none());
        assert_eq!(app.store.purge_idempotency_keys(now_millis()).await.unwrap(), 0);
        assert_eq!(app.store.purge_idempotency_keys(a_day_later).await.unwrap(), 1);
    }
}

async fn create_with_key_from(app: &TestApp, client: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/create-payment-intent"))
        .header("Idempotency-Key", KEY)
        .header("X-Forwarded-For", client)
        .json(body)
        .send()
        .await
        .expect("the request is answered")
}

on_both_databases! {
    /// A guessable key sent by another client names another order: it never replays the first
    /// client's answer (its client secret pays, and so reveals, that buyer's order).
    async fn a_key_belongs_to_the_client_that_sent_it(app, TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..vip_limited_to(3)
    }) {
        let request = vip_request("ana@example.com");
        let first: Value = create_with_key_from(&app, "203.0.113.5", &request).await.json().await.unwrap();

        let elsewhere = create_with_key_from(&app, "198.51.100.7", &request).await;
        let retried: Value = create_with_key_from(&app, "203.0.113.5", &request).await.json().await.unwrap();

        assert_eq!(elsewhere.status(), 200);
        let elsewhere: Value = elsewhere.json().await.unwrap();
        assert_ne!(elsewhere["orderId"], first["orderId"]);
        assert_ne!(elsewhere["clientSecret"], first["clientSecret"]);
        assert_eq!(retried["orderId"], first["orderId"], "the same client's retry is still the same order");
        assert_eq!(retried["clientSecret"], first["clientSecret"]);
        assert_eq!(vip_units_left(&app).await, 1);
    }
}
