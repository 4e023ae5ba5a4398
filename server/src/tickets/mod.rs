//! Tickets per attendee (DESIGN.md §8): a paid ticket order of N people issues N
//! tickets, each with its own door code. The buyer names and transfers them until
//! the transfer cut-off; the door accepts each code once.

mod attendance;
mod codes;
mod day_before;
mod wallet_key;

pub use attendance::days_attended;
pub use codes::{code_digest, display_code, new_ticket_code, normalize_code};
pub use day_before::{DAY_BEFORE_EVERY, day_before_window, run_day_before_emails};
pub use wallet_key::{opens_wallet, wallet_key};

use time::{Date, Duration};

use crate::event::Event;

/// How many days before the event tickets can still be named or transferred (the brief's pricing page).
pub const TRANSFER_DAYS_BEFORE: i64 = 7;

/// The last day (at the venue) a ticket can be named or transferred.
pub fn transfer_until(event: &Event) -> Date {
    let first_day = event.starts_at.date();
    first_day
        .checked_sub(Duration::days(TRANSFER_DAYS_BEFORE))
        .unwrap_or(first_day)
}

/// How often a seat, and an order's seats together, may change hands in a day: each
/// hand-over emails a ticket to an address the giver typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandoverCaps {
    pub per_ticket: i64,
    pub per_order: i64,
}

impl HandoverCaps {
    /// The day they count over, rolling.
    pub const WINDOW_MILLIS: i64 = 24 * 60 * 60 * 1000;
    pub const PER_TICKET: i64 = 3;
    /// Beyond naming each seat once, an order's seats may change hands this many more times a day.
    pub const ORDER_MARGIN: i64 = 5;

    /// The caps for an order of `seats` tickets: every seat can be named, and a few mistakes mended.
    pub fn for_order(seats: i64) -> Self {
        Self {
            per_ticket: Self::PER_TICKET,
            per_order: seats + Self::ORDER_MARGIN,
        }
    }
}
