//! Refunds and what completing one changes: the order's refunded amount, its
//! cancellation (status, stock, tickets) unless the refund is a goodwill one, the
//! buyer's email and the audit log, in one transaction.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::admin::record_audit;
use super::invoices::issue_refund_note;
use super::orders::{Release, release_order_units};
use super::outbox::{EmailKind, queue_email};
use super::seats::release_refunded_seats;
use super::tickets::refund_tickets;
use super::{Store, now_millis};
use crate::domain::Money;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RefundStatus {
    Pending,
    Succeeded,
    Failed,
}

/// A refund, made or under way. Times are Unix milliseconds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundRecord {
    pub id: String,
    pub order_id: String,
    #[serde(skip)]
    pub idempotency_key: String,
    pub amount: Money,
    /// The rule that gave the amount: full, half, merchandise, override, goodwill, sold_out.
    pub policy: String,
    pub reason: String,
    /// Whether the refund cancels its order (tickets void, stock released); false for a
    /// goodwill refund, which keeps the order valid.
    pub cancels_order: bool,
    /// What the organizer asked for, as a digest; `None` for refunds the site made itself.
    #[serde(skip)]
    pub request_hash: Option<String>,
    pub status: RefundStatus,
    #[schema(required = true)]
    pub gateway_refund_id: Option<String>,
    #[schema(required = true)]
    pub error: Option<String>,
    pub actor: String,
    pub created_at: i64,
    #[schema(required = true)]
    pub completed_at: Option<i64>,
}

pub struct NewRefund<'a> {
    pub order_id: &'a str,
    pub idempotency_key: &'a str,
    pub amount: Money,
    pub policy: &'a str,
    pub reason: &'a str,
    pub cancels_order: bool,
    pub request_hash: Option<&'a str>,
    pub actor: &'a str,
}

#[derive(Debug, thiserror::Error)]
pub enum BeginRefundError {
    /// Another refund of the order is pending, or this key was used.
    #[error("a refund of this order is already under way")]
    Conflict,
    #[error("at most {refundable} can still be refunded")]
    TooMuch { refundable: Money },
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

// `cancels_order` as 0 or 1: SQLite keeps booleans as integers, which the `Any` driver will not decode as `bool`.
const COLUMNS: &str = "id, order_id, idempotency_key, amount, policy, reason,
    CASE WHEN cancels_order THEN 1 ELSE 0 END AS cancels_order, request_hash, status, gateway_refund_id, error, actor,
    created_at, completed_at";

fn refund_from_row(row: &AnyRow) -> Result<RefundRecord, sqlx::Error> {
    let status: String = row.try_get("status")?;
    Ok(RefundRecord {
        id: row.try_get("id")?,
        order_id: row.try_get("order_id")?,
        idempotency_key: row.try_get("idempotency_key")?,
        amount: Money::from_cents(row.try_get("amount")?),
        policy: row.try_get("policy")?,
        reason: row.try_get("reason")?,
        cancels_order: row.try_get::<i64, _>("cancels_order")? != 0,
        request_hash: row.try_get("request_hash")?,
        status: match status.as_str() {
            "pending" => RefundStatus::Pending,
            "succeeded" => RefundStatus::Succeeded,
            "failed" => RefundStatus::Failed,
            other => {
                return Err(sqlx::Error::ColumnDecode {
                    index: "status".into(),
                    source: format!("unexpected refund status {other:?}").into(),
                });
            }
        },
        gateway_refund_id: row.try_get("gateway_refund_id")?,
        error: row.try_get("error")?,
        actor: row.try_get("actor")?,
        created_at: row.try_get("created_at")?,
        completed_at: row.try_get("completed_at")?,
    })
}

impl Store {
    pub async fn refund(&self, id: &str) -> Result<Option<RefundRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM refunds WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(refund_from_row).transpose()
    }

