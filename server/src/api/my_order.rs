//! A buyer's paperwork for an order of any kind: its billing details, its invoices and
//! credit notes as PDFs, and the one correction of the billing details a buyer may make.
//! The buyer proves the order is theirs with the secret of the receipt's "Manage your
//! tickets" link, or with the payment's id and client secret from the confirmation page's
//! link; both come in headers, so they never reach a server log. A new link sent to the
//! buyer retires the client secret, as it does the earlier links.

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::IntoParams;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{ObjectBuilder, Required, Type};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::invoice_download::{InvoiceLink, pdf_response};
use super::params::ApiPath;
use crate::domain::{BillingDetails, BillingRequest};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::invoices::CORRECTION_DAYS;
use crate::orders::{Order, OrderKind, OrderStatus};
use crate::secrets;
use crate::state::AppState;
use crate::store::Correction;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_order))
        .routes(routes!(correct_billing))
        .routes(routes!(invoice_pdf))
}

/// An order whose buyer sent its proof: the headers `X-Manage-Token`, or `X-Payment-Intent`
/// and `X-Client-Secret`.
struct BuyersOrder(Order);

impl IntoParams for BuyersOrder {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let header = |name: &str, max_length: usize, description: &str| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Header)
                .required(Required::False)
                .description(Some(description))
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .max_length(Some(max_length)),
                ))
                .build()
        };
        vec![
            header(
                "X-Manage-Token",
                128,
                "The secret of the \"Manage your tickets\" link in a ticket order's receipt.",
            ),
            header(
                "X-Payment-Intent",
                128,
                "Instead of `X-Manage-Token`, with `X-Client-Secret`: the `paymentIntentId` the create call answered.",
            ),
            header(
                "X-Client-Secret",
                256,
                "The `clientSecret` the create call answered, which the confirmation page's link carries; it \
                 opens nothing once the buyer has been sent a new link (the back office's resend, or a \
                 sponsor's new page link).",
            ),
        ]
    }
}

const NOT_YOURS: &str = "This link does not open any order. Please use the link in your email.";

fn header<'a>(parts: &'a Parts, name: &str, max: usize) -> Option<&'a str> {
    parts
        .headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .filter(|value| !value.is_empty() && value.len() <= max)
}

impl FromRequestParts<AppState> for BuyersOrder {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let not_yours = || ApiError::NotFound(NOT_YOURS.into());
        // A seat holder's link is not the buyer's: it opens their seat, not the order's invoices.
        if let Some(token) = header(parts, "x-manage-token", 128) {
            let order_id = state
                .store
                .order_id_by_manage_token(&secrets::digest(token))
                .await?
                .ok_or_else(not_yours)?;
            return state.store.order(&order_id).await?.map(Self).ok_or_else(not_yours);
        }
        let (Some(payment_id), Some(client_secret)) = (
            header(parts, "x-payment-intent", 128),
            header(parts, "x-client-secret", 256),
        ) else {
            return Err(not_yours());
        };
        let order = state.store.order_by_payment(payment_id).await?.ok_or_else(not_yours)?;
        if !order.is_buyer_secret(client_secret) {
            return Err(not_yours());
        }
        Ok(Self(order))
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyOrder)]
struct Paperwork {
    reference: String,
    #[schema(value_type = String, example = "ticket")]
    kind: OrderKind,
    #[schema(value_type = String, example = "paid")]
    status: OrderStatus,
    /// The company the invoices are made out to; none when they name the buyer.
    #[schema(required = true)]
    billing: Option<BillingDetails>,
    /// Whether the billing details can be corrected now: once, from payment until `correctBillingUntil`.
    can_correct_billing: bool,
    /// The last day (at the venue) the billing details can be corrected, "2026-06-17"; none
    /// for an order not paid.
    #[schema(required = true, format = Date)]
    correct_billing_until: Option<String>,
    /// When the billing details were corrected, in Unix milliseconds; they can be corrected once.
    #[schema(required = true)]
    billing_corrected_at: Option<i64>,
    /// The order's invoices and credit notes, oldest first; `url` takes the same headers as this call.
    invoices: Vec<InvoiceLink>,
}

async fn paperwork(state: &AppState, order: &Order) -> Result<Paperwork, ApiError> {
    let invoices = state.store.invoices_of_order(&order.id).await?;
    let until = correction_deadline(state, order);
    let today = state.event.venue_date(state.clock.now());
    Ok(Paperwork {
        reference: order.reference.clone(),
        kind: order.kind,
        status: order.status,
        billing: order.billing.clone(),
        can_correct_billing: order.status == OrderStatus::Paid
            && order.billing_corrected_at.is_none()
            && !invoices.is_empty()
            && until.is_some_and(|until| today <= until),
        correct_billing_until: until.map(|until| until.to_string()),
        billing_corrected_at: order.billing_corrected_at,
        invoices: invoices
            .iter()
            .map(|invoice| InvoiceLink::new(invoice, "/api/my-order/invoices"))
            .collect(),
    })
}

