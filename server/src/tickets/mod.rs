//! Tickets per attendee (DESIGN.md §8): a paid ticket order of N people issues N
//! tickets, each with its own door code. The buyer names and transfers them until
//! the transfer cut-off; the door accepts each code once.

mod codes;

pub use codes::{display_code, new_ticket_code, normalize_code};

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
