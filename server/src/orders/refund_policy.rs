//! What the event's refund policy gives back on a given day (the brief's §9):
//! tickets in full until `full_refund_until`, half until `half_refund_until`, nothing
//! after; merchandise until it is picked up; sponsorships by agreement.

use serde::Serialize;
use time::Date;

use super::{Order, OrderKind};
use crate::domain::Money;
use crate::event::{Event, long_date};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefundWindow {
    Full,
    Half,
    /// The ticket refund period has ended.
    Closed,
    /// Merchandise not yet picked up.
    Merchandise,
    /// Merchandise handed over at the desk: no longer refundable.
    PickedUp,
    /// Sponsorships: whatever the organizer and the sponsor agree.
    ByAgreement,
}

impl RefundWindow {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Half => "half",
            Self::Closed => "closed",
            Self::Merchandise => "merchandise",
            Self::PickedUp => "picked_up",
            Self::ByAgreement => "by_agreement",
        }
    }
}

/// The policy's answer for one order on one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyRefund {
    pub window: RefundWindow,
    /// What may still be refunded under the policy, net of refunds already made.
    pub amount: Money,
    /// One sentence for the organizer, naming the rule and its dates.
    pub explanation: String,
}

/// `today` is the date at the venue.
pub fn policy_refund(event: &Event, order: &Order, today: Date) -> PolicyRefund {
    let already = order.refunded_amount.cents();
    let net = |total: i64| Money::from_cents((total - already).max(0));
    let (window, amount, explanation) = match order.kind {
        OrderKind::Ticket if today <= event.full_refund_until => (
            RefundWindow::Full,
            net(order.amount.cents()),
            format!(
                "Full refund: tickets are fully refundable until {}.",
                long_date(event.full_refund_until)
            ),
        ),
        OrderKind::Ticket if today <= event.half_refund_until => (
            RefundWindow::Half,
            net(order.amount.cents() / 2),
            format!(
                "50% refund: tickets are half refundable from {} to {}.",
                long_date(event.full_refund_until.next_day().unwrap_or(event.full_refund_until)),
                long_date(event.half_refund_until)
            ),
        ),
        OrderKind::Ticket => (
            RefundWindow::Closed,
            Money::from_cents(0),
            format!(
                "No refund: the ticket refund period ended on {}. You may still refund an amount with a reason.",
                long_date(event.half_refund_until)
            ),
        ),
        OrderKind::Merchandise if order.picked_up_at.is_some() => (
            RefundWindow::PickedUp,
            Money::from_cents(0),
            "No refund: merchandise is not refundable once picked up. You may still refund an amount with a reason."
                .to_owned(),
        ),
        OrderKind::Merchandise => (
            RefundWindow::Merchandise,
            net(order.amount.cents()),
            "Full refund: merchandise is refundable until it is picked up.".to_owned(),
        ),
        OrderKind::Sponsorship => (
            RefundWindow::ByAgreement,
            Money::from_cents(0),
            "Sponsorships are refunded as agreed with the sponsor: enter the amount and a reason.".to_owned(),
        ),
    };
    PolicyRefund {
        window,
        amount,
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use time::macros::date;

    use super::*;
    use crate::orders::OrderStatus;

    fn event() -> Event {
        Event::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap()
    }

    fn ticket_order(amount: i64, refunded: i64) -> Order {
        Order {
            id: "o1".into(),
            reference: "CW-1".into(),
            kind: OrderKind::Ticket,
            status: OrderStatus::Paid,
            buyer_name: "Ana".into(),
            buyer_email: "ana@example.com".into(),
            sku: "ticket:vip".into(),
            variant_sku: None,
            item_name: "VIP Pass".into(),
            unit_price: Money::from_cents(amount),
            quantity: 1,
            options: serde_json::json!({}),
            amount: Money::from_cents(amount),
            refunded_amount: Money::from_cents(refunded),
            currency: "usd".into(),
            gateway: "sandbox".into(),
            payment_id: None,
            client_secret_hash: None,
            client_secret_retired_at: None,
            client_address: None,
            units_held: 1,
            pickup_code: None,
            last_payment_error: None,
            refund_reason: None,
            manage_token_hash: None,
            picked_up_at: None,
            picked_up_by: None,
            created_at: 0,
            updated_at: 0,
            expires_at: 0,
            paid_at: Some(0),
            phase: None,
            discounts: Vec::new(),
            code: None,
            tax: None,
            billing: None,
            billing_corrected_at: None,
        }
    }

    #[test]
    fn tickets_follow_the_three_windows_of_the_brief() {
        let event = event();
        let order = ticket_order(129_900, 0);
        let on = |day| policy_refund(&event, &order, day);

        assert_eq!(
            (
                on(date!(2026 - 03 - 18)).window,
                on(date!(2026 - 03 - 18)).amount.cents()
            ),
            (RefundWindow::Full, 129_900)
        );
        assert_eq!(
            (
                on(date!(2026 - 03 - 19)).window,
                on(date!(2026 - 03 - 19)).amount.cents()
            ),
            (RefundWindow::Half, 64_950)
        );
        assert_eq!(on(date!(2026 - 04 - 18)).window, RefundWindow::Half);
        assert_eq!(
            (
                on(date!(2026 - 04 - 19)).window,
                on(date!(2026 - 04 - 19)).amount.cents()
            ),
            (RefundWindow::Closed, 0)
        );
        assert!(
            on(date!(2026 - 03 - 19))
                .explanation
                .contains("March 19, 2026 to April 18, 2026")
        );
    }

    #[test]
    fn what_was_refunded_already_counts_against_the_policy() {
        let event = event();
        let partly = ticket_order(129_900, 50_000);
        assert_eq!(
            policy_refund(&event, &partly, date!(2026 - 01 - 10)).amount.cents(),
            79_900
        );
        assert_eq!(
            policy_refund(&event, &partly, date!(2026 - 04 - 01)).amount.cents(),
            14_950
        );
        let more_than_half = ticket_order(129_900, 70_000);
        assert_eq!(
            policy_refund(&event, &more_than_half, date!(2026 - 04 - 01))
                .amount
                .cents(),
            0
        );
    }

    #[test]
    fn sponsorships_are_refunded_by_agreement() {
        let mut order = ticket_order(5_000_000, 0);
        order.kind = OrderKind::Sponsorship;
        let policy = policy_refund(&event(), &order, date!(2026 - 01 - 10));
        assert_eq!((policy.window, policy.amount.cents()), (RefundWindow::ByAgreement, 0));
    }
}
