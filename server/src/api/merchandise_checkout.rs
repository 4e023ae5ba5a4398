//! Pre-ordering merchandise, picked up at the event: create, look up, confirm.

use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::purchase::{PaymentCreated, fulfil_error, place_at_server_price};
use crate::app::AppState;
use crate::domain::{EmailAddress, Money};
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::event::MerchandiseItem;
use crate::orders::{self, NewOrder, Order, OrderKind, sku};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/create-merchandise-payment", post(create_payment))
        .route("/get-payment-details", get(payment_details))
        .route("/confirm-merchandise-purchase", post(confirm_purchase))
}

const MAX_QUANTITY: i64 = 20;
const MAX_NAME_CHARS: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaymentRequest {
    merchandise_id: u32,
    amount: Option<i64>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    quantity: Option<i64>,
    size: Option<String>,
    color: Option<String>,
}

/// Reserves the item (and its size/colour) and creates the payment at the server's price.
#[tracing::instrument(skip_all, fields(merchandise = request.merchandise_id))]
async fn create_payment(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PaymentRequest>,
) -> Result<Json<PaymentCreated>, ApiError> {
    let item = state
        .event
        .merchandise
        .iter()
        .find(|item| item.id == request.merchandise_id)
        .ok_or_else(|| ApiError::NotFound("Could not find the requested merchandise.".into()))?;
    let order = parse_order(&request, item)?;
    let variant = [request.size.as_deref(), request.color.as_deref()]
        .into_iter()
        .flatten()
        .filter(|option| !option.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" / ");
    let description = if variant.is_empty() {
        item.name.clone()
    } else {
        format!("{} in {variant}", item.name)
    };
    let sold_out = format!("Sorry, the {description} is sold out.");
    Ok(Json(
        place_at_server_price(&state, &order, request.amount, sold_out).await?,
    ))
}

fn parse_order(request: &PaymentRequest, item: &MerchandiseItem) -> Result<NewOrder, ApiError> {
    let mut errors = FieldErrors::default();
    let name = request.name.trim();
    if name.is_empty() {
        errors.add("name", "Name is required");
    } else if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        errors.add("name", "Name must be at most 100 characters of plain text");
    }
    let email = EmailAddress::parse(&request.email);
    if email.is_none() {
        errors.add("email", "Invalid email address");
    }
    let quantity = request.quantity.unwrap_or(1);
    if !(1..=MAX_QUANTITY).contains(&quantity) {
        errors.add("quantity", format!("Quantity must be between 1 and {MAX_QUANTITY}."));
    }
    let size = chosen_option(request.size.as_deref(), &item.sizes, "size", &mut errors);
    let color = chosen_option(request.color.as_deref(), &item.colors, "color", &mut errors);
    match email {
        Some(email) if errors.is_empty() => Ok(NewOrder {
            kind: OrderKind::Merchandise,
            buyer_name: name.to_owned(),
            buyer_email: email.as_str().to_owned(),
            sku: sku::merchandise(item.id),
            variant_sku: item
                .has_options()
                .then(|| sku::merchandise_variant(item.id, size.as_deref(), color.as_deref())),
            item_name: item.name.clone(),
            unit_price: item.price,
            quantity,
            options: json!({ "merchandiseId": item.id, "size": size, "color": color }),
        }),
        _ => Err(ApiError::Validation(errors)),
    }
}

/// The option picked, which must be one the item offers; none for an item without such options.
fn chosen_option(
    chosen: Option<&str>,
    offered: &[String],
    field: &'static str,
    errors: &mut FieldErrors,
) -> Option<String> {
    let chosen = chosen.map(str::trim).filter(|value| !value.is_empty());
    match chosen {
        Some(value) if offered.iter().any(|option| option == value) => Some(value.to_owned()),
        None if offered.is_empty() => None,
        Some(_) if offered.is_empty() => {
            errors.add(field, format!("This item does not come in a {field}."));
            None
        }
        _ => {
            errors.add(field, format!("Please choose a {field} from the list."));
            None
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DetailsQuery {
    payment_intent_id: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaymentDetails {
    merchandise_id: u64,
    name: String,
    email: String,
}

/// Who bought which item with this payment, for the confirmation page.
async fn payment_details(
    State(state): State<AppState>,
    Query(query): Query<DetailsQuery>,
) -> Result<Json<PaymentDetails>, ApiError> {
    let order = merchandise_order(&state, &query.payment_intent_id).await?;
    Ok(Json(PaymentDetails {
        merchandise_id: merchandise_id(&order).unwrap_or_default(),
        name: order.buyer_name,
        email: order.buyer_email,
    }))
}

async fn merchandise_order(state: &AppState, payment_id: &str) -> Result<Order, ApiError> {
    match state.store.order_by_payment(payment_id).await? {
        Some(order) if order.kind == OrderKind::Merchandise => Ok(order),
        _ => Err(ApiError::NotFound(
            "No merchandise order was found for this payment.".into(),
        )),
    }
}

fn merchandise_id(order: &Order) -> Option<u64> {
    order.options.get("merchandiseId").and_then(serde_json::Value::as_u64)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmRequest {
    payment_intent_id: String,
    merchandise_id: Option<u64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmResponse {
    status: &'static str,
    order_id: String,
    reference: String,
    pickup_code: Option<String>,
    item_name: String,
    size: Option<String>,
    color: Option<String>,
    quantity: i64,
    amount: Money,
}

/// Marks the merchandise order paid once the gateway reports the payment succeeded.
#[tracing::instrument(skip_all, fields(payment = %request.payment_intent_id))]
async fn confirm_purchase(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ConfirmRequest>,
) -> Result<Json<ConfirmResponse>, ApiError> {
    merchandise_order(&state, &request.payment_intent_id).await?;
    let order = orders::fulfil_payment(&state.store, state.gateway.as_ref(), &request.payment_intent_id)
        .await
        .map_err(fulfil_error)?;
    if request
        .merchandise_id
        .is_some_and(|id| Some(id) != merchandise_id(&order))
    {
        return Err(ApiError::Conflict("This payment is for a different purchase.".into()));
    }
    let option = |name: &str| {
        order
            .options
            .get(name)
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    Ok(Json(ConfirmResponse {
        status: "paid",
        size: option("size"),
        color: option("color"),
        order_id: order.id,
        reference: order.reference,
        pickup_code: order.pickup_code,
        item_name: order.item_name,
        quantity: order.quantity,
        amount: order.amount,
    }))
}
