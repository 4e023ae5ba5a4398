use std::time::Duration;

use super::{HoldCap, NewOrder, Order, OrderKind, OrderStatus, new_pickup_code, new_reference};
use crate::domain::BillingDetails;
use crate::event::HoldLimits;
use crate::payments::{CURRENCY, GatewayError, NewPayment, Payment, PaymentGateway, PaymentStatus};
use crate::store::{CodeUse, NewPendingOrder, PaidTransition, ReserveError, Store, now_millis};

/// What orders nobody pays for (a total of zero) record as their gateway: none was asked.
pub const NO_PAYMENT: &str = "none";

/// Where and for how long an order holds its stock.
#[derive(Debug, Clone)]
pub struct Placement {
    pub hold_for: Duration,
    /// The client address (an IPv6 client's /64), from `middleware::client_address`.
    pub client_address: String,
    /// `None` when limits are off (`RATE_LIMITS=off`, for load tests).
    pub caps: Option<HoldLimits>,
    pub idempotency: Option<IdempotencyKey>,
}

/// A create call's `Idempotency-Key` and a hash of what the call asked for: a retry
/// with both the same gets the order the first call placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    /// The client's key within its scope, the call and the client's address, as a digest:
    /// another client sending the same (guessable) key names another order.
    pub key: String,
    pub request_hash: String,
}

impl IdempotencyKey {
    /// The key a client at `client_address` sent with a create call that asked for `asked`.
    /// The request is hashed as parsed, before it is priced: the same request sent with
    /// other spacing or field order is the same request (even if the price has moved on
    /// since), another item, buyer, amount or code is not.
    pub fn new(key: &str, client_address: &str, asked: &Asked<'_>) -> Self {
        let mut request = serde_json::json!({
            "kind": asked.kind.as_str(),
            "buyerName": asked.buyer_name,
            "buyerEmail": asked.buyer_email,
            "sku": asked.sku,
            "variantSku": asked.variant_sku,
            "quantity": asked.quantity,
            "options": asked.options,
            "clientAmount": asked.client_amount,
            "code": asked.code.map(|code| code.trim().to_uppercase()).filter(|code| !code.is_empty()),
            "billing": asked.billing,
        });
        // Only when given, so that a request without answers hashes as it did before they existed.
        if !asked.answers.is_empty() {
            request["answers"] = serde_json::json!(asked.answers);
        }
        Self {
            key: crate::secrets::digest(&format!("{}\n{client_address}\n{key}", asked.kind.as_str())),
            request_hash: crate::secrets::digest(&request.to_string()),
        }
    }
}

/// What a create call asked for, as parsed.
#[derive(Debug, Clone, Copy)]
pub struct Asked<'a> {
    pub kind: OrderKind,
    pub buyer_name: &'a str,
    pub buyer_email: &'a str,
    pub sku: &'a str,
    pub variant_sku: Option<&'a str>,
    pub quantity: i64,
    pub options: &'a serde_json::Value,
    /// The total the client saw.
    pub client_amount: Option<i64>,
    /// The code as the buyer typed it.
    pub code: Option<&'a str>,
    pub billing: Option<&'a BillingDetails>,
    /// The buyer's answers for their own ticket (question id, stored JSON).
    pub answers: &'a [(String, String)],
}

