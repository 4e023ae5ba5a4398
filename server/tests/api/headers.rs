//! What browsers and proxies can rely on: a Content-Security-Policy on every page,
//! HSTS on a live site, and a 413 that a client writing its whole body can read.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{Db, TestOptions, on_both_databases, spawn_app};
use crate::smtp_sink::SmtpSink;

fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
    policy
        .split(';')
        .map(str::trim)
        .find(|directive| directive.split(' ').next() == Some(name))
        .unwrap_or_else(|| panic!("no {name} in {policy}"))
}

on_both_databases! {
    async fn every_page_has_a_policy_whose_one_inline_script_is_the_visitor_clock(app) {
        let clock = conference::programme_site::visitor_clock::csp_source();
        for path in ["/", "/checkout/developer", "/no-such-page", "/unsubscribe?token=nope"] {
            let response = app.get(path).await;
            assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
            let policy = response.headers()["content-security-policy"].to_str().unwrap().to_owned();

            assert_eq!(directive(&policy, "script-src"), format!("script-src 'self' {clock}"), "{path}");
            assert_eq!(directive(&policy, "frame-ancestors"), "frame-ancestors 'none'");
            assert_eq!(directive(&policy, "object-src"), "object-src 'none'");
            assert_eq!(response.headers()["x-frame-options"], "DENY");
            assert!(response.headers().get("strict-transport-security").is_none(), "not a live site");
        }
        assert_eq!(app.get("/no-such-page").await.status(), 404);
    }
}

on_both_databases! {
    async fn with_stripe_the_policy_allows_exactly_stripes_origins(app, TestOptions::with_fake_stripe().await) {
        let policy = app.get("/checkout/developer").await.headers()["content-security-policy"].to_str().unwrap().to_owned();

        let clock = conference::programme_site::visitor_clock::csp_source();
        assert_eq!(
            directive(&policy, "script-src"),
            format!("script-src 'self' {clock} https://js.stripe.com https://*.js.stripe.com")
        );
        assert_eq!(
            directive(&policy, "frame-src"),
            "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com"
        );
        assert_eq!(directive(&policy, "connect-src"), "connect-src 'self' https://api.stripe.com");
    }
}

#[tokio::test]
async fn a_live_site_sends_strict_transport_security() {
    let sink = SmtpSink::start();
    let options = TestOptions {
        env: vec![
            ("PUBLIC_URL", "https://codewave.test".to_owned()),
            ("STRIPE_SECRET_KEY", "sk_live_never_called".to_owned()),
            ("STRIPE_PUBLISHABLE_KEY", "pk_live_never_called".to_owned()),
            ("STRIPE_WEBHOOK_SECRET", "whsec_never_called".to_owned()),
            ("SMTP_URL", sink.url()),
        ],
        smtp: Some(sink),
        ..TestOptions::default()
    };
    let app = spawn_app(Db::Sqlite, options).await.unwrap();

    let page = app.get("/").await;
    let api = app.get("/api/tickets").await;

    assert_eq!(page.headers()["strict-transport-security"], "max-age=63072000");
    assert_eq!(api.headers()["strict-transport-security"], "max-age=63072000");
    let policy = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.ends_with("upgrade-insecure-requests"), "{policy}");
    let config: serde_json::Value = app.get("/api/config").await.json().await.unwrap();
    assert_eq!(config["paymentProvider"], "stripe");
    let sandbox = app
        .post_json(
            "/api/sandbox/confirm",
            &serde_json::json!({ "clientSecret": "pi_sandbox_1_secret_2", "cardNumber": "4242424242424242",
                                 "expMonth": "12", "expYear": "34", "cvc": "123" }),
        )
        .await;
    assert_eq!(sandbox.status(), 404, "no sandbox on a live site");
}

/// Writes a whole request (as Node's fetch and Python's http.client do) before reading the answer.
async fn send_whole_request_then_read(address: &str, head: &str, body: &[u8]) -> String {
    let mut stream = TcpStream::connect(address.trim_start_matches("http://")).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
        .write_all(body)
        .await
        .expect("the server reads the body instead of resetting the connection");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("the answer can be read");
    String::from_utf8_lossy(&answer).into_owned()
}

on_both_databases! {
    async fn a_two_megabyte_body_is_read_back_as_a_json_413(app) {
        let body = vec![b'x'; 2 * 1024 * 1024];
        let head = format!(
            "POST /api/register-waitlist HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );

        let answer = send_whole_request_then_read(&app.address, &head, &body).await;

        assert!(answer.starts_with("HTTP/1.1 413"), "{}", &answer[..answer.len().min(300)]);
        assert!(answer.contains(r#"{"message":"The request body is too large."}"#), "{answer}");
    }
}

on_both_databases! {
    async fn a_chunked_body_over_the_limit_is_answered_413_too(app) {
        let chunk = vec![b'x'; 256 * 1024];
        let mut body = Vec::new();
        for _ in 0..4 {
            body.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
            body.extend_from_slice(&chunk);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(b"0\r\n\r\n");
        let head = "POST /api/create-payment-intent HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                    Transfer-Encoding: chunked\r\n\r\n";

        let answer = send_whole_request_then_read(&app.address, head, &body).await;

        assert!(answer.starts_with("HTTP/1.1 413"), "{}", &answer[..answer.len().min(300)]);
        assert!(app.store.list_orders().await.unwrap().is_empty());
    }
}
