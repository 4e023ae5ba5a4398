//! Workshop seats' rules, apart from where seats are kept (`store/seats.rs`): which sessions take sign-ups and with
//! how many seats, when sign-up is open, when two sessions clash, which ticket types include workshops, and when the
//! evening-before reminder is due.

mod reminders;

use time::{Duration, OffsetDateTime, PrimitiveDateTime};

use crate::event::{Event, WorkshopTerms};
use crate::programme::SessionKind;

pub use reminders::{REMINDERS_EVERY, run_seat_reminders};

/// The largest seat limit the back office may set.
pub const MAX_SEAT_LIMIT: i64 = 10_000;

/// The back office's choice for one session; `None` keeps the programme's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Override {
    pub signup: Option<bool>,
    pub seat_limit: Option<u32>,
}

/// What a session's sign-up depends on.
#[derive(Debug, Clone, Copy)]
pub struct SessionFacts {
    pub kind: SessionKind,
    pub room_capacity: Option<u32>,
    pub start: OffsetDateTime,
    pub end: OffsetDateTime,
}

/// Whether the session takes sign-ups (workshops by default, any session the back office switches on), and with how
/// many seats: the organizer's limit, else the room's capacity. A session with neither takes none.
pub fn seat_limit(facts: &SessionFacts, chosen: Override) -> Option<u32> {
    if !chosen.signup.unwrap_or(facts.kind == SessionKind::Workshop) {
        return None;
    }
    chosen.seat_limit.or(facts.room_capacity)
}

/// When a session's sign-up opens and closes: the event file's times, by default from the programme's publication
/// to the session's start (never after it: a seat in a session under way is no longer reserved).
pub fn window(terms: &WorkshopTerms, published_at: OffsetDateTime, start: OffsetDateTime) -> Window {
    Window {
        opens_at: terms.signup_opens.unwrap_or(published_at),
        closes_at: terms.signup_closes.map_or(start, |closes| closes.min(start)),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub opens_at: OffsetDateTime,
    pub closes_at: OffsetDateTime,
}

impl Window {
    pub fn is_open(&self, now: OffsetDateTime) -> bool {
        self.opens_at <= now && now < self.closes_at
    }
}

/// Two sessions clash when their times overlap; one ending as the other starts does not.
pub fn clash(a: (OffsetDateTime, OffsetDateTime), b: (OffsetDateTime, OffsetDateTime)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// How many seats one ticket of `ticket_type` may hold; 0 for a type the event file no longer has.
pub fn seats_per_ticket(event: &Event, ticket_type: &str) -> u32 {
    event
        .ticket_by_type(ticket_type)
        .map_or(0, |ticket| ticket.workshop_seats)
}

/// When the holders of a seat in a session starting at `start` are reminded: at the reminder's time on the venue's
/// evening before.
pub fn reminder_at(terms: &WorkshopTerms, start: OffsetDateTime) -> OffsetDateTime {
    let day_before = start.date() - Duration::days(1);
    PrimitiveDateTime::new(day_before, terms.reminder_time).assume_offset(start.offset())
}

/// Whether a session is nearly full, for the dashboard: a tenth of its seats left or fewer, or at most 3.
pub fn nearly_full(limit: u32, left: i64) -> bool {
    left <= 3 || left * 10 <= i64::from(limit)
}

#[cfg(test)]
mod tests;
