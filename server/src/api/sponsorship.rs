//! The sponsorship catalogue: one list for the page, the sponsor form and the charge.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::app::AppState;
use crate::domain::Money;
use crate::error::ApiError;
use crate::event::{SponsorshipGroup, SponsorshipTier};
use crate::orders::sku;

pub fn router() -> Router<AppState> {
    Router::new().route("/sponsorship-tiers", get(list_tiers))
}

/// Every tier with its price in cents, standard tiers first; a sold tier is unavailable.
async fn list_tiers(State(state): State<AppState>) -> Result<Json<Vec<TierView>>, ApiError> {
    let remaining = state.store.stock_remaining().await?;
    Ok(Json(
        state
            .event
            .sponsorship_tiers
            .iter()
            .map(|tier| {
                TierView::new(
                    tier,
                    remaining
                        .get(&sku::sponsorship(&tier.value))
                        .is_none_or(|left| *left > 0),
                )
            })
            .collect(),
    ))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TierView {
    value: String,
    label: String,
    amount: Money,
    group: SponsorshipGroup,
    /// False once paid and reserved orders take every unit.
    available: bool,
    vip_passes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    exhibition_space: Option<String>,
    perks: Vec<String>,
}

impl TierView {
    fn new(tier: &SponsorshipTier, available: bool) -> Self {
        Self {
            value: tier.value.clone(),
            label: tier.label.clone(),
            amount: tier.amount,
            group: tier.group,
            available,
            vip_passes: tier.vip_passes,
            exhibition_space: tier.exhibition_space.clone(),
            perks: tier.perks.clone(),
        }
    }
}
