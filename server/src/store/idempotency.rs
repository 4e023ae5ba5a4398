//! Idempotency keys of the create calls. A key is claimed inside the transaction
//! that reserves its order's stock (`create_pending_order`), so a key never names
//! an order that was not stored, nor an order two.

use sqlx::Row;

use super::Store;
use super::Tx;

/// How long a key names its order (Stripe keeps its keys as long).
pub const IDEMPOTENCY_WINDOW_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// A key as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyClaim {
    pub request_hash: String,
    pub order_id: String,
}

/// Claims `key` for `order_id`, or takes over a key older than the window.
/// Returns false when a live claim holds it (another request placed, or is placing, its order).
pub(super) async fn claim_key(
    tx: &mut Tx,
    key: &str,
    request_hash: &str,
    order_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO idempotency_keys (idempotency_key, request_hash, order_id, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (idempotency_key) DO UPDATE
             SET request_hash = excluded.request_hash, order_id = excluded.order_id, created_at = excluded.created_at
             WHERE idempotency_keys.created_at <= $5",
    )
    .bind(key)
    .bind(request_hash)
    .bind(order_id)
    .bind(now)
    .bind(now - IDEMPOTENCY_WINDOW_MILLIS)
    .execute(&mut **tx)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

impl Store {
    /// The live claim on `key`, if any.
    pub async fn idempotency_claim(&self, key: &str, now: i64) -> Result<Option<IdempotencyClaim>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT request_hash, order_id FROM idempotency_keys WHERE idempotency_key = $1 AND created_at > $2",
        )
        .bind(key)
        .bind(now - IDEMPOTENCY_WINDOW_MILLIS)
        .fetch_optional(&self.connections)
        .await?;
        row.map(|row| {
            Ok(IdempotencyClaim {
                request_hash: row.try_get("request_hash")?,
                order_id: row.try_get("order_id")?,
            })
        })
        .transpose()
    }

    /// Forgets `key` if it still names `order_id`: the order was abandoned before its
    /// answer reached the client, so the client's retry must place a new one.
    pub async fn forget_idempotency_key(&self, key: &str, order_id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM idempotency_keys WHERE idempotency_key = $1 AND order_id = $2")
            .bind(key)
            .bind(order_id)
            .execute(&self.connections)
            .await?;
        Ok(())
    }

    /// Deletes keys older than the window; returns how many.
    pub async fn purge_idempotency_keys(&self, now: i64) -> Result<u64, sqlx::Error> {
        let purged = sqlx::query("DELETE FROM idempotency_keys WHERE created_at <= $1")
            .bind(now - IDEMPOTENCY_WINDOW_MILLIS)
            .execute(&self.connections)
            .await?;
        Ok(purged.rows_affected())
    }
}
