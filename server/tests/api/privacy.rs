//! A payment id is not a key to someone's data: names, emails and codes go only to
//! the caller holding the payment's client secret, and made-up ids never reach Stripe.

use serde_json::{Value, json};

use crate::helpers::{TestApp, TestOptions, on_both_databases};

async fn tees_for(app: &TestApp, name: &str) -> Value {
    let body = json!({ "merchandiseId": 2, "amount": 3499, "name": name, "email": "ana.torres@example.com",
                       "quantity": 1, "size": "M", "color": "Coral" });
    let answer = app.post_json("/api/create-merchandise-payment", &body).await;
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

on_both_databases! {
    async fn payment_details_are_masked_without_the_client_secret(app) {
        let created = tees_for(&app, "Ana Torres").await;
        let (payment, secret) = (created["paymentIntentId"].as_str().unwrap(), created["clientSecret"].as_str().unwrap());
        let details = |query: String| {
            let app = &app;
            async move { app.get(&format!("/api/get-payment-details?paymentIntentId={payment}{query}")).await }
        };

        let bare = details(String::new()).await;
        let wrong: Value = details(format!("&clientSecret={payment}_secret_guess")).await.json().await.unwrap();
        let owner: Value = details(format!("&clientSecret={secret}")).await.json().await.unwrap();

        assert_eq!(bare.headers()["cache-control"], "no-store");
        let bare: Value = bare.json().await.unwrap();
        assert_eq!(bare, json!({ "merchandiseId": 2, "name": "A. T.", "email": "a•••@example.com" }));
        assert_eq!(wrong, bare);
        assert_eq!(owner, json!({ "merchandiseId": 2, "name": "Ana Torres", "email": "ana.torres@example.com" }));
    }
}

on_both_databases! {
    async fn pickup_codes_and_references_come_back_only_with_the_client_secret(app) {
        let created = tees_for(&app, "Ana Torres").await;
        let secret = created["clientSecret"].as_str().unwrap();
        app.pay_with_card(secret, "4242424242424242").await;
        let confirm = |client_secret: Option<&str>| {
            let mut body = json!({ "paymentIntentId": created["paymentIntentId"], "merchandiseId": 2 });
            if let Some(client_secret) = client_secret {
                body["clientSecret"] = json!(client_secret);
            }
            body
        };

        let stranger = app.post_json("/api/confirm-merchandise-purchase", &confirm(None)).await;
        let buyer: Value = app.post_json("/api/confirm-merchandise-purchase", &confirm(Some(secret))).await.json().await.unwrap();

        assert_eq!(stranger.status(), 200);
        let stranger: Value = stranger.json().await.unwrap();
        assert_eq!(stranger["status"], "paid");
        assert!(stranger.get("pickupCode").is_none() && stranger.get("reference").is_none(), "{stranger}");
        assert!(buyer["pickupCode"].as_str().unwrap().starts_with("PU-"));
        assert!(buyer["reference"].as_str().unwrap().starts_with("CW-"));
    }
}

on_both_databases! {
    async fn ticket_and_sponsorship_references_come_back_only_with_the_client_secret(app) {
        let ticket: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        app.pay_with_card(ticket["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        let sponsorship: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "", "additionalInfo": "" }),
            )
            .await
            .json()
            .await
            .unwrap();
        app.pay_with_card(sponsorship["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        let ticket_for = |secret: &Value| json!({ "paymentIntentId": ticket["paymentIntentId"], "clientSecret": secret });
        let sponsor_for = |secret: &Value| json!({ "paymentIntentId": sponsorship["paymentIntentId"], "clientSecret": secret });
        let mut answers: Vec<Value> = Vec::new();
        for (path, body) in [
            ("/api/confirm-purchase", ticket_for(&Value::Null)),
            ("/api/confirm-purchase", ticket_for(&ticket["clientSecret"])),
            ("/api/confirm-sponsorship", sponsor_for(&Value::Null)),
            ("/api/confirm-sponsorship", sponsor_for(&sponsorship["clientSecret"])),
        ] {
            let answer = app.post_json(path, &body).await;
            assert_eq!(answer.status(), 200, "{path}");
            answers.push(answer.json().await.unwrap());
        }

        assert!(answers[0].get("reference").is_none(), "{}", answers[0]);
        assert!(answers[1]["reference"].as_str().unwrap().starts_with("CW-"));
        assert!(answers[2].get("reference").is_none(), "{}", answers[2]);
        assert_eq!(answers[2]["tierLabel"], "Gold");
        assert!(answers[3]["reference"].as_str().unwrap().starts_with("CW-"));
    }
}

on_both_databases! {
    async fn a_made_up_payment_id_never_reaches_stripe(app, TestOptions::with_fake_stripe().await) {
        let answer = app
            .post_json("/api/confirm-purchase", &json!({ "paymentIntentId": "pi_3MadeUpByAnAttacker", "ticketId": 1 }))
            .await;

        assert_eq!(answer.status(), 404);
        assert_eq!(answer.headers()["cache-control"], "no-store");
        let requests = app.stripe.as_ref().unwrap().requests().await;
        assert!(requests.is_empty(), "Stripe was asked: {requests:?}");
    }
}
