//! How the purchase steps' failures answer, shared by every kind of purchase.

use crate::error::ApiError;
use crate::orders::{CheckoutError, FulfilError};
use crate::payments::GatewayError;

pub fn checkout_error(error: CheckoutError, item_name: &str) -> ApiError {
    match error {
        CheckoutError::SoldOut => ApiError::Conflict(format!("Sorry, the {item_name} is sold out.")),
        CheckoutError::Gateway(error) => gateway_error(error),
        CheckoutError::Store(error) => error.into(),
    }
}

pub fn fulfil_error(error: FulfilError) -> ApiError {
    match error {
        FulfilError::UnknownPayment => ApiError::NotFound("No purchase was found for this payment.".into()),
        FulfilError::NotPaid(_) => ApiError::Conflict("The payment has not been completed.".into()),
        FulfilError::Mismatch(_) => {
            ApiError::Conflict("This payment does not match its order. Please contact us before paying again.".into())
        }
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
