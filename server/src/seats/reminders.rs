//! The evening-before reminders, queued by a periodic job as the expiry sweeper runs its own: each seat's reminder
//! is marked on its row when queued, so several instances, or one restarted, queue it once.

use std::sync::Arc;
use std::time::Duration;

use crate::event::Event;
use crate::store::Store;

/// How often the reminders due are looked for.
pub const REMINDERS_EVERY: Duration = Duration::from_secs(60);

pub async fn run_seat_reminders(store: Store, event: Arc<Event>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store
            .queue_seat_reminders(&event, time::OffsetDateTime::now_utc())
            .await
        {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "queued workshop seat reminders"),
            Err(error) => tracing::warn!(%error, "could not queue workshop seat reminders"),
        }
    }
}
