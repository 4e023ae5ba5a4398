//! Orders, stock and handled webhook events. Every change of an order's status
//! is a compare-and-set on its current status inside a transaction, and stock is
//! reserved with a conditional update, so concurrent requests and several server
//! instances never oversell or fulfil twice.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};
use crate::domain::Money;
use crate::orders::{NewOrder, Order, OrderKind, OrderStatus};

#[derive(Debug, thiserror::Error)]
pub enum ReserveError {
    #[error("sold out")]
    SoldOut,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// What marking an order paid did.
#[derive(Debug)]
pub enum PaidTransition {
    /// This call marked it paid.
    Paid(Order),
    /// It was already paid (or refunded) by an earlier call.
    AlreadyPaid(Order),
    NotFound,
}

const ORDER_COLUMNS: &str = "id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name,
    unit_price, quantity, options, amount, currency, payment_id, units_held, pickup_code, last_payment_error,
    refund_reason, created_at, updated_at, expires_at, paid_at";

fn order_from_row(row: &AnyRow) -> Result<Order, sqlx::Error> {
    let decode_error = |column: &str, value: &str| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unexpected value {value:?}").into(),
    };
    let kind: String = row.try_get("kind")?;
    let status: String = row.try_get("status")?;
    let options: String = row.try_get("options")?;
    Ok(Order {
        id: row.try_get("id")?,
        reference: row.try_get("reference")?,
        kind: OrderKind::parse(&kind).ok_or_else(|| decode_error("kind", &kind))?,
        status: OrderStatus::parse(&status).ok_or_else(|| decode_error("status", &status))?,
        buyer_name: row.try_get("buyer_name")?,
        buyer_email: row.try_get("buyer_email")?,
        sku: row.try_get("sku")?,
        variant_sku: row.try_get("variant_sku")?,
        item_name: row.try_get("item_name")?,
        unit_price: Money::from_cents(row.try_get("unit_price")?),
        quantity: row.try_get("quantity")?,
        options: serde_json::from_str(&options).map_err(|_| decode_error("options", &options))?,
        amount: Money::from_cents(row.try_get("amount")?),
        currency: row.try_get("currency")?,
        payment_id: row.try_get("payment_id")?,
        units_held: row.try_get("units_held")?,
        pickup_code: row.try_get("pickup_code")?,
        last_payment_error: row.try_get("last_payment_error")?,
        refund_reason: row.try_get("refund_reason")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        expires_at: row.try_get("expires_at")?,
        paid_at: row.try_get("paid_at")?,
    })
}

/// Takes `quantity` units of every limited key in `skus`, or none if any has
/// too few left (the caller rolls the transaction back).
async fn reserve(tx: &mut Transaction<'_, Any>, skus: &[&str], quantity: i64) -> Result<(), ReserveError> {
    for (index, sku) in skus.iter().enumerate() {
        // The first statement of the transaction writes, so SQLite takes its write
        // lock at once (waiting out the busy timeout) instead of failing later.
        let taken = sqlx::query("UPDATE stock SET taken = taken + $2 WHERE sku = $1 AND taken + $2 <= capacity")
            .bind(sku)
            .bind(quantity)
            .execute(&mut **tx)
            .await?;
        if taken.rows_affected() == 0 {
            let limited = sqlx::query("SELECT 1 FROM stock WHERE sku = $1")
                .bind(sku)
                .fetch_optional(&mut **tx)
                .await?;
            if limited.is_some() {
                // Give back what this call already took: a caller may go on with the transaction.
                release(tx, &skus[..index], quantity).await?;
                return Err(ReserveError::SoldOut);
            }
        }
    }
    Ok(())
}

