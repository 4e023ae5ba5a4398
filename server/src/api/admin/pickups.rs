//! The merchandise pickup desk: find an order, hand it over once, and the pick list
//! for preparing the stock.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::orders::{Order, OrderStatus};
use crate::state::AppState;
use crate::store::{Handover, PickLine};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search, hand_over))
        .routes(routes!(pick_list))
}

/// A merchandise order at the desk. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Pickup {
    order_id: String,
    reference: String,
    #[schema(required = true)]
    pickup_code: Option<String>,
    status: OrderStatus,
    buyer_name: String,
    item_name: String,
    #[schema(required = true)]
    size: Option<String>,
    #[schema(required = true)]
    color: Option<String>,
    quantity: i64,
    #[schema(required = true)]
    picked_up_at: Option<i64>,
    #[schema(required = true)]
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

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// Any part of the pickup code or the buyer's name, in any case; fewer than two
    /// characters find nothing.
    #[serde(default)]
    q: String,
}

/// Paid merchandise orders whose pickup code or buyer's name contains `q`.
///
/// Refunded ones included, so the desk can say not to hand them over; at most 50, by the
/// buyer's name.
#[utoipa::path(
    get,
    path = "/pickups",
    operation_id = "search_pickups",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(SearchQuery),
    responses(
        (status = 200, body = Vec<Pickup>),
        (status = 400, description = "`q` is given twice, or has a NUL character.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn search(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<Vec<Pickup>>, ApiError> {
    if query.q.trim().chars().count() < 2 {
        return Ok(Json(Vec::new()));
    }
    let found = state.store.search_pickups(&query.q).await?;
    Ok(Json(found.into_iter().map(Pickup::from).collect()))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = PickupScan)]
struct HandOver {
    /// The pickup code as scanned or typed: "PU-4F7K2Q", "pu 4f7k2q" or "4F7K2Q".
    #[serde(default)]
    code: String,
}

#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum HandoverResult {
    HandedOver,
    AlreadyHandedOver,
    Refunded,
    NotPaid,
    Unknown,
}

/// What the desk sees, in the JSON error format's shape (`message` first) on every status.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HandoverAnswer)]
struct Answer {
    result: HandoverResult,
    message: String,
    /// Absent for an unknown code.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    order: Option<Pickup>,
}

/// Marks a paid merchandise order collected, once.
///
/// 200 handed over; 409 collected already (with when and by whom); 410 refunded; 404 unknown
/// or not paid. Every answer but the server's own failures has the `HandoverAnswer` shape,
/// of which `Error` is a part.
#[utoipa::path(
    post,
    path = "/pickups",
    operation_id = "hand_over",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = HandOver,
    responses(
        (status = 200, description = "Hand it over (`result`: `handed_over`).", body = Answer),
        (
            status = 404,
            description = "No order has this pickup code (`result`: `unknown`), or its order was never paid \
                           (`not_paid`, with the order). The body is a `HandoverAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 409,
            description = "Collected before (`result`: `already_handed_over`), with when and by whom. The body is a \
                           `HandoverAnswer`.",
            body = ErrorBody,
        ),
        (
            status = 410,
            description = "The order was refunded: do not hand it over (`result`: `refunded`). The body is a \
                           `HandoverAnswer`.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn hand_over(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<HandOver>,
) -> Result<Response, ApiError> {
    let code = normalize_pickup_code(&request.code);
    let (status, result, message, order) = match state.store.hand_over(&code, &actor.name).await? {
        Handover::HandedOver(order) => (
            StatusCode::OK,
            HandoverResult::HandedOver,
            "Hand it over: marked as collected.",
            Some(order),
        ),
        Handover::AlreadyHandedOver(order) => (
            StatusCode::CONFLICT,
            HandoverResult::AlreadyHandedOver,
            "Already collected: this order was handed over before.",
            Some(order),
        ),
        Handover::Refunded(order) => (
            StatusCode::GONE,
            HandoverResult::Refunded,
            "Refunded: do not hand this order over.",
            Some(order),
        ),
        Handover::NotPaid(order) => (
            StatusCode::NOT_FOUND,
            HandoverResult::NotPaid,
            "Not paid: this order was never paid for.",
            Some(order),
        ),
        Handover::Unknown => (
            StatusCode::NOT_FOUND,
            HandoverResult::Unknown,
            "Unknown pickup code.",
            None,
        ),
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
#[utoipa::path(
    get,
    path = "/pick-list",
    operation_id = "pick_list",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Vec<PickLine>), AdminRead, ServerTrouble)
)]
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
