use std::time::Duration;

use super::OrderStatus;
use crate::store::Store;

/// How many overdue orders one sweep closes at most; the next sweep takes the rest.
const SWEEP_BATCH: i64 = 500;

/// Expires pending orders whose reservation ran out by `now` (Unix ms) and
/// releases their stock. Returns how many this call expired.
pub async fn expire_reservations(store: &Store, now: i64) -> Result<usize, sqlx::Error> {
    let mut expired = 0;
    for id in store.overdue_order_ids(now, SWEEP_BATCH).await? {
        // A payment may land between the query and here; the status check in
        // `close_pending_order` lets the payment win.
        match store.close_pending_order(&id, OrderStatus::Expired).await {
            Ok(true) => expired += 1,
            Ok(false) => {}
            // One order that cannot be closed must not hold back the others.
            Err(error) => tracing::warn!(order = %id, %error, "could not expire a reservation"),
        }
    }
    Ok(expired)
}

/// Runs `expire_reservations` every `every` until the task is dropped.
pub async fn run_expiry_sweeper(store: Store, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match expire_reservations(&store, crate::store::now_millis()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "expired unpaid reservations"),
            Err(error) => tracing::warn!(%error, "could not expire reservations"),
        }
    }
}
