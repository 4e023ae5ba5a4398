//! The programme as the site publishes it: one view of each version, read from the store when the version changes
//! (one cheap query a request tells, so that every instance follows an import), with the pages rendered from it
//! and the files apps read. Used by `api/` (the programme's JSON and exports) and `web/` (the pages).

mod address;
mod head;
pub mod html;
mod published;
mod view;
pub mod visitor_clock;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

pub use address::{Address, PageKey};
pub use published::{CACHE_CONTROL, Exports, Published};
pub use view::{SignUp, View};

use crate::event::Event;
use crate::store::{ProgrammeRevision, Store};

#[derive(Debug, thiserror::Error)]
pub enum ProgrammeSiteError {
    #[error("cannot read the programme: {0}")]
    Database(#[from] sqlx::Error),
    #[error("rendering the programme failed: {0}")]
    Render(#[from] tokio::task::JoinError),
}

/// How long what the store said is believed without asking again, unless this process changed the programme
/// meanwhile: another instance's import or photo shows within it, and a page served does not cost a query.
const FRESH_FOR: Duration = Duration::from_millis(500);

/// The newest version published so far.
pub struct ProgrammeSite {
    event: Arc<Event>,
    public_url: String,
    newest: Mutex<Option<Arc<Published>>>,
    /// When the store was last asked, at which of this process's generations, and what it answered.
    checked: Mutex<Option<Checked>>,
}

#[derive(Clone)]
struct Checked {
    at: Instant,
    generation: u64,
    published: Option<Arc<Published>>,
}

impl ProgrammeSite {
    pub fn new(event: Arc<Event>, public_url: &str) -> Self {
        Self {
            event,
            public_url: public_url.trim_end_matches('/').to_owned(),
            newest: Mutex::new(None),
            checked: Mutex::new(None),
        }
    }

    /// The programme's current version; none before the first import.
    pub async fn current(&self, store: &Store) -> Result<Option<Arc<Published>>, ProgrammeSiteError> {
        let generation = store.programme_generation();
        if let Some(checked) = self.checked_lately(generation) {
            return Ok(checked);
        }
        let published = self.read(store).await?;
        *self.checked.lock().unwrap_or_else(PoisonError::into_inner) = Some(Checked {
            at: Instant::now(),
            generation,
            published: published.clone(),
        });
        Ok(published)
    }

    fn checked_lately(&self, generation: u64) -> Option<Option<Arc<Published>>> {
        let checked = self.checked.lock().unwrap_or_else(PoisonError::into_inner);
        checked
            .as_ref()
            .filter(|checked| checked.generation == generation && checked.at.elapsed() < FRESH_FOR)
            .map(|checked| checked.published.clone())
    }

    async fn read(&self, store: &Store) -> Result<Option<Arc<Published>>, ProgrammeSiteError> {
        let Some(revision) = store.programme_revision().await? else {
            return Ok(None);
        };
        if let Some(kept) = self.kept(revision) {
            return Ok(Some(kept));
        }
        // The version may have moved on since it was asked for: publish what this snapshot holds, under its number.
        let current = store.versioned_programme().await?;
        let versions = store.programme_versions().await?;
        let photos = store.speaker_photos().await?;
        let overrides = store.seat_overrides().await?.into_iter().collect();
        let (event, public_url) = (Arc::clone(&self.event), self.public_url.clone());
        // A large programme takes milliseconds of CPU to index: off the threads that answer requests.
        let published = tokio::task::spawn_blocking(move || {
            View::new(current, versions, &photos, &overrides, revision, &event)
                .map(|view| Arc::new(Published::new(view, event, &public_url)))
        })
        .await?;
        let Ok(published) = published else {
            return Ok(None);
        };
        self.keep(&published);
        Ok(Some(published))
    }

    fn kept(&self, revision: ProgrammeRevision) -> Option<Arc<Published>> {
        let newest = self.newest.lock().unwrap_or_else(PoisonError::into_inner);
        newest.as_ref().filter(|kept| kept.view.revision == revision).cloned()
    }

    /// Two requests may publish the same version at once; an older one finishing last does not replace a newer.
    /// (Photos of one version carry no order: a photo's view replaced by an older one is published again by the next
    /// request, which finds the revision changed.)
    fn keep(&self, published: &Arc<Published>) {
        let mut newest = self.newest.lock().unwrap_or_else(PoisonError::into_inner);
        if newest
            .as_ref()
            .is_none_or(|kept| kept.view.number <= published.view.number)
        {
            *newest = Some(Arc::clone(published));
        }
    }
}
