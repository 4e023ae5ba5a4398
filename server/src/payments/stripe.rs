//! Stripe's HTTP API: PaymentIntents, refunds and webhooks, form-encoded as
//! Stripe documents. The base URL is a setting so tests can point it at a fake.

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Method, StatusCode};
use serde::Deserialize;

use super::{
    CURRENCY, GatewayError, NewPayment, Payment, PaymentGateway, PaymentStatus, Refund, WebhookError, WebhookEvent,
    parse_event, webhook_signature,
};
use crate::domain::Money;
use crate::settings::StripeSettings;

/// Attempts per request when Stripe says a retry is safe.
const MAX_ATTEMPTS: u32 = 3;
/// The longest one attempt may take, connecting included.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(15);
/// The longest one call may take, with every attempt and the waits between them.
/// The server's own request timeout must be longer (see `app::REQUEST_TIMEOUT`).
pub const RETRY_BUDGET: Duration = Duration::from_millis(
    MAX_ATTEMPTS as u64 * ATTEMPT_TIMEOUT.as_millis() as u64 + BACKOFF_BASE_MILLIS * ((1 << (MAX_ATTEMPTS - 1)) - 1),
);
const BACKOFF_BASE_MILLIS: u64 = 250;

#[derive(Debug, Clone)]
pub struct StripeGateway {
    client: reqwest::Client,
    api_base: String,
    secret_key: String,
    webhook_secret: Option<String>,
}

impl StripeGateway {
    pub fn new(settings: &StripeSettings) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(ATTEMPT_TIMEOUT)
            .user_agent(concat!("conference/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            client,
            api_base: settings.api_base.trim_end_matches('/').to_owned(),
            secret_key: settings.secret_key.clone(),
            webhook_secret: settings.webhook_secret.clone(),
        })
    }

    /// Sends a request, retrying only where Stripe says it is safe: network
    /// failures and 409/429/5xx answers of requests that carry an idempotency
    /// key (or are reads), unless Stripe-Should-Retry says otherwise.
    async fn send<T: for<'de> Deserialize<'de>>(
        &self,
        method: Method,
        path: &str,
        form: &[(&str, String)],
        idempotency_key: Option<&str>,
    ) -> Result<T, GatewayError> {
        let url = format!("{}{path}", self.api_base);
        let retry_safe = method == Method::GET || idempotency_key.is_some();
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut request = self.client.request(method.clone(), &url).bearer_auth(&self.secret_key);
            if let Some(key) = idempotency_key {
                request = request.header("Idempotency-Key", key);
            }
            if !form.is_empty() {
                request = request.form(form);
            }
            let outcome = request.send().await;
            let can_retry = retry_safe && attempt < MAX_ATTEMPTS;
            let response = match outcome {
                Ok(response) => response,
                Err(error) if can_retry && (error.is_connect() || error.is_timeout()) => {
                    tracing::warn!(%error, attempt, "Stripe unreachable; retrying");
                    backoff(attempt).await;
                    continue;
                }
                Err(error) => return Err(GatewayError::Unavailable(format!("cannot reach Stripe: {error}"))),
            };
            let status = response.status();
            let should_retry = response
                .headers()
                .get("Stripe-Should-Retry")
                .and_then(|value| value.to_str().ok())
                .map(|value| value == "true");
            let body = response
                .bytes()
                .await
                .map_err(|error| GatewayError::Unavailable(format!("cannot read Stripe's answer: {error}")))?;
            if status.is_success() {
                return serde_json::from_slice(&body)
                    .map_err(|error| GatewayError::Unavailable(format!("unexpected answer from Stripe: {error}")));
            }
            let transient =
                matches!(status, StatusCode::CONFLICT | StatusCode::TOO_MANY_REQUESTS) || status.is_server_error();
            if can_retry && should_retry.unwrap_or(transient) {
                tracing::warn!(%status, attempt, "Stripe asked for a retry");
                backoff(attempt).await;
                continue;
            }
            return Err(error_from(status, &body, path));
        }
    }
}

