//! Sponsors to follow up: company, contact, tier, the perks they are owed, and the
//! organizer's latest note.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::domain::Money;
use crate::error::ApiError;
use crate::orders::{OrderKind, OrderStatus};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// A paid (or refunded) sponsorship. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Sponsor {
    order_id: String,
    reference: String,
    status: OrderStatus,
    company_name: String,
    contact_name: String,
    email: String,
    phone: String,
    website: String,
    additional_info: String,
    tier_label: String,
    amount: Money,
    refunded_amount: Money,
    #[schema(required = true)]
    paid_at: Option<i64>,
    vip_passes: u32,
    #[schema(required = true)]
    exhibition_space: Option<String>,
    perks: Vec<String>,
    /// The organizer's latest note on the order.
    #[schema(required = true)]
    note: Option<Note>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SponsorNote)]
struct Note {
    text: String,
    actor: String,
    at: i64,
}

/// Sponsors to follow up, in the order they paid.
#[utoipa::path(
    get,
    path = "/sponsorships",
    operation_id = "list_sponsors",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Vec<Sponsor>), AdminRead, ServerTrouble)
)]
async fn list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<Sponsor>>, ApiError> {
    let notes = state.store.latest_notes(OrderKind::Sponsorship).await?;
    let orders = state.store.settled_orders(OrderKind::Sponsorship).await?;
    let sponsors = orders
        .into_iter()
        .map(|order| {
            let option = |name: &str| order.options[name].as_str().unwrap_or_default().to_owned();
            let tier = state
                .event
                .sponsorship_tiers
                .iter()
                .find(|tier| tier.value == option("tier"));
            let note = notes
                .iter()
                .rev()
                .find(|(order_id, ..)| *order_id == order.id)
                .map(|(_, text, actor, at)| Note {
                    text: text.clone(),
                    actor: actor.clone(),
                    at: *at,
                });
            Sponsor {
                company_name: option("companyName"),
                contact_name: option("contactName"),
                phone: option("phone"),
                website: option("website"),
                additional_info: option("additionalInfo"),
                tier_label: tier.map_or_else(|| order.item_name.clone(), |tier| tier.label.clone()),
                vip_passes: tier.map_or(0, |tier| tier.vip_passes),
                exhibition_space: tier.and_then(|tier| tier.exhibition_space.clone()),
                perks: tier.map(|tier| tier.perks.clone()).unwrap_or_default(),
                note,
                order_id: order.id,
                reference: order.reference,
                status: order.status,
                email: order.buyer_email,
                amount: order.amount,
                refunded_amount: order.refunded_amount,
                paid_at: order.paid_at,
            }
        })
        .collect();
    Ok(Json(sponsors))
}
