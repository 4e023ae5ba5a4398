//! Nobody can hold all the stock or flood the mail: per-client rate limits, caps on
//! open reservations, realistic quantities, and creates that never leave a hold
//! behind when their answer is lost.

use std::time::Duration;

use conference::domain::Money;
use conference::orders::{NewOrder, OpenReservationCaps, OrderKind, OrderStatus, sku};
use conference::store::{NewPendingOrder, now_millis};
use serde_json::{Value, json};

use crate::fake_stripe::FakeStripe;
use crate::helpers::{Db, TestApp, TestOptions, on_both_databases, spawn_app};

fn registration(email: &str) -> Value {
    json!({ "fullName": "Ana Diaz", "email": email, "interestAreas": [], "subscribe": true })
}

fn behind_a_trusted_proxy() -> TestOptions {
    TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..TestOptions::default()
    }
}

async fn register_from(app: &TestApp, email: &str, client: &str) -> reqwest::Response {
    app.post_json_forwarded_for("/api/register-waitlist", &registration(email), client)
        .await
}

on_both_databases! {
    async fn a_flood_from_one_address_gets_429_while_another_address_still_registers(app, behind_a_trusted_proxy()) {
        for person in 0..5 {
            let answer = register_from(&app, &format!("flood{person}@example.com"), "203.0.113.7").await;
            assert_eq!(answer.status(), 200, "registration {person} is within the budget");
        }

        let flooded = register_from(&app, "flood5@example.com", "203.0.113.7").await;
        let neighbour = register_from(&app, "neighbour@example.com", "198.51.100.9").await;

        assert_eq!(flooded.status(), 429);
        let retry_after: u64 = flooded.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=30).contains(&retry_after), "{retry_after}");
        assert_eq!(
            flooded.json::<Value>().await.unwrap()["message"],
            "Too many requests from your network. Please wait a moment and try again."
        );
        assert_eq!(neighbour.status(), 200);
        assert!(app.store.find_waitlist_registration("flood5@example.com").await.unwrap().is_none());
        assert_eq!(app.store.count_waitlist_registrations().await.unwrap(), 6);
    }
}

on_both_databases! {
    /// Without TRUSTED_PROXIES the socket's address counts, whatever a client claims.
    async fn a_forwarded_for_header_from_an_untrusted_peer_changes_nothing(app) {
        for person in 0..5 {
            let claimed = format!("203.0.113.{person}");
            assert_eq!(register_from(&app, &format!("p{person}@example.com"), &claimed).await.status(), 200);
        }

        let answer = register_from(&app, "p5@example.com", "198.51.100.200").await;

        assert_eq!(answer.status(), 429);
    }
}

on_both_databases! {
    async fn with_limits_off_a_load_test_from_one_address_goes_through(app, TestOptions::default().without_rate_limits()) {
        for person in 0..25 {
            let answer = app.post_json("/api/register-waitlist", &registration(&format!("load{person}@example.com"))).await;
            assert_eq!(answer.status(), 200);
        }
        for _ in 0..4 {
            assert_eq!(app.create_ticket_payment("developer", 1, "same@example.com").await.status(), 200);
        }
    }
}

