//! Forgetting on time: once the event's end and the days the event file keeps personal data (`[privacy]`) have
//! passed, a daily job erases it; an owner erases one person sooner, on request (`api/admin/privacy.rs`). What each
//! table keeps and loses is `store/privacy.rs`'s to know.

use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;

use crate::clock::Clock;
use crate::event::Event;
use crate::store::{Erased, Store};

/// How often the job looks whether today's erasure is due: it runs once a day, within the hour.
pub const RETENTION_CHECK_EVERY: Duration = Duration::from_secs(60 * 60);
/// Who the audit log says erased.
pub const RETENTION_ACTOR: &str = "retention job";

pub async fn run_retention(store: Store, event: Arc<Event>, clock: Arc<dyn Clock>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match erase_if_due(&store, &event, clock.now()).await {
            Ok(Some(erased)) => tracing::info!(
                orders = erased.orders,
                tickets = erased.tickets,
                registrations = erased.registrations,
                entries = erased.entries,
                "erased personal data past its keeping date"
            ),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "could not erase personal data past its keeping date"),
        }
    }
}

/// Erases what is not erased yet once `now` is past the keeping date, at most once on `now`'s day (UTC) whatever
/// the instances; answers what it erased, or `None` when it is not due or ran today already.
pub async fn erase_if_due(store: &Store, event: &Event, now: OffsetDateTime) -> Result<Option<Erased>, sqlx::Error> {
    if now < event.privacy.erase_from(event.ends_at) {
        return Ok(None);
    }
    let day = now.to_offset(time::UtcOffset::UTC).date();
    let day = format!("{:04}-{:02}-{:02}", day.year(), u8::from(day.month()), day.day());
    store.erase_personal_data(&day, RETENTION_ACTOR).await
}
