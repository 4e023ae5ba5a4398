//! Sponsorships: the catalogue's price, the form's rules, and signature tiers
//! that sell once however many companies race for them.

use crate::helpers::{TestApp, TestOptions, on_both_databases, post_json};
use conference::orders::OrderStatus;
use serde_json::{Value, json};

fn sponsorship(tier: &str, price: i64, company: &str) -> Value {
    json!({ "tier": tier, "price": price, "companyName": company, "contactName": "Ana Diaz", "email": "ana@acme.dev",
            "phone": "+1 305 555 0100", "website": "https://acme.dev", "additionalInfo": "" })
}

async fn tier_available(app: &TestApp, value: &str) -> bool {
    let tiers: Vec<Value> = app.get("/api/sponsorship-tiers").await.json().await.unwrap();
    tiers.iter().find(|tier| tier["value"] == value).unwrap()["available"]
        .as_bool()
        .unwrap()
}

on_both_databases! {
    async fn a_platinum_sponsorship_is_paid_and_confirmed_from_the_gateway(app) {
        let created: Value = app.post_json("/api/create-sponsorship-payment", &sponsorship("platinum", 5_000_000, "Acme"))
            .await.json().await.unwrap();
        let confirm = json!({ "paymentIntentId": created["paymentIntentId"] });
        let unpaid = app.post_json("/api/confirm-sponsorship", &confirm).await;
        assert_eq!(unpaid.status(), 409);

        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        let confirmed: Value = app.post_json("/api/confirm-sponsorship", &confirm).await.json().await.unwrap();

        assert_eq!(confirmed["status"], "paid");
        assert_eq!((confirmed["tier"].as_str(), confirmed["tierLabel"].as_str()), (Some("platinum"), Some("Platinum")));
        assert_eq!((confirmed["companyName"].as_str(), confirmed["amount"].as_i64()), (Some("Acme"), Some(5_000_000)));
        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!((order.status, order.item_name.as_str()), (OrderStatus::Paid, "Platinum Sponsorship"));
        assert_eq!(order.options["phone"], "+1 305 555 0100");
    }
}

on_both_databases! {
    async fn a_tampered_price_or_unknown_tier_is_refused(app) {
        let cheap = app.post_json("/api/create-sponsorship-payment", &sponsorship("title", 100, "Acme")).await;
        assert_eq!(cheap.status(), 409);
        assert_eq!(cheap.json::<Value>().await.unwrap()["message"], "The price has changed. Please reload the page to see the current price.");

        let unknown = app.post_json("/api/create-sponsorship-payment", &sponsorship("diamond", 100, "Acme")).await;
        assert_eq!(unknown.status(), 422);
        assert_eq!(unknown.json::<Value>().await.unwrap()["fieldErrors"]["sponsorshipTier"], "Invalid sponsorship tier selected");
        assert_eq!(app.store.count_sandbox_payments().await.unwrap(), 0);
    }
}

on_both_databases! {
    async fn every_form_rule_of_the_brief_is_enforced(app) {
        let response = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "A", "contactName": " B ", "email": "ana@",
                         "phone": "123", "website": "acme.dev", "additionalInfo": "" }),
            )
            .await;

        assert_eq!(response.status(), 422);
        assert_eq!(
            response.json::<Value>().await.unwrap()["fieldErrors"],
            json!({
                "companyName": "Company name is required",
                "contactName": "Contact name is required",
                "email": "Please enter a valid email address",
                "phone": "Phone number is required",
                "website": "Please enter a valid URL",
            })
        );
    }
}

on_both_databases! {
    async fn twenty_companies_racing_for_the_title_get_one_reservation(app, TestOptions::default().without_rate_limits()) {
        let url = app.url("/api/create-sponsorship-payment");
        let answers = futures::future::join_all((0..20).map(|company| {
            let (client, url) = (&app.client, &url);
            async move { post_json(client, url, &sponsorship("title", 50_000_000, &format!("Company {company}"))).await }
        }))
        .await;

        let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|status| **status == 409).count(), 19, "{statuses:?}");
        let taken = answers.into_iter().find(|answer| answer.status() == 409).unwrap();
        assert_eq!(
            taken.json::<Value>().await.unwrap()["message"],
            "Sorry, the Conference Title sponsorship has already been taken."
        );
        assert!(!tier_available(&app, "title").await);
        assert!(tier_available(&app, "platinum").await, "standard tiers have no limit");
    }
}

on_both_databases! {
    async fn an_unpaid_title_reservation_expires_and_the_tier_reopens(app) {
        let created = app.post_json("/api/create-sponsorship-payment", &sponsorship("title", 50_000_000, "Acme")).await;
        assert_eq!(created.status(), 200);
        assert!(!tier_available(&app, "title").await);

        app.expire_reservations_after(31).await;

        assert!(tier_available(&app, "title").await);
        let second = app.post_json("/api/create-sponsorship-payment", &sponsorship("title", 50_000_000, "Globex")).await;
        assert_eq!(second.status(), 200);
    }
}
