//! Pre-ordering merchandise, picked up at the event: create, look up, confirm.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::checkout::{Checkout, PaymentCreated, is_buyer};
use super::idempotency_key::IdempotencyKeyHeader;
use super::params::ApiQuery;
use super::purchase::{OrderLine, Purchase, check_printable, parse_billing};
use crate::domain::{BillingRequest, EmailAddress, Money, could_carry_a_link, mask_email, mask_name};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::MerchandiseItem;
use crate::middleware::ClientAddress;
use crate::orders::{OrderKind, sku};
use crate::pricing::Item;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_payment))
        .routes(routes!(payment_details))
        .routes(routes!(confirm_purchase))
}

/// More of one item than anyone needs at a conference; it would only hold stock from others.
const MAX_QUANTITY: i64 = MerchandiseItem::MAX_QUANTITY as i64;
const MAX_NAME_CHARS: usize = 100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MerchandisePaymentRequest)]
struct PaymentRequest {
    /// An item's `id` from `GET /api/merchandise`.
    #[schema(example = 1)]
    merchandise_id: u32,
    /// The order's total in cents as the visitor saw it; refused when it differs from the server's.
    #[schema(example = 500)]
    amount: Option<i64>,
    /// The buyer's name: 1 to 100 characters once trimmed, printable on the invoice as typed
    /// (as billing details are).
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    name: String,
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
    /// 1 when absent.
    #[schema(minimum = 1, maximum = 10, example = 1)]
    quantity: Option<i64>,
    /// One of the item's `sizes`; required for an item that has sizes, refused for one without.
    #[schema(example = "M")]
    size: Option<String>,
    /// One of the item's `colors`; required for an item that has colours, refused for one without.
    #[schema(example = "Black")]
    color: Option<String>,
    /// A discount or access code, in any case; a blank one is none.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
    /// A company's billing details, printed on its invoice; optional.
    billing: Option<BillingRequest>,
}

/// Reserves the item (and its size/colour) and creates the payment at the server's price.
///
/// The item stays reserved while the buyer pays (`RESERVATION_MINUTES`). A call repeated with
/// the same `Idempotency-Key` and body answers the same order and payment.
#[utoipa::path(
    post,
    path = "/create-merchandise-payment",
    operation_id = "create_merchandise_payment",
    tag = "checkout",
    params(IdempotencyKeyHeader),
    request_body = PaymentRequest,
    responses(
        (status = 200, description = "The order is reserved; pay it with `clientSecret`.", body = PaymentCreated),
        (status = 400, description = "The body is not JSON, a field is missing or has the wrong type, or the `Idempotency-Key` is malformed.", body = ErrorBody),
        (status = 404, description = "There is no item with this `merchandiseId`.", body = ErrorBody),
        (status = 409, description = "The price changed (`amount` differs), the item is not on sale now or (in this size and colour) is sold out, this email has \
                                      too many checkouts open, or the `Idempotency-Key` was used for another request or is still being processed.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid, or the code cannot be used (`fieldErrors.code` says why).", body = ErrorBody),
        (status = 429, description = "Too many calls, or too many open checkouts, from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The order could not be placed.", body = ErrorBody),
        (status = 502, description = "The payment provider did not answer as expected.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(merchandise = request.merchandise_id))]
async fn create_payment(
    State(state): State<AppState>,
    client: ClientAddress,
    IdempotencyKeyHeader(idempotency_key): IdempotencyKeyHeader,
    ApiJson(request): ApiJson<PaymentRequest>,
) -> Result<Json<PaymentCreated>, ApiError> {
    let item = state
        .event
        .merchandise
        .iter()
        .find(|item| item.id == request.merchandise_id)
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_ITEM.into()))?;
    let mut errors = FieldErrors::default();
    let buyer = parse_buyer(&request, &mut errors);
    let line = merchandise_line(
        item,
        request.quantity,
        request.size.as_deref(),
        request.color.as_deref(),
        &mut errors,
    );
    let billing = parse_billing(request.billing.as_ref(), None, &mut errors);
    let purchase = buyer.map(|(name, email)| Purchase {
        sold_out: sold_out_message(item, &line),
        line,
        buyer_name: name,
        buyer_email: email.as_str().to_owned(),
        item_name: item.name.clone(),
        code: request.code,
        client_amount: request.amount,
        billing,
        answers: Vec::new(),
    });
    Ok(Json(
        CHECKOUT
            .create(&state, client, idempotency_key, purchase, errors)
            .await?,
    ))
}

pub(super) const NO_SUCH_ITEM: &str = "Could not find the requested merchandise.";

const CHECKOUT: Checkout = Checkout {
    kind: OrderKind::Merchandise,
    no_item: NO_SUCH_ITEM,
    no_item_field: None,
    no_order: "No merchandise order was found for this payment.",
    item_option: Some("merchandiseId"),
};

