//! Merchandise pre-orders: the server's price, the item's own options, variant
//! limits, and a pickup code once paid.

use crate::helpers::{TestApp, TestOptions, on_both_databases};
use conference::event::VariantLimit;
use conference::orders::OrderStatus;
use serde_json::{Value, json};

fn hackathon_tees(quantity: i64) -> Value {
    json!({ "merchandiseId": 2, "amount": 3499 * quantity, "name": "Ana Diaz", "email": "ana@example.com",
            "quantity": quantity, "size": "M", "color": "Coral" })
}

async fn create(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post_json("/api/create-merchandise-payment", body).await
}

on_both_databases! {
    async fn two_tees_are_paid_at_the_server_price_and_get_a_pickup_code(app) {
        let created: Value = create(&app, &hackathon_tees(2)).await.json().await.unwrap();
        assert_eq!(created["amount"], 6998);
        let payment_id = created["paymentIntentId"].as_str().unwrap();

        let secret = created["clientSecret"].as_str().unwrap();
        let details: Value = app
            .get(&format!("/api/get-payment-details?paymentIntentId={payment_id}&clientSecret={secret}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(details, json!({ "merchandiseId": 2, "name": "Ana Diaz", "email": "ana@example.com" }));
        assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
        let confirm = json!({ "paymentIntentId": payment_id, "merchandiseId": 2, "name": "Unknown", "email": "x@example.com",
                              "clientSecret": secret });
        let first: Value = app.post_json("/api/confirm-merchandise-purchase", &confirm).await.json().await.unwrap();
        let again: Value = app.post_json("/api/confirm-merchandise-purchase", &confirm).await.json().await.unwrap();

        assert_eq!(first, again);
        assert_eq!((first["status"].as_str(), first["itemName"].as_str()), (Some("paid"), Some("Hackathon Tee")));
        assert_eq!((first["size"].as_str(), first["color"].as_str(), first["quantity"].as_i64()), (Some("M"), Some("Coral"), Some(2)));
        let pickup = first["pickupCode"].as_str().unwrap();
        assert!(pickup.starts_with("PU-"), "{pickup}");
        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.amount.cents(), order.buyer_name.as_str()), (OrderStatus::Paid, 6998, "Ana Diaz"));
        assert_eq!(order.pickup_code.as_deref(), Some(pickup));
    }
}

on_both_databases! {
    async fn a_tampered_amount_is_refused_and_never_charged(app) {
        let mut body = hackathon_tees(2);
        body["amount"] = json!(3499);

        let response = create(&app, &body).await;

        assert_eq!(response.status(), 409);
        assert_eq!(app.store.count_sandbox_payments().await.unwrap(), 0);
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    async fn options_must_be_the_items_own(app) {
        let mut xxl = hackathon_tees(1);
        xxl["size"] = json!("XXL");
        let mut no_color = hackathon_tees(1);
        no_color["color"] = json!("");
        let sized_cap = json!({ "merchandiseId": 3, "amount": 100, "name": "Ana", "email": "ana@example.com",
                                "quantity": 1, "size": "M", "color": "Navy" });

        let answers = [create(&app, &xxl).await, create(&app, &no_color).await, create(&app, &sized_cap).await];

        let errors: Vec<Value> = futures::future::join_all(answers.into_iter().map(|answer| async move {
            assert_eq!(answer.status(), 422);
            answer.json::<Value>().await.unwrap()["fieldErrors"].clone()
        }))
        .await;
        assert_eq!(errors[0], json!({ "size": "Please choose a size from the list." }));
        assert_eq!(errors[1], json!({ "color": "Please choose a color from the list." }));
        assert_eq!(errors[2], json!({ "size": "This item does not come in a size." }));
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}

on_both_databases! {
    async fn bad_details_and_unknown_items_are_refused(app) {
        let invalid = create(&app, &json!({ "merchandiseId": 2, "name": " ", "email": "nope", "quantity": 0, "size": "M", "color": "Coral" })).await;
        assert_eq!(invalid.status(), 422);
        assert_eq!(
            invalid.json::<Value>().await.unwrap()["fieldErrors"],
            json!({ "name": "Name is required", "email": "Invalid email address", "quantity": "Quantity must be between 1 and 10." })
        );

        let unknown = create(&app, &json!({ "merchandiseId": 999, "name": "Ana", "email": "ana@example.com" })).await;
        assert_eq!(unknown.status(), 404);
        assert_eq!(unknown.json::<Value>().await.unwrap()["message"], "Could not find the requested merchandise.");
        assert_eq!(app.get("/api/get-payment-details?paymentIntentId=pi_nope").await.status(), 404);
    }
}

fn xxl_ocean_blue_limited_to(limit: u32) -> TestOptions {
    TestOptions::with_event(move |event| {
        let tshirt = event.merchandise.iter_mut().find(|item| item.id == 1).unwrap();
        tshirt.variant_limits = vec![VariantLimit {
            size: Some("XXL".into()),
            color: Some("Ocean Blue".into()),
            limit,
        }];
    })
}

on_both_databases! {
    async fn a_variant_sells_out_while_the_others_stay_on_sale(app, xxl_ocean_blue_limited_to(2)) {
        let tshirts = |size: &str, quantity: i64| json!({ "merchandiseId": 1, "amount": 500 * quantity, "name": "Ana",
            "email": "ana@example.com", "quantity": quantity, "size": size, "color": "Ocean Blue" });
        assert_eq!(create(&app, &tshirts("XXL", 2)).await.status(), 200);

        let sold_out = create(&app, &tshirts("XXL", 1)).await;
        let other_size = create(&app, &tshirts("L", 5)).await;

        assert_eq!(sold_out.status(), 409);
        assert_eq!(
            sold_out.json::<Value>().await.unwrap()["message"],
            "Sorry, the Conference T-Shirt in XXL / Ocean Blue is sold out."
        );
        assert_eq!(other_size.status(), 200);
        let quote = |size: &str| json!({ "kind": "merchandise", "item": 1, "size": size, "color": "Ocean Blue" });
        let quoted = app.post_json("/api/quote", &quote("XXL")).await;
        assert_eq!(quoted.status(), 409, "the quote says what the create call would");
        assert_eq!(
            quoted.json::<Value>().await.unwrap()["message"],
            "Sorry, the Conference T-Shirt in XXL / Ocean Blue is sold out."
        );
        assert_eq!(app.post_json("/api/quote", &quote("L")).await.status(), 200);
    }
}
