//! An order's history for the organizer: what happened to it, when, and who did it,
//! merged from the order itself, its refunds, its emails and the audit log.

use serde::Serialize;

use crate::orders::{Order, OrderStatus};
use crate::store::{AuditEntry, OutboxEmail, RefundRecord, RefundStatus};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    pub at: i64,
    /// created, paid, expired, failed, email, refund, note, resend, retry, check_in…
    pub kind: String,
    pub text: String,
    /// Who did it, for changes made in the back office.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub actor: Option<String>,
}

fn entry(at: i64, kind: &str, text: String, actor: Option<&str>) -> TimelineEntry {
    TimelineEntry {
        at,
        kind: kind.to_owned(),
        text,
        actor: actor.map(str::to_owned),
    }
}

/// The order's history, oldest first.
pub fn timeline(
    order: &Order,
    refunds: &[RefundRecord],
    emails: &[OutboxEmail],
    audit: &[AuditEntry],
) -> Vec<TimelineEntry> {
    let mut entries = vec![entry(
        order.created_at,
        "created",
        format!(
            "Order placed: {} × {} for {}",
            order.item_name, order.quantity, order.amount
        ),
        None,
    )];
    if let Some(paid_at) = order.paid_at {
        entries.push(entry(
            paid_at,
            "paid",
            format!("Paid {} through {}", order.amount, order.gateway),
            None,
        ));
    }
    match order.status {
        OrderStatus::Expired => entries.push(entry(
            order.updated_at,
            "expired",
            "Not paid in time: the reservation expired and the payment was cancelled".into(),
            None,
        )),
        OrderStatus::Failed => entries.push(entry(
            order.updated_at,
            "failed",
            "The payment failed or was cancelled".into(),
            None,
        )),
        _ => {}
    }
    if let Some(reason) = &order.refund_reason {
        entries.push(entry(
            order.updated_at,
            "flagged",
            format!("Flagged for a refund: {reason}"),
            None,
        ));
    }
    for refund in refunds {
        let text = match refund.status {
            RefundStatus::Succeeded => format!("Refunded {} ({}): {}", refund.amount, refund.policy, refund.reason),
            RefundStatus::Pending => format!("Refund of {} under way: {}", refund.amount, refund.reason),
            RefundStatus::Failed => format!(
                "Refund of {} failed: {}",
                refund.amount,
                refund.error.as_deref().unwrap_or("the payment provider refused it")
            ),
        };
        entries.push(entry(
            refund.completed_at.unwrap_or(refund.created_at),
            "refund",
            text,
            Some(&refund.actor),
        ));
    }
    for email in emails {
        let what = match email.kind.as_str() {
            "order_confirmation" => "Confirmation email",
            "refund_confirmation" => "Refund email",
            _ => "Email",
        };
        let text = match (email.status.as_str(), &email.last_error) {
            ("sent", _) => format!("{what} sent to {}", email.recipient),
            ("failed", Some(error)) => format!(
                "{what} to {} failed after {} attempts: {error}",
                email.recipient, email.attempts
            ),
            (_, Some(error)) => format!(
                "{what} to {} not sent yet (attempt {}): {error}",
                email.recipient, email.attempts
            ),
            _ => format!("{what} to {} queued", email.recipient),
        };
        entries.push(entry(email.sent_at.unwrap_or(email.created_at), "email", text, None));
    }
    for change in audit
        .iter()
        .filter(|change| !matches!(change.action.as_str(), "refund" | "refund_failed"))
    {
        let text = match change.action.as_str() {
            "note" => format!("Note: {}", change.detail["text"].as_str().unwrap_or_default()),
            "resend_confirmation" => "Confirmation email sent again".to_owned(),
            "retry_email" => "Failed email queued again".to_owned(),
            "check_in" => format!(
                "Checked in at the door with {}",
                change.detail["code"]
                    .as_str()
                    .map(crate::tickets::display_code)
                    .unwrap_or_default()
            ),
            "pickup" => "Handed over at the merchandise desk".to_owned(),
            "ticket_named" => format!(
                "Ticket {} given to {} ({}) by the buyer",
                change.detail["position"],
                change.detail["attendeeName"].as_str().unwrap_or_default(),
                change.detail["attendeeEmail"].as_str().unwrap_or_default()
            ),
            other => other.replace('_', " "),
        };
        entries.push(entry(change.at, &change.action, text, Some(&change.actor)));
    }
    entries.sort_by_key(|entry| entry.at);
    entries
}
