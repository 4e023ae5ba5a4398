//! The sponsorship catalogue: one list for the page, the sponsor form and the charge.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::app::AppState;
use crate::domain::Money;
use crate::event::{SponsorshipGroup, SponsorshipTier};

pub fn router() -> Router<AppState> {
    Router::new().route("/sponsorship-tiers", get(list_tiers))
}

/// Every tier with its price in cents, standard tiers first.
async fn list_tiers(State(state): State<AppState>) -> Json<Vec<TierView>> {
    Json(state.event.sponsorship_tiers.iter().map(TierView::from).collect())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TierView {
    value: String,
    label: String,
    amount: Money,
    group: SponsorshipGroup,
    /// Nothing is sold before payments exist, so every tier is open; the
    /// payments work makes this reflect paid and reserved tiers.
    available: bool,
    vip_passes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    exhibition_space: Option<String>,
    perks: Vec<String>,
}

impl From<&SponsorshipTier> for TierView {
    fn from(tier: &SponsorshipTier) -> Self {
        Self {
            value: tier.value.clone(),
            label: tier.label.clone(),
            amount: tier.amount,
            group: tier.group,
            available: true,
            vip_passes: tier.vip_passes,
            exhibition_space: tier.exhibition_space.clone(),
            perks: tier.perks.clone(),
        }
    }
}
