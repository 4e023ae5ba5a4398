//! Stock limits hold however buyers race, on one or two server instances, and
//! unpaid reservations give their units back.

use crate::helpers::{TestApp, TestOptions, on_both_databases, post_json};
use conference::event::VariantLimit;
use conference::orders::OrderStatus;
use serde_json::{Value, json};

const LIMIT: u32 = 5;
const BUYERS: usize = 40;

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

fn vip_request(buyer: usize) -> Value {
    json!({ "ticketType": "vip", "amount": 129900, "name": "Racing Buyer", "email": format!("buyer{buyer}@example.com") })
}

async fn vip_available(app: &TestApp) -> bool {
    let tickets: Vec<Value> = app.get("/api/tickets").await.json().await.unwrap();
    tickets.iter().find(|ticket| ticket["type"] == "vip").unwrap()["available"]
        .as_bool()
        .unwrap()
}

on_both_databases! {
    /// Two instances on one database: the guarantee lives in the database, not in a process.
    async fn racing_buyers_on_two_instances_get_exactly_the_limit(app, vip_limited_to(LIMIT).without_rate_limits()) {
        let second = app.another_instance().await;
        let urls = [app.url("/api/create-payment-intent"), second.url("/api/create-payment-intent")];

        let answers = futures::future::join_all(
            (0..BUYERS).map(|buyer| {
                let (client, url) = (&app.client, &urls[buyer % 2]);
                async move { post_json(client, url, &vip_request(buyer)).await }
            }),
        )
        .await;

        let mut secrets = Vec::new();
        let mut sold_out = 0;
        for answer in answers {
            match answer.status().as_u16() {
                200 => secrets.push(answer.json::<Value>().await.unwrap()["clientSecret"].as_str().unwrap().to_owned()),
                409 => {
                    assert_eq!(answer.json::<Value>().await.unwrap()["message"], "Sorry, the VIP Pass is sold out.");
                    sold_out += 1;
                }
                other => panic!("unexpected status {other}"),
            }
        }
        assert_eq!(secrets.len(), LIMIT as usize);
        assert_eq!(sold_out, BUYERS - LIMIT as usize);
        assert!(!vip_available(&app).await);

        for secret in &secrets {
            assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
        }
        let paid = app.store.list_orders().await.unwrap().iter().filter(|order| order.status == OrderStatus::Paid).count();
        assert_eq!(paid, LIMIT as usize);
    }
}

