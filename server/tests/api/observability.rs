//! What an operator reads: a request id on every call, and logs as JSON lines that carry it
//! and never a full email address.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{TestOptions, on_both_databases};

on_both_databases! {
    async fn a_call_answers_with_the_clients_request_id_or_a_new_one(app) {
        let given = app
            .client
            .get(app.url("/healthz"))
            .header("X-Request-Id", "support-4217")
            .send()
            .await
            .unwrap();
        let made = app.get("/healthz").await;
        let again = app.get("/healthz").await;
        let too_long = app
            .client
            .get(app.url("/healthz"))
            .header("X-Request-Id", "x".repeat(200))
            .send()
            .await
            .unwrap();

        let id = |response: &reqwest::Response| response.headers()["x-request-id"].to_str().unwrap().to_owned();
        assert_eq!(id(&given), "support-4217");
        assert_eq!(id(&made).len(), 32);
        assert_ne!(id(&made), id(&again));
        assert_eq!(id(&too_long).len(), 32);
    }
}

/// The release binary as an operator runs it, logging JSON at debug level.
struct Server {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Server {
    fn start(data: &std::path::Path) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_conference"))
            .arg("serve")
            .env_clear()
            .env("DATA_DIR", data)
            .env("PORT", "0")
            .env("RATE_LIMITS", "off")
            .env("MAIL_POLL_SECONDS", "1")
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "debug")
            .env(
                "CONFERENCE_FILE",
                concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stderr = child.stderr.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads log lines until one satisfies `wanted`, and returns it.
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no such log line; seen:\n{}", self.seen.join("\n")));
            self.seen.push(line.clone());
            let parsed: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("not a JSON line: {line}"));
            if wanted(&parsed) {
                return parsed;
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

#[tokio::test]
async fn json_logs_carry_the_request_id_and_mask_email_addresses() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path());
    let listening = server.wait_for(|line| line["message"] == "listening");
    let base = format!("http://127.0.0.1:{}", listening["port"]);

    let client = reqwest::Client::new();
    let registered = client
        .post(format!("{base}/api/register-waitlist"))
        .header("X-Request-Id", "json-log-test")
        .json(&json!({ "fullName": "Ana Diaz", "email": "ana.logged@example.com", "interestAreas": ["web"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), 200);

    let answered = server.wait_for(|line| line["message"] == "request answered");
    assert_eq!(answered["level"], "DEBUG");
    assert_eq!(answered["status"], 200);
    assert_eq!(
        answered["spans"][0],
        json!({ "name": "request", "id": "json-log-test", "method": "POST", "route": "/api/register-waitlist" })
    );
    server.wait_for(|line| line["message"] == "email sent");
    server.child.kill().ok();
    server.child.wait().unwrap();
    while let Ok(line) = server.lines.recv_timeout(Duration::from_secs(2)) {
        server.seen.push(line);
    }
    for line in &server.seen {
        assert!(serde_json::from_str::<Value>(line).is_ok(), "not a JSON line: {line}");
        assert!(
            !line.contains("ana.logged@example.com"),
            "a full email address in the log: {line}"
        );
    }
}

const METRICS_TOKEN: &str = "test-metrics-token-0123456789abcdefghij";

fn with_metrics() -> TestOptions {
    let mut options = TestOptions::default();
    options.env.push(("METRICS_TOKEN", METRICS_TOKEN.to_owned()));
    options
}

/// The value of the one sample of `name` with exactly these labels.
fn sample(text: &str, name: &str, labels: &str) -> f64 {
    let prefix = format!("{name}{{{labels}}} ");
    let line = text
        .lines()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no sample {prefix}in\n{text}"));
    line[prefix.len()..].parse().unwrap()
}

on_both_databases! {
    async fn metrics_count_calls_orders_emails_and_stock_for_the_scraper_only(app, with_metrics()) {
        let paid = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        assert!(!paid.is_empty());
        app.post_json("/api/register-waitlist", &json!({ "fullName": "Bo Lee", "email": "bo@example.com", "interestAreas": ["web"] })).await;
        app.post_json("/api/register-waitlist", &json!({ "fullName": "B", "email": "nope" })).await;

        let anonymous = app.get("/metrics").await;
        let wrong = app.client.get(app.url("/metrics")).bearer_auth("not-the-token").send().await.unwrap();
        let scraped = app.client.get(app.url("/metrics")).bearer_auth(METRICS_TOKEN).send().await.unwrap();

        assert_eq!((anonymous.status().as_u16(), wrong.status().as_u16()), (401, 401));
        assert!(wrong.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("METRICS_TOKEN"));
        assert_eq!(scraped.status(), 200);
        assert!(scraped.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
        let text = scraped.text().await.unwrap();
        let waitlist = r#"route="/api/register-waitlist",method="POST""#;
        assert_eq!(sample(&text, "conference_http_requests_total", &format!(r#"{waitlist},status="200""#)), 1.0);
        assert_eq!(sample(&text, "conference_http_requests_total", &format!(r#"{waitlist},status="422""#)), 1.0);
        assert_eq!(sample(&text, "conference_http_request_duration_seconds_count", &format!(r#"{waitlist},status="200""#)), 1.0);
        assert_eq!(sample(&text, "conference_http_request_duration_seconds_bucket", &format!(r#"{waitlist},status="200",le="+Inf""#)), 1.0);
        assert_eq!(sample(&text, "conference_orders", r#"kind="ticket",status="paid""#), 1.0);
        let emails: f64 = text
            .lines()
            .filter(|line| line.starts_with("conference_outbox_emails{"))
            .map(|line| line.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
            .sum();
        assert_eq!(emails, 2.0, "the receipt and the waitlist confirmation:\n{text}");
        let vip = app.store.stock_remaining().await.unwrap()["ticket:vip"];
        assert_eq!(sample(&text, "conference_stock_left", r#"item="ticket:vip""#), vip as f64);
        assert!(!text.contains("ana@example.com"));
    }
}

on_both_databases! {
    async fn without_a_metrics_token_there_are_no_metrics(app) {
        let response = app.get("/metrics").await;

        assert_eq!(response.status(), 404);
    }
}
