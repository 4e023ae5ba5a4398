//! Giving money back. A refund under the terms cancels its order (DESIGN.md §4.10):
//! tickets void, stock back on sale, transfers over, whatever share of the money it
//! returns; a goodwill refund that keeps the order valid is an explicit choice.
//!
//! A refund is recorded as pending before the gateway is asked, the gateway call is
//! keyed by that record, and the record is completed in the transaction that updates
//! the order, cancels it, and queues the buyer's email. So a refund repeated, raced, or
//! interrupted by a crash is made exactly once.

use time::Date;

use super::refund_policy::{PolicyRefund, policy_refund};
use super::{Order, OrderStatus};
use crate::domain::Money;
use crate::event::Event;
use crate::payments::{GatewayError, PaymentGateway, stripe::RETRY_BUDGET};
use crate::store::{BeginRefundError, NewRefund, RefundRecord, RefundStatus, Store, now_millis};

/// What the organizer asked for.
#[derive(Debug, Clone)]
pub struct RefundRequest {
    /// `None`: what the policy gives today.
    pub amount: Option<Money>,
    /// Required when the amount is not the policy's.
    pub reason: String,
    /// Whether the order is cancelled (true unless the organizer chose a goodwill refund).
    pub cancel: bool,
    /// The same key for the same order is the same refund.
    pub idempotency_key: String,
    pub actor: String,
}

impl RefundRequest {
    /// What was asked, as a digest: the same key asked for another refund is refused.
    fn digest(&self) -> String {
        let asked = serde_json::json!({
            "amount": self.amount.map(Money::cents),
            "reason": self.reason.trim(),
            "cancel": self.cancel,
        });
        crate::secrets::digest(&asked.to_string())
    }
}

/// A refund of an exact amount, once its amount and rule are settled.
#[derive(Debug, Clone)]
pub struct IssueRefund<'a> {
    pub amount: Money,
    /// The rule that gave the amount: full, half, merchandise, override, goodwill, sold_out.
    pub policy: &'a str,
    pub reason: &'a str,
    /// False only for a goodwill refund, which keeps the order valid.
    pub cancels_order: bool,
    /// The digest of the organizer's request, when there was one.
    pub request_hash: Option<&'a str>,
    pub idempotency_key: &'a str,
    pub actor: &'a str,
}

#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    #[error("no such order")]
    NotFound,
    #[error("only a paid order can be refunded")]
    NotPaid,
    #[error("the order has been refunded in full")]
    NothingLeft,
    #[error("the refund policy gives nothing today")]
    PolicyGivesNothing(PolicyRefund),
    #[error("an amount other than the policy's needs a reason")]
    ReasonRequired,
    #[error("at most {refundable} can still be refunded")]
    TooMuch { refundable: Money },
    #[error("a goodwill refund needs an amount and a reason")]
    GoodwillNeedsAmount,
    #[error("a goodwill refund must leave part of the order paid: less than {refundable}")]
    GoodwillTooMuch { refundable: Money },
    #[error("this idempotency key was used for another refund")]
    KeyReused,
    #[error("another refund of this order is under way")]
    InProgress,
    #[error("this refund failed: {0}")]
    Failed(String),
    #[error(transparent)]
    Gateway(GatewayError),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Refunds an order by the event's policy on `today` (the venue's date), or by the
/// organizer's amount with a reason.
pub async fn refund_order(
    store: &Store,
    gateway: &dyn PaymentGateway,
    event: &Event,
    order_id: &str,
    request: &RefundRequest,
    today: Date,
) -> Result<RefundRecord, RefundError> {
    let order = store.order(order_id).await?.ok_or(RefundError::NotFound)?;
    let request_hash = request.digest();
    if let Some(earlier) = store.refund_by_key(&order.id, &request.idempotency_key).await? {
        if earlier
            .request_hash
            .as_ref()
            .is_some_and(|asked| *asked != request_hash)
        {
            return Err(RefundError::KeyReused);
        }
        return replay(store, gateway, earlier).await;
    }
    if !matches!(order.status, OrderStatus::Paid | OrderStatus::Refunded) {
        return Err(RefundError::NotPaid);
    }
    let refundable = order.amount.cents() - order.refunded_amount.cents();
    if refundable <= 0 {
        return Err(RefundError::NothingLeft);
    }
    let policy = policy_refund(event, &order, today);
    let reason = request.reason.trim();
    let (amount, rule) = match request.amount {
        None if !request.cancel => return Err(RefundError::GoodwillNeedsAmount),
        Some(amount) if !request.cancel => {
            if reason.is_empty() {
                return Err(RefundError::ReasonRequired);
            }
            if !(1..refundable).contains(&amount.cents()) {
                return Err(RefundError::GoodwillTooMuch {
                    refundable: Money::from_cents(refundable),
                });
            }
            (amount, "goodwill")
        }
        Some(amount) if amount != policy.amount || policy.amount.cents() == 0 => {
            if reason.is_empty() {
                return Err(RefundError::ReasonRequired);
            }
            if !(1..=refundable).contains(&amount.cents()) {
                return Err(RefundError::TooMuch {
                    refundable: Money::from_cents(refundable),
                });
            }
            (amount, "override")
        }
        _ if policy.amount.cents() == 0 => return Err(RefundError::PolicyGivesNothing(policy)),
        _ => (policy.amount, policy.window.as_str()),
    };
    let reason = if reason.is_empty() {
        policy.explanation.as_str()
    } else {
        reason
    };
    issue_refund(
        store,
        gateway,
        &order,
        &IssueRefund {
            amount,
            policy: rule,
            reason,
            cancels_order: request.cancel,
            request_hash: Some(&request_hash),
            idempotency_key: &request.idempotency_key,
            actor: &request.actor,
        },
    )
    .await
}

