//! What every kind of purchase shares at the HTTP edge: the price check, the
//! reservation and its caps, the created-payment answer, finding the order a
//! confirmation is about, and how failures answer.

use std::time::Duration;

use serde::Serialize;
use tokio::sync::oneshot;

use crate::domain::Money;
use crate::error::ApiError;
use crate::middleware::ClientAddress;
use crate::orders::{
    self, CheckoutError, FulfilError, IdempotencyKey, NewOrder, OpenReservationCaps, Order, OrderKind, OrderStatus,
    Placement,
};
use crate::payments::GatewayError;
use crate::state::AppState;

/// The answer to every `create-*` call.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCreated {
    /// What pays the order: Stripe.js's `confirmPayment`, or `POST /api/sandbox/confirm`.
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e_secret_9b2c4e6a8d0f4b1c8e7a6d5c4b3a2f10")]
    pub client_secret: String,
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    pub payment_intent_id: String,
    pub order_id: String,
    /// The order's total in cents, at the server's price.
    pub amount: Money,
}

/// Refuses a client's amount that differs from the server's (DESIGN.md §4.1),
/// then places the order: reserve, store it pending, create the payment. A call
/// with an `Idempotency-Key` already used for the same request gets that order.
///
/// The placement runs on its own task and always finishes: if the request is cut
/// off before the answer (client gone, timeout), the task cancels the payment and
/// releases the stock at once instead of leaving a hold nobody can pay.
pub async fn place_at_server_price(
    state: &AppState,
    order: NewOrder,
    client_amount: Option<i64>,
    sold_out_message: String,
    client: ClientAddress,
    idempotency_key: Option<String>,
) -> Result<PaymentCreated, ApiError> {
    if client_amount.is_some_and(|amount| amount != order.amount().cents()) {
        return Err(ApiError::Conflict(
            "The price has changed. Please reload the page to see the current price.".into(),
        ));
    }
    let placement = Placement {
        hold_for: Duration::from_secs(u64::from(state.settings.reservation_minutes) * 60),
        client_address: client.to_string(),
        caps: state.settings.rate_limits.then_some(OpenReservationCaps::DEFAULT),
        idempotency: idempotency_key.map(|key| IdempotencyKey::new(key, &order, client_amount)),
    };
    let (answer, answered) = oneshot::channel();
    let (store, gateway) = (state.store.clone(), state.gateway.clone());
    tokio::spawn(async move {
        let placed = orders::place_order(&store, gateway.as_ref(), &order, &placement).await;
        if let Err(Ok((order, payment))) = answer.send(placed) {
            let idempotency = placement.idempotency.as_ref();
            orders::abandon_placement(&store, gateway.as_ref(), &order, &payment, idempotency).await;
        }
    });
    let placed = answered
        .await
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("the checkout task ended without an answer")))?;
    let (order, payment) = placed.map_err(|error| match error {
        CheckoutError::SoldOut => ApiError::Conflict(sold_out_message),
        CheckoutError::TooManyForEmail => ApiError::Conflict(format!(
            "This email address already has {} checkouts in progress. Please complete one of them, or wait until \
             they expire ({} minutes after they were started), before starting another.",
            OpenReservationCaps::DEFAULT.per_email,
            state.settings.reservation_minutes,
        )),
        CheckoutError::TooManyForClient { retry_after } => ApiError::RateLimited {
            message: "Too many checkouts are in progress from your network. Please complete an earlier checkout, \
                      or wait for it to expire, before starting another."
                .into(),
            retry_after,
        },
        CheckoutError::KeyReused => ApiError::Conflict(
            "This Idempotency-Key was already used for a different request. Send a new key for a new purchase.".into(),
        ),
        CheckoutError::KeyInFlight => ApiError::Conflict(
            "A request with this Idempotency-Key is still being processed. Please try again in a moment.".into(),
        ),
        CheckoutError::AlreadyClosed(OrderStatus::Paid | OrderStatus::Refunded) => {
            ApiError::Conflict("This purchase has already been paid. Your confirmation is on its way by email.".into())
        }
        CheckoutError::AlreadyClosed(_) => ApiError::Conflict(
            "This checkout has expired and its items were released. Please start your purchase again.".into(),
        ),
        CheckoutError::Gateway(error) => gateway_error(error),
        CheckoutError::Store(error) => error.into(),
    })?;
    Ok(PaymentCreated {
        client_secret: payment.client_secret,
        payment_intent_id: payment.id,
        order_id: order.id,
        amount: order.amount,
    })
}

/// The order of `kind` that `payment_id` pays, looked up before anything is asked of
/// the gateway, so made-up ids never reach it.
pub async fn order_paid_by(
    state: &AppState,
    payment_id: &str,
    kind: OrderKind,
    not_found_message: &str,
) -> Result<Order, ApiError> {
    match state.store.order_by_payment(payment_id).await? {
        Some(order) if order.kind == kind => Ok(order),
        _ => Err(ApiError::NotFound(not_found_message.to_owned())),
    }
}

/// Whether the caller proved to be the buyer by sending the payment's client secret,
/// which only the buyer's browser was given (it comes back in the gateway's return URL).
pub fn is_buyer(order: &Order, client_secret: Option<&str>) -> bool {
    client_secret.is_some_and(|secret| order.is_buyer_secret(secret))
}

pub fn fulfil_error(error: FulfilError) -> ApiError {
    match error {
        FulfilError::UnknownPayment => ApiError::NotFound("No purchase was found for this payment.".into()),
        FulfilError::NotPaid(_) => ApiError::Conflict("The payment has not been completed.".into()),
        FulfilError::Mismatch(_) => {
            ApiError::Conflict("This payment does not match its order. Please contact us before paying again.".into())
        }
        FulfilError::SoldOutBeforePayment { refunded: true } => ApiError::Conflict(
            "Sorry, this sold out before your payment arrived. Your payment has been refunded.".into(),
        ),
        FulfilError::SoldOutBeforePayment { refunded: false } => ApiError::Conflict(
            "Sorry, this sold out before your payment arrived. Your payment will be refunded and we will contact you."
                .into(),
        ),
        FulfilError::Gateway(error) => gateway_error(error),
        FulfilError::Store(error) => error.into(),
    }
}

pub fn gateway_error(error: GatewayError) -> ApiError {
    match error {
        GatewayError::CardDeclined { message, code } => ApiError::PaymentRefused { message, code },
        GatewayError::NotFound(_) => ApiError::NotFound("No purchase was found for this payment.".into()),
        GatewayError::UnexpectedState(_) => {
            ApiError::Conflict("This payment can no longer be changed. Please start your purchase again.".into())
        }
        GatewayError::Unavailable(cause) => ApiError::PaymentProvider(anyhow::anyhow!(cause)),
    }
}