on_both_databases! {
    async fn an_unpaid_reservation_expires_and_releases_its_unit(app, vip_limited_to(1)) {
        let first: Value = app.post_json("/api/create-payment-intent", &vip_request(1)).await.json().await.unwrap();
        assert_eq!(app.post_json("/api/create-payment-intent", &vip_request(2)).await.status(), 409);

        let not_yet = app.expire_reservations_after(0).await;
        let expired = app.expire_reservations_after(31).await;

        assert_eq!((not_yet, expired), (0, 1));
        let order = app.store.order(first["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held), (OrderStatus::Expired, 0));
        assert!(vip_available(&app).await);
        assert_eq!(app.post_json("/api/create-payment-intent", &vip_request(3)).await.status(), 200);
    }
}

on_both_databases! {
    /// The sweep cancels the payment before releasing the unit, so nobody can pay for stock sold to another.
    async fn an_expired_reservation_cannot_be_paid_afterwards(app, vip_limited_to(1)) {
        let late: Value = app.post_json("/api/create-payment-intent", &vip_request(1)).await.json().await.unwrap();
        app.expire_reservations_after(31).await;

        let paying = app.pay_with_card(late["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        assert_eq!(paying.status(), 409);
        assert_eq!(
            paying.json::<Value>().await.unwrap()["message"],
            "This checkout expired and its payment was cancelled, so nothing was charged. Please start your purchase again."
        );
        let order = app.store.order(late["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held), (OrderStatus::Expired, 0));
        assert!(vip_available(&app).await);
    }
}

on_both_databases! {
    /// The buyer paid just before the deadline, and the browser had not confirmed yet: the sweep honours it.
    async fn a_payment_that_lands_before_the_sweep_is_fulfilled_not_expired(app, vip_limited_to(1)) {
        let order: Value = app.post_json("/api/create-payment-intent", &vip_request(1)).await.json().await.unwrap();
        app.store.confirm_sandbox_payment(order["clientSecret"].as_str().unwrap(), None).await.unwrap();

        assert_eq!(app.expire_reservations_after(31).await, 0);

        let order = app.store.order(order["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held, order.refund_reason), (OrderStatus::Paid, 1, None));
        assert_eq!(app.store.list_outbox().await.unwrap().len(), 1, "the receipt is queued");
        assert!(!vip_available(&app).await);
    }
}

/// A reservation that lapsed while its payment was landing (the sweep could not cancel it).
async fn lapse_without_cancelling(app: &TestApp, order_id: &str) {
    assert!(
        app.store
            .close_pending_order(order_id, OrderStatus::Expired)
            .await
            .unwrap()
    );
}

on_both_databases! {
    async fn a_late_payment_is_honoured_while_stock_remains(app, vip_limited_to(1)) {
        let late: Value = app.post_json("/api/create-payment-intent", &vip_request(1)).await.json().await.unwrap();
        lapse_without_cancelling(&app, late["orderId"].as_str().unwrap()).await;

        assert_eq!(app.pay_with_card(late["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        let order = app.store.order(late["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held, order.refund_reason), (OrderStatus::Paid, 1, None));
        assert!(!vip_available(&app).await);
    }
}

on_both_databases! {
    /// The buyer is not charged for what they cannot have: the payment goes back, no confirmation is sent.
    async fn a_late_payment_after_the_stock_sold_is_refunded(app, vip_limited_to(1)) {
        let late: Value = app.post_json("/api/create-payment-intent", &vip_request(1)).await.json().await.unwrap();
        lapse_without_cancelling(&app, late["orderId"].as_str().unwrap()).await;
        let winner: Value = app.post_json("/api/create-payment-intent", &vip_request(2)).await.json().await.unwrap();
        assert_eq!(app.pay_with_card(winner["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        assert_eq!(app.pay_with_card(late["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        let confirm = json!({ "paymentIntentId": late["paymentIntentId"], "ticketId": 2 });
        let answers = [
            app.post_json("/api/confirm-purchase", &confirm).await,
            app.post_json("/api/confirm-purchase", &confirm).await,
        ];

        for answer in answers {
            assert_eq!(answer.status(), 409);
            assert_eq!(
                answer.json::<Value>().await.unwrap()["message"],
                "Sorry, this sold out before your payment arrived. Your payment has been refunded."
            );
        }
        let order = app.store.order(late["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.units_held), (OrderStatus::Refunded, 0));
        assert!(order.refund_reason.is_some());
        let paid_units: i64 = app.store.list_orders().await.unwrap().iter().map(|order| order.units_held).sum();
        assert_eq!(paid_units, 1, "the limit is never oversold");
        let emails = app.store.list_outbox().await.unwrap();
        let kinds: Vec<(&str, &str)> = emails.iter().map(|email| (email.kind.as_str(), email.recipient.as_str())).collect();
        assert_eq!(kinds.len(), 2, "{kinds:?}");
        assert!(kinds.contains(&("order_confirmation", "buyer2@example.com")), "only the winner is sent a confirmation");
        assert!(kinds.contains(&("refund_confirmation", "buyer1@example.com")), "the late payer learns of the refund");
    }
}

fn tshirt_limits(item: u32, variant: u32) -> TestOptions {
    TestOptions::with_event(move |event| {
        let tshirt = event.merchandise.iter_mut().find(|item| item.id == 1).unwrap();
        tshirt.limit = Some(item);
        tshirt.variant_limits = vec![VariantLimit {
            size: Some("S".into()),
            color: Some("Black".into()),
            limit: variant,
        }];
    })
}

fn tshirts(size: &str, email: &str) -> Value {
    json!({ "merchandiseId": 1, "amount": 500, "name": "Ana", "email": email, "quantity": 1, "size": size, "color": "Black" })
}

on_both_databases! {
    /// A late payment that finds only the variant sold out takes nothing from the item's own count.
    async fn a_late_payment_for_a_sold_out_variant_leaks_no_stock(app, tshirt_limits(10, 1)) {
        let late: Value = app.post_json("/api/create-merchandise-payment", &tshirts("S", "late@example.com")).await.json().await.unwrap();
        lapse_without_cancelling(&app, late["orderId"].as_str().unwrap()).await;
        let winner: Value = app.post_json("/api/create-merchandise-payment", &tshirts("S", "win@example.com")).await.json().await.unwrap();
        assert_eq!(app.pay_with_card(winner["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        assert_eq!(app.pay_with_card(late["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        let remaining = app.store.stock_remaining().await.unwrap();
        assert_eq!(remaining["merchandise:1"], 9, "only the winner's shirt counts against the item");
        assert_eq!(remaining["merchandise:1:S:Black"], 0);
    }
}
