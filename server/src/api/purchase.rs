//! What every kind of purchase shares at the HTTP edge: the price check, the
//! reservation period, the created-payment answer, and how failures answer.

use std::time::Duration;

use serde::Serialize;

use crate::app::AppState;
use crate::domain::Money;
use crate::error::ApiError;
use crate::orders::{self, CheckoutError, FulfilError, NewOrder};
use crate::payments::GatewayError;

/// The answer to every `create-*` call.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCreated {
    pub client_secret: String,
    pub payment_intent_id: String,
    pub order_id: String,
    pub amount: Money,
}

/// Refuses a client's amount that differs from the server's (DESIGN.md §4.1),
/// then places the order: reserve, store it pending, create the payment.
pub async fn place_at_server_price(
    state: &AppState,
    order: &NewOrder,
    client_amount: Option<i64>,
    sold_out_message: String,
) -> Result<PaymentCreated, ApiError> {
    if client_amount.is_some_and(|amount| amount != order.amount().cents()) {
        return Err(ApiError::Conflict(
            "The price has changed. Please reload the page to see the current price.".into(),
        ));
    }
    let hold_for = Duration::from_secs(u64::from(state.settings.reservation_minutes) * 60);
    let (order, payment) = orders::place_order(&state.store, state.gateway.as_ref(), order, hold_for)
        .await
        .map_err(|error| match error {
            CheckoutError::SoldOut => ApiError::Conflict(sold_out_message),
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
        GatewayError::Unavailable(cause) => ApiError::PaymentProvider(anyhow::anyhow!(cause)),
    }
}
