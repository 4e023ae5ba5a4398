//! The four catalogue answers as bytes ready to send. The event's facts never change while
//! the server runs and are prepared once; the lists carry sales and prices, which follow the
//! stock and the calendar, so they are remade as soon as this instance changes the stock, at
//! least every half second for other instances' sales, and at the next instant the calendar
//! changes a window or a price phase: never served a second old, nor past a boundary. The
//! sponsor wall rides along: an approval shows at once here, and within the same half
//! second on other instances.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use time::OffsetDateTime;

use crate::clock::{Clock, unix_millis};
use crate::error::ApiError;
use crate::event::Event;
use crate::precompressed::Precompressed;
use crate::pricing::next_boundary;
use crate::sponsors::{self, WallSponsor};
use crate::store::Store;

use super::{
    Catalogue, MerchandiseView, Moment, PUBLIC_URL_PLACEHOLDER, PaymentSettings, TicketView, TierView,
    merchandise_views, ticket_views, tier_views,
};

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
    clock: Arc<dyn Clock>,
    payments: PaymentSettings,
    config: Precompressed,
    current: RwLock<Option<Arc<Snapshot>>>,
    remaking: tokio::sync::Mutex<()>,
}

/// What depends on the stock and the calendar, as of `made_at`.
pub struct Snapshot {
    made_at: Instant,
    /// The store's stock version when it was read: this instance's own sales show at once.
    stock_version: u64,
    /// The next instant the calendar changes a window or a phase: stale from then on.
    valid_until: Option<OffsetDateTime>,
    pub tickets: Vec<TicketView>,
    pub merchandise: Vec<MerchandiseView>,
    pub sponsorship_tiers: Vec<TierView>,
    pub tickets_answer: Precompressed,
    pub merchandise_answer: Precompressed,
    pub sponsorship_tiers_answer: Precompressed,
    /// The approved sponsors, `/api/sponsors`'s answer, and the wall as the pages show it.
    pub sponsors: Vec<WallSponsor>,
    pub sponsors_answer: Precompressed,
    pub wall_html: String,
    /// The digest prerendered pages must have been made from to be served now.
    pub prerender_digest: String,
}

/// The three lists with a hidden item a code unlocks.
pub struct Unlocked {
    pub tickets: Vec<TicketView>,
    pub merchandise: Vec<MerchandiseView>,
    pub sponsorship_tiers: Vec<TierView>,
}

impl CatalogueCache {
    pub fn new(
        event: Arc<Event>,
        public_url: &str,
        payments: &PaymentSettings,
        store: Store,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, time::error::Format> {
        let nothing_sold = HashMap::new();
        let moment = Moment {
            now: clock.now(),
            stock: &nothing_sold,
            unlocked: None,
            early: &[],
        };
        let catalogue = Catalogue::new(&event, public_url, payments, moment)?;
        Ok(Self {
            config: Precompressed::compress(to_json(&catalogue.config), JSON, CACHE_CONTROL),
            payments: payments.clone(),
            event,
            store,
            clock,
            current: RwLock::new(None),
            remaking: tokio::sync::Mutex::new(()),
        })
    }

    pub fn config(&self) -> &Precompressed {
        &self.config
    }

    /// The lists with their current sales and prices.
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
        let sponsors = sponsors::wall(&self.event, self.store.sponsor_wall().await?);
        let previous = self.current();
        let snapshot = Arc::new(self.make(&stock, sponsors, version, previous.as_deref()));
        *self.current.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(snapshot.clone());
        Ok(snapshot)
    }

    /// The lists as the holder of `code` sees them, when it is a code that changes them: with
    /// the hidden item it unlocks, the units it holds for its holder (a waiting-list offer) and
    /// the items it opens before their public sales (a presale's link). `None` for any other
    /// code, or one that no longer works.
    pub async fn unlocked_by(&self, code: &str) -> Result<Option<Unlocked>, ApiError> {
        let now = self.clock.now();
        let now_millis = unix_millis(now);
        let Some(code) = self.store.code_by_text(code).await? else {
            return Ok(None);
        };
        let works = !code.disabled
            && code.kind.within_bounds()
            && code.uses < code.max_uses
            && code.valid_from.is_none_or(|from| from <= now_millis)
            && code.valid_until.is_none_or(|until| now_millis <= until);
        if !works || (code.unlocks.is_none() && code.reserved_left == 0 && !code.early_access) {
            return Ok(None);
        }
        let mut stock = self.store.stock_remaining().await?;
        // What the code holds is its holder's to buy.
        for sku in &code.applies_to {
            if let Some(left) = stock.get_mut(sku) {
                *left += code.reserved_left;
            }
        }
        let early = if code.early_access {
            code.applies_to.clone()
        } else {
            Vec::new()
        };
        let moment = Moment {
            now,
            stock: &stock,
            unlocked: code.unlocks.as_deref(),
            early: &early,
        };
        Ok(Some(Unlocked {
            tickets: ticket_views(&self.event, moment),
            merchandise: merchandise_views(&self.event, moment),
            sponsorship_tiers: tier_views(&self.event, moment),
        }))
    }

    fn current(&self) -> Option<Arc<Snapshot>> {
        self.current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    fn younger_than(&self, age: Duration) -> Option<Arc<Snapshot>> {
        let version = self.store.stock_version();
        let now = self.clock.now();
        self.current().filter(|snapshot| {
            snapshot.stock_version == version
                && snapshot.made_at.elapsed() < age
                && snapshot.valid_until.is_none_or(|until| now < until)
        })
    }

    fn make(
        &self,
        stock: &HashMap<String, i64>,
        sponsors: Vec<WallSponsor>,
        stock_version: u64,
        previous: Option<&Snapshot>,
    ) -> Snapshot {
        let now = self.clock.now();
        let moment = Moment {
            now,
            stock,
            unlocked: None,
            early: &[],
        };
        let tickets = ticket_views(&self.event, moment);
        let merchandise = merchandise_views(&self.event, moment);
        let sponsorship_tiers = tier_views(&self.event, moment);
        // The address is the placeholder pages are made with; the stock only decides the phases.
        let prerender_digest = Catalogue::new(&self.event, PUBLIC_URL_PLACEHOLDER, &self.payments, moment)
            .map(|catalogue| catalogue.digest())
            .unwrap_or_default();
        // Unchanged answers keep their compressed bytes.
        let reuse = |json: Vec<u8>, old: Option<&Precompressed>| match old {
            Some(old) if old.identity().as_ref() == json.as_slice() => old.clone(),
            _ => Precompressed::compress(json, JSON, CACHE_CONTROL),
        };
        Snapshot {
            made_at: Instant::now(),
            stock_version,
            valid_until: next_boundary(&self.event, now),
            tickets_answer: reuse(to_json(&tickets), previous.map(|previous| &previous.tickets_answer)),
            merchandise_answer: reuse(
                to_json(&merchandise),
                previous.map(|previous| &previous.merchandise_answer),
            ),
            sponsorship_tiers_answer: reuse(
                to_json(&sponsorship_tiers),
                previous.map(|previous| &previous.sponsorship_tiers_answer),
            ),
            sponsors_answer: reuse(to_json(&sponsors), previous.map(|previous| &previous.sponsors_answer)),
            wall_html: sponsors::wall_html(&sponsors),
            sponsors,
            tickets,
            merchandise,
            sponsorship_tiers,
            prerender_digest,
        }
    }
}

fn to_json(value: &impl serde::Serialize) -> Vec<u8> {
    serde_json::to_vec(value).expect("catalogue answers are plain data")
}
