//! Card payments behind one trait: Stripe in production, the offline sandbox
//! everywhere else (DESIGN.md §5, §6).

pub mod cards;
pub mod sandbox;
pub mod stripe;
pub mod webhook_signature;

use async_trait::async_trait;

use crate::domain::Money;

pub use sandbox::SandboxGateway;
pub use stripe::StripeGateway;

/// The only currency the site sells in.
pub const CURRENCY: &str = "usd";

/// A payment as the gateway knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: String,
    pub client_secret: String,
    pub amount: Money,
    pub currency: String,
    pub status: PaymentStatus,
    /// The order this payment is for, from the metadata we set at creation.
    pub order_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    Succeeded,
    Canceled,
    /// A status this code does not know; treated as not paid.
    Other(String),
}

impl PaymentStatus {
    pub fn parse(status: &str) -> Self {
        match status {
            "requires_payment_method" => Self::RequiresPaymentMethod,
            "requires_confirmation" => Self::RequiresConfirmation,
            "requires_action" => Self::RequiresAction,
            "processing" => Self::Processing,
            "succeeded" => Self::Succeeded,
            "canceled" => Self::Canceled,
            other => Self::Other(other.to_owned()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Self::RequiresPaymentMethod => "requires_payment_method",
            Self::RequiresConfirmation => "requires_confirmation",
            Self::RequiresAction => "requires_action",
            Self::Processing => "processing",
            Self::Succeeded => "succeeded",
            Self::Canceled => "canceled",
            Self::Other(other) => other,
        }
    }
}

/// What to charge, computed by the server.
#[derive(Debug, Clone)]
pub struct NewPayment {
    pub amount: Money,
    /// The same key always yields the same payment: the order id.
    pub idempotency_key: String,
    pub order_id: String,
    pub order_reference: String,
    pub description: String,
    pub receipt_email: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    pub status: String,
}

/// A gateway event the site acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    pub id: String,
    pub kind: WebhookEventKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookEventKind {
    PaymentSucceeded {
        payment_id: String,
    },
    PaymentFailed {
        payment_id: String,
        message: Option<String>,
    },
    PaymentCanceled {
        payment_id: String,
    },
    /// Acknowledged and ignored.
    Other {
        event_type: String,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The card was refused; the message is the provider's, meant for the buyer.
    #[error("{message}")]
    CardDeclined { message: String, code: String },
    #[error("no payment {0} exists at the payment provider")]
    NotFound(String),
    /// The payment is past the point where the call applies, e.g. cancelling a succeeded payment.
    #[error("the payment is in a state that does not allow this: {0}")]
    UnexpectedState(String),
    /// The provider failed or could not be reached.
    #[error("the payment provider failed: {0}")]
    Unavailable(String),
    /// The sandbox keeps its payments in the site's own database: when that fails, it is
    /// the database that is down (503 and `Retry-After`), not a payment provider (502).
    #[error("the sandbox's payments could not be read or written: {0}")]
    Database(#[from] sqlx::Error),
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WebhookError {
    #[error("the Stripe-Signature header is missing or malformed")]
    MissingSignature,
    #[error("the webhook signature does not match")]
    BadSignature,
    #[error("the webhook timestamp is outside the tolerance")]
    Stale,
    #[error("the webhook payload is not a Stripe event")]
    BadPayload,
    #[error("webhooks are not used with the sandbox gateway")]
    NotConfigured,
}

#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// "stripe" or "sandbox", as `/api/config` reports it.
    fn name(&self) -> &'static str;

    async fn create_payment(&self, payment: &NewPayment) -> Result<Payment, GatewayError>;

    async fn retrieve_payment(&self, payment_id: &str) -> Result<Payment, GatewayError>;

    async fn refund(&self, payment_id: &str, amount: Money, idempotency_key: &str) -> Result<Refund, GatewayError>;

    /// Cancels a payment that has not succeeded, so it can never be paid. Cancelling
    /// one that is already cancelled succeeds; one that succeeded or is processing
    /// answers `UnexpectedState`.
    async fn cancel_payment(&self, payment_id: &str) -> Result<(), GatewayError>;

    /// Verifies and parses a webhook delivery.
    fn parse_webhook(&self, payload: &[u8], signature: Option<&str>) -> Result<WebhookEvent, WebhookError>;
}

/// Parses the body of a Stripe event (already verified).
pub(crate) fn parse_event(payload: &[u8]) -> Result<WebhookEvent, WebhookError> {
    #[derive(serde::Deserialize)]
    struct Event {
        id: String,
        #[serde(rename = "type")]
        event_type: String,
        data: Data,
    }
    #[derive(serde::Deserialize)]
    struct Data {
        object: Object,
    }
    #[derive(serde::Deserialize)]
    struct Object {
        id: Option<String>,
        last_payment_error: Option<LastError>,
    }
    #[derive(serde::Deserialize)]
    struct LastError {
        message: Option<String>,
    }

    let event: Event = serde_json::from_slice(payload).map_err(|_| WebhookError::BadPayload)?;
    let payment_id = || event.data.object.id.clone().ok_or(WebhookError::BadPayload);
    let kind = match event.event_type.as_str() {
        "payment_intent.succeeded" => WebhookEventKind::PaymentSucceeded {
            payment_id: payment_id()?,
        },
        "payment_intent.payment_failed" => WebhookEventKind::PaymentFailed {
            payment_id: payment_id()?,
            message: event
                .data
                .object
                .last_payment_error
                .as_ref()
                .and_then(|e| e.message.clone()),
        },
        "payment_intent.canceled" => WebhookEventKind::PaymentCanceled {
            payment_id: payment_id()?,
        },
        other => WebhookEventKind::Other {
            event_type: other.to_owned(),
        },
    };
    Ok(WebhookEvent { id: event.id, kind })
}