/// Gives `units` back to every limited key in `skus`.
async fn release(tx: &mut Transaction<'_, Any>, skus: &[&str], units: i64) -> Result<(), sqlx::Error> {
    if units > 0 {
        for sku in skus {
            sqlx::query("UPDATE stock SET taken = taken - $2 WHERE sku = $1")
                .bind(sku)
                .bind(units)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// The stock keys an order counts against.
fn stock_keys<'a>(sku: &'a str, variant_sku: Option<&'a str>) -> Vec<&'a str> {
    std::iter::once(sku).chain(variant_sku).collect()
}

impl Store {
    /// Makes the stock table match the event file's limits. A new limit starts
    /// from the units that orders already hold.
    pub async fn sync_stock(&self, limits: &[(String, i64)]) -> Result<(), sqlx::Error> {
        for (sku, capacity) in limits {
            sqlx::query(
                "INSERT INTO stock (sku, capacity, taken)
                 VALUES ($1, $2, (SELECT COALESCE(SUM(units_held), 0) FROM orders WHERE sku = $1 OR variant_sku = $1))
                 ON CONFLICT (sku) DO UPDATE SET capacity = excluded.capacity",
            )
            .bind(sku)
            .bind(capacity)
            .execute(&self.pool)
            .await?;
        }
        let stored: Vec<String> = sqlx::query_scalar("SELECT sku FROM stock")
            .fetch_all(&self.pool)
            .await?;
        for sku in stored
            .iter()
            .filter(|sku| !limits.iter().any(|(limited, _)| limited == *sku))
        {
            sqlx::query("DELETE FROM stock WHERE sku = $1")
                .bind(sku)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Units left of each limited item.
    pub async fn stock_remaining(&self) -> Result<HashMap<String, i64>, sqlx::Error> {
        let rows = sqlx::query("SELECT sku, capacity - taken AS remaining FROM stock")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("sku")?, row.try_get("remaining")?)))
            .collect()
    }

    /// Reserves the stock and stores the pending order in one transaction.
    pub async fn create_pending_order(
        &self,
        order: &NewOrder,
        id: &str,
        reference: &str,
        pickup_code: Option<&str>,
        expires_at: i64,
    ) -> Result<Order, ReserveError> {
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        reserve(
            &mut tx,
            &stock_keys(&order.sku, order.variant_sku.as_deref()),
            order.quantity,
        )
        .await?;
        sqlx::query(
            "INSERT INTO orders (id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name,
                 unit_price, quantity, options, amount, currency, units_held, pickup_code, created_at, updated_at,
                 expires_at)
             VALUES ($1, $2, $3, 'pending', $4, $5, $6, $16, $7, $8, $9, $10, $11, $12, $13, $17, $14, $14, $15)",
        )
        .bind(id)
        .bind(reference)
        .bind(order.kind.as_str())
        .bind(&order.buyer_name)
        .bind(&order.buyer_email)
        .bind(&order.sku)
        .bind(&order.item_name)
        .bind(order.unit_price.cents())
        .bind(order.quantity)
        .bind(order.options.to_string())
        .bind(order.amount().cents())
        .bind(crate::payments::CURRENCY)
        .bind(order.quantity)
        .bind(now)
        .bind(expires_at)
        .bind(order.variant_sku.as_deref())
        .bind(pickup_code)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(self.order(id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    pub async fn attach_payment(&self, order_id: &str, payment_id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE orders SET payment_id = $2, updated_at = $3 WHERE id = $1 AND payment_id IS NULL")
            .bind(order_id)
            .bind(payment_id)
            .bind(now_millis())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn order(&self, id: &str) -> Result<Option<Order>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(order_from_row).transpose()
    }

    pub async fn order_by_payment(&self, payment_id: &str) -> Result<Option<Order>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE payment_id = $1"))
            .bind(payment_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(order_from_row).transpose()
    }

    /// Every order, newest first.
    pub async fn list_orders(&self) -> Result<Vec<Order>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders ORDER BY created_at DESC, id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(order_from_row).collect()
    }

    /// Moves a pending order to `failed` or `expired` and gives its units back.
    /// Returns whether this call closed it.
    pub async fn close_pending_order(&self, id: &str, status: OrderStatus) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE orders SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'
             RETURNING sku, variant_sku, units_held",
        )
        .bind(id)
        .bind(status.as_str())
        .bind(now_millis())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = closed else {
            return Ok(false);
        };
        let (sku, variant_sku): (String, Option<String>) = (row.try_get("sku")?, row.try_get("variant_sku")?);
        release(
            &mut tx,
            &stock_keys(&sku, variant_sku.as_deref()),
            row.try_get("units_held")?,
        )
        .await?;
        sqlx::query("UPDATE orders SET units_held = 0 WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Pending orders whose reservation ran out by `now`, oldest first.
    pub async fn overdue_order_ids(&self, now: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT id FROM orders WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Marks an order paid exactly once. A pending order keeps its reserved
    /// units; an expired or failed one takes units again if any remain, and is
    /// flagged for refund if none do.
    pub async fn mark_order_paid(&self, id: &str) -> Result<PaidTransition, sqlx::Error> {
        loop {
            let Some(order) = self.order(id).await? else {
                return Ok(PaidTransition::NotFound);
            };
            let now = now_millis();
            let mut tx = self.pool.begin().await?;
            let (units_held, refund_reason) = match order.status {
                OrderStatus::Paid | OrderStatus::Refunded => return Ok(PaidTransition::AlreadyPaid(order)),
                OrderStatus::Pending => (order.units_held, None),
                OrderStatus::Expired | OrderStatus::Failed => {
                    match reserve(
                        &mut tx,
                        &stock_keys(&order.sku, order.variant_sku.as_deref()),
                        order.quantity,
                    )
                    .await
                    {
                        Ok(()) => (order.quantity, None),
                        Err(ReserveError::SoldOut) => {
                            (0, Some("paid after its reservation lapsed and the item sold out"))
                        }
                        Err(ReserveError::Store(error)) => return Err(error),
                    }
                }
            };
            let updated = sqlx::query(
                "UPDATE orders SET status = 'paid', units_held = $3, refund_reason = $4, paid_at = $5, updated_at = $5
                 WHERE id = $1 AND status = $2",
            )
            .bind(id)
            .bind(order.status.as_str())
            .bind(units_held)
            .bind(refund_reason)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 1 {
                // The confirmation is queued in the transaction that marks the order paid:
                // both happen, or neither. An order that cannot be honoured confirms nothing.
                if refund_reason.is_none() {
                    queue_email(
                        &mut tx,
                        EmailKind::OrderConfirmation,
                        &format!("order-paid:{id}"),
                        id,
                        &order.buyer_email,
                    )
                    .await?;
                }
                tx.commit().await?;
                if let Some(reason) = refund_reason {
                    tracing::warn!(order = %id, reason, "order paid but flagged for refund");
                }
                let paid = self.order(id).await?.ok_or(sqlx::Error::RowNotFound)?;
                return Ok(PaidTransition::Paid(paid));
            }
            // Another request changed the order first: drop this attempt and look again.
            tx.rollback().await?;
        }
    }

    /// Records that a paid order's money went back to the buyer.
    pub async fn mark_order_refunded(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE orders SET status = 'refunded', updated_at = $2 WHERE id = $1 AND status = 'paid'")
            .bind(id)
            .bind(now_millis())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Notes why the buyer's last payment attempt failed; the order stays pending.
    pub async fn record_payment_error(&self, payment_id: &str, message: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE orders SET last_payment_error = $2, updated_at = $3 WHERE payment_id = $1 AND status = 'pending'",
        )
        .bind(payment_id)
        .bind(message)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn webhook_event_seen(&self, id: &str) -> Result<bool, sqlx::Error> {
        let seen = sqlx::query("SELECT 1 FROM webhook_events WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(seen.is_some())
    }

    pub async fn record_webhook_event(&self, id: &str, event_type: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO webhook_events (id, event_type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(event_type)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
