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
    pub idempotency: Option<IdempotencyKey>,
}

/// A create call's `Idempotency-Key` and a hash of what the call asked for: a retry
/// with both the same gets the order the first call placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    pub request_hash: String,
}

impl IdempotencyKey {
    /// The key of a create call for `order`, with the amount the client saw. The
    /// request is hashed as parsed: the same request sent with other spacing or field
    /// order is the same request; another item, buyer or amount is not.
    pub fn new(key: String, order: &NewOrder, client_amount: Option<i64>) -> Self {
        let request = serde_json::json!({
            "kind": order.kind.as_str(),
            "buyerName": order.buyer_name,
            "buyerEmail": order.buyer_email,
            "sku": order.sku,
            "variantSku": order.variant_sku,
            "unitPrice": order.unit_price.cents(),
            "quantity": order.quantity,
            "options": order.options,
            "clientAmount": client_amount,
        });
        Self {
            key,
            request_hash: crate::secrets::digest(&request.to_string()),
        }
    }
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
    #[error("the idempotency key was used for a different request")]
    KeyReused,
    #[error("a request with the same idempotency key is still being placed")]
    KeyInFlight,
    #[error("the order placed with this idempotency key is {0:?}")]
    AlreadyClosed(OrderStatus),
    #[error(transparent)]
    Gateway(#[from] GatewayError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Step 1 of every purchase: reserve stock and store the pending order in one
/// transaction, then create the gateway payment keyed by the order id, so a
/// retried creation can never make a second charge. With an idempotency key, a
/// retried call gets the order its first call placed and holds nothing more.
#[tracing::instrument(skip_all, fields(sku = %order.sku, quantity = order.quantity))]
pub async fn place_order(
    store: &Store,
    gateway: &dyn PaymentGateway,
    order: &NewOrder,
    placement: &Placement,
) -> Result<(Order, Payment), CheckoutError> {
    if let Some(idempotency) = &placement.idempotency
        && let Some(placed) = replay(store, gateway, idempotency).await?
    {
        return Ok(placed);
    }
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
                idempotency: placement
                    .idempotency
                    .as_ref()
                    .map(|idempotency| (idempotency.key.as_str(), idempotency.request_hash.as_str())),
            },
        )
        .await;
    let pending = match pending {
        Ok(pending) => pending,
        Err(ReserveError::KeyTaken) => {
            // A call with the same key committed its order while this one waited.
            let retried = match &placement.idempotency {
                Some(idempotency) => replay(store, gateway, idempotency).await?,
                None => None,
            };
            return retried.ok_or(CheckoutError::KeyInFlight);
        }
        Err(ReserveError::SoldOut) => return Err(CheckoutError::SoldOut),
        Err(ReserveError::TooManyForEmail) => return Err(CheckoutError::TooManyForEmail),
        Err(ReserveError::TooManyForClient { next_expiry }) => {
            return Err(CheckoutError::TooManyForClient {
                retry_after: Duration::from_millis(u64::try_from(next_expiry - now).unwrap_or(0)),
            });
        }
        Err(ReserveError::Store(error)) => return Err(CheckoutError::Store(error)),
    };
    let payment = match create_payment(store, gateway, &pending).await {
        Ok(payment) => payment,
        Err(error) => {
            // Nothing was charged: give the units back at once.
            store.close_pending_order(&pending.id, OrderStatus::Failed).await?;
            return Err(error);
        }
    };
    tracing::info!(order = %pending.id, payment = %payment.id, amount = pending.amount.cents(), "order placed");
    Ok((pending, payment))
}

/// The order an earlier call with the same idempotency key placed, if any, and its
/// payment: asked of the gateway again under the order's id, which gives back the
/// same payment and client secret (and creates it if the first call died before).
async fn replay(
    store: &Store,
    gateway: &dyn PaymentGateway,
    idempotency: &IdempotencyKey,
) -> Result<Option<(Order, Payment)>, CheckoutError> {
    let Some(claim) = store.idempotency_claim(&idempotency.key, now_millis()).await? else {
        return Ok(None);
    };
    if claim.request_hash != idempotency.request_hash {
        return Err(CheckoutError::KeyReused);
    }
    let order = store.order(&claim.order_id).await?.ok_or(sqlx::Error::RowNotFound)?;
    if order.status != OrderStatus::Pending {
        return Err(CheckoutError::AlreadyClosed(order.status));
    }
    let payment = create_payment(store, gateway, &order).await?;
    tracing::info!(order = %order.id, payment = %payment.id, "create call retried: answered with its first order");
    Ok(Some((order, payment)))
}

/// Creates (or, for a retry, finds) the order's payment at the gateway, keyed by the
/// order id, and records it on the order.
async fn create_payment(store: &Store, gateway: &dyn PaymentGateway, order: &Order) -> Result<Payment, CheckoutError> {
    let payment = gateway
        .create_payment(&NewPayment {
            amount: order.amount,
            idempotency_key: order.id.clone(),
            order_id: order.id.clone(),
            order_reference: order.reference.clone(),
            description: format!("{} × {}", order.item_name, order.quantity),
            receipt_email: order.buyer_email.clone(),
        })
        .await?;
    if order
        .payment_id
        .as_ref()
        .is_some_and(|attached| *attached != payment.id)
    {
        // Only a change of gateway between the calls can do this; that payment cannot be used.
        return Err(GatewayError::UnexpectedState(format!("order {} has another payment", order.id)).into());
    }
    store
        .attach_payment(&order.id, &payment.id, &crate::secrets::digest(&payment.client_secret))
        .await?;
    Ok(payment)
}

/// Undoes a placement whose buyer never got the answer (the request was cut off):
/// the payment is cancelled so it cannot be paid, and the units go back at once
/// instead of staying held for the whole reservation period.
/// Its idempotency key is forgotten, so the client's retry places a new order.
pub async fn abandon_placement(
    store: &Store,
    gateway: &dyn PaymentGateway,
    order: &Order,
    payment: &Payment,
    idempotency: Option<&IdempotencyKey>,
) {
    match gateway.cancel_payment(&payment.id).await {
        Ok(_) | Err(GatewayError::NotFound(_)) => {
            if let Some(idempotency) = idempotency
                && let Err(error) = store.forget_idempotency_key(&idempotency.key, &order.id).await
            {
                tracing::warn!(order = %order.id, %error, "could not forget an abandoned checkout's idempotency key");
            }
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
