//! Stripe's webhook: signed deliveries only, each event once, racing the
//! browser's confirmation without double fulfilment.

use crate::fake_stripe::{WEBHOOK_SECRET, event};
use crate::helpers::{TestApp, TestOptions, on_both_databases};
use conference::orders::OrderStatus;
use serde_json::{Value, json};

async fn stripe_payment(app: &TestApp) -> (String, String) {
    let response = app.create_ticket_payment("developer", 1, "ana@example.com").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    (
        body["paymentIntentId"].as_str().unwrap().to_owned(),
        body["orderId"].as_str().unwrap().to_owned(),
    )
}

on_both_databases! {
    async fn the_webhook_racing_the_confirmation_yields_one_paid_order(app, TestOptions::with_fake_stripe().await) {
        let (payment_id, order_id) = stripe_payment(&app).await;
        app.stripe.as_ref().unwrap().succeed(&payment_id);
        let succeeded = event("evt_1", "payment_intent.succeeded", &payment_id);
        let confirm = json!({ "paymentIntentId": payment_id, "ticketId": 1 });

        let (webhooks, confirmations) = tokio::join!(
            futures::future::join_all((0..5).map(|_| app.deliver_webhook(&succeeded, 0, WEBHOOK_SECRET))),
            futures::future::join_all((0..5).map(|_| app.post_json("/api/confirm-purchase", &confirm))),
        );

        assert!(webhooks.iter().all(|response| response.status() == 200));
        assert!(confirmations.iter().all(|response| response.status() == 200));
        let orders = app.store.list_orders().await.unwrap();
        assert_eq!(orders.len(), 1);
        assert_eq!(orders[0].id, order_id);
        assert_eq!(orders[0].status, OrderStatus::Paid);
    }
}

on_both_databases! {
    async fn a_forged_or_stale_signature_is_refused(app, TestOptions::with_fake_stripe().await) {
        let (payment_id, order_id) = stripe_payment(&app).await;
        app.stripe.as_ref().unwrap().succeed(&payment_id);
        let succeeded = event("evt_2", "payment_intent.succeeded", &payment_id);

        let forged = app.deliver_webhook(&succeeded, 0, "whsec_guessed").await;
        let stale = app.deliver_webhook(&succeeded, 301, WEBHOOK_SECRET).await;
        let unsigned = app.client.post(app.url("/api/webhooks/stripe")).json(&succeeded).send().await.unwrap();

        for response in [forged, stale, unsigned] {
            assert_eq!(response.status(), 400);
            assert_eq!(response.json::<Value>().await.unwrap()["message"], "The webhook signature is invalid.");
        }
        let order = app.store.order(&order_id).await.unwrap().unwrap();
        assert_eq!(order.status, OrderStatus::Pending);
    }
}

on_both_databases! {
    /// The webhook only trusts Stripe's own record: an event naming an unpaid payment pays nothing.
    async fn a_signed_event_for_an_unpaid_payment_pays_nothing(app, TestOptions::with_fake_stripe().await) {
        let (payment_id, order_id) = stripe_payment(&app).await;

        let response = app.deliver_webhook(&event("evt_3", "payment_intent.succeeded", &payment_id), 0, WEBHOOK_SECRET).await;

        assert_eq!(response.status(), 200);
        assert_eq!(app.store.order(&order_id).await.unwrap().unwrap().status, OrderStatus::Pending);
    }
}

on_both_databases! {
    async fn failures_cancellations_and_unknown_events_are_acknowledged(app, TestOptions::with_fake_stripe().await) {
        let (payment_id, order_id) = stripe_payment(&app).await;

        let failed = app.deliver_webhook(&event("evt_4", "payment_intent.payment_failed", &payment_id), 0, WEBHOOK_SECRET).await;
        assert_eq!(failed.status(), 200);
        let order = app.store.order(&order_id).await.unwrap().unwrap();
        assert_eq!((order.status, order.last_payment_error.as_deref()), (OrderStatus::Pending, Some("Your card was declined.")));

        let unknown = app.deliver_webhook(&event("evt_5", "customer.created", "cus_1"), 0, WEBHOOK_SECRET).await;
        assert_eq!(unknown.status(), 200);

        let canceled = app.deliver_webhook(&event("evt_6", "payment_intent.canceled", &payment_id), 0, WEBHOOK_SECRET).await;
        assert_eq!(canceled.status(), 200);
        assert_eq!(app.store.order(&order_id).await.unwrap().unwrap().status, OrderStatus::Failed);
    }
}

on_both_databases! {
    async fn a_redelivered_event_is_handled_once(app, TestOptions::with_fake_stripe().await) {
        let (payment_id, order_id) = stripe_payment(&app).await;
        let canceled = event("evt_7", "payment_intent.canceled", &payment_id);
        assert_eq!(app.deliver_webhook(&canceled, 0, WEBHOOK_SECRET).await.status(), 200);
        app.stripe.as_ref().unwrap().succeed(&payment_id);

        // The same event id again is skipped, even though acting on it now would differ.
        let succeeded_with_reused_id = event("evt_7", "payment_intent.succeeded", &payment_id);
        assert_eq!(app.deliver_webhook(&succeeded_with_reused_id, 0, WEBHOOK_SECRET).await.status(), 200);

        assert_eq!(app.store.order(&order_id).await.unwrap().unwrap().status, OrderStatus::Failed);
    }
}

on_both_databases! {
    async fn the_sandbox_confirm_call_does_not_exist_with_stripe(app, TestOptions::with_fake_stripe().await) {
        let response = app.pay_with_card("pi_fake1_secret_fake", "4242424242424242").await;

        assert_eq!(response.status(), 404);
        let config: Value = app.get("/api/config").await.json().await.unwrap();
        assert_eq!((config["paymentProvider"].as_str(), config["stripePublishableKey"].as_str()), (Some("stripe"), Some("pk_test_fake")));
    }
}
