//! The reminder to answer, queued by a periodic job as the seat reminders are: once per named holder whose required
//! questions are still open, a week before the last day for changes (and, for a holder named later, a day after they
//! were named), until that day ends.

use std::sync::Arc;
use std::time::Duration;

use time::{OffsetDateTime, PrimitiveDateTime, Time};

use crate::clock::Clock;
use crate::event::Event;
use crate::store::Store;
use crate::tickets::transfer_until;

/// How often the reminders due are looked for.
pub const ANSWER_REMINDERS_EVERY: Duration = Duration::from_secs(60);

/// The venue's time of day the reminders start going out.
const REMINDERS_AT: Time = time::macros::time!(10:00);
/// Days before the last day for changes the reminders start.
const DAYS_BEFORE_THE_LAST_DAY: i64 = 7;

/// When holders are reminded: from 10:00 at the venue a week before the last day answers can be changed, until that
/// day ends; answering is closed after it, so reminding is pointless.
pub fn reminders_window(event: &Event) -> (OffsetDateTime, OffsetDateTime) {
    let last_day = transfer_until(event);
    let venue = event.starts_at.offset();
    let from = PrimitiveDateTime::new(last_day - time::Duration::days(DAYS_BEFORE_THE_LAST_DAY), REMINDERS_AT);
    let until = PrimitiveDateTime::new(last_day + time::Duration::days(1), Time::MIDNIGHT);
    (from.assume_offset(venue), until.assume_offset(venue))
}

pub async fn run_answer_reminders(store: Store, event: Arc<Event>, clock: Arc<dyn Clock>, every: Duration) {
    let (from, until) = reminders_window(&event);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store.queue_answer_reminders(&event, from, until, clock.now()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "queued reminders to answer the event's questions"),
            Err(error) => tracing::warn!(%error, "could not queue reminders to answer the event's questions"),
        }
    }
}
