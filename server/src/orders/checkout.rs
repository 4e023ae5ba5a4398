use std::time::Duration;

use super::{NewOrder, Order, OrderKind, OrderStatus, new_pickup_code, new_reference};
use crate::payments::{GatewayError, NewPayment, Payment, PaymentGateway};
use crate::store::{NewPendingOrder, ReserveError, Store, now_millis};

/// Open (pending, unexpired) reservations one buyer or one network may hold at once,
/// so nobody can keep an item sold out by starting checkouts they never finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenReservationCaps {
    pub per_email: i64,
    /// Offices and conference wifi share one address, hence more than per email.
    pub per_client: i64,
}

impl OpenReservationCaps {
    pub const DEFAULT: Self = Self {
        per_email: 3,
        per_client: 20,
    };
}

/// Where and for how long an order holds its stock.
#[derive(Debug, Clone)]
pub struct Placement {
    pub hold_for: Duration,
    /// The client address (an IPv6 client's /64), from `middleware::client_address`.
    pub client_address: String,
    /// `None` when limits are off (`RATE_LIMITS=off`, for load tests).
    pub caps: Option<OpenReservationCaps>,
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("sold out")]
    SoldOut,
    #[error("this email already has the most open checkouts allowed")]
    TooManyForEmail,
    #[error("this network already has the most open checkouts allowed")]
    TooManyForClient {
        /// When the earliest of them expires.
        retry_after: Duration,
    },
    #[error(transparent)]
    Gateway(#[from] GatewayError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Step 1 of every purchase: reserve stock and store the pending order in one
/// transaction, then create the gateway payment keyed by the order id, so a
/// retried creation can never make a second charge.
#[tracing::instrument(skip_all, fields(sku = %order.sku, quantity = order.quantity))]
pub async fn place_order(
    store: &Store,
    gateway: &dyn PaymentGateway,
    order: &NewOrder,
    placement: &Placement,
) -> Result<(Order, Payment), CheckoutError> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = now_millis();
    let expires_at = now + i64::try_from(placement.hold_for.as_millis()).unwrap_or(i64::MAX / 2);
    let pickup_code = (order.kind == OrderKind::Merchandise).then(new_pickup_code);
    let reference = new_reference();
    let pending = store
        .create_pending_order(
            order,
            &NewPendingOrder {
                id: &id,
                reference: &reference,
                pickup_code: pickup_code.as_deref(),
                expires_at,
                gateway: gateway.name(),
                client_address: &placement.client_address,
                caps: placement.caps,
            },
        )
        .await
        .map_err(|error| match error {
            ReserveError::SoldOut => CheckoutError::SoldOut,
            ReserveError::TooManyForEmail => CheckoutError::TooManyForEmail,
            ReserveError::TooManyForClient { next_expiry } => CheckoutError::TooManyForClient {
                retry_after: Duration::from_millis(u64::try_from(next_expiry - now).unwrap_or(0)),
            },
            ReserveError::Store(error) => CheckoutError::Store(error),
        })?;
    let new_payment = NewPayment {
        amount: pending.amount,
        idempotency_key: pending.id.clone(),
        order_id: pending.id.clone(),
        order_reference: pending.reference.clone(),
        description: format!("{} × {}", pending.item_name, pending.quantity),
        receipt_email: pending.buyer_email.clone(),
    };
    let payment = match gateway.create_payment(&new_payment).await {
        Ok(payment) => payment,
        Err(error) => {
            // Nothing was charged: give the units back at once.
            store.close_pending_order(&pending.id, OrderStatus::Failed).await?;
            return Err(error.into());
        }
    };
    store
        .attach_payment(
            &pending.id,
            &payment.id,
            &crate::secrets::digest(&payment.client_secret),
        )
        .await?;
    tracing::info!(order = %pending.id, payment = %payment.id, amount = pending.amount.cents(), "order placed");
    Ok((pending, payment))
}

/// Undoes a placement whose buyer never got the answer (the request was cut off):
/// the payment is cancelled so it cannot be paid, and the units go back at once
/// instead of staying held for the whole reservation period.
pub async fn abandon_placement(store: &Store, gateway: &dyn PaymentGateway, order: &Order, payment: &Payment) {
    match gateway.cancel_payment(&payment.id).await {
        Ok(_) | Err(GatewayError::NotFound(_)) => {
            if let Err(error) = store.close_pending_order(&order.id, OrderStatus::Failed).await {
                tracing::warn!(order = %order.id, %error, "could not release an abandoned checkout; it expires later");
            } else {
                tracing::info!(order = %order.id, "checkout abandoned before its answer: payment cancelled, stock released");
            }
        }
        Err(error) => {
            // The expiry sweeper cancels it later; until then the reservation stands.
            tracing::warn!(order = %order.id, %error, "could not cancel an abandoned checkout's payment");
        }
    }
}