/// The last day at the venue a correction is taken: `CORRECTION_DAYS` after payment.
fn correction_deadline(state: &AppState, order: &Order) -> Option<time::Date> {
    let paid_at = OffsetDateTime::from_unix_timestamp(order.paid_at?.div_euclid(1000)).ok()?;
    Some(state.event.venue_date(paid_at + Duration::days(CORRECTION_DAYS)))
}

/// The earliest payment (Unix ms) a correction is taken for today: one paid at the start of
/// the venue's day `CORRECTION_DAYS` ago, so the whole last day counts.
fn paid_since(state: &AppState, now: OffsetDateTime) -> i64 {
    let offset = state.event.starts_at.offset();
    let start_of_today = state.event.venue_date(now).midnight().assume_offset(offset);
    (start_of_today - Duration::days(CORRECTION_DAYS)).unix_timestamp() * 1000
}

const NOT_FOUND: &str = "The headers are missing, or open no order: the buyer's `X-Manage-Token`, or \
                         `X-Payment-Intent` with its `X-Client-Secret`. A seat holder's link opens no invoices, \
                         and neither does a client secret retired by a new link sent to the buyer.";

/// The paperwork of the order the buyer's link opens: billing details and invoices.
#[utoipa::path(
    get,
    path = "/my-order",
    tag = "invoices",
    params(BuyersOrder),
    responses(
        (status = 200, description = "The order's billing details and invoices.", body = Paperwork),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 500, description = "The order could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn my_order(State(state): State<AppState>, BuyersOrder(order): BuyersOrder) -> Result<Json<Paperwork>, ApiError> {
    paperwork(&state, &order).await.map(Json)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = BillingCorrection)]
struct CorrectionRequest {
    billing: Option<BillingRequest>,
}

/// Corrects the billing details once, until 30 days after payment: the current invoice is
/// cancelled by a credit note and a new invoice is issued with the new details; both are
/// emailed to the buyer. An invoice already issued never changes.
#[utoipa::path(
    put,
    path = "/my-order/billing",
    tag = "invoices",
    params(BuyersOrder),
    request_body = CorrectionRequest,
    responses(
        (status = 200, description = "Corrected: the order's paperwork with the credit note and the new invoice.", body = Paperwork),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = NOT_FOUND, body = ErrorBody),
        (status = 409, description = "The billing details were corrected before, the 30 days after payment have \
                                      passed, the order is not paid, or it has no invoice.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which (`billing.company`, …) and why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The correction could not be made.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn correct_billing(
    State(state): State<AppState>,
    BuyersOrder(order): BuyersOrder,
    ApiJson(request): ApiJson<CorrectionRequest>,
) -> Result<Json<Paperwork>, ApiError> {
    let company = (order.kind == OrderKind::Sponsorship)
        .then(|| order.options["companyName"].as_str())
        .flatten();
    let mut errors = FieldErrors::default();
    let billing = super::purchase::parse_billing(Some(&request.billing.unwrap_or_default()), company, &mut errors);
    let Some(billing) = billing.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    let now = state.clock.now();
    let contact = &state.event.contact_email;
    match state
        .store
        .correct_billing(&order, &billing, paid_since(&state, now), now, "buyer")
        .await?
    {
        Correction::Made { .. } => {}
        Correction::AlreadyCorrected => {
            return Err(ApiError::Conflict(format!(
                "The billing details of this order were corrected once already. Please write to {contact} to change them again."
            )));
        }
        Correction::Closed => {
            return Err(ApiError::Conflict(format!(
                "Billing details can be corrected until {CORRECTION_DAYS} days after payment. Please write to {contact} to change them."
            )));
        }
        Correction::NoInvoice => {
            return Err(ApiError::Conflict("This order has no invoice to correct.".into()));
        }
    }
    let order = state
        .store
        .order(&order.id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_YOURS.into()))?;
    paperwork(&state, &order).await.map(Json)
}

/// One of the order's invoices or credit notes, as a PDF.
#[utoipa::path(
    get,
    path = "/my-order/invoices/{number}",
    tag = "invoices",
    params(BuyersOrder, ("number" = String, Path, description = "The document's number: \"CW2026-00001\".")),
    responses(
        (
            status = 200,
            description = "The PDF, with embedded fonts and text that can be copied.",
            content_type = "application/pdf",
            body = Vec<u8>,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"invoice-CW2026-00001.pdf\"`")),
        ),
        (status = 404, description = "The headers open no order (as for `GET /my-order`), or the order has no document of that number.", body = ErrorBody),
        (status = 500, description = "The document could not be made.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn invoice_pdf(
    State(state): State<AppState>,
    BuyersOrder(order): BuyersOrder,
    ApiPath(number): ApiPath<String>,
) -> Result<Response, ApiError> {
    let invoice = state
        .store
        .invoice_by_number(&number)
        .await?
        .filter(|invoice| invoice.order_id == order.id)
        .ok_or_else(|| ApiError::NotFound("This order has no invoice of that number.".into()))?;
    pdf_response(&invoice).map(IntoResponse::into_response)
}
