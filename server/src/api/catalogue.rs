//! What is for sale: tickets and merchandise, from the event file.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::app::AppState;
use crate::domain::Money;
use crate::error::ApiError;
use crate::event::{Category, MerchandiseItem, SpecialOffer, Ticket};
use crate::orders::sku;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tickets", get(list_tickets))
        .route("/merchandise", get(list_merchandise))
}

/// The ticket types on sale, with their server-side prices in cents.
async fn list_tickets(State(state): State<AppState>) -> Result<Json<Vec<TicketView>>, ApiError> {
    let remaining = state.store.stock_remaining().await?;
    Ok(Json(
        state
            .event
            .tickets
            .iter()
            .map(|ticket| {
                let left = remaining.get(&sku::ticket(&ticket.ticket_type));
                TicketView::new(ticket, left.is_none_or(|left| *left >= i64::from(ticket.min_quantity)))
            })
            .collect(),
    ))
}

/// The merchandise catalogue, in the event file's order.
async fn list_merchandise(State(state): State<AppState>) -> Json<Vec<MerchandiseView>> {
    Json(state.event.merchandise.iter().map(MerchandiseView::from).collect())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TicketView {
    id: u32,
    #[serde(rename = "type")]
    ticket_type: String,
    name: String,
    description: String,
    price: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    regular_price: Option<Money>,
    features: Vec<String>,
    min_quantity: u32,
    /// False once the ticket's limit is reached.
    available: bool,
}

impl TicketView {
    fn new(ticket: &Ticket, available: bool) -> Self {
        Self {
            id: ticket.id,
            ticket_type: ticket.ticket_type.clone(),
            name: ticket.name.clone(),
            description: ticket.description.clone(),
            price: ticket.price,
            regular_price: ticket.regular_price,
            features: ticket.features.clone(),
            min_quantity: ticket.min_quantity,
            available,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MerchandiseView {
    id: u32,
    name: String,
    description: String,
    price: Money,
    #[serde(skip_serializing_if = "Option::is_none")]
    regular_price: Option<Money>,
    category: Category,
    image_url: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sizes: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    colors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    special_offer: Option<SpecialOffer>,
}

impl From<&MerchandiseItem> for MerchandiseView {
    fn from(item: &MerchandiseItem) -> Self {
        Self {
            id: item.id,
            name: item.name.clone(),
            description: item.description.clone(),
            price: item.price,
            regular_price: item.regular_price,
            category: item.category,
            image_url: item.image.clone(),
            sizes: item.sizes.clone(),
            colors: item.colors.clone(),
            special_offer: item.special_offer,
        }
    }
}
