//! What the site shows of the event: the public settings and event facts, the tickets, the
//! merchandise and the sponsorship tiers, with their sales and prices at a moment. The four
//! catalogue calls answer from it, every prerendered page carries it, and the server serves a
//! prerendered page only while the catalogue it was made from is still the one it would give:
//! the same event file, prices, phases and sales windows.

mod cache;
mod views;

use std::collections::HashMap;

use serde::Serialize;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::event::Event;
use crate::pricing::{Item, Sales, current_phase, sales_state, sold_out};

pub use cache::{CatalogueCache, MAX_AGE, Snapshot, Unlocked};
pub use views::{
    EventInfo, MerchandiseView, PhaseView, PublicConfig, QuestionView, SalesFacts, SalesView, TicketView, TierView,
};

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

/// What the lists are made from: the moment, the units left by stock key, and what a code
/// does for its holder, if any: the hidden item it unlocks, the items it opens early.
#[derive(Debug, Clone, Copy)]
pub struct Moment<'a> {
    pub now: OffsetDateTime,
    pub stock: &'a HashMap<String, i64>,
    /// The stock keeping unit of a hidden item to list too.
    pub unlocked: Option<&'a str>,
    /// Items on sale before their public sales open (a presale's priority code).
    pub early: &'a [String],
}

impl Moment<'_> {
    /// The item's sales at this moment, for the holder of the code the moment is made for.
    fn sales(&self, event: &Event, item: Item<'_>) -> Sales {
        match sales_state(event, item, self.now, self.stock) {
            Sales::NotYet { .. } if self.early.contains(&item.sku()) && !sold_out(item, self.stock) => Sales::Open,
            sales => sales,
        }
    }
}

impl Catalogue {
    pub fn new(
        event: &Event,
        public_url: &str,
        payments: &PaymentSettings,
        moment: Moment<'_>,
    ) -> Result<Self, time::error::Format> {
        Ok(Self {
            config: PublicConfig {
                payment_provider: payments.provider,
                stripe_publishable_key: payments.stripe_publishable_key.clone(),
                event: EventInfo::new(event, public_url)?,
                questions: event.questions.iter().map(QuestionView::new).collect(),
            },
            tickets: ticket_views(event, moment),
            merchandise: merchandise_views(event, moment),
            sponsorship_tiers: tier_views(event, moment),
        })
    }

    /// The catalogue a page is prerendered with at `now`: nothing sold yet, the address a placeholder.
    pub fn for_prerendering(
        event: &Event,
        payments: &PaymentSettings,
        now: OffsetDateTime,
    ) -> Result<Self, time::error::Format> {
        let nothing_sold = HashMap::new();
        let moment = Moment {
            now,
            stock: &nothing_sold,
            unlocked: None,
            early: &[],
        };
        Self::new(event, PUBLIC_URL_PLACEHOLDER, payments, moment)
    }

    /// Names what a prerendered page shows of this catalogue: equal digests, equal pages. Stock
    /// is left out (a page says nothing of units left, and the browser asks for availability),
    /// the prices, phases and sales windows are in.
    pub fn digest(&self) -> String {
        let mut shown = serde_json::to_value(self).expect("the catalogue is plain data");
        forget_stock(&mut shown);
        let json = serde_json::to_vec(&shown).expect("the catalogue is plain data");
        Sha256::digest(json)
            .iter()
            .take(16)
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }
}

/// Takes out what changes with every sale: units left, and sold out (which is open to a page).
fn forget_stock(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            fields.remove("unitsLeft");
            fields.remove("available");
            if fields.get("sales").is_some_and(|sales| sales == "sold_out") {
                fields.insert("sales".into(), "open".into());
            }
            fields.values_mut().for_each(forget_stock);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(forget_stock),
        _ => {}
    }
}

/// Whether an item is listed: hidden ones only with the code that unlocks them.
fn listed(item: Item<'_>, moment: Moment<'_>) -> bool {
    !item.sale().hidden || moment.unlocked == Some(item.sku().as_str())
}

/// The ticket types listed, with their sales and price phase at `moment`.
pub fn ticket_views(event: &Event, moment: Moment<'_>) -> Vec<TicketView> {
    event
        .tickets
        .iter()
        .filter(|ticket| listed(Item::Ticket(ticket), moment))
        .map(|ticket| {
            let item = Item::Ticket(ticket);
            let sales = moment.sales(event, item);
            let phase = current_phase(item, moment.now, moment.stock, 1);
            TicketView::new(ticket, sales, phase.as_ref())
        })
        .collect()
}

/// The merchandise listed, with its sales at `moment`.
pub fn merchandise_views(event: &Event, moment: Moment<'_>) -> Vec<MerchandiseView> {
    event
        .merchandise
        .iter()
        .filter(|item| listed(Item::Merchandise(item), moment))
        .map(|item| MerchandiseView::new(item, moment.sales(event, Item::Merchandise(item))))
        .collect()
}

/// The sponsorship tiers listed, standard ones first, with their sales at `moment`.
pub fn tier_views(event: &Event, moment: Moment<'_>) -> Vec<TierView> {
    event
        .sponsorship_tiers
        .iter()
        .filter(|tier| listed(Item::Sponsorship(tier), moment))
        .map(|tier| TierView::new(tier, moment.sales(event, Item::Sponsorship(tier))))
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
    /// The catalogue as it stands at `now`, nothing sold yet.
    pub fn new(event: &Event, payments: &PaymentSettings, now: OffsetDateTime) -> Result<Self, time::error::Format> {
        let catalogue = Catalogue::for_prerendering(event, payments, now)?;
        Ok(Self {
            digest: catalogue.digest(),
            public_url_placeholder: PUBLIC_URL_PLACEHOLDER,
            catalogue,
        })
    }
}
