//! Buying tickets: `create-payment-intent` and `confirm-purchase` (DESIGN.md §5).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answer_sheet::{AnswerSheet, add_problems};
use super::checkout::{Checkout, PaymentCreated, is_buyer};
use super::idempotency_key::IdempotencyKeyHeader;
use super::purchase::{OrderLine, Purchase, check_printable, parse_billing};
use crate::domain::{BillingRequest, EmailAddress, NameError, PersonName};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::Ticket;
use crate::event::sku;
use crate::middleware::ClientAddress;
use crate::orders::OrderKind;
use crate::pricing::Item;
use crate::questions::read_answers;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_payment_intent))
        .routes(routes!(confirm_purchase))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TicketPaymentRequest)]
struct PaymentIntentRequest {
    /// A ticket's `type` from `GET /api/tickets`.
    #[serde(default)]
    #[schema(required = true, example = "developer")]
    ticket_type: String,
    /// The order's total in cents as the visitor saw it; refused when it differs from the server's.
    #[schema(example = 79900)]
    amount: Option<i64>,
    /// The buyer's name: 3 to 100 characters once trimmed, printable on the invoice as typed
    /// (as billing details are).
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    name: String,
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
    /// People on the order, within the ticket's `minQuantity` and `maxQuantity`; the minimum when absent.
    #[schema(minimum = 1, example = 1)]
    quantity: Option<i64>,
    /// A discount or access code, in any case; a blank one is none.
    #[schema(example = "PARTNER20")]
    code: Option<String>,
    /// A company's billing details, printed on its invoice; optional.
    billing: Option<BillingRequest>,
    /// The buyer's answers for their own ticket, to the questions asked of the type bought: each must fit its
    /// question, and every required one must be answered. Left out, nothing is asked now: the buyer answers on
    /// their tickets' page (and is reminded).
    #[schema(inline)]
    answers: Option<AnswerSheet>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TicketPaymentCreated)]
struct PaymentIntentResponse {
    #[serde(flatten)]
    payment: PaymentCreated,
    ticket_id: u32,
}

/// Reserves a ticket and creates its payment at the server's price.
///
/// The ticket stays reserved while the buyer pays (`RESERVATION_MINUTES`). A call repeated with
/// the same `Idempotency-Key` and body answers the same order and payment.
#[utoipa::path(
    post,
    path = "/create-payment-intent",
    tag = "checkout",
    params(IdempotencyKeyHeader),
    request_body = PaymentIntentRequest,
    responses(
        (status = 200, description = "The order is reserved; pay it with `clientSecret`.", body = PaymentIntentResponse),
        (status = 400, description = "The body is not JSON, a field has the wrong type, or the `Idempotency-Key` is malformed.", body = ErrorBody),
        (status = 404, description = "There is no ticket of this `ticketType`.", body = ErrorBody),
        (status = 409, description = "The price changed (`amount` differs), the ticket is not on sale now (before its window, after it) or sold out, this email has too many checkouts open, \
                                      or the `Idempotency-Key` was used for another request or is still being processed.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid, or the code cannot be used (`fieldErrors.code` says why).", body = ErrorBody),
        (status = 429, description = "Too many calls, or too many open checkouts, from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The order could not be placed.", body = ErrorBody),
        (status = 502, description = "The payment provider did not answer as expected.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(ticket_type = %request.ticket_type))]
async fn create_payment_intent(
    State(state): State<AppState>,
    client: ClientAddress,
    IdempotencyKeyHeader(idempotency_key): IdempotencyKeyHeader,
    ApiJson(request): ApiJson<PaymentIntentRequest>,
) -> Result<Json<PaymentIntentResponse>, ApiError> {
    let ticket = state
        .event
        .ticket_by_type(&request.ticket_type)
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_TICKET.into()))?;
    let mut errors = FieldErrors::default();
    let buyer = parse_buyer(&request.name, &request.email, &mut errors);
    let line = ticket_line(ticket, request.quantity, &mut errors);
    let billing = parse_billing(request.billing.as_ref(), None, &mut errors);
    let answers = match &request.answers {
        Some(sheet) => match read_answers(&state.event, &ticket.ticket_type, &sheet.to_map(), true) {
            Ok(answers) => answers.stored(),
            Err(problems) => {
                add_problems(problems, &mut errors);
                Vec::new()
            }
        },
        None => Vec::new(),
    };
    let purchase = buyer.map(|(name, email)| Purchase {
        line,
        buyer_name: name.as_str().to_owned(),
        buyer_email: email.as_str().to_owned(),
        item_name: ticket.name.clone(),
        code: request.code,
        client_amount: request.amount,
        billing,
        sold_out: format!("Sorry, the {} is sold out.", ticket.name),
        answers,
    });
    let payment = CHECKOUT
        .create(&state, client, idempotency_key, purchase, errors)
        .await?;
    Ok(Json(PaymentIntentResponse {
        payment,
        ticket_id: ticket.id,
    }))
}

