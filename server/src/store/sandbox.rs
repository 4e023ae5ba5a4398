//! Payments of the offline sandbox gateway.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, now_millis};
use crate::domain::Money;
use crate::payments::{NewPayment, Payment, PaymentStatus};

pub enum SandboxConfirmation {
    Unknown,
    AlreadySucceeded,
    /// Cancelled when its reservation expired: it can never be paid.
    Canceled,
    /// The attempt was recorded: succeeded, or refused with the stored error.
    Recorded(Payment),
}

const COLUMNS: &str = "id, client_secret, amount, currency, status, order_id";

fn payment_from_row(row: &AnyRow) -> Result<Payment, sqlx::Error> {
    Ok(Payment {
        id: row.try_get("id")?,
        client_secret: row.try_get("client_secret")?,
        amount: Money::from_cents(row.try_get("amount")?),
        currency: row.try_get("currency")?,
        status: PaymentStatus::parse(row.try_get("status")?),
        order_id: row.try_get("order_id")?,
    })
}

impl Store {
    /// Creates a payment, or returns the one already created with the same idempotency key.
    pub async fn create_sandbox_payment(
        &self,
        id: &str,
        client_secret: &str,
        payment: &NewPayment,
    ) -> Result<Payment, sqlx::Error> {
        let now = now_millis();
        let created = sqlx::query(&format!(
            "INSERT INTO sandbox_payments
                 (id, client_secret, idempotency_key, amount, currency, status, order_id, refunded_amount, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $6, 0, $7, $7)
             ON CONFLICT (idempotency_key) DO NOTHING
             RETURNING {COLUMNS}"
        ))
        .bind(id)
        .bind(client_secret)
        .bind(&payment.idempotency_key)
        .bind(payment.amount.cents())
        .bind(crate::payments::CURRENCY)
        .bind(&payment.order_id)
        .bind(now)
        .fetch_optional(&self.connections)
        .await?;
        if let Some(row) = created {
            return payment_from_row(&row);
        }
        // Created before under the same key: that payment, as Stripe answers a retry.
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1"
        ))
        .bind(&payment.idempotency_key)
        .fetch_one(&self.connections)
        .await?;
        payment_from_row(&row)
    }

    pub async fn sandbox_payment(&self, id: &str) -> Result<Option<Payment>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM sandbox_payments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(payment_from_row).transpose()
    }

    /// Records a confirmation attempt: success when `refusal` is `None`. Only a
    /// payment that has not succeeded can change, so a secret pays at most once.
    pub async fn confirm_sandbox_payment(
        &self,
        client_secret: &str,
        refusal: Option<&str>,
    ) -> Result<SandboxConfirmation, sqlx::Error> {
        let status = if refusal.is_some() {
            "requires_payment_method"
        } else {
            "succeeded"
        };
        let updated = sqlx::query(&format!(
            "UPDATE sandbox_payments SET status = $2, last_error = $3, updated_at = $4
             WHERE client_secret = $1 AND status NOT IN ('succeeded', 'canceled')
             RETURNING {COLUMNS}"
        ))
        .bind(client_secret)
        .bind(status)
        .bind(refusal)
        .bind(now_millis())
        .fetch_optional(&self.connections)
        .await?;
        if let Some(row) = updated {
            return Ok(SandboxConfirmation::Recorded(payment_from_row(&row)?));
        }
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM sandbox_payments WHERE client_secret = $1")
            .bind(client_secret)
            .fetch_optional(&self.connections)
            .await?;
        Ok(match status.as_deref() {
            Some("succeeded") => SandboxConfirmation::AlreadySucceeded,
            Some("canceled") => SandboxConfirmation::Canceled,
            _ => SandboxConfirmation::Unknown,
        })
    }

    /// Cancels a payment that has not succeeded. Answers the payment's status after
    /// the call (`canceled`, or `succeeded` when it was paid first), or `None` when
    /// there is no such payment.
    pub async fn cancel_sandbox_payment(&self, id: &str) -> Result<Option<PaymentStatus>, sqlx::Error> {
        sqlx::query(
            "UPDATE sandbox_payments SET status = 'canceled', updated_at = $2 WHERE id = $1 AND status <> 'succeeded'",
        )
        .bind(id)
        .bind(now_millis())
        .execute(&self.connections)
        .await?;
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM sandbox_payments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        Ok(status.as_deref().map(PaymentStatus::parse))
    }

    /// Adds a refund to a succeeded payment, once per idempotency key (a repeat is
    /// answered as done); `false` when there is no such payment or too little is left.
    pub async fn refund_sandbox_payment(&self, id: &str, amount: Money, key: &str) -> Result<bool, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let recorded = sqlx::query(
            "INSERT INTO sandbox_refunds (idempotency_key, payment_id, amount, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(key)
        .bind(id)
        .bind(amount.cents())
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        if recorded.rows_affected() == 0 {
            return Ok(true);
        }
        let refunded = sqlx::query(
            "UPDATE sandbox_payments SET refunded_amount = refunded_amount + $2, updated_at = $3
             WHERE id = $1 AND status = 'succeeded' AND refunded_amount + $2 <= amount",
        )
        .bind(id)
        .bind(amount.cents())
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        if refunded.rows_affected() == 1 {
            tx.commit().await?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// How much of a sandbox payment has been refunded.
    pub async fn sandbox_refunded_amount(&self, id: &str) -> Result<Option<Money>, sqlx::Error> {
        let refunded: Option<i64> = sqlx::query_scalar("SELECT refunded_amount FROM sandbox_payments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        Ok(refunded.map(Money::from_cents))
    }

    pub async fn count_sandbox_payments(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_payments")
            .fetch_one(&self.connections)
            .await
    }
}
