//! An HTTP fake of the parts of Stripe's API the site uses, answering with the
//! shapes Stripe documents: PaymentIntent objects, refunds, and error envelopes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

pub const SECRET_KEY: &str = "sk_test_fake";
pub const WEBHOOK_SECRET: &str = "whsec_test_fake";

#[derive(Clone, Default)]
struct Intents(Arc<Mutex<Ledger>>);

#[derive(Default)]
struct Ledger {
    by_id: HashMap<String, Value>,
    by_idempotency_key: HashMap<String, String>,
}

pub struct FakeStripe {
    pub server: MockServer,
    intents: Intents,
}

impl FakeStripe {
    pub async fn start() -> Self {
        Self::start_answering_creates_after(Duration::ZERO).await
    }

    /// A Stripe that takes `delay` to answer each create, as it does on a bad day.
    pub async fn start_answering_creates_after(delay: Duration) -> Self {
        let server = MockServer::start().await;
        let intents = Intents::default();
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .respond_with(CreateIntent(intents.clone(), delay))
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path_regex(r"^/v1/payment_intents/[A-Za-z0-9_]+/cancel$"))
            .respond_with(CancelIntent(intents.clone()))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path_regex(r"^/v1/payment_intents/[A-Za-z0-9_]+$"))
            .respond_with(RetrieveIntent(intents.clone()))
            .mount(&server)
            .await;
        Self { server, intents }
    }

    pub fn uri(&self) -> String {
        self.server.uri()
    }

    /// What Stripe does when the buyer's card is charged.
    pub fn succeed(&self, payment_id: &str) {
        self.set(payment_id, |intent| intent["status"] = json!("succeeded"));
    }

    pub fn set(&self, payment_id: &str, change: impl FnOnce(&mut Value)) {
        let mut ledger = self.intents.0.lock().unwrap();
        change(ledger.by_id.get_mut(payment_id).expect("a created payment intent"));
    }

    pub fn intent(&self, payment_id: &str) -> Value {
        self.intents.0.lock().unwrap().by_id[payment_id].clone()
    }

    pub fn created_count(&self) -> usize {
        self.intents.0.lock().unwrap().by_id.len()
    }

    /// Every request Stripe received, as "METHOD /path".
    pub async fn requests(&self) -> Vec<String> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .map(|request| format!("{} {}", request.method, request.url.path()))
            .collect()
    }
}

struct CreateIntent(Intents, Duration);

impl Respond for CreateIntent {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        self.create(request).set_delay(self.1)
    }
}

impl CreateIntent {
    fn create(&self, request: &Request) -> ResponseTemplate {
        if !is_authorized(request) {
            return unauthorized();
        }
        let form: HashMap<String, String> = serde_urlencoded::from_bytes(&request.body).unwrap_or_default();
        let key = request
            .headers
            .get("Idempotency-Key")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let mut ledger = self.0.0.lock().unwrap();
        if let Some(existing) = key.as_ref().and_then(|key| ledger.by_idempotency_key.get(key)) {
            return ResponseTemplate::new(200).set_body_json(ledger.by_id[existing].clone());
        }
        let Some(amount) = form.get("amount").and_then(|amount| amount.parse::<i64>().ok()) else {
            return ResponseTemplate::new(400).set_body_json(json!({
                "error": { "type": "invalid_request_error", "code": "parameter_missing", "param": "amount",
                           "message": "Missing required param: amount." }
            }));
        };
        let id = format!("pi_fake{}", ledger.by_id.len() + 1);
        let intent = json!({
            "id": id,
            "object": "payment_intent",
            "amount": amount,
            "currency": form.get("currency").cloned().unwrap_or_default(),
            "status": "requires_payment_method",
            "client_secret": format!("{id}_secret_fake"),
            "automatic_payment_methods": { "enabled": form.get("automatic_payment_methods[enabled]").map(|v| v == "true") },
            "description": form.get("description"),
            "receipt_email": form.get("receipt_email"),
            "metadata": {
                "order_id": form.get("metadata[order_id]"),
                "order_reference": form.get("metadata[order_reference]"),
            },
        });
        ledger.by_id.insert(id.clone(), intent.clone());
        if let Some(key) = key {
            ledger.by_idempotency_key.insert(key, id);
        }
        ResponseTemplate::new(200).set_body_json(intent)
    }
}

/// Stripe cancels an intent that has not succeeded; anything else is an unexpected state.
struct CancelIntent(Intents);

impl Respond for CancelIntent {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        if !is_authorized(request) {
            return unauthorized();
        }
        let id = request.url.path().split('/').nth(3).unwrap_or_default();
        let mut ledger = self.0.0.lock().unwrap();
        let Some(intent) = ledger.by_id.get_mut(id) else {
            return ResponseTemplate::new(404).set_body_json(json!({
                "error": { "type": "invalid_request_error", "code": "resource_missing",
                           "message": format!("No such payment_intent: '{id}'") }
            }));
        };
        match intent["status"].as_str() {
            Some("succeeded" | "canceled" | "processing") => ResponseTemplate::new(400).set_body_json(json!({
                "error": { "type": "invalid_request_error", "code": "payment_intent_unexpected_state",
                           "message": format!("You cannot cancel this PaymentIntent because it has a status of {}.", intent["status"]) }
            })),
            _ => {
                intent["status"] = json!("canceled");
                intent["cancellation_reason"] = json!("abandoned");
                ResponseTemplate::new(200).set_body_json(intent.clone())
            }
        }
    }
}

struct RetrieveIntent(Intents);

impl Respond for RetrieveIntent {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        if !is_authorized(request) {
            return unauthorized();
        }
        let id = request.url.path().rsplit('/').next().unwrap_or_default();
        match self.0.0.lock().unwrap().by_id.get(id) {
            Some(intent) => ResponseTemplate::new(200).set_body_json(intent.clone()),
            None => ResponseTemplate::new(404).set_body_json(json!({
                "error": { "type": "invalid_request_error", "code": "resource_missing", "param": "intent",
                           "message": format!("No such payment_intent: '{id}'") }
            })),
        }
    }
}

fn is_authorized(request: &Request) -> bool {
    request
        .headers
        .get("Authorization")
        .and_then(|value| value.to_str().ok())
        == Some(&format!("Bearer {SECRET_KEY}"))
}

fn unauthorized() -> ResponseTemplate {
    ResponseTemplate::new(401).set_body_json(json!({
        "error": { "type": "invalid_request_error", "message": "Invalid API Key provided." }
    }))
}

/// A Stripe event for `payment_id`, as delivered to webhooks.
pub fn event(id: &str, event_type: &str, payment_id: &str) -> Value {
    json!({
        "id": id,
        "object": "event",
        "type": event_type,
        "data": { "object": { "id": payment_id, "object": "payment_intent",
                              "last_payment_error": { "message": "Your card was declined." } } }
    })
}
