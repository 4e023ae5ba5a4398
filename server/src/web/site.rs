//! What the web side serves, loaded once at start-up and shared by its handlers.

use std::sync::{Arc, OnceLock};

use super::assets::Assets;
use super::pages::Pages;
use super::special_pricing;
use crate::catalogue::CatalogueCache;
use crate::clock::Clock;
use crate::event::Event;
use crate::precompressed::Precompressed;
use crate::programme_site::{ProgrammeSite, Published};
use crate::state::AppState;
use crate::store::Store;

/// What the web side serves, loaded once at start-up.
pub struct Site {
    pub(super) event: Arc<Event>,
    pub(super) public_url: String,
    pub(super) catalogue: Arc<CatalogueCache>,
    pub(super) programme: Arc<ProgrammeSite>,
    pub(super) store: Store,
    /// Which day the schedule opens on.
    pub(super) clock: Arc<dyn Clock>,
    pub(super) assets: Assets,
    pub(super) pages: Pages,
    pub(super) special_pricing: Option<Precompressed>,
    /// Drawn when first asked for: start-up stays quick, and most instances never need them.
    pub(super) share_image: OnceLock<Precompressed>,
    pub(super) icons: [OnceLock<Precompressed>; 3],
}

impl Site {
    pub fn load(state: &AppState) -> Self {
        let web_dir = &state.settings.web_dir;
        let assets = Assets::load(web_dir).unwrap_or_else(|error| {
            tracing::warn!(%error, web_dir = %web_dir.display(), "cannot read the built app's files");
            Assets::default()
        });
        let pages = Pages::load(web_dir, &state.event, &state.settings.public_url);
        tracing::debug!(files = assets.len(), "built app loaded");
        let special_pricing = special_pricing::page(&state.event, &state.settings.public_url)
            .inspect_err(|error| tracing::error!(%error, "cannot make the special pricing page"))
            .ok();
        Self {
            event: state.event.clone(),
            public_url: state.settings.public_url.clone(),
            catalogue: state.catalogue.clone(),
            programme: state.programme.clone(),
            store: state.store.clone(),
            clock: state.clock.clone(),
            assets,
            pages,
            special_pricing,
            share_image: OnceLock::new(),
            icons: Default::default(),
        }
    }
}

impl Site {
    /// The programme's current version; none before the first import or when it cannot be read (logged), so that
    /// the other pages are still served.
    pub(super) async fn published(&self) -> Option<Arc<Published>> {
        self.programme
            .current(&self.store)
            .await
            .inspect_err(|error| tracing::error!(%error, "cannot read the programme for the pages"))
            .ok()
            .flatten()
    }
}
