//! Nobody can hold all the stock or flood the mail: per-client rate limits, caps on
//! open reservations, realistic quantities, and creates that never leave a hold
//! behind when their answer is lost.

use std::time::Duration;

use conference::domain::Money;
use conference::event::HoldLimits;
use conference::orders::{NewOrder, OrderKind, OrderStatus, sku};
use conference::pricing::Quote;
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
            "3 checkouts are already in progress from this email address. Please complete one of them, or wait until \
             they expire (30 minutes after they were started), before starting another."
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
        quantity: 1,
        options: json!({ "ticketType": "developer", "ticketId": 1 }),
        quote: Quote::at_unit_price(Money::from_cents(79_900), 1).unwrap(),
        billing: None,
        buyer_answers: Vec::new(),
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
                caps: Some(HoldLimits::default()),
                idempotency: None,
                code: None,
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
            "20 checkouts are already in progress from your network. Please complete an earlier checkout, or wait \
             for it to expire, before starting another."
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
    let stripe = app.stripe.as_ref().unwrap();

    // The buyer leaves once the server waits on Stripe: a timeout of the buyer's own could fire before the
    // request even arrived on a loaded machine, and then there would be nothing to undo.
    let buyer = tokio::spawn(
        reqwest::Client::new()
            .post(app.url("/api/create-payment-intent"))
            .json(&json!({ "ticketType": "vip", "amount": 129900, "name": "Ana Diaz", "email": "ana@example.com" }))
            .send(),
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while stripe.created_count() == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the create never reached Stripe"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    buyer.abort();
    assert!(
        buyer.await.is_err_and(|error| error.is_cancelled()),
        "Stripe answers only after 800 ms"
    );

    let order = loop {
        let orders = app.store.list_orders().await.unwrap();
        if let Some(order) = orders.first().filter(|order| order.status != OrderStatus::Pending) {
            break order.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the cut-off order is still pending: {orders:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!((order.status, order.units_held), (OrderStatus::Failed, 0));
    assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 1);
    let payment_id = order.payment_id.expect("the payment was created, then cancelled");
    assert_eq!(stripe.intent(&payment_id)["status"], "canceled");
    assert_eq!(
        app.create_ticket_payment("vip", 1, "bo@example.com").await.status(),
        200
    );
}

async fn create_vip(app: &TestApp, quantity: i64, email: &str) -> reqwest::Response {
    app.create_ticket_payment("vip", quantity, email).await
}

on_both_databases! {
    /// The review's attack: checkouts of 20 VIP passes each from one address with made-up emails
    /// held all 200. Now one email holds at most 20 of an item and one address 40.
    async fn one_address_cannot_hold_an_items_stock_whatever_the_emails(app) {
        assert_eq!(create_vip(&app, 20, "made-up-1@example.com").await.status(), 200);
        let same_email = create_vip(&app, 1, "made-up-1@example.com").await;
        assert_eq!(create_vip(&app, 20, "made-up-2@example.com").await.status(), 200);
        let mut refused = Vec::new();
        for fake in 3..=5 {
            refused.push(create_vip(&app, 20, &format!("made-up-{fake}@example.com")).await);
        }

        assert_eq!(same_email.status(), 409);
        assert_eq!(
            same_email.json::<Value>().await.unwrap()["message"],
            "Checkouts in progress from this email address already hold 20 of this item, the most one buyer may hold. \
             Please complete one of them, or wait until they expire (30 minutes after they were started), before \
             starting another."
        );
        for answer in refused {
            assert_eq!(answer.status(), 429);
            assert!(answer.headers().contains_key("retry-after"));
            let message = answer.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
            assert!(message.starts_with("Checkouts in progress from your network already hold 40 of this item"), "{message}");
        }
        assert_eq!(app.store.stock_remaining().await.unwrap()[&sku::ticket("vip")], 160, "40 of 200 held, not all");
        assert_eq!(create_vip(&app, 1, "someone@example.org").await.status(), 429, "the address is at its cap");
    }
}

on_both_databases! {
    async fn one_email_holds_at_most_forty_units_of_everything(app) {
        assert_eq!(app.create_ticket_payment("developer", 20, "ana@example.com").await.status(), 200);
        assert_eq!(create_vip(&app, 20, "ana@example.com").await.status(), 200);

        let cap = app
            .post_json(
                "/api/create-merchandise-payment",
                &json!({ "merchandiseId": 3, "amount": 100, "name": "Ana Diaz", "email": "ana@example.com",
                         "quantity": 1, "color": "Navy" }),
            )
            .await;

        assert_eq!(cap.status(), 409);
        let message = cap.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.starts_with("Checkouts in progress from this email address already hold 40 items"), "{message}");
    }
}

fn sponsorship(tier: &str, amount: i64, email: &str) -> Value {
    json!({ "tier": tier, "price": amount, "companyName": "Acme Corp", "contactName": "Ana Diaz", "email": email,
            "phone": "+1 305 555 0100", "website": "", "additionalInfo": "" })
}

on_both_databases! {
    /// A signature sponsorship sells once: a second open hold from the same address cannot
    /// keep another one out of reach while the first is paid.
    async fn a_sponsor_holds_one_sponsorship_at_a_time(app) {
        let first = app.post_json("/api/create-sponsorship-payment", &sponsorship("title", 50_000_000, "ana@acme.dev")).await;
        let second = app
            .post_json("/api/create-sponsorship-payment", &sponsorship("afterparty", 25_000_000, "bo@acme.dev"))
            .await;
        let same_email = app
            .post_json("/api/create-sponsorship-payment", &sponsorship("lanyards", 10_000_000, "ana@acme.dev"))
            .await;

        assert_eq!(first.status(), 200);
        assert_eq!(second.status(), 429);
        let message = second.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.starts_with("A sponsorship checkout is already in progress from your network."), "{message}");
        assert_eq!(same_email.status(), 409);
        assert_eq!(app.store.stock_remaining().await.unwrap()[&sku::sponsorship("afterparty")], 1);
    }
}

