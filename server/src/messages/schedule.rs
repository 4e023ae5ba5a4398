//! Scheduled messages go out when due: a periodic job, as the expiry sweeper runs its own. Each message is claimed
//! by a conditional update in the transaction that queues its emails (`Store::send_due_messages`), so several
//! instances, or one restarted, send it once.

use std::time::Duration;

use crate::store::{Store, now_millis};

/// How often due messages are looked for: a message goes out within this of its time.
pub const SCHEDULE_EVERY: Duration = Duration::from_secs(30);

pub async fn run_scheduled_messages(store: Store, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store.send_due_messages(now_millis()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "queued the emails of scheduled messages"),
            Err(error) => tracing::warn!(%error, "could not send scheduled messages"),
        }
    }
}
