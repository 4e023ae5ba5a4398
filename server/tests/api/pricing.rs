//! Prices that follow the calendar, on the next edition's event file: sales windows, price
//! phases ending by date and by units, team discounts, and what pages and lists show at a
//! boundary, without a restart.

use serde_json::{Value, json};
use time::OffsetDateTime;
use time::macros::datetime;

use crate::helpers::{PrerenderedFrom, TestApp, TestOptions, on_both_databases};

/// Autumn 2026: sales are open and the early bird runs (until December 31 or 150 sold).
const AUTUMN: OffsetDateTime = datetime!(2026-10-01 12:00 -4);

fn next_edition() -> TestOptions {
    TestOptions::next_edition_at(AUTUMN)
}

async fn quote(app: &TestApp, kind: &str, item: Value, quantity: i64) -> reqwest::Response {
    app.post_json(
        "/api/quote",
        &json!({ "kind": kind, "item": item, "quantity": quantity }),
    )
    .await
}

async fn developer(app: &TestApp) -> Value {
    let tickets: Value = app.get("/api/tickets").await.json().await.unwrap();
    tickets
        .as_array()
        .unwrap()
        .iter()
        .find(|ticket| ticket["type"] == "developer")
        .unwrap()
        .clone()
}

async fn buy_developer(app: &TestApp, amount: i64, email: &str) -> reqwest::Response {
    app.post_json(
        "/api/create-payment-intent",
        &json!({ "ticketType": "developer", "amount": amount, "name": "Ana Diaz", "email": email, "quantity": 1 }),
    )
    .await
}

on_both_databases! {
    /// The list, the quote and the charge agree: the early bird now, the regular price struck
    /// through, and the phase's end by date and by units.
    async fn the_early_bird_is_listed_quoted_and_charged(app, next_edition()) {
        let listed = developer(&app).await;
        assert_eq!((listed["price"].as_i64(), listed["regularPrice"].as_i64(), listed["nextPrice"].as_i64()), (Some(79_900), Some(99_900), Some(99_900)));
        assert_eq!(listed["phase"], json!({ "name": "Early bird", "endsAt": "2026-12-31T23:59:59-05:00", "units": 150, "unitsLeft": 150 }));
        assert_eq!((listed["sales"].as_str(), listed["available"].as_bool()), (Some("open"), Some(true)));

        let quoted: Value = quote(&app, "ticket", json!("developer"), 2).await.json().await.unwrap();
        assert_eq!(quoted, json!({ "unitPrice": 79_900, "phase": "Early bird", "discounts": [], "total": 159_800 }));

        let created = buy_developer(&app, 79_900, "ana@example.com").await;
        assert_eq!(created.status(), 200);
        let order_id = created.json::<Value>().await.unwrap()["orderId"].as_str().unwrap().to_owned();
        let order = app.store.order(&order_id).await.unwrap().unwrap();
        assert_eq!((order.phase.as_deref(), order.amount.cents()), (Some("Early bird"), 79_900));
        assert_eq!(developer(&app).await["phase"]["unitsLeft"], 149, "a hold counts against the phase");
    }
}

on_both_databases! {
    /// At the phase's `until` the price moves on: the lists, the quote and the charge, without a restart.
    async fn a_phase_ends_at_its_time(app, TestOptions::next_edition_at(datetime!(2026-12-31 23:59:58 -5))) {
        assert_eq!(developer(&app).await["price"], 79_900);
        let clock = app.clock.clone().unwrap();

        clock.set(datetime!(2026-12-31 23:59:59 -5));

        let listed = developer(&app).await;
        assert_eq!((listed["price"].as_i64(), listed["phase"]["name"].as_str()), (Some(99_900), Some("Regular")));
        assert_eq!(listed["regularPrice"], 119_900, "the late price is the next one");
        let stale = buy_developer(&app, 79_900, "ana@example.com").await;
        assert_eq!(stale.status(), 409);
        assert_eq!(stale.json::<Value>().await.unwrap()["message"], "The price has changed. Please reload the page to see the current price.");
        assert_eq!(buy_developer(&app, 99_900, "ana@example.com").await.status(), 200);
        clock.set(datetime!(2027-04-17 00:00 -4));
        assert_eq!(developer(&app).await["phase"]["name"], "Late");
    }
}

fn early_bird_of(units: u32) -> TestOptions {
    let mut options = next_edition().without_rate_limits();
    let next = options.event.take().unwrap();
    options.event = Some(Box::new(move |event| {
        next(event);
        let developer = event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == "developer")
            .unwrap();
        developer.sale.phases[0].units = Some(units);
    }));
    options
}

on_both_databases! {
    /// Twenty buyers rush the last five early-bird units: exactly five are sold at that price,
    /// the others are told the price has changed, and the next buyer pays the regular price.
    async fn a_rush_across_the_units_boundary_sells_exactly_the_phases_units(app, early_bird_of(5)) {
        let rush = (0..20).map(|buyer| {
            let app = &app;
            async move { buy_developer(app, 79_900, &format!("buyer{buyer}@example.com")).await.status().as_u16() }
        });
        let statuses = futures::future::join_all(rush).await;

        assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 5, "{statuses:?}");
        assert!(statuses.iter().all(|status| [200, 409].contains(status)), "{statuses:?}");
        let early: Vec<_> = app.store.list_orders().await.unwrap().into_iter().filter(|order| order.phase.as_deref() == Some("Early bird")).collect();
        assert_eq!(early.len(), 5);
        let listed = developer(&app).await;
        assert_eq!((listed["price"].as_i64(), listed["phase"]["name"].as_str()), (Some(99_900), Some("Regular")));
        assert_eq!(buy_developer(&app, 99_900, "late@example.com").await.status(), 200);
    }
}