on_both_databases! {
    /// The caps are the event file's: a stricter file refuses sooner.
    async fn the_event_file_sets_the_caps(app, TestOptions::with_event(|event| {
        event.hold_limits.units_per_address_per_item = 25;
    })) {
        assert_eq!(create_vip(&app, 20, "one@example.com").await.status(), 200);
        assert_eq!(create_vip(&app, 6, "two@example.com").await.status(), 429);
        assert_eq!(create_vip(&app, 5, "two@example.com").await.status(), 200);
    }
}

fn door_behind_a_proxy() -> TestOptions {
    TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..TestOptions::default()
    }
    .with_admin()
}

async fn scan_from(app: &TestApp, client: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/admin/check-in"))
        .bearer_auth(crate::helpers::ADMIN_TOKEN)
        .header("X-Forwarded-For", client)
        .json(&json!({ "code": "TK-0000-0000-0000-0000-0000" }))
        .send()
        .await
        .unwrap()
}

on_both_databases! {
    /// The venue's wifi is one address: anonymous calls from it spend its budget, never the
    /// door's, and a scanner gets a burst of 60 before it is asked to slow down.
    async fn anonymous_traffic_cannot_stop_the_door(app, door_behind_a_proxy()) {
        let venue = "203.0.113.50";
        let mut anonymous = Vec::new();
        for _ in 0..31 {
            anonymous.push(app.post_json_forwarded_for("/api/confirm-purchase", &json!({}), venue).await.status().as_u16());
        }
        assert_eq!(anonymous.last(), Some(&429), "the address's own budget is spent: {anonymous:?}");

        let started = std::time::Instant::now();
        for scan in 0..60 {
            let answer = scan_from(&app, venue).await;
            assert_eq!(answer.status(), 404, "scan {scan} reaches the door (an unknown code)");
        }
        // A budget still, of its own: it gives back one scan a second, so however slow this
        // machine, scanning on outruns it, after at most a scan for each second gone by.
        let mut more = 0;
        while scan_from(&app, venue).await.status() != 429 {
            more += 1;
            assert!(more <= started.elapsed().as_secs() + 1, "{more} scans past the burst of 60 went through");
        }
        let signed_in = app.sign_in().await;
        let other_session = app
            .client
            .post(app.url("/api/admin/check-in"))
            .header("Cookie", signed_in)
            .header("Origin", &app.address)
            .header("X-Forwarded-For", venue)
            .json(&json!({ "code": "TK-0000-0000-0000-0000-0000" }))
            .send()
            .await
            .unwrap();
        assert_eq!(other_session.status(), 404, "another device's session has its own budget");
    }
}
