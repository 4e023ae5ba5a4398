//! Bad requests get the JSON error format and a fitting status, never internals.

use crate::helpers::on_both_databases;
use serde_json::Value;

on_both_databases! {
    async fn an_unknown_api_path_answers_404_json(app) {
        let response = app.get("/api/no-such-thing").await;

        assert_eq!(response.status(), 404);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "There is no such API endpoint.");
    }
}

on_both_databases! {
    async fn a_wrong_method_answers_405_json(app) {
        let response = app.client.delete(app.url("/api/tickets")).send().await.unwrap();

        assert_eq!(response.status(), 405);
        assert_eq!(
            response.json::<Value>().await.unwrap()["message"],
            "This API endpoint does not accept that method."
        );
    }
}

on_both_databases! {
    async fn malformed_json_answers_400(app) {
        let response = app
            .client
            .post(app.url("/api/register-waitlist"))
            .header("content-type", "application/json")
            .body("{\"fullName\": ")
            .send()
            .await
            .unwrap();

        assert_eq!(response.status(), 400);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "The request body is not valid JSON.");
    }
}

on_both_databases! {
    async fn a_field_of_the_wrong_type_answers_400_naming_it(app) {
        let response = app
            .post_json("/api/register-waitlist", &serde_json::json!({ "fullName": 42, "email": "a@b.co" }))
            .await;

        assert_eq!(response.status(), 400);
        let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("fullName"), "{message}");
    }
}

on_both_databases! {
    async fn a_body_without_json_content_type_answers_415(app) {
        let response = app.client.post(app.url("/api/register-waitlist")).body("fullName=Ana").send().await.unwrap();

        assert_eq!(response.status(), 415);
        assert!(response.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("application/json"));
    }
}

on_both_databases! {
    async fn an_oversized_body_answers_413(app) {
        let body = format!("{{\"fullName\": \"{}\"}}", "a".repeat(100 * 1024));
        let response = app
            .client
            .post(app.url("/api/register-waitlist"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();

        assert_eq!(response.status(), 413);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "The request body is too large.");
    }
}

on_both_databases! {
    /// PostgreSQL text cannot hold a NUL: one sent anywhere is refused, never a 500.
    async fn a_nul_character_anywhere_is_refused_in_the_error_format(app) {
        let body = app
            .client
            .post(app.url("/api/register-waitlist"))
            .header("Content-Type", "application/json")
            .body(r#"{"fullName":"Ana\u0000 Diaz","email":"ana@example.com"}"#)
            .send()
            .await
            .unwrap();
        assert_eq!(body.status(), 400);
        assert_eq!(
            body.json::<Value>().await.unwrap()["message"],
            "Text in the request may not contain NUL characters."
        );

        let query = app.get("/api/get-payment-details?paymentIntentId=pi_%00").await;
        assert_eq!(query.status(), 400);
        assert!(query.json::<Value>().await.unwrap()["message"].is_string());

        let page = app.get("/unsubscribe?token=abc%00").await;
        assert!(page.status().is_client_error(), "{}", page.status());
        assert!(page.text().await.unwrap().contains("<html"));
    }
}

on_both_databases! {
    async fn a_missing_body_is_a_bad_request_and_another_type_unsupported(app) {
        let empty = app.client.post(app.url("/api/create-payment-intent")).send().await.unwrap();
        assert_eq!(empty.status(), 400);
        assert_eq!(empty.json::<Value>().await.unwrap()["message"], "This call needs a JSON request body.");

        let text = app
            .client
            .post(app.url("/api/create-payment-intent"))
            .header("Content-Type", "text/plain")
            .body("ticketType=vip")
            .send()
            .await
            .unwrap();
        assert_eq!(text.status(), 415);
    }
}

/// PostgreSQL: a connection ended under a call (the database restarting, an administrator)
/// is the database being unavailable: 503 with `Retry-After`, never a 500.
mod a_lost_database_connection_answers_503 {
    use serde_json::json;

    use crate::helpers::{Db, TestOptions, spawn_app, wait_for_a_lock_wait};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let options = TestOptions::with_event(|event| {
            event
                .tickets
                .iter_mut()
                .find(|ticket| ticket.ticket_type == "vip")
                .unwrap()
                .limit = Some(10);
        });
        let Some(app) = spawn_app(Db::Postgres, options).await else {
            return;
        };
        let database = app.database().await;
        let mut holding = database.begin().await.unwrap();
        sqlx::query("SELECT taken FROM stock WHERE sku = 'ticket:vip' FOR UPDATE")
            .execute(&mut *holding)
            .await
            .unwrap();

        let create = tokio::spawn({
            let (client, url) = (app.client.clone(), app.url("/api/create-payment-intent"));
            async move {
                client
                    .post(url)
                    .json(&json!({ "ticketType": "vip", "amount": 129_900, "name": "Ana Diaz", "email": "ana@example.com" }))
                    .send()
                    .await
                    .unwrap()
            }
        });
        wait_for_a_lock_wait(&database, &create).await;
        let ended: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()) AS ended",
        )
        .fetch_one(&database)
        .await
        .unwrap();
        assert_eq!(ended, 1);
        holding.rollback().await.unwrap();

        let answer = create.await.unwrap();
        assert_eq!(answer.status(), 503);
        assert_eq!(answer.headers()["retry-after"], "1");
        let message = answer.json::<serde_json::Value>().await.unwrap()["message"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            message,
            "The service is temporarily unavailable. Please try again shortly."
        );
        assert_eq!(
            app.create_ticket_payment("vip", 1, "ana@example.com").await.status(),
            200,
            "and it recovers"
        );
    }
}