on_both_databases! {
    /// An expired hold gives its early-bird unit back: the phase reopens.
    async fn an_expired_hold_gives_its_phase_unit_back(app, early_bird_of(1)) {
        assert_eq!(buy_developer(&app, 79_900, "ana@example.com").await.status(), 200);
        assert_eq!(developer(&app).await["phase"]["name"], "Regular");

        assert_eq!(app.expire_reservations_after(31).await, 1);

        assert_eq!(developer(&app).await["phase"]["name"], "Early bird");
    }
}

on_both_databases! {
    /// Before the shop opens and after it closes nothing is on sale, with a sentence that says so.
    async fn sales_before_and_after_the_window_answer_409(app, TestOptions::next_edition_at(datetime!(2026-08-31 12:00 -4))) {
        let listed = developer(&app).await;
        assert_eq!((listed["sales"].as_str(), listed["available"].as_bool()), (Some("not_yet"), Some(false)));
        assert_eq!(listed["salesOpenAt"], "2026-09-01T09:00:00-04:00");
        let early = buy_developer(&app, 79_900, "ana@example.com").await;
        assert_eq!(early.status(), 409);
        assert_eq!(early.json::<Value>().await.unwrap()["message"], "The Developer Pass is not on sale yet: sales open on September 1, 2026.");

        app.clock.clone().unwrap().set(datetime!(2027-05-21 18:00 -4));

        let late = buy_developer(&app, 119_900, "ana@example.com").await;
        assert_eq!(late.status(), 409);
        assert_eq!(late.json::<Value>().await.unwrap()["message"], "Sales of the Developer Pass have closed.");
        assert_eq!(developer(&app).await["sales"], "closed");
        let quoted = app
            .post_json("/api/quote", &json!({ "kind": "merchandise", "item": 1, "size": "M", "color": "Black" }))
            .await;
        assert_eq!(quoted.status(), 409, "merchandise closed even earlier");
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    /// The pricing page's team tiers: ten people get 10% off, shown in the quote and charged.
    async fn a_team_pass_for_ten_is_ten_percent_off(app, next_edition()) {
        let nine: Value = quote(&app, "ticket", json!("team"), 9).await.json().await.unwrap();
        let ten: Value = quote(&app, "ticket", json!("team"), 10).await.json().await.unwrap();

        assert_eq!(nine["discounts"], json!([]));
        assert_eq!(ten["discounts"], json!([{ "label": "Team of 10 or more: 10% off", "amount": 69_900 }]));
        assert_eq!(ten["total"], 629_100);
        let created = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "team", "amount": 629_100, "name": "Ana Diaz", "email": "ana@acme.dev", "quantity": 10 }),
            )
            .await;
        assert_eq!(created.status(), 200);
        let order_id = created.json::<Value>().await.unwrap()["orderId"].as_str().unwrap().to_owned();
        let order = app.store.order(&order_id).await.unwrap().unwrap();
        assert_eq!((order.amount.cents(), order.unit_price.cents()), (629_100, 69_900));
        assert_eq!(order.discounts[0].label, "Team of 10 or more: 10% off");
    }
}

on_both_databases! {
    /// The shipped event has its team tier too.
    async fn the_shipped_team_pass_for_ten_is_ten_percent_off(app) {
        let ten: Value = quote(&app, "ticket", json!("team"), 10).await.json().await.unwrap();
        assert_eq!(ten["total"], 629_100);
        let unknown = quote(&app, "ticket", json!("gold"), 1).await;
        assert_eq!(unknown.status(), 404);
        let too_many = quote(&app, "ticket", json!("team"), 20).await;
        assert_eq!(too_many.status(), 422);
        assert!(too_many.json::<Value>().await.unwrap()["fieldErrors"]["quantity"].as_str().unwrap().contains("contact the organizers"));
    }
}

on_both_databases! {
    /// Served HTML never shows a price the server would not charge: the prerendered landing page
    /// goes out until the early bird ends, then the app shell (which asks the API), no restart.
    async fn prerendered_pages_step_aside_at_a_phase_boundary(app, TestOptions {
        prerendered: Some(PrerenderedFrom::TheAppsEventFile),
        ..TestOptions::next_edition_at(datetime!(2026-12-31 23:59:00 -5))
    }) {
        let before = app.get("/").await.text().await.unwrap();
        assert!(before.contains("Prerendered /"), "{before}");
        assert!(before.contains("\"price\":\"799.00\""), "the offer carries the early-bird price: {before}");

        app.clock.clone().unwrap().set(datetime!(2027-01-01 00:00 -5));

        let after = app.get("/").await.text().await.unwrap();
        assert!(!after.contains("Prerendered"), "{after}");
        assert!(after.contains("app shell"), "{after}");
        let pricing = app.get("/checkout/developer").await.text().await.unwrap();
        assert!(!pricing.contains("Prerendered"), "{pricing}");
    }
}
