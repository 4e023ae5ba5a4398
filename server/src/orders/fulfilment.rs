use std::time::{Duration, Instant};

use super::refunds::{IssueRefund, issue_refund};
use super::{NO_PAYMENT, Order, OrderStatus};
use crate::payments::{CURRENCY, GatewayError, Payment, PaymentGateway, PaymentStatus};
use crate::store::{PaidTransition, Store, is_transient};

#[derive(Debug, thiserror::Error)]
pub enum FulfilError {
    #[error("no order is paid by this payment")]
    UnknownPayment,
    #[error("the payment has not succeeded (status {0})")]
    NotPaid(String),
    /// The gateway's payment disagrees with the order: never fulfilled.
    #[error("the payment does not match its order: {0}")]
    Mismatch(String),
    /// Paid after its reservation lapsed, when nothing was left to sell.
    #[error("the item sold out before the payment arrived (refunded: {refunded})")]
    SoldOutBeforePayment { refunded: bool },
    #[error(transparent)]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Step 3 of every purchase, shared by the confirm calls and the webhook: asks
/// the gateway for the payment, checks it succeeded for the order's amount,
/// currency and id, and marks the order paid exactly once. Repeating it, or
/// running it concurrently, returns the same paid order.
#[tracing::instrument(skip(store, gateway))]
pub async fn fulfil_payment(
    store: &Store,
    gateway: &dyn PaymentGateway,
    payment_id: &str,
) -> Result<Order, FulfilError> {
    let order = store.order_by_payment(payment_id).await?;
    fulfil(store, gateway, payment_id, order, None).await
}

/// [`fulfil_payment`] for a payment whose order the caller has just looked up by the payment's id.
#[tracing::instrument(skip(store, gateway, order))]
pub async fn fulfil_payment_of(
    store: &Store,
    gateway: &dyn PaymentGateway,
    payment_id: &str,
    order: Order,
) -> Result<Order, FulfilError> {
    fulfil(store, gateway, payment_id, Some(order), None).await
}

/// [`fulfil_payment`] for a payment the gateway has just confirmed and answered, which needs
/// no asking again.
#[tracing::instrument(skip_all, fields(payment_id = %payment.id))]
pub async fn fulfil_confirmed_payment(
    store: &Store,
    gateway: &dyn PaymentGateway,
    payment: Payment,
) -> Result<Order, FulfilError> {
    let order = store.order_by_payment(&payment.id).await?;
    let payment_id = payment.id.clone();
    fulfil(store, gateway, &payment_id, order, Some(payment)).await
}

/// `order`: the order the payment's id names, if any; `payment`: the gateway's answer, when
/// the caller has it already.
async fn fulfil(
    store: &Store,
    gateway: &dyn PaymentGateway,
    payment_id: &str,
    order: Option<Order>,
    payment: Option<Payment>,
) -> Result<Order, FulfilError> {
    if let Some(order) = &order
        && order.gateway == NO_PAYMENT
    {
        // Nothing to pay: settled when it was placed, without a gateway.
        return match order.status {
            OrderStatus::Paid | OrderStatus::Refunded => Ok(order.clone()),
            status => Err(FulfilError::NotPaid(status.as_str().to_owned())),
        };
    }
    if let Some(order) = &order
        && order.gateway == gateway.name()
        && matches!(order.status, OrderStatus::Paid | OrderStatus::Refunded)
        && order.refund_reason.is_none()
    {
        // Already paid by this very payment, which was checked then: the same answer, without
        // asking the gateway again.
        return Ok(order.clone());
    }
    let payment = match payment {
        Some(payment) => payment,
        None => gateway
            .retrieve_payment(payment_id)
            .await
            .map_err(|error| match error {
                GatewayError::NotFound(_) => FulfilError::UnknownPayment,
                other => FulfilError::Gateway(other),
            })?,
    };
    // A webhook can arrive before the order learned its payment id; the
    // metadata set at creation names the order.
    let order = match order.filter(|order| order.payment_id.as_deref() == Some(payment.id.as_str())) {
        Some(order) => order,
        None => match store.order_by_payment(&payment.id).await? {
            Some(order) => order,
            None => {
                let order_id = payment.order_id.as_deref().ok_or(FulfilError::UnknownPayment)?;
                let order = store.order(order_id).await?.ok_or(FulfilError::UnknownPayment)?;
                store
                    .attach_payment(&order.id, &payment.id, &crate::secrets::digest(&payment.client_secret))
                    .await?;
                store.order(order_id).await?.ok_or(FulfilError::UnknownPayment)?
            }
        },
    };
    if order.gateway != gateway.name() {
        // A sandbox order in a database now used with Stripe, or the reverse: never paid here.
        return Err(FulfilError::UnknownPayment);
    }
    if order.payment_id.as_deref() != Some(payment.id.as_str()) {
        return Err(FulfilError::Mismatch(format!("order {} has another payment", order.id)));
    }
    if payment.status != PaymentStatus::Succeeded {
        return Err(FulfilError::NotPaid(payment.status.as_str().to_owned()));
    }
    if payment.amount != order.amount || payment.currency != CURRENCY || payment.currency != order.currency {
        tracing::error!(order = %order.id, charged = payment.amount.cents(), expected = order.amount.cents(),
            currency = %payment.currency, "payment amount or currency differs from the order");
        return Err(FulfilError::Mismatch(format!(
            "charged {} {}, order is {} {}",
            payment.amount.cents(),
            payment.currency,
            order.amount.cents(),
            order.currency
        )));
    }
    if payment.order_id.as_deref().is_some_and(|order_id| order_id != order.id) {
        return Err(FulfilError::Mismatch(format!(
            "payment metadata names another order than {}",
            order.id
        )));
    }
    match mark_paid_despite_overload(store, order).await? {
        PaidTransition::Paid(order) | PaidTransition::AlreadyPaid(order) if order.refund_reason.is_some() => {
            Err(refund_unhonoured(store, gateway, &order).await)
        }
        PaidTransition::Paid(order) => {
            tracing::info!(order = %order.id, reference = %order.reference, "order paid");
            Ok(order)
        }
        PaidTransition::AlreadyPaid(order) => Ok(order),
        PaidTransition::NotFound => Err(FulfilError::UnknownPayment),
    }
}

/// The gateway has taken the money: a database too busy to record it right now is waited
/// for (up to half the request timeout), not reported as a failure the buyer must retry.
async fn mark_paid_despite_overload(store: &Store, order: Order) -> Result<PaidTransition, sqlx::Error> {
    let give_up_at = Instant::now() + Duration::from_secs(30);
    let mut wait = Duration::from_millis(25);
    let order_id = order.id.clone();
    let mut read = Some(order);
    loop {
        let marked = match read.take() {
            Some(order) => store.mark_read_order_paid(order).await,
            None => store.mark_order_paid(&order_id).await,
        };
        match marked {
            Err(error) if is_transient(&error) && Instant::now() + wait < give_up_at => {
                tracing::warn!(order = %order_id, %error, "database busy while marking an order paid; trying again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(1));
            }
            result => return result,
        }
    }
}

/// Gives the money back for an order that cannot be honoured. The refund is keyed by
/// the order, so repeating this never refunds twice; if the gateway fails, the order
/// stays flagged for the organizer.
async fn refund_unhonoured(store: &Store, gateway: &dyn PaymentGateway, order: &Order) -> FulfilError {
    if order.status == OrderStatus::Refunded {
        return FulfilError::SoldOutBeforePayment { refunded: true };
    }
    let refund = IssueRefund {
        amount: order.amount,
        policy: "sold_out",
        reason: "Paid after the reservation lapsed, when the item had sold out.",
        cancels_order: true,
        request_hash: None,
        idempotency_key: "sold-out",
        actor: "system",
    };
    match issue_refund(store, gateway, order, &refund).await {
        Ok(refund) => {
            tracing::warn!(order = %order.id, refund = %refund.id, "late payment for a sold-out item refunded");
            FulfilError::SoldOutBeforePayment { refunded: true }
        }
        Err(error) => {
            tracing::error!(order = %order.id, %error, "could not refund a late payment; the order stays flagged");
            FulfilError::SoldOutBeforePayment { refunded: false }
        }
    }
}

/// A declined attempt: the order stays pending so the buyer can try another card.
pub async fn record_payment_failure(store: &Store, payment_id: &str, message: &str) -> Result<(), sqlx::Error> {
    store.record_payment_error(payment_id, message).await
}

/// The payment was canceled at the gateway: the order fails and its units return.
pub async fn cancel_payment(store: &Store, payment_id: &str) -> Result<(), sqlx::Error> {
    if let Some(order) = store.order_by_payment(payment_id).await? {
        store.close_pending_order(&order.id, OrderStatus::Failed).await?;
    }
    Ok(())
}