/// Refunds an exact amount of a paid order.
pub async fn issue_refund(
    store: &Store,
    gateway: &dyn PaymentGateway,
    order: &Order,
    refund: &IssueRefund<'_>,
) -> Result<RefundRecord, RefundError> {
    if let Some(earlier) = store.refund_by_key(&order.id, refund.idempotency_key).await? {
        return replay(store, gateway, earlier).await;
    }
    if let Some(pending) = store.pending_refund(&order.id).await? {
        // A concurrent call with this key began it between the two reads: it is this
        // refund, and completing it again is keyed, so it is made once.
        if pending.idempotency_key == refund.idempotency_key {
            return replay(store, gateway, pending).await;
        }
        // A refund left pending longer than any gateway call takes was cut off (a crash,
        // a lost answer): finish it first, with its own key, before deciding anything new.
        let stale_before = now_millis() - i64::try_from(RETRY_BUDGET.as_millis()).unwrap_or(i64::MAX) - 10_000;
        if pending.created_at > stale_before {
            return Err(RefundError::InProgress);
        }
        complete(store, gateway, pending).await?;
        let order = store.order(&order.id).await?.ok_or(RefundError::NotFound)?;
        return Box::pin(issue_refund(store, gateway, &order, refund)).await;
    }
    let begun = store
        .begin_refund(&NewRefund {
            order_id: &order.id,
            idempotency_key: refund.idempotency_key,
            amount: refund.amount,
            policy: refund.policy,
            reason: refund.reason,
            cancels_order: refund.cancels_order,
            request_hash: refund.request_hash,
            actor: refund.actor,
        })
        .await;
    let record = match begun {
        Ok(record) => record,
        Err(BeginRefundError::TooMuch { refundable }) => return Err(RefundError::TooMuch { refundable }),
        // A concurrent call for this order got there first; with the same key it is this refund.
        Err(BeginRefundError::Conflict) => {
            return match store.refund_by_key(&order.id, refund.idempotency_key).await? {
                Some(earlier) => replay(store, gateway, earlier).await,
                None => Err(RefundError::InProgress),
            };
        }
        Err(BeginRefundError::Store(error)) => return Err(error.into()),
    };
    complete(store, gateway, record).await
}

/// The answer to a refund asked for again with the same key.
async fn replay(
    store: &Store,
    gateway: &dyn PaymentGateway,
    earlier: RefundRecord,
) -> Result<RefundRecord, RefundError> {
    match earlier.status {
        RefundStatus::Succeeded => Ok(earlier),
        RefundStatus::Pending => complete(store, gateway, earlier).await,
        RefundStatus::Failed => Err(RefundError::Failed(earlier.error.unwrap_or_default())),
    }
}

/// Asks the gateway for a pending refund (again, if need be: the call is keyed by the
/// refund) and records the outcome.
async fn complete(
    store: &Store,
    gateway: &dyn PaymentGateway,
    record: RefundRecord,
) -> Result<RefundRecord, RefundError> {
    let order = store.order(&record.order_id).await?.ok_or(RefundError::NotFound)?;
    let Some(payment_id) = order.payment_id.as_deref() else {
        store.fail_refund(&record.id, "the order has no payment").await?;
        return Err(RefundError::NotPaid);
    };
    match gateway
        .refund(payment_id, record.amount, &format!("refund-{}", record.id))
        .await
    {
        Ok(done) => {
            let record = store.complete_refund(&record.id, &done.id).await?;
            tracing::info!(order = %record.order_id, refund = %record.id, amount = record.amount.cents(), "refund made");
            Ok(record)
        }
        // Not knowing whether the gateway acted, the refund stays pending; asking
        // again with its key finishes it without refunding twice.
        Err(error @ (GatewayError::Unavailable(_) | GatewayError::Database(_))) => Err(RefundError::Gateway(error)),
        Err(error) => {
            store.fail_refund(&record.id, &error.to_string()).await?;
            Err(RefundError::Gateway(error))
        }
    }
}