/// Ids go into URL paths, so only Stripe's own characters pass.
fn is_payment_id(payment_id: &str) -> bool {
    !payment_id.is_empty()
        && payment_id.len() <= 255
        && payment_id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

async fn backoff(attempt: u32) {
    tokio::time::sleep(Duration::from_millis(BACKOFF_BASE_MILLIS * 2u64.pow(attempt - 1))).await;
}

fn error_from(status: StatusCode, body: &[u8], path: &str) -> GatewayError {
    #[derive(Deserialize)]
    struct Envelope {
        error: StripeError,
    }
    #[derive(Deserialize)]
    struct StripeError {
        #[serde(rename = "type")]
        error_type: Option<String>,
        code: Option<String>,
        decline_code: Option<String>,
        message: Option<String>,
    }
    let error = serde_json::from_slice::<Envelope>(body)
        .ok()
        .map(|envelope| envelope.error);
    match error {
        Some(error) if error.error_type.as_deref() == Some("card_error") => GatewayError::CardDeclined {
            message: error.message.unwrap_or_else(|| "Your card was declined.".into()),
            code: error
                .decline_code
                .or(error.code)
                .unwrap_or_else(|| "card_declined".into()),
        },
        Some(error) if status == StatusCode::NOT_FOUND => {
            GatewayError::NotFound(error.message.unwrap_or_else(|| path.to_owned()))
        }
        Some(error) if error.code.as_deref() == Some("payment_intent_unexpected_state") => {
            GatewayError::UnexpectedState(error.message.unwrap_or_default())
        }
        Some(error) => GatewayError::Unavailable(format!(
            "Stripe answered {status}: {}",
            error.message.unwrap_or_default()
        )),
        None => GatewayError::Unavailable(format!("Stripe answered {status}")),
    }
}

#[derive(Deserialize)]
struct PaymentIntent {
    id: String,
    client_secret: String,
    amount: i64,
    currency: String,
    status: String,
    #[serde(default)]
    metadata: std::collections::HashMap<String, String>,
}

impl From<PaymentIntent> for Payment {
    fn from(intent: PaymentIntent) -> Self {
        Self {
            id: intent.id,
            client_secret: intent.client_secret,
            amount: Money::from_cents(intent.amount),
            currency: intent.currency,
            status: PaymentStatus::parse(&intent.status),
            order_id: intent.metadata.get("order_id").cloned(),
        }
    }
}

#[derive(Deserialize)]
struct StripeRefund {
    id: String,
    status: String,
}

#[async_trait]
impl PaymentGateway for StripeGateway {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn create_payment(&self, payment: &NewPayment) -> Result<Payment, GatewayError> {
        let form = [
            ("amount", payment.amount.cents().to_string()),
            ("currency", CURRENCY.to_owned()),
            ("automatic_payment_methods[enabled]", "true".to_owned()),
            ("description", payment.description.clone()),
            ("receipt_email", payment.receipt_email.clone()),
            ("metadata[order_id]", payment.order_id.clone()),
            ("metadata[order_reference]", payment.order_reference.clone()),
        ];
        let intent: PaymentIntent = self
            .send(
                Method::POST,
                "/v1/payment_intents",
                &form,
                Some(&payment.idempotency_key),
            )
            .await?;
        Ok(intent.into())
    }

    async fn retrieve_payment(&self, payment_id: &str) -> Result<Payment, GatewayError> {
        if !is_payment_id(payment_id) {
            return Err(GatewayError::NotFound(payment_id.to_owned()));
        }
        let intent: PaymentIntent = self
            .send(Method::GET, &format!("/v1/payment_intents/{payment_id}"), &[], None)
            .await?;
        Ok(intent.into())
    }

    async fn refund(&self, payment_id: &str, amount: Money, idempotency_key: &str) -> Result<Refund, GatewayError> {
        let form = [
            ("payment_intent", payment_id.to_owned()),
            ("amount", amount.cents().to_string()),
        ];
        let refund: StripeRefund = self
            .send(Method::POST, "/v1/refunds", &form, Some(idempotency_key))
            .await?;
        Ok(Refund {
            id: refund.id,
            status: refund.status,
        })
    }

    async fn cancel_payment(&self, payment_id: &str) -> Result<(), GatewayError> {
        if !is_payment_id(payment_id) {
            return Err(GatewayError::NotFound(payment_id.to_owned()));
        }
        let form = [("cancellation_reason", "abandoned".to_owned())];
        let result: Result<PaymentIntent, _> = self
            .send(
                Method::POST,
                &format!("/v1/payment_intents/{payment_id}/cancel"),
                &form,
                Some(&format!("cancel-{payment_id}")),
            )
            .await;
        match result {
            Ok(_) => Ok(()),
            // Stripe refuses to cancel twice; for the caller that is done.
            Err(GatewayError::UnexpectedState(message)) => match self.retrieve_payment(payment_id).await?.status {
                PaymentStatus::Canceled => Ok(()),
                _ => Err(GatewayError::UnexpectedState(message)),
            },
            Err(error) => Err(error),
        }
    }

    fn parse_webhook(&self, payload: &[u8], signature: Option<&str>) -> Result<WebhookEvent, WebhookError> {
        let secret = self.webhook_secret.as_deref().ok_or(WebhookError::NotConfigured)?;
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        webhook_signature::verify(payload, signature, secret, now)?;
        parse_event(payload)
    }
}