/// "Sorry, the Conference T-Shirt in M / Black is sold out."
pub(super) fn sold_out_message(item: &MerchandiseItem, line: &OrderLine<'_>) -> String {
    let variant = [line.options["size"].as_str(), line.options["color"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" / ");
    if variant.is_empty() {
        format!("Sorry, the {} is sold out.", item.name)
    } else {
        format!("Sorry, the {} in {variant} is sold out.", item.name)
    }
}

fn parse_buyer(request: &PaymentRequest, errors: &mut FieldErrors) -> Option<(String, EmailAddress)> {
    let name = request.name.trim();
    if name.is_empty() {
        errors.add("name", "Name is required");
    } else if name.chars().count() > MAX_NAME_CHARS {
        errors.add("name", "Name must be at most 100 characters of plain text");
    } else if could_carry_a_link(name) {
        errors.add("name", "Please enter your name only, without web or email addresses");
    }
    check_printable(name, "name", "The name", errors);
    let email = EmailAddress::parse(&request.email);
    if email.is_none() {
        errors.add("email", "Invalid email address");
    }
    email.map(|email| (name.to_owned(), email))
}

/// `quantity` (1 when absent) of `item` in the size and colour chosen, which must be ones it offers.
pub(super) fn merchandise_line<'a>(
    item: &'a MerchandiseItem,
    quantity: Option<i64>,
    size: Option<&str>,
    color: Option<&str>,
    errors: &mut FieldErrors,
) -> OrderLine<'a> {
    let quantity = quantity.unwrap_or(1);
    if !(1..=MAX_QUANTITY).contains(&quantity) {
        errors.add("quantity", format!("Quantity must be between 1 and {MAX_QUANTITY}."));
    }
    let size = chosen_option(size, &item.sizes, "size", errors);
    let color = chosen_option(color, &item.colors, "color", errors);
    OrderLine {
        item: Item::Merchandise(item),
        sku: sku::merchandise(item.id),
        variant_sku: item
            .has_options()
            .then(|| sku::merchandise_variant(item.id, size.as_deref(), color.as_deref())),
        quantity,
        options: json!({ "merchandiseId": item.id, "size": size, "color": color }),
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

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DetailsQuery {
    /// The `paymentIntentId` the create call answered.
    #[param(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    payment_intent_id: String,
    /// Proves the caller is the buyer; without it the name and email come back masked.
    client_secret: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MerchandisePaymentDetails)]
struct PaymentDetails {
    merchandise_id: u64,
    /// Initials only ("A. T."), unless the caller sent the client secret.
    name: String,
    /// The first character and the domain ("a•••@example.com"), unless the caller sent the client secret.
    email: String,
}

/// Who bought which item with this payment, for the confirmation page.
///
/// The real name and email only for the buyer, who sends the payment's client secret.
#[utoipa::path(
    get,
    path = "/get-payment-details",
    operation_id = "get_payment_details",
    tag = "checkout",
    params(DetailsQuery),
    responses(
        (status = 200, description = "The item and its buyer.", body = PaymentDetails),
        (status = 400, description = "`paymentIntentId` is missing, or a parameter is repeated.", body = ErrorBody),
        (status = 404, description = "No merchandise order was found for this payment.", body = ErrorBody),
        (status = 500, description = "The order could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn payment_details(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<DetailsQuery>,
) -> Result<Json<PaymentDetails>, ApiError> {
    let order = CHECKOUT.order(&state, &query.payment_intent_id).await?;
    let buyer = is_buyer(&order, query.client_secret.as_deref());
    Ok(Json(PaymentDetails {
        merchandise_id: CHECKOUT.item(&order).unwrap_or_default(),
        name: if buyer {
            order.buyer_name
        } else {
            mask_name(&order.buyer_name)
        },
        email: if buyer {
            order.buyer_email
        } else {
            mask_email(&order.buyer_email)
        },
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MerchandiseConfirmRequest)]
struct ConfirmRequest {
    /// The `paymentIntentId` the create call answered.
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    payment_intent_id: String,
    /// The item bought; refused when the payment is for another.
    merchandise_id: Option<u64>,
    /// Proves the caller is the buyer; without it the answer carries no pickup code.
    client_secret: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MerchandiseConfirmation)]
struct ConfirmResponse {
    #[schema(value_type = String, example = "paid")]
    status: &'static str,
    order_id: String,
    /// The order's reference and pickup code: only for the buyer.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pickup_code: Option<String>,
    item_name: String,
    #[schema(required = true)]
    size: Option<String>,
    #[schema(required = true)]
    color: Option<String>,
    quantity: i64,
    amount: Money,
}

/// Marks the merchandise order paid once the gateway reports the payment succeeded.
///
/// Repeating it answers the same.
#[utoipa::path(
    post,
    path = "/confirm-merchandise-purchase",
    operation_id = "confirm_merchandise_purchase",
    tag = "checkout",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The order is paid.", body = ConfirmResponse),
        (status = 400, description = "The body is not JSON, or a field is missing or has the wrong type.", body = ErrorBody),
        (status = 404, description = "No merchandise order was found for this payment.", body = ErrorBody),
        (status = 409, description = "The payment has not succeeded, does not match its order or `merchandiseId`, \
                                      or came after the item sold out (and is refunded).", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The order could not be updated.", body = ErrorBody),
        (status = 502, description = "The payment provider did not answer as expected.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(payment = %request.payment_intent_id))]
async fn confirm_purchase(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ConfirmRequest>,
) -> Result<Json<ConfirmResponse>, ApiError> {
    let order = CHECKOUT
        .confirm(&state, &request.payment_intent_id, request.merchandise_id)
        .await?;
    let option = |name: &str| {
        order
            .options
            .get(name)
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    let buyer = is_buyer(&order, request.client_secret.as_deref());
    Ok(Json(ConfirmResponse {
        status: "paid",
        size: option("size"),
        color: option("color"),
        order_id: order.id,
        reference: buyer.then_some(order.reference),
        pickup_code: order.pickup_code.filter(|_| buyer),
        item_name: order.item_name,
        quantity: order.quantity,
        amount: order.amount,
    }))
}
