use std::sync::Arc;
use std::time::Duration;

use super::{OrderStatus, fulfil_payment};
use crate::payments::{GatewayError, PaymentGateway, PaymentStatus};
use crate::store::{OverdueOrder, Store};

/// How often unpaid reservations are released, and the units freed offered to the waiting list.
pub const EXPIRY_SWEEP_EVERY: Duration = Duration::from_secs(60);

/// How many overdue orders one sweep closes at most; the next sweep takes the rest.
const SWEEP_BATCH: i64 = 500;

/// Expires pending orders whose reservation ran out by `now` (Unix ms) and
/// releases their stock. Each payment is cancelled at the gateway first, so it
/// cannot be paid afterwards; one that was paid first is fulfilled instead.
/// Returns how many this call expired.
pub async fn expire_reservations(store: &Store, gateway: &dyn PaymentGateway, now: i64) -> Result<usize, sqlx::Error> {
    let mut expired = 0;
    for order in store.overdue_orders(now, SWEEP_BATCH).await? {
        if !payment_cancelled(store, gateway, &order).await {
            continue;
        }
        // A payment may land between the cancel and here (a gateway that could not be
        // asked, say); the status check in `close_pending_order` lets the payment win,
        // and a payment that lands later takes the late-payment path of `mark_order_paid`.
        match store.close_pending_order(&order.id, OrderStatus::Expired).await {
            Ok(true) => expired += 1,
            Ok(false) => {}
            // One order that cannot be closed must not hold back the others.
            Err(error) => tracing::warn!(order = %order.id, %error, "could not expire a reservation"),
        }
    }
    Ok(expired)
}

/// Whether the order's payment can no longer be paid, so the order may expire.
async fn payment_cancelled(store: &Store, gateway: &dyn PaymentGateway, order: &OverdueOrder) -> bool {
    let Some(payment_id) = order.payment_id.as_deref() else {
        // Creating the payment never finished; a payment that turns up later names the
        // order in its metadata and is honoured or refunded then.
        return true;
    };
    if order.gateway != gateway.name() {
        tracing::warn!(order = %order.id, gateway = %order.gateway, "expiring an order of another gateway without cancelling its payment");
        return true;
    }
    let cancelled = gateway.cancel_payment(payment_id).await;
    match cancelled {
        Ok(()) | Err(GatewayError::NotFound(_)) => true,
        Err(GatewayError::UnexpectedState(_)) => match gateway.retrieve_payment(payment_id).await {
            Ok(payment) if payment.status == PaymentStatus::Succeeded => {
                // Paid just before the deadline but not yet confirmed: the buyer keeps it.
                if let Err(error) = fulfil_payment(store, gateway, payment_id).await {
                    tracing::warn!(order = %order.id, %error, "a payment that beat its expiry could not be fulfilled yet");
                }
                false
            }
            // Money in flight (a bank debit, say): the reservation stands until it settles.
            Ok(payment) if payment.status == PaymentStatus::Processing => false,
            Ok(_) => true,
            Err(error) => {
                tracing::warn!(order = %order.id, %error, "could not look up a payment to expire; retrying next sweep");
                false
            }
        },
        Err(error) => {
            // Until the gateway answers, the payment could still be paid: keep the hold.
            tracing::warn!(order = %order.id, %error, "could not cancel an expired payment; retrying next sweep");
            false
        }
    }
}

/// Runs `expire_reservations` every `every` until the task is dropped, gives the units that
/// expired codes still hold back to the stock, and offers what is free to the waiting list.
pub async fn run_expiry_sweeper(store: Store, gateway: Arc<dyn PaymentGateway>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match expire_reservations(&store, gateway.as_ref(), crate::store::now_millis()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "expired unpaid reservations"),
            Err(error) => tracing::warn!(%error, "could not expire reservations"),
        }
        if let Err(error) = store.purge_idempotency_keys(crate::store::now_millis()).await {
            tracing::warn!(%error, "could not forget old idempotency keys");
        }
        match store.release_expired_code_holds(crate::store::now_millis()).await {
            Ok(0) => {}
            Ok(codes) => tracing::info!(codes, "units held by expired codes went back on sale"),
            Err(error) => tracing::warn!(%error, "could not release the units of expired codes"),
        }
        match store.offer_freed_units(crate::store::now_millis()).await {
            Ok(0) => {}
            Ok(offers) => tracing::info!(offers, "offered freed units to the waiting list"),
            Err(error) => tracing::warn!(%error, "could not offer freed units to the waiting list"),
        }
    }
}
