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
