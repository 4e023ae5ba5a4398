//! A live site (an https:// PUBLIC_URL) takes real money: it refuses to start
//! half-configured, every order says which gateway took it, and an expired
//! reservation's payment is cancelled at the gateway.

use std::process::Command;

use conference::orders::OrderStatus;
use serde_json::Value;

use crate::helpers::{TestOptions, on_both_databases};

/// The real binary, as an organizer would start it.
fn serve_with(env: &[(&str, &str)]) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_conference"));
    command
        .arg("serve")
        .env_clear()
        .env("DATA_DIR", data.path())
        .env("PORT", "0")
        .env(
            "CONFERENCE_FILE",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"),
        );
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

#[test]
fn a_live_site_without_its_settings_refuses_to_start_naming_each_one() {
    let output = serve_with(&[("PUBLIC_URL", "https://codewave.events")]);

    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for name in [
        "STRIPE_SECRET_KEY",
        "STRIPE_PUBLISHABLE_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "SMTP_URL",
    ] {
        assert!(stderr.contains(name), "{name} is not named in: {stderr}");
    }
    assert!(stderr.contains("live site"), "{stderr}");
}

#[test]
fn a_live_site_refuses_test_keys_unless_it_is_declared_staging() {
    let settings = [
        ("PUBLIC_URL", "https://codewave.events"),
        ("STRIPE_SECRET_KEY", "sk_test_123"),
        ("STRIPE_PUBLISHABLE_KEY", "pk_live_123"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_123"),
        ("SMTP_URL", "smtp://127.0.0.1:1"),
    ];

    let output = serve_with(&settings);

    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("STRIPE_SECRET_KEY is a test key"), "{stderr}");
    assert!(!stderr.contains("sk_test_123"), "a secret was printed: {stderr}");
}

on_both_databases! {
    async fn every_order_records_the_sandbox_gateway(app) {
        let created: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();

        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();

        assert_eq!(order.gateway, "sandbox");
        assert_eq!(serde_json::to_value(&order).unwrap()["gateway"], "sandbox", "as `conference orders` prints it");
        assert_eq!(order.client_address.as_deref(), Some("127.0.0.1"));
    }
}

on_both_databases! {
    async fn an_expired_stripe_reservation_is_cancelled_at_stripe(app, TestOptions::with_fake_stripe().await) {
        let created: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        let payment_id = created["paymentIntentId"].as_str().unwrap();
        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(order.gateway, "stripe");

        assert_eq!(app.expire_reservations_after(31).await, 1);

        let stripe = app.stripe.as_ref().unwrap();
        assert_eq!(stripe.intent(payment_id)["status"], "canceled");
        assert_eq!(stripe.intent(payment_id)["cancellation_reason"], "abandoned");
        let order = app.store.order(&order.id).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held), (OrderStatus::Expired, 0));
    }
}

on_both_databases! {
    /// Stripe took the money a moment before the deadline: cancelling is refused, and the buyer keeps the ticket.
    async fn a_stripe_payment_that_succeeded_first_is_fulfilled_by_the_sweep(app, TestOptions::with_fake_stripe().await) {
        let created: Value = app.create_ticket_payment("vip", 1, "ana@example.com").await.json().await.unwrap();
        let payment_id = created["paymentIntentId"].as_str().unwrap();
        app.stripe.as_ref().unwrap().succeed(payment_id);

        assert_eq!(app.expire_reservations_after(31).await, 0);

        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held), (OrderStatus::Paid, 1));
        assert_eq!(app.stripe.as_ref().unwrap().intent(payment_id)["status"], "succeeded");
    }
}
