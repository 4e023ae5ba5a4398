//! The offline gateway: Stripe-shaped payments kept in the site's own database,
//! confirmed with test cards through `POST /api/sandbox/confirm`.

use async_trait::async_trait;

use super::cards::{CardDetails, CardRefusal, charge_outcome};
use super::{GatewayError, NewPayment, Payment, PaymentGateway, PaymentStatus, Refund, WebhookError, WebhookEvent};
use crate::domain::Money;
use crate::store::{SandboxConfirmation, Store};

#[derive(Debug, Clone)]
pub struct SandboxGateway {
    store: Store,
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxConfirmError {
    #[error("no sandbox payment has that client secret")]
    UnknownPayment,
    #[error("this payment has already succeeded")]
    AlreadySucceeded,
    #[error("this payment was cancelled")]
    Canceled,
    #[error("{}", .refusal.message())]
    Refused { refusal: CardRefusal, payment_id: String },
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

impl SandboxGateway {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// Confirms a payment with a card, as Stripe.js does against Stripe.
    /// A client secret confirms at most one successful payment.
    pub async fn confirm(&self, client_secret: &str, card: &CardDetails<'_>) -> Result<Payment, SandboxConfirmError> {
        let today = time::OffsetDateTime::now_utc();
        let outcome = charge_outcome(card, (today.year(), u8::from(today.month())));
        let confirmation = self
            .store
            .confirm_sandbox_payment(client_secret, outcome.err().map(|refusal| refusal.message()))
            .await?;
        match (confirmation, outcome) {
            (SandboxConfirmation::Unknown, _) => Err(SandboxConfirmError::UnknownPayment),
            (SandboxConfirmation::AlreadySucceeded, _) => Err(SandboxConfirmError::AlreadySucceeded),
            (SandboxConfirmation::Canceled, _) => Err(SandboxConfirmError::Canceled),
            (SandboxConfirmation::Recorded(payment), Err(refusal)) => Err(SandboxConfirmError::Refused {
                refusal,
                payment_id: payment.id,
            }),
            (SandboxConfirmation::Recorded(payment), Ok(())) => Ok(payment),
        }
    }
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn create_payment(&self, payment: &NewPayment) -> Result<Payment, GatewayError> {
        let id = format!("pi_sandbox_{}", uuid::Uuid::new_v4().simple());
        let client_secret = format!("{id}_secret_{}", uuid::Uuid::new_v4().simple());
        Ok(self.store.create_sandbox_payment(&id, &client_secret, payment).await?)
    }

    async fn retrieve_payment(&self, payment_id: &str) -> Result<Payment, GatewayError> {
        self.store
            .sandbox_payment(payment_id)
            .await?
            .ok_or_else(|| GatewayError::NotFound(payment_id.to_owned()))
    }

    async fn refund(&self, payment_id: &str, amount: Money, idempotency_key: &str) -> Result<Refund, GatewayError> {
        let refunded = self
            .store
            .refund_sandbox_payment(payment_id, amount, idempotency_key)
            .await?;
        if refunded {
            // Keyed like Stripe's: the same key always names the same refund.
            Ok(Refund {
                id: format!("re_sandbox_{}", &crate::secrets::digest(idempotency_key)[..24]),
                status: "succeeded".into(),
            })
        } else {
            Err(GatewayError::UnexpectedState(format!(
                "payment {payment_id} has not succeeded or has less than {amount} left to refund"
            )))
        }
    }

    async fn cancel_payment(&self, payment_id: &str) -> Result<(), GatewayError> {
        let status = self.store.cancel_sandbox_payment(payment_id).await?;
        match status {
            Some(PaymentStatus::Canceled) => Ok(()),
            Some(other) => Err(GatewayError::UnexpectedState(format!(
                "a payment that is {} cannot be cancelled",
                other.as_str()
            ))),
            None => Err(GatewayError::NotFound(payment_id.to_owned())),
        }
    }

    fn parse_webhook(&self, _payload: &[u8], _signature: Option<&str>) -> Result<WebhookEvent, WebhookError> {
        Err(WebhookError::NotConfigured)
    }
}
