//! Buying tickets through the sandbox gateway: prices are the server's, and an
//! order is paid exactly once, only for a succeeded payment.

use crate::helpers::{TestApp, on_both_databases};
use conference::orders::OrderStatus;
use serde_json::{Value, json};

async fn created(app: &TestApp, ticket_type: &str, quantity: i64) -> Value {
    let response = app
        .create_ticket_payment(ticket_type, quantity, "ana@example.com")
        .await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

on_both_databases! {
    async fn a_payment_is_created_at_the_server_price(app) {
        let body = created(&app, "developer", 1).await;

        assert_eq!(body["ticketId"], 1);
        assert_eq!(body["amount"], 79900);
        let secret = body["clientSecret"].as_str().unwrap();
        assert!(secret.starts_with("pi_sandbox_") && secret.contains("_secret_"), "{secret}");
        let order = app.store.order(body["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Pending);
        assert_eq!(order.amount.cents(), 79900);
        assert_eq!((order.item_name.as_str(), order.quantity, order.buyer_email.as_str()), ("Developer Pass", 1, "ana@example.com"));
        assert_eq!(order.payment_id.as_deref(), body["paymentIntentId"].as_str());
    }
}

on_both_databases! {
    async fn a_tampered_amount_is_refused_and_never_charged(app) {
        let response = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "vip", "amount": 100, "name": "Ana Diaz", "email": "ana@example.com" }),
            )
            .await;

        assert_eq!(response.status(), 409);
        assert_eq!(
            response.json::<Value>().await.unwrap()["message"],
            "The price has changed. Please reload the page to see the current price."
        );
        assert_eq!(app.store.count_sandbox_payments().await.unwrap(), 0);
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    async fn the_team_pass_charges_per_person_for_at_least_four(app) {
        let too_few = app.create_ticket_payment("team", 3, "team@example.com").await;
        assert_eq!(too_few.status(), 422);
        assert_eq!(
            too_few.json::<Value>().await.unwrap()["fieldErrors"]["quantity"],
            "The Team Pass is for at least 4 people."
        );

        let body = created(&app, "team", 5).await;

        assert_eq!(body["amount"], 5 * 69900);
    }
}

on_both_databases! {
    async fn an_unknown_ticket_type_or_bad_details_are_refused(app) {
        let unknown = app
            .post_json("/api/create-payment-intent", &json!({ "ticketType": "gold", "amount": 1, "name": "Ana Diaz", "email": "a@b.co" }))
            .await;
        assert_eq!(unknown.status(), 404);
        assert_eq!(unknown.json::<Value>().await.unwrap()["message"], "The selected ticket type does not exist");

        let invalid = app
            .post_json("/api/create-payment-intent", &json!({ "ticketType": "developer", "amount": 79900, "name": "Al", "email": "nope" }))
            .await;
        assert_eq!(invalid.status(), 422);
        assert_eq!(
            invalid.json::<Value>().await.unwrap()["fieldErrors"],
            json!({ "name": "Name must be at least 3 characters", "email": "Please enter a valid email address" })
        );
    }
}

on_both_databases! {
    /// The buyer's name is quoted in the ticket emails sent to whoever they give a ticket to.
    async fn a_buyer_name_carrying_a_link_is_refused(app) {
        for name in ["Claim 500 USD at evil-prize.com today", "visit https://evil.example", "Ana <b>Diaz</b>"] {
            let answer = app
                .post_json("/api/create-payment-intent", &json!({ "ticketType": "developer", "amount": 79900, "name": name, "email": "a@b.co" }))
                .await;

            assert_eq!(answer.status(), 422, "{name}");
            assert_eq!(
                answer.json::<Value>().await.unwrap()["fieldErrors"]["name"],
                "Please enter your name only, without web or email addresses"
            );
        }
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    async fn confirming_an_unpaid_payment_fails(app) {
        let body = created(&app, "developer", 1).await;

        let response = app
            .post_json("/api/confirm-purchase", &json!({ "paymentIntentId": body["paymentIntentId"], "ticketId": 1 }))
            .await;

        assert_eq!(response.status(), 409);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "The payment has not been completed.");
        let order = app.store.order(body["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Pending);
    }
}

on_both_databases! {
    /// Ten confirm calls at once, after the sandbox already fulfilled: one paid order, one answer.
    async fn a_paid_ticket_is_confirmed_once_however_often_it_is_confirmed(app) {
        let body = created(&app, "developer", 1).await;
        let paid = app.pay_with_card(body["clientSecret"].as_str().unwrap(), "4242 4242 4242 4242").await;
        assert_eq!(paid.status(), 200);
        assert_eq!(paid.json::<Value>().await.unwrap()["status"], "succeeded");

        let confirm = json!({ "paymentIntentId": body["paymentIntentId"], "ticketId": 1, "clientSecret": body["clientSecret"] });
        let answers = futures::future::join_all((0..10).map(|_| app.post_json("/api/confirm-purchase", &confirm))).await;

        let mut references = Vec::new();
        for answer in answers {
            assert_eq!(answer.status(), 200);
            let answer: Value = answer.json().await.unwrap();
            assert_eq!(answer["status"], "paid");
            references.push(answer["reference"].as_str().unwrap().to_owned());
        }
        references.dedup();
        assert_eq!(references.len(), 1);
        let orders = app.store.list_orders().await.unwrap();
        assert_eq!(orders.len(), 1);
        assert_eq!(orders[0].status, OrderStatus::Paid);
        assert_eq!(orders[0].reference, references[0]);
        assert!(orders[0].paid_at.is_some());
    }
}

on_both_databases! {
    async fn a_declined_card_leaves_the_order_unpaid_with_the_reason(app) {
        let body = created(&app, "developer", 1).await;

        let declined = app.pay_with_card(body["clientSecret"].as_str().unwrap(), "4000000000000002").await;

        assert_eq!(declined.status(), 402);
        let error: Value = declined.json().await.unwrap();
        assert_eq!((error["message"].as_str(), error["code"].as_str()), (Some("Your card was declined."), Some("card_declined")));
        let order = app.store.order(body["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Pending);
        assert_eq!(order.last_payment_error.as_deref(), Some("Your card was declined."));

        let retried = app.pay_with_card(body["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        assert_eq!(retried.status(), 200);
        let order = app.store.order(body["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Paid);
    }
}

on_both_databases! {
    async fn a_confirmation_for_another_ticket_is_refused(app) {
        let body = created(&app, "developer", 1).await;
        app.pay_with_card(body["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        let response = app
            .post_json("/api/confirm-purchase", &json!({ "paymentIntentId": body["paymentIntentId"], "ticketId": 2 }))
            .await;

        assert_eq!(response.status(), 409);
        let unknown = app.post_json("/api/confirm-purchase", &json!({ "paymentIntentId": "pi_sandbox_nope", "ticketId": 1 })).await;
        assert_eq!(unknown.status(), 404);
    }
}

/// The gateway has the buyer's money: a database locked by another writer for longer
/// than SQLite's busy wait must delay recording it, never lose it or answer an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_is_recorded_after_the_database_write_lock_is_released() {
    use sqlx::{Connection, Executor};

    let app = crate::helpers::spawn_app(crate::helpers::Db::Sqlite, Default::default())
        .await
        .unwrap();
    let created: Value = app
        .create_ticket_payment("developer", 1, "ana@example.com")
        .await
        .json()
        .await
        .unwrap();
    let secret = created["clientSecret"].as_str().unwrap();
    // The gateway took the money; the order is not marked paid yet (no webhook, no confirm call).
    app.store.confirm_sandbox_payment(secret, None).await.unwrap();

    let mut other_writer = sqlx::AnyConnection::connect(&app.database_url()).await.unwrap();
    other_writer.execute("BEGIN IMMEDIATE").await.unwrap();
    let confirm = {
        let body = json!({ "paymentIntentId": created["paymentIntentId"], "ticketId": 1, "clientSecret": secret });
        let (client, url) = (app.client.clone(), app.url("/api/confirm-purchase"));
        tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap() })
    };
    // Past the store's 5 s busy_timeout: the first write attempt has failed with SQLITE_BUSY.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    assert!(
        !confirm.is_finished(),
        "the confirmation waits for the lock instead of answering"
    );
    other_writer.execute("COMMIT").await.unwrap();

    let answer = confirm.await.unwrap();
    assert_eq!(answer.status(), 200);
    let order = app
        .store
        .order(created["orderId"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(order.status, OrderStatus::Paid);
}
