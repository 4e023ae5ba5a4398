//! Scheduled messages go out when due: a periodic job, as the expiry sweeper runs its own. Each message is claimed
//! by a conditional update in the transaction that queues its emails (`Store::send_due_messages`), so several
//! instances, or one restarted, send it once.

use std::sync::Arc;
use std::time::Duration;

use crate::clock::{Clock, unix_millis};
use crate::store::Store;

/// How often due messages are looked for: a message goes out within this of its time.
pub const SCHEDULE_EVERY: Duration = Duration::from_secs(30);

/// Sends what is due by `clock`: the time the back office checked `sendAt` against.
pub async fn run_scheduled_messages(store: Store, clock: Arc<dyn Clock>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store.send_due_messages(unix_millis(clock.now())).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "queued the emails of scheduled messages"),
            Err(error) => tracing::warn!(%error, "could not send scheduled messages"),
        }
    }
}