impl NewOrder {
    /// What the create call that placed this order asked for, with the total it saw.
    pub fn asked(&self, client_amount: Option<i64>) -> Asked<'_> {
        Asked {
            kind: self.kind,
            buyer_name: &self.buyer_name,
            buyer_email: &self.buyer_email,
            sku: &self.sku,
            variant_sku: self.variant_sku.as_deref(),
            quantity: self.quantity,
            options: &self.options,
            client_amount,
            code: self.quote.code.as_ref().map(|code| code.code.as_str()),
            billing: self.billing.as_ref(),
            answers: &self.buyer_answers,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("sold out")]
    SoldOut,
    #[error("this email already holds as much as open checkouts may")]
    EmailHolds(HoldCap),
    #[error("this network already holds as much as open checkouts may")]
    AddressHolds {
        cap: HoldCap,
        /// When the first of what it holds stops counting: a checkout expires, a free order's day ends.
        retry_after: Duration,
    },
    #[error("the idempotency key was used for a different request")]
    KeyReused,
    #[error("a request with the same idempotency key is still being placed")]
    KeyInFlight,
    #[error("the order placed with this idempotency key is {0:?}")]
    AlreadyClosed(OrderStatus),
    #[error("the code has no uses left for this order")]
    CodeUsedUp,
    #[error("the code has made as many orders for this email as it may")]
    CodeUsedByEmail,
    #[error("the price phase ended since the order was priced")]
    PhaseEnded,
    #[error(transparent)]
    Gateway(#[from] GatewayError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Step 1 of every purchase: reserve stock and store the pending order in one
/// transaction, then create the gateway payment keyed by the order id, so a
/// retried creation can never make a second charge. With an idempotency key, a
/// retried call gets the order its first call placed and holds nothing more: the
/// key is recorded with the order, and a key already taken rolls the reservation
/// back and answers the first order ([`replay_placement`], which the API asks first).
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
    let free = order.amount().cents() == 0;
    let pending = store
        .create_pending_order(
            order,
            &NewPendingOrder {
                id: &id,
                reference: &reference,
                pickup_code: pickup_code.as_deref(),
                expires_at,
                gateway: if free { NO_PAYMENT } else { gateway.name() },
                client_address: &placement.client_address,
                caps: placement.caps,
                idempotency: placement
                    .idempotency
                    .as_ref()
                    .map(|idempotency| (idempotency.key.as_str(), idempotency.request_hash.as_str())),
                code: order.quote.code.as_ref().map(|code| CodeUse {
                    id: code.id.clone(),
                    code: code.code.clone(),
                    units: order.quantity,
                }),
            },
        )
        .await;
    let pending = match pending {
        Ok(pending) => pending,
        Err(ReserveError::KeyTaken) => {
            // A call with the same key placed its order first (or committed it while this one waited).
            let retried = match &placement.idempotency {
                Some(idempotency) => replay_placement(store, gateway, idempotency).await?,
                None => None,
            };
            return retried.ok_or(CheckoutError::KeyInFlight);
        }
        Err(ReserveError::SoldOut) => return Err(CheckoutError::SoldOut),
        Err(ReserveError::EmailHolds(cap)) => return Err(CheckoutError::EmailHolds(cap)),
        Err(ReserveError::AddressHolds { cap, next_release }) => {
            return Err(CheckoutError::AddressHolds {
                cap,
                retry_after: Duration::from_millis(u64::try_from(next_release - now).unwrap_or(0)),
            });
        }
        Err(ReserveError::CodeUsedUp) => return Err(CheckoutError::CodeUsedUp),
        Err(ReserveError::CodeUsedByEmail) => return Err(CheckoutError::CodeUsedByEmail),
        Err(ReserveError::PhaseEnded) => return Err(CheckoutError::PhaseEnded),
        Err(ReserveError::Store(error)) => return Err(CheckoutError::Store(error)),
    };
    if free {
        return Ok((pending.clone(), settle_without_payment(store, &pending).await?));
    }
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

/// Pays an order whose total is zero (a 100% code) at once, without a gateway: its tickets are
/// issued and its receipt queued as for any paid order. The browser goes on as after a paid
/// payment, with a payment id and client secret of the site's own that no gateway knows.
async fn settle_without_payment(store: &Store, order: &Order) -> Result<Payment, CheckoutError> {
    let payment = Payment {
        id: format!("free_{}", uuid::Uuid::new_v4().simple()),
        client_secret: format!("free_secret_{}", crate::secrets::random_token()),
        amount: order.amount,
        currency: CURRENCY.to_owned(),
        status: PaymentStatus::Succeeded,
        order_id: Some(order.id.clone()),
    };
    store
        .attach_payment(&order.id, &payment.id, &crate::secrets::digest(&payment.client_secret))
        .await?;
    match store.mark_order_paid(&order.id).await? {
        PaidTransition::Paid(_) | PaidTransition::AlreadyPaid(_) => {
            tracing::info!(order = %order.id, "order with nothing to pay placed and paid");
            Ok(payment)
        }
        PaidTransition::NotFound => Err(sqlx::Error::RowNotFound.into()),
    }
}

/// The order an earlier call with the same idempotency key placed, if any, and its
/// payment: asked of the gateway again under the order's id, which gives back the
/// same payment and client secret (and creates it if the first call died before).
pub async fn replay_placement(
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
