//! What the site shows of the event: the public settings and event facts, the tickets, the
//! merchandise and the sponsorship tiers. The four catalogue calls answer from it, every
//! prerendered page carries it, and the server serves a prerendered page only while the
//! catalogue it was made from is still the one the event file gives.

mod cache;
mod views;

use std::collections::HashMap;

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::event::Event;
use crate::orders::sku;

pub use cache::{CatalogueCache, MAX_AGE, Snapshot};
pub use views::{EventInfo, MerchandiseView, PublicConfig, TicketView, TierView};

/// The site's address in prerendered pages; the server puts PUBLIC_URL in its place, so one
/// build serves any address.
pub const PUBLIC_URL_PLACEHOLDER: &str = "https://public-url.invalid";

/// How the site takes payments, as `/api/config` reports it.
#[derive(Debug, Clone)]
pub struct PaymentSettings {
    /// "stripe" or "sandbox".
    pub provider: &'static str,
    pub stripe_publishable_key: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    pub config: PublicConfig,
    pub tickets: Vec<TicketView>,
    pub merchandise: Vec<MerchandiseView>,
    pub sponsorship_tiers: Vec<TierView>,
}

impl Catalogue {
    /// The catalogue with the stock left (units by SKU); without it, everything is available.
    pub fn new(
        event: &Event,
        public_url: &str,
        payments: &PaymentSettings,
        stock: Option<&HashMap<String, i64>>,
    ) -> Result<Self, time::error::Format> {
        Ok(Self {
            config: PublicConfig {
                payment_provider: payments.provider,
                stripe_publishable_key: payments.stripe_publishable_key.clone(),
                event: EventInfo::new(event, public_url)?,
            },
            tickets: ticket_views(event, stock),
            merchandise: event.merchandise.iter().map(MerchandiseView::from).collect(),
            sponsorship_tiers: tier_views(event, stock),
        })
    }

    /// The catalogue a page is prerendered with: nothing sold yet, the address a placeholder.
    pub fn for_prerendering(event: &Event, payments: &PaymentSettings) -> Result<Self, time::error::Format> {
        Self::new(event, PUBLIC_URL_PLACEHOLDER, payments, None)
    }

    /// Names this catalogue's content: equal digests, equal pages.
    pub fn digest(&self) -> String {
        let json = serde_json::to_vec(self).expect("the catalogue is plain data");
        Sha256::digest(json)
            .iter()
            .take(16)
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }
}

/// The ticket types on sale; one is available while its smallest order still fits the stock.
pub fn ticket_views(event: &Event, stock: Option<&HashMap<String, i64>>) -> Vec<TicketView> {
    event
        .tickets
        .iter()
        .map(|ticket| {
            let left = stock.and_then(|stock| stock.get(&sku::ticket(&ticket.ticket_type)));
            TicketView::new(ticket, left.is_none_or(|left| *left >= i64::from(ticket.min_quantity)))
        })
        .collect()
}

/// Every sponsorship tier, standard ones first; a tier is available while a unit is left.
pub fn tier_views(event: &Event, stock: Option<&HashMap<String, i64>>) -> Vec<TierView> {
    event
        .sponsorship_tiers
        .iter()
        .map(|tier| {
            let left = stock.and_then(|stock| stock.get(&sku::sponsorship(&tier.value)));
            TierView::new(tier, left.is_none_or(|left| *left > 0))
        })
        .collect()
}

/// What `conference catalogue` prints for the prerenderer (web/scripts/prerender.mjs).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrerenderInput {
    pub digest: String,
    pub public_url_placeholder: &'static str,
    pub catalogue: Catalogue,
}

impl PrerenderInput {
    pub fn new(event: &Event, payments: &PaymentSettings) -> Result<Self, time::error::Format> {
        let catalogue = Catalogue::for_prerendering(event, payments)?;
        Ok(Self {
            digest: catalogue.digest(),
            public_url_placeholder: PUBLIC_URL_PLACEHOLDER,
            catalogue,
        })
    }
}
