use std::time::Duration;

use super::{NewOrder, Order, OrderKind, OrderStatus, new_pickup_code, new_reference};
use crate::payments::{GatewayError, NewPayment, Payment, PaymentGateway};
use crate::store::{ReserveError, Store, now_millis};

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("sold out")]
    SoldOut,
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
    hold_for: Duration,
) -> Result<(Order, Payment), CheckoutError> {
    let id = uuid::Uuid::new_v4().to_string();
    let expires_at = now_millis() + i64::try_from(hold_for.as_millis()).unwrap_or(i64::MAX / 2);
    let pickup_code = (order.kind == OrderKind::Merchandise).then(new_pickup_code);
    let pending = store
        .create_pending_order(order, &id, &new_reference(), pickup_code.as_deref(), expires_at)
        .await
        .map_err(|error| match error {
            ReserveError::SoldOut => CheckoutError::SoldOut,
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
    store.attach_payment(&pending.id, &payment.id).await?;
    tracing::info!(order = %pending.id, payment = %payment.id, amount = pending.amount.cents(), "order placed");
    Ok((pending, payment))
}
