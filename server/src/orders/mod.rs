//! Orders and their lifecycle (DESIGN.md §5): `pending` → `paid` | `failed` |
//! `expired`, and `paid` → `refunded`. Tickets, merchandise and sponsorships all
//! go through the same three steps: place, fulfil, expire.

mod checkout;
mod expiry;
mod fulfilment;
pub mod refund_policy;
mod refunds;

pub use crate::domain::{HoldCap, NewOrder, Order, OrderKind, OrderStatus};
pub use crate::event::sku;

pub use checkout::{
    Asked, CheckoutError, IdempotencyKey, NO_PAYMENT, Placement, abandon_placement, place_order, replay_placement,
};
pub use expiry::{EXPIRY_SWEEP_EVERY, expire_reservations, run_expiry_sweeper};
pub use fulfilment::{
    FulfilError, cancel_payment, fulfil_confirmed_payment, fulfil_payment, fulfil_payment_of, record_payment_failure,
};
pub use refund_policy::{PolicyRefund, RefundWindow, policy_refund};
pub use refunds::{IssueRefund, RefundError, RefundRequest, issue_refund, refund_order};

/// Every limit of the event file, by stock keeping unit.
pub fn stock_limits(event: &crate::event::Event) -> Vec<(String, i64)> {
    let tickets = event
        .tickets
        .iter()
        .filter_map(|ticket| Some((sku::ticket(&ticket.ticket_type), i64::from(ticket.limit?))));
    let merchandise = event.merchandise.iter().flat_map(|item| {
        let whole = item.limit.map(|limit| (sku::merchandise(item.id), i64::from(limit)));
        let variants = item.variant_limits.iter().map(|variant| {
            let key = sku::merchandise_variant(item.id, variant.size.as_deref(), variant.color.as_deref());
            (key, i64::from(variant.limit))
        });
        whole.into_iter().chain(variants)
    });
    let sponsorships = event
        .sponsorship_tiers
        .iter()
        .filter_map(|tier| Some((sku::sponsorship(&tier.value), i64::from(tier.limit?))));
    let phases = crate::pricing::Item::all(event).flat_map(|item| {
        let item_sku = item.sku();
        item.sale()
            .phases
            .iter()
            .filter_map(move |phase| Some((sku::phase(&item_sku, &phase.name), i64::from(phase.units?))))
    });
    tickets.chain(merchandise).chain(sponsorships).chain(phases).collect()
}

/// A short code a buyer can read out: "CW-7K3P9QXM" (Crockford base32, no I, L, O or U).
pub fn new_reference() -> String {
    format!("CW-{}", random_code(8))
}

/// The code shown at the merchandise pickup desk: "PU-4F7K2Q".
pub fn new_pickup_code() -> String {
    format!("PU-{}", random_code(6))
}

fn random_code(length: usize) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let random = uuid::Uuid::new_v4().as_u128();
    (0..length)
        .map(|index| ALPHABET[((random >> (index * 5)) & 31) as usize] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_short_readable_and_distinct() {
        let first = new_reference();
        assert_eq!(first.len(), 11);
        assert!(first.starts_with("CW-"));
        assert!(first[3..].chars().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()));
        assert!(!first[3..].contains(['I', 'L', 'O', 'U']));
        assert_ne!(first, new_reference());
        let pickup = new_pickup_code();
        assert!(pickup.starts_with("PU-") && pickup.len() == 9, "{pickup}");
    }

    #[test]
    fn order_kinds_and_statuses_read_back_as_themselves() {
        assert_eq!(OrderStatus::parse("expired"), Some(OrderStatus::Expired));
        assert_eq!(OrderKind::parse("sponsorship"), Some(OrderKind::Sponsorship));
    }
}
