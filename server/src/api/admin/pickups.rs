//! The merchandise pickup desk: find an order, hand it over once, and the pick list
//! for preparing the stock.

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::error::{ApiError, ApiJson};
use crate::orders::{Order, OrderStatus};
use crate::state::AppState;
use crate::store::{Handover, PickLine};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/pickups", get(search).post(hand_over))
        .route("/pick-list", get(pick_list))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Pickup {
    order_id: String,
    reference: String,
    pickup_code: Option<String>,
    status: OrderStatus,
    buyer_name: String,
    item_name: String,
    size: Option<String>,
    color: Option<String>,
    quantity: i64,
    picked_up_at: Option<i64>,
    picked_up_by: Option<String>,
}

impl From<Order> for Pickup {
    fn from(order: Order) -> Self {
        let option = |name: &str| {
            order.options[name]
                .as_str()
                .filter(|value| !value.is_empty())
                .map(str::to_owned)
        };
        Self {
            size: option("size"),
            color: option("color"),
            order_id: order.id,
            reference: order.reference,
            pickup_code: order.pickup_code,
            status: order.status,
            buyer_name: order.buyer_name,
            item_name: order.item_name,
            quantity: order.quantity,
            picked_up_at: order.picked_up_at,
            picked_up_by: order.picked_up_by,
        }
    }
}

#[derive(Debug, Deserialize)]
struct SearchQuery {
    #[serde(default)]
    q: String,
}

/// Paid merchandise orders whose pickup code or buyer's name contains `q`.
async fn search(
    _actor: AdminActor,
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<Vec<Pickup>>, ApiError> {
    if query.q.trim().chars().count() < 2 {
        return Ok(Json(Vec::new()));
    }
    let found = state.store.search_pickups(&query.q).await?;
    Ok(Json(found.into_iter().map(Pickup::from).collect()))
}

#[derive(Debug, Deserialize)]
struct HandOver {
    #[serde(default)]
    code: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    /// handed_over, already_handed_over, refunded, not_paid or unknown.
    result: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<Pickup>,
}

/// 200 handed over; 409 collected already (with when and by whom); 410 refunded; 404 unknown.
async fn hand_over(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<HandOver>,
) -> Result<Response, ApiError> {
    let code = normalize_pickup_code(&request.code);
    let (status, result, message, order) = match state.store.hand_over(&code, &actor.name).await? {
        Handover::HandedOver(order) => (
            StatusCode::OK,
            "handed_over",
            "Hand it over: marked as collected.",
            Some(order),
        ),
        Handover::AlreadyHandedOver(order) => (
            StatusCode::CONFLICT,
            "already_handed_over",
            "Already collected: this order was handed over before.",
            Some(order),
        ),
        Handover::Refunded(order) => (
            StatusCode::GONE,
            "refunded",
            "Refunded: do not hand this order over.",
            Some(order),
        ),
        Handover::NotPaid(order) => (
            StatusCode::NOT_FOUND,
            "not_paid",
            "Not paid: this order was never paid for.",
            Some(order),
        ),
        Handover::Unknown => (StatusCode::NOT_FOUND, "unknown", "Unknown pickup code.", None),
    };
    let body = Answer {
        result,
        message: message.to_owned(),
        order: order.map(Pickup::from),
    };
    Ok((status, Json(body)).into_response())
}

/// "pu-4f7k2q", "4F7K2Q" and "PU 4F7K2Q" all mean "PU-4F7K2Q".
fn normalize_pickup_code(input: &str) -> String {
    let compact: String = input
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let code = compact
        .strip_prefix("PU")
        .filter(|rest| rest.len() == 6)
        .unwrap_or(&compact);
    format!("PU-{code}")
}

/// What to bring to the desk: paid merchandise not yet collected, by item, size and colour.
async fn pick_list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<PickLine>>, ApiError> {
    Ok(Json(state.store.pick_list().await?))
}

#[cfg(test)]
mod tests {
    use super::normalize_pickup_code;

    #[test]
    fn pickup_codes_read_back_however_typed() {
        for typed in ["PU-4F7K2Q", "pu-4f7k2q", "4F7K2Q", " PU 4F7K2Q "] {
            assert_eq!(normalize_pickup_code(typed), "PU-4F7K2Q", "{typed}");
        }
    }
}
