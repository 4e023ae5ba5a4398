//! Payments of the offline sandbox gateway.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, now_millis};
use crate::domain::Money;
use crate::payments::{NewPayment, Payment, PaymentStatus};

pub enum SandboxConfirmation {
    Unknown,
    AlreadySucceeded,
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
        sqlx::query(
            "INSERT INTO sandbox_payments
                 (id, client_secret, idempotency_key, amount, currency, status, order_id, refunded_amount, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $6, 0, $7, $7)
             ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(id)
        .bind(client_secret)
        .bind(&payment.idempotency_key)
        .bind(payment.amount.cents())
        .bind(crate::payments::CURRENCY)
        .bind(&payment.order_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1"
        ))
        .bind(&payment.idempotency_key)
        .fetch_one(&self.pool)
        .await?;
        payment_from_row(&row)
    }

    pub async fn sandbox_payment(&self, id: &str) -> Result<Option<Payment>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM sandbox_payments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
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
        .fetch_optional(&self.pool)
        .await?;
        if let Some(row) = updated {
            return Ok(SandboxConfirmation::Recorded(payment_from_row(&row)?));
        }
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM sandbox_payments WHERE client_secret = $1")
            .bind(client_secret)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match status.as_deref() {
            Some("succeeded") => SandboxConfirmation::AlreadySucceeded,
            _ => SandboxConfirmation::Unknown,
        })
    }

    /// Adds a refund to a succeeded payment; `false` when there is no such payment.
    /// A payment already refunded in full counts as refunded, as a retried refund would.
    pub async fn refund_sandbox_payment(&self, id: &str, amount: Money) -> Result<bool, sqlx::Error> {
        let result = sqlx::query(
            "UPDATE sandbox_payments SET refunded_amount = refunded_amount + $2, updated_at = $3
             WHERE id = $1 AND status = 'succeeded' AND refunded_amount + $2 <= amount",
        )
        .bind(id)
        .bind(amount.cents())
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        if result.rows_affected() == 1 {
            return Ok(true);
        }
        let refunded_in_full =
            sqlx::query("SELECT 1 FROM sandbox_payments WHERE id = $1 AND refunded_amount >= amount")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(refunded_in_full.is_some())
    }

    pub async fn count_sandbox_payments(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_payments")
            .fetch_one(&self.pool)
            .await
    }
}