    pub async fn refund_by_key(&self, order_id: &str, key: &str) -> Result<Option<RefundRecord>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM refunds WHERE order_id = $1 AND idempotency_key = $2"
        ))
        .bind(order_id)
        .bind(key)
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref().map(refund_from_row).transpose()
    }

    pub async fn pending_refund(&self, order_id: &str) -> Result<Option<RefundRecord>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM refunds WHERE order_id = $1 AND status = 'pending'"
        ))
        .bind(order_id)
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref().map(refund_from_row).transpose()
    }

    /// Every refund of an order, oldest first.
    pub async fn refunds_of_order(&self, order_id: &str) -> Result<Vec<RefundRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, id"
        ))
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(refund_from_row).collect()
    }

    /// Records a refund as pending, if the order has that much left to refund and no
    /// other refund under way (a unique index holds that across instances).
    pub async fn begin_refund(&self, refund: &NewRefund<'_>) -> Result<RefundRecord, BeginRefundError> {
        let id = uuid::Uuid::new_v4().to_string();
        let mut tx = self.begin_write().await?;
        let inserted = sqlx::query(
            "INSERT INTO refunds (id, order_id, idempotency_key, amount, policy, reason, status, actor, created_at,
                 cancels_order, request_hash)
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10)",
        )
        .bind(&id)
        .bind(refund.order_id)
        .bind(refund.idempotency_key)
        .bind(refund.amount.cents())
        .bind(refund.policy)
        .bind(refund.reason)
        .bind(refund.actor)
        .bind(now_millis())
        .bind(refund.cancels_order)
        .bind(refund.request_hash)
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => return Err(BeginRefundError::Conflict),
            Err(error) => return Err(error.into()),
        }
        let row = sqlx::query("SELECT amount - refunded_amount AS refundable FROM orders WHERE id = $1")
            .bind(refund.order_id)
            .fetch_one(&mut *tx)
            .await?;
        let refundable: i64 = row.try_get("refundable")?;
        if refund.amount.cents() > refundable {
            return Err(BeginRefundError::TooMuch {
                refundable: Money::from_cents(refundable.max(0)),
            });
        }
        tx.commit().await?;
        Ok(self.refund(&id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    /// Marks a pending refund made. The order's refunded amount grows; unless the refund
    /// is a goodwill one that leaves part of the order paid, the order is cancelled: it
    /// becomes `refunded`, gives its units back and its tickets stop admitting anyone.
    /// The buyer's email is queued and the audit log written. The order's row is
    /// updated first, so a transfer of its tickets (which locks it too) waits for this,
    /// then finds it cancelled. A refund already completed is returned as it is.
    pub async fn complete_refund(&self, id: &str, gateway_refund_id: &str) -> Result<RefundRecord, sqlx::Error> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let completed = sqlx::query(
            "UPDATE refunds SET status = 'succeeded', gateway_refund_id = $2, completed_at = $3, error = NULL
             WHERE id = $1 AND status = 'pending'
             RETURNING order_id, amount, policy, reason, actor, CASE WHEN cancels_order THEN 1 ELSE 0 END AS cancels_order",
        )
        .bind(id)
        .bind(gateway_refund_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(refund) = completed {
            let order_id: String = refund.try_get("order_id")?;
            let amount: i64 = refund.try_get("amount")?;
            let order = sqlx::query(
                "UPDATE orders SET refunded_amount = refunded_amount + $2, updated_at = $3 WHERE id = $1
                 RETURNING amount, refunded_amount, status, buyer_email",
            )
            .bind(&order_id)
            .bind(amount)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            let in_full = order.try_get::<i64, _>("refunded_amount")? >= order.try_get::<i64, _>("amount")?;
            let cancels = in_full || refund.try_get::<i64, _>("cancels_order")? != 0;
            if cancels && order.try_get::<String, _>("status")? == "paid" {
                sqlx::query("UPDATE orders SET status = 'refunded' WHERE id = $1")
                    .bind(&order_id)
                    .execute(&mut *tx)
                    .await?;
                release_order_units(&mut tx, &order_id, Release::Refunded).await?;
                refund_tickets(&mut tx, &order_id).await?;
                release_refunded_seats(&mut tx, self.event.as_deref(), &order_id).await?;
            }
            issue_refund_note(
                &mut tx,
                self.event.as_deref(),
                (id, &order_id),
                Money::from_cents(amount),
                cancels,
                now,
            )
            .await?;
            let buyer_email: String = order.try_get("buyer_email")?;
            queue_email(
                &mut tx,
                EmailKind::RefundConfirmation,
                &format!("refund:{id}"),
                id,
                &buyer_email,
            )
            .await?;
            let actor: String = refund.try_get("actor")?;
            let detail = serde_json::json!({
                "refundId": id,
                "amount": amount,
                "policy": refund.try_get::<String, _>("policy")?,
                "reason": refund.try_get::<String, _>("reason")?,
                "inFull": in_full,
                "cancelsOrder": cancels,
            });
            record_audit(&mut *tx, &actor, "refund", Some(&order_id), &detail).await?;
        }
        tx.commit().await?;
        self.stock_changed();
        self.pass_freed_units().await;
        self.refund(id).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// Records that the gateway refused a refund; nothing was given back.
    pub async fn fail_refund(&self, id: &str, error: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let failed = sqlx::query(
            "UPDATE refunds SET status = 'failed', error = $2, completed_at = $3 WHERE id = $1 AND status = 'pending'
             RETURNING order_id, amount, actor",
        )
        .bind(id)
        .bind(error)
        .bind(now_millis())
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(refund) = failed {
            let detail =
                serde_json::json!({ "refundId": id, "amount": refund.try_get::<i64, _>("amount")?, "error": error });
            let (actor, order_id): (String, String) = (refund.try_get("actor")?, refund.try_get("order_id")?);
            record_audit(&mut *tx, &actor, "refund_failed", Some(&order_id), &detail).await?;
        }
        tx.commit().await
    }
}
