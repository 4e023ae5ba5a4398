//! The Stripe adapter against an HTTP fake replaying Stripe's documented answers.

use std::collections::HashMap;

use conference::domain::Money;
use conference::payments::{GatewayError, NewPayment, PaymentGateway, PaymentStatus, StripeGateway};
use conference::settings::StripeSettings;
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::fake_stripe::{FakeStripe, SECRET_KEY};
use crate::helpers::{Db, TestOptions, spawn_app};

fn gateway(api_base: &str) -> StripeGateway {
    StripeGateway::new(&StripeSettings {
        secret_key: SECRET_KEY.into(),
        api_base: api_base.into(),
        publishable_key: None,
        webhook_secret: None,
    })
    .unwrap()
}

fn new_payment() -> NewPayment {
    NewPayment {
        amount: Money::from_cents(79_900),
        idempotency_key: "order-1".into(),
        order_id: "order-1".into(),
        order_reference: "CW-ABCDEFGH".into(),
        description: "Developer Pass × 1".into(),
        receipt_email: "ana@example.com".into(),
    }
}

fn card_declined() -> ResponseTemplate {
    ResponseTemplate::new(402).set_body_json(json!({
        "error": { "type": "card_error", "code": "card_declined", "decline_code": "generic_decline",
                   "message": "Your card was declined." }
    }))
}

fn server_error() -> ResponseTemplate {
    ResponseTemplate::new(500).set_body_json(json!({
        "error": { "type": "api_error", "message": "An unknown error occurred." }
    }))
}

#[tokio::test]
async fn creating_a_payment_sends_stripes_form_with_an_idempotency_key() {
    let stripe = FakeStripe::start().await;

    let payment = gateway(&stripe.uri()).create_payment(&new_payment()).await.unwrap();
    let again = gateway(&stripe.uri()).create_payment(&new_payment()).await.unwrap();

    assert_eq!(payment, again, "the same idempotency key yields the same payment");
    assert_eq!(stripe.created_count(), 1);
    assert_eq!(
        (payment.amount, payment.currency.as_str()),
        (Money::from_cents(79_900), "usd")
    );
    assert_eq!(payment.status, PaymentStatus::RequiresPaymentMethod);
    assert_eq!(payment.order_id.as_deref(), Some("order-1"));
    let intent = stripe.intent(&payment.id);
    assert_eq!(intent["automatic_payment_methods"]["enabled"], true);
    assert_eq!(intent["metadata"]["order_reference"], "CW-ABCDEFGH");
    assert_eq!(intent["receipt_email"], "ana@example.com");
    let requests = stripe.server.received_requests().await.unwrap();
    assert!(
        requests
            .iter()
            .all(|request| request.headers["Idempotency-Key"] == "order-1")
    );
    assert!(
        requests
            .iter()
            .all(|request| request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    );
}

#[tokio::test]
async fn retrieving_reads_the_status_and_a_missing_payment_is_not_found() {
    let stripe = FakeStripe::start().await;
    let created = gateway(&stripe.uri()).create_payment(&new_payment()).await.unwrap();
    stripe.succeed(&created.id);

    let retrieved = gateway(&stripe.uri()).retrieve_payment(&created.id).await.unwrap();
    let missing = gateway(&stripe.uri()).retrieve_payment("pi_missing").await;

    assert_eq!(retrieved.status, PaymentStatus::Succeeded);
    assert!(matches!(missing, Err(GatewayError::NotFound(_))), "{missing:?}");
}

#[tokio::test]
async fn a_declined_card_keeps_stripes_message_and_code() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(card_declined())
        .mount(&server)
        .await;

    let error = gateway(&server.uri()).create_payment(&new_payment()).await.unwrap_err();

    match error {
        GatewayError::CardDeclined { message, code } => {
            assert_eq!(
                (message.as_str(), code.as_str()),
                ("Your card was declined.", "generic_decline")
            );
        }
        other => panic!("expected a declined card, got {other:?}"),
    }
    assert_eq!(
        server.received_requests().await.unwrap().len(),
        1,
        "a declined card is never retried"
    );
}

#[tokio::test]
async fn a_server_error_is_retried_with_the_same_idempotency_key() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(server_error())
        .up_to_n_times(2)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .and(header("Idempotency-Key", "order-1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "pi_1", "object": "payment_intent", "amount": 79900, "currency": "usd",
            "status": "requires_payment_method", "client_secret": "pi_1_secret_x", "metadata": { "order_id": "order-1" }
        })))
        .mount(&server)
        .await;

    let payment = gateway(&server.uri()).create_payment(&new_payment()).await.unwrap();

    assert_eq!(payment.id, "pi_1");
    assert_eq!(server.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_request_stripe_refuses_is_not_retried() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(
            ResponseTemplate::new(400)
                .insert_header("Stripe-Should-Retry", "false")
                .set_body_json(json!({
                    "error": { "type": "invalid_request_error", "code": "charge_already_refunded",
                               "message": "Charge ch_1 has already been refunded." }
                })),
        )
        .mount(&server)
        .await;

    let error = gateway(&server.uri())
        .refund("pi_1", Money::from_cents(100), "refund-1")
        .await
        .unwrap_err();

    assert!(
        matches!(error, GatewayError::Unavailable(ref message) if message.contains("already been refunded")),
        "{error:?}"
    );
    let requests = server.received_requests().await.unwrap();
    assert_eq!(requests.len(), 1);
    let form: HashMap<String, String> = serde_urlencoded::from_bytes(&requests[0].body).unwrap();
    assert_eq!(
        (form["payment_intent"].as_str(), form["amount"].as_str()),
        ("pi_1", "100")
    );
}

/// Through the API: Stripe down means 502 with a human message, no order left holding stock.
#[tokio::test]
async fn stripe_failing_answers_502_and_releases_the_reservation() {
    let mut options = TestOptions::with_fake_stripe().await;
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(server_error())
        .mount(&server)
        .await;
    for (name, value) in &mut options.env {
        if *name == "STRIPE_API_BASE" {
            *value = server.uri();
        }
    }
    options.event = Some(Box::new(|event| {
        event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == "vip")
            .unwrap()
            .limit = Some(1);
    }));
    let app = spawn_app(Db::Sqlite, options).await.unwrap();

    let response = app.create_ticket_payment("vip", 1, "ana@example.com").await;

    assert_eq!(response.status(), 502);
    assert_eq!(
        response.json::<Value>().await.unwrap()["message"],
        "The payment provider could not process the request. Please try again in a moment."
    );
    let orders = app.store.list_orders().await.unwrap();
    assert_eq!(orders.len(), 1);
    assert_eq!(
        (orders[0].status, orders[0].units_held),
        (conference::orders::OrderStatus::Failed, 0)
    );
    assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 1);
}
