//! The sandbox gateway answers like Stripe's test mode (DESIGN.md §6).

use crate::helpers::on_both_databases;
use serde_json::{Value, json};

on_both_databases! {
    async fn each_test_card_gets_stripes_answer(app) {
        let cases = [
            ("4000000000009995", "12", "34", "insufficient_funds", "Your card has insufficient funds."),
            ("4000000000000069", "12", "34", "expired_card", "Your card has expired."),
            ("4242424242424241", "12", "34", "incorrect_number", "Your card number is incorrect."),
            ("4242424242424242", "01", "2020", "invalid_expiry_year", "Your card's expiration date is in the past."),
        ];
        let body: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        for (number, month, year, code, message) in cases {
            let response = app
                .post_json(
                    "/api/sandbox/confirm",
                    &json!({ "clientSecret": body["clientSecret"], "cardNumber": number, "expMonth": month, "expYear": year, "cvc": "123" }),
                )
                .await;

            assert_eq!(response.status(), 402, "{number}");
            let error: Value = response.json().await.unwrap();
            assert_eq!((error["code"].as_str(), error["message"].as_str()), (Some(code), Some(message)));
        }
    }
}

on_both_databases! {
    async fn a_client_secret_pays_at_most_once(app) {
        let body: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        let secret = body["clientSecret"].as_str().unwrap();
        assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);

        let again = app.pay_with_card(secret, "4242424242424242").await;

        assert_eq!(again.status(), 409);
        assert_eq!(again.json::<Value>().await.unwrap()["message"], "This payment has already been completed.");
        let unknown = app.pay_with_card("pi_sandbox_x_secret_y", "4242424242424242").await;
        assert_eq!(unknown.status(), 404);
    }
}