/// PostgreSQL: the sandbox gateway keeps its payments in the site's database, so a connection
/// lost under one of its reads or writes is the database being unavailable (503 with
/// `Retry-After`), not a payment provider failing (502).
mod sandbox_outage {
    use serde_json::{Value, json};
    use tokio::task::JoinHandle;

    use crate::helpers::{Db, TestApp, TestOptions, spawn_app, wait_for_a_lock_wait};

    pub async fn app() -> Option<TestApp> {
        spawn_app(Db::Postgres, TestOptions::default()).await
    }

    pub async fn ticket_order(app: &TestApp) -> Value {
        let amount = app.ticket_total("developer", 1).await;
        json!({ "ticketType": "developer", "amount": amount, "name": "Ana Diaz", "email": "ana@example.com" })
    }

    /// Posts `body` while the sandbox's payments are locked, ends the connection that waits
    /// for them, and answers what the call got.
    pub async fn post_losing_the_connection(app: &TestApp, path: &str, body: &Value) -> reqwest::Response {
        let database = app.database().await;
        let mut holding = database.begin().await.unwrap();
        sqlx::query("LOCK TABLE sandbox_payments IN ACCESS EXCLUSIVE MODE")
            .execute(&mut *holding)
            .await
            .unwrap();
        let call: JoinHandle<reqwest::Response> = tokio::spawn({
            let (client, url, body) = (app.client.clone(), app.url(path), body.clone());
            async move { client.post(url).json(&body).send().await.unwrap() }
        });
        wait_for_a_lock_wait(&database, &call).await;
        let ended: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()) AS ended",
        )
        .fetch_one(&database)
        .await
        .unwrap();
        assert_eq!(ended, 1);
        holding.rollback().await.unwrap();
        call.await.unwrap()
    }

    pub async fn assert_unavailable(answer: reqwest::Response) {
        assert_eq!(answer.status(), 503);
        assert_eq!(answer.headers()["retry-after"], "1");
        assert_eq!(
            answer.json::<Value>().await.unwrap()["message"],
            "The service is temporarily unavailable. Please try again shortly."
        );
    }
}

/// The sandbox's write of a new payment.
mod a_lost_connection_creating_a_sandbox_payment_answers_503 {
    use super::sandbox_outage::{app, assert_unavailable, post_losing_the_connection, ticket_order};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let Some(app) = app().await else {
            return;
        };
        let order = ticket_order(&app).await;

        let created = post_losing_the_connection(&app, "/api/create-payment-intent", &order).await;

        assert_unavailable(created).await;
        assert_eq!(
            app.post_json("/api/create-payment-intent", &order).await.status(),
            200,
            "and it recovers"
        );
    }
}

/// The sandbox's read of a payment a confirm call checks.
mod a_lost_connection_confirming_a_sandbox_payment_answers_503 {
    use serde_json::{Value, json};

    use super::sandbox_outage::{app, assert_unavailable, post_losing_the_connection, ticket_order};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let Some(app) = app().await else {
            return;
        };
        let created: Value = app
            .post_json("/api/create-payment-intent", &ticket_order(&app).await)
            .await
            .json()
            .await
            .unwrap();
        let secret = created["clientSecret"].as_str().unwrap();
        let confirm = json!({ "paymentIntentId": created["paymentIntentId"], "clientSecret": secret });

        // Not paid yet, so the confirm call asks the sandbox for the payment (a paid order's answer needs no
        // asking): that read loses its connection.
        let confirmed = post_losing_the_connection(&app, "/api/confirm-purchase", &confirm).await;

        assert_unavailable(confirmed).await;
        assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
        assert_eq!(
            app.post_json("/api/confirm-purchase", &confirm).await.status(),
            200,
            "and it recovers"
        );
    }
}
