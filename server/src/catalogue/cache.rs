//! The four catalogue answers as bytes ready to send. The event's facts and the merchandise
//! never change while the server runs and are prepared once; tickets and sponsorship tiers
//! carry availability, so they are remade from the stock as soon as this instance changes it,
//! and at least every half second for other instances' sales: never served a second old.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::error::ApiError;
use crate::event::Event;
use crate::precompressed::Precompressed;
use crate::store::Store;

use super::{Catalogue, PaymentSettings, TicketView, TierView, ticket_views, tier_views};

/// Younger snapshots are served as they are.
const FRESH_FOR: Duration = Duration::from_millis(500);
/// While one request remakes the snapshot, others may serve the old one up to this age.
pub const MAX_AGE: Duration = Duration::from_secs(1);

// Public, but availability changes: browsers revalidate every time (a 304 when unchanged).
const CACHE_CONTROL: &str = "no-cache";
const JSON: &str = "application/json";

pub struct CatalogueCache {
    event: Arc<Event>,
    store: Store,
    config: Precompressed,
    merchandise: Precompressed,
    prerender_digest: String,
    current: RwLock<Option<Arc<Snapshot>>>,
    remaking: tokio::sync::Mutex<()>,
}

/// What depends on the stock, as of `made_at`.
pub struct Snapshot {
    made_at: Instant,
    /// The store's stock version when it was read: this instance's own sales show at once.
    stock_version: u64,
    pub tickets: Vec<TicketView>,
    pub sponsorship_tiers: Vec<TierView>,
    pub tickets_answer: Precompressed,
    pub sponsorship_tiers_answer: Precompressed,
}

impl CatalogueCache {
    pub fn new(
        event: Arc<Event>,
        public_url: &str,
        payments: &PaymentSettings,
        store: Store,
    ) -> Result<Self, time::error::Format> {
        let catalogue = Catalogue::new(&event, public_url, payments, None)?;
        Ok(Self {
            config: Precompressed::compress(to_json(&catalogue.config), JSON, CACHE_CONTROL),
            merchandise: Precompressed::compress(to_json(&catalogue.merchandise), JSON, CACHE_CONTROL),
            prerender_digest: Catalogue::for_prerendering(&event, payments)?.digest(),
            event,
            store,
            current: RwLock::new(None),
            remaking: tokio::sync::Mutex::new(()),
        })
    }

    pub fn config(&self) -> &Precompressed {
        &self.config
    }

    pub fn merchandise(&self) -> &Precompressed {
        &self.merchandise
    }

    /// The digest of the catalogue pages are prerendered with from this event file and these
    /// settings; a page made from another is stale.
    pub fn prerender_digest(&self) -> &str {
        &self.prerender_digest
    }

    /// Tickets and tiers with their current availability.
    pub async fn snapshot(&self) -> Result<Arc<Snapshot>, ApiError> {
        if let Some(snapshot) = self.younger_than(FRESH_FOR) {
            return Ok(snapshot);
        }
        let _remaking = match self.remaking.try_lock() {
            Ok(guard) => guard,
            Err(_) => {
                if let Some(snapshot) = self.younger_than(MAX_AGE) {
                    return Ok(snapshot);
                }
                self.remaking.lock().await
            }
        };
        // Made by the request this one waited for.
        if let Some(snapshot) = self.younger_than(FRESH_FOR) {
            return Ok(snapshot);
        }
        // Read before the stock: a change in between is caught by the next request.
        let version = self.store.stock_version();
        let stock = self.store.stock_remaining().await?;
        let previous = self.current();
        let snapshot = Arc::new(self.make(&stock, version, previous.as_deref()));
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(snapshot.clone());
        Ok(snapshot)
    }

    fn current(&self) -> Option<Arc<Snapshot>> {
        self.current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn younger_than(&self, age: Duration) -> Option<Arc<Snapshot>> {
        let version = self.store.stock_version();
        self.current()
            .filter(|snapshot| snapshot.stock_version == version && snapshot.made_at.elapsed() < age)
    }

    fn make(&self, stock: &HashMap<String, i64>, stock_version: u64, previous: Option<&Snapshot>) -> Snapshot {
        let tickets = ticket_views(&self.event, Some(stock));
        let sponsorship_tiers = tier_views(&self.event, Some(stock));
        let tickets_json = to_json(&tickets);
        let tiers_json = to_json(&sponsorship_tiers);
        // Unchanged answers keep their compressed bytes.
        let reuse = |json: Vec<u8>, old: Option<&Precompressed>| match old {
            Some(old) if old.identity().as_ref() == json.as_slice() => old.clone(),
            _ => Precompressed::compress(json, JSON, CACHE_CONTROL),
        };
        Snapshot {
            made_at: Instant::now(),
            stock_version,
            tickets_answer: reuse(tickets_json, previous.map(|previous| &previous.tickets_answer)),
            sponsorship_tiers_answer: reuse(tiers_json, previous.map(|previous| &previous.sponsorship_tiers_answer)),
            tickets,
            sponsorship_tiers,
        }
    }
}

fn to_json(value: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(value).expect("catalogue answers are plain data")
}