pub(super) const NO_SUCH_TICKET: &str = "The selected ticket type does not exist";

const CHECKOUT: Checkout = Checkout {
    kind: OrderKind::Ticket,
    no_item: NO_SUCH_TICKET,
    no_item_field: None,
    no_order: "No ticket purchase was found for this payment.",
    item_option: Some("ticketId"),
};

/// A buyer's (or a waiting person's) name and email, or their errors in `errors`.
pub(super) fn parse_buyer(name: &str, email: &str, errors: &mut FieldErrors) -> Option<(PersonName, EmailAddress)> {
    let name = PersonName::parse(name)
        .map_err(|error| {
            errors.add(
                "name",
                match error {
                    NameError::TooShort => "Name must be at least 3 characters",
                    NameError::TooLong => "Name must be at most 100 characters",
                    NameError::ControlCharacters => "Name cannot contain control or invisible characters",
                    NameError::LooksLikeALink => "Please enter your name only, without web or email addresses",
                },
            );
        })
        .ok();
    if let Some(name) = &name {
        check_printable(name.as_str(), "name", "The name", errors);
    }
    let email = EmailAddress::parse(email);
    if email.is_none() {
        errors.add("email", "Please enter a valid email address");
    }
    name.zip(email)
}

/// `quantity` people with `ticket`, within its order bounds; the minimum when absent.
pub(super) fn ticket_line<'a>(ticket: &'a Ticket, quantity: Option<i64>, errors: &mut FieldErrors) -> OrderLine<'a> {
    let (min_quantity, max_quantity) = (i64::from(ticket.min_quantity), i64::from(ticket.max_quantity));
    let quantity = quantity.unwrap_or(min_quantity);
    if quantity < min_quantity && min_quantity > 1 {
        errors.add(
            "quantity",
            format!("The {} is for at least {min_quantity} people.", ticket.name),
        );
    } else if quantity > max_quantity {
        errors.add(
            "quantity",
            format!(
                "One {} order is for at most {max_quantity} people. For a larger group, please contact the organizers.",
                ticket.name
            ),
        );
    } else if quantity < 1 {
        errors.add(
            "quantity",
            format!("Quantity must be between {min_quantity} and {max_quantity}."),
        );
    }
    OrderLine {
        item: Item::Ticket(ticket),
        sku: sku::ticket(&ticket.ticket_type),
        variant_sku: None,
        quantity,
        options: json!({ "ticketType": ticket.ticket_type, "ticketId": ticket.id }),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TicketConfirmRequest)]
struct ConfirmRequest {
    /// The `paymentIntentId` the create call answered.
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    payment_intent_id: String,
    /// The `ticketId` the create call answered; refused when the payment is for another.
    ticket_id: Option<u32>,
    /// Proves the caller is the buyer, until the back office sends them a new link; without it
    /// (or after that) the answer carries no ticket code.
    client_secret: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TicketConfirmation)]
struct ConfirmResponse {
    #[schema(value_type = String, example = "paid")]
    status: &'static str,
    order_id: String,
    /// The order's reference, which is also the ticket code: only for the buyer.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
}

/// Marks the ticket order paid once the gateway reports the payment succeeded.
///
/// Repeating it answers the same.
#[utoipa::path(
    post,
    path = "/confirm-purchase",
    tag = "checkout",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The order is paid.", body = ConfirmResponse),
        (status = 400, description = "The body is not JSON, or a field is missing or has the wrong type.", body = ErrorBody),
        (status = 404, description = "No ticket purchase was found for this payment.", body = ErrorBody),
        (status = 409, description = "The payment has not succeeded, does not match its order or `ticketId`, \
                                      or came after the ticket sold out (and is refunded).", body = ErrorBody),
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
        .confirm(&state, &request.payment_intent_id, request.ticket_id.map(u64::from))
        .await?;
    let buyer = is_buyer(&order, request.client_secret.as_deref());
    Ok(Json(ConfirmResponse {
        status: "paid",
        order_id: order.id,
        reference: buyer.then_some(order.reference),
    }))
}