on_both_databases! {
    async fn a_fourth_open_checkout_for_one_email_is_refused_until_one_is_finished(app) {
        let mut created = Vec::new();
        for _ in 0..3 {
            let answer = app.create_ticket_payment("developer", 1, "ana@example.com").await;
            assert_eq!(answer.status(), 200);
            created.push(answer.json::<Value>().await.unwrap());
        }

        let fourth = app.create_ticket_payment("vip", 1, "ANA@example.com").await;

        assert_eq!(fourth.status(), 409);
        assert_eq!(
            fourth.json::<Value>().await.unwrap()["message"],
            "This email address already has 3 checkouts in progress. Please complete one of them, or wait until they \
             expire (30 minutes after they were started), before starting another."
        );
        assert_eq!(app.store.list_orders().await.unwrap().len(), 3);
        assert_eq!(app.create_ticket_payment("vip", 1, "bo@example.com").await.status(), 200);

        app.pay_with_card(created[0]["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        assert_eq!(app.create_ticket_payment("vip", 1, "ana@example.com").await.status(), 200);
    }
}

/// An open checkout placed earlier from `client`, straight through the store.
async fn open_checkout(app: &TestApp, email: &str, client: &str) {
    let order = NewOrder {
        kind: OrderKind::Ticket,
        buyer_name: "Earlier Buyer".into(),
        buyer_email: email.into(),
        sku: sku::ticket("developer"),
        variant_sku: None,
        item_name: "Developer Pass".into(),
        unit_price: Money::from_cents(79_900),
        quantity: 1,
        options: json!({ "ticketType": "developer", "ticketId": 1 }),
    };
    let id = uuid::Uuid::new_v4().to_string();
    app.store
        .create_pending_order(
            &order,
            &NewPendingOrder {
                id: &id,
                reference: &format!("CW-{}", &id[..8]),
                pickup_code: None,
                expires_at: now_millis() + 30 * 60 * 1000,
                gateway: "sandbox",
                client_address: client,
                caps: Some(OpenReservationCaps::DEFAULT),
                idempotency: None,
            },
        )
        .await
        .expect("within the caps");
}

on_both_databases! {
    /// Offices and conference wifi share an address: twenty checkouts may be open from it, not more.
    async fn a_network_with_twenty_open_checkouts_is_asked_to_wait(app) {
        for buyer in 0..20 {
            open_checkout(&app, &format!("colleague{buyer}@example.com"), "127.0.0.1").await;
        }
        open_checkout(&app, "elsewhere@example.com", "192.0.2.10").await;

        let answer = app.create_ticket_payment("developer", 1, "one-more@example.com").await;

        assert_eq!(answer.status(), 429);
        let retry_after: u64 = answer.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1700..=1800).contains(&retry_after), "until the earliest checkout expires: {retry_after}");
        assert_eq!(
            answer.json::<Value>().await.unwrap()["message"],
            "Too many checkouts are in progress from your network. Please complete an earlier checkout, or wait for \
             it to expire, before starting another."
        );
        assert_eq!(app.store.list_orders().await.unwrap().len(), 21, "nothing was reserved");
    }
}

on_both_databases! {
    async fn quantities_are_those_of_a_real_order(app) {
        let developers = app.create_ticket_payment("developer", 21, "ana@example.com").await;
        let big_team = app.create_ticket_payment("team", 20, "ana@example.com").await;
        let caps = app
            .post_json(
                "/api/create-merchandise-payment",
                &json!({ "merchandiseId": 3, "amount": 1100, "name": "Ana", "email": "ana@example.com", "quantity": 11,
                         "color": "Navy" }),
            )
            .await;

        assert_eq!(developers.status(), 422);
        assert_eq!(
            developers.json::<Value>().await.unwrap()["fieldErrors"]["quantity"],
            "One Developer Pass order is for at most 20 people. For a larger group, please contact the organizers."
        );
        assert_eq!(big_team.status(), 422);
        assert_eq!(
            big_team.json::<Value>().await.unwrap()["fieldErrors"]["quantity"],
            "One Team Pass order is for at most 19 people. For a larger group, please contact the organizers."
        );
        assert_eq!(caps.status(), 422);
        assert_eq!(caps.json::<Value>().await.unwrap()["fieldErrors"]["quantity"], "Quantity must be between 1 and 10.");
        assert_eq!(app.create_ticket_payment("developer", 20, "ana@example.com").await.status(), 200);
        assert_eq!(app.create_ticket_payment("team", 19, "ana@example.com").await.status(), 200);
    }
}

/// A buyer whose connection drops while Stripe is slow never got a client secret:
/// the hold is undone at once instead of keeping the item sold out for 30 minutes.
#[tokio::test]
async fn a_create_cut_off_before_its_answer_leaves_no_reservation() {
    let stripe = FakeStripe::start_answering_creates_after(Duration::from_millis(800)).await;
    let mut options = TestOptions::with_stripe(stripe);
    options.event = Some(Box::new(|event| {
        event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == "vip")
            .unwrap()
            .limit = Some(1);
    }));
    let app = spawn_app(Db::Sqlite, options).await.unwrap();
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();

    let cut_off = impatient
        .post(app.url("/api/create-payment-intent"))
        .json(&json!({ "ticketType": "vip", "amount": 129900, "name": "Ana Diaz", "email": "ana@example.com" }))
        .send()
        .await;
    assert!(cut_off.is_err_and(|error| error.is_timeout()));

    let order = loop {
        let orders = app.store.list_orders().await.unwrap();
        if let Some(order) = orders.first().filter(|order| order.status != OrderStatus::Pending) {
            break order.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!((order.status, order.units_held), (OrderStatus::Failed, 0));
    assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 1);
    let stripe = app.stripe.as_ref().unwrap();
    let payment_id = order.payment_id.expect("the payment was created, then cancelled");
    assert_eq!(stripe.intent(&payment_id)["status"], "canceled");
    assert_eq!(
        app.create_ticket_payment("vip", 1, "bo@example.com").await.status(),
        200
    );
}
