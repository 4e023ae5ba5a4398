use crate::helpers::on_both_databases;
use serde_json::Value;

on_both_databases! {
    async fn liveness_answers_ok(app) {
        let response = app.get("/healthz").await;

        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["status"], "ok");
    }
}

on_both_databases! {
    /// Readiness checks the database, so it turns 503 once the database is gone.
    async fn readiness_follows_the_database(app) {
        let ready = app.get("/readyz").await;
        assert_eq!(ready.status(), 200);
        assert_eq!(ready.json::<Value>().await.unwrap()["status"], "ready");

        app.store.close().await;
        let gone = app.get("/readyz").await;

        assert_eq!(gone.status(), 503);
        let body: Value = gone.json().await.unwrap();
        assert_eq!(body["message"], "The service is temporarily unavailable. Please try again shortly.");
    }
}
