//! The day-before email, queued by a periodic job as the seat reminders are: once per holder of a valid ticket, from
//! the event file's `[emails] day_before_time` on the day before the event until its first day ends.

use std::sync::Arc;
use std::time::Duration;

use time::{OffsetDateTime, PrimitiveDateTime, Time};

use crate::clock::Clock;
use crate::event::Event;
use crate::store::Store;

/// How often the emails due are looked for.
pub const DAY_BEFORE_EVERY: Duration = Duration::from_secs(60);

/// When the day-before emails go out: from the event file's time on the day before the event, until its first day
/// ends (a site that was down at that time, or a ticket bought that evening, still gets one).
pub fn day_before_window(event: &Event) -> (OffsetDateTime, OffsetDateTime) {
    let first_day_ends = PrimitiveDateTime::new(event.starts_at.date() + time::Duration::days(1), Time::MIDNIGHT)
        .assume_offset(event.starts_at.offset());
    (event.emails.day_before_at(event.starts_at), first_day_ends)
}

pub async fn run_day_before_emails(store: Store, event: Arc<Event>, clock: Arc<dyn Clock>, every: Duration) {
    let (from, until) = day_before_window(&event);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store.queue_day_before_emails(from, until, clock.now()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "queued day-before emails"),
            Err(error) => tracing::warn!(%error, "could not queue the day-before emails"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_before_email_goes_from_the_files_time_until_the_first_day_ends() {
        let mut event = Event::parse(
            include_str!("../../../conference.toml"),
            std::path::Path::new("conference.toml"),
        )
        .unwrap();
        assert_eq!(
            day_before_window(&event),
            (
                time::macros::datetime!(2026-05-17 17:00 -4),
                time::macros::datetime!(2026-05-19 00:00 -4)
            )
        );
        event.emails.day_before_time = time::macros::time!(09:30);
        assert_eq!(
            day_before_window(&event).0,
            time::macros::datetime!(2026-05-17 09:30 -4)
        );
    }
}
