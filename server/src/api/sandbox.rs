//! The sandbox gateway's card confirmation, standing in for Stripe.js (DESIGN.md §6).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::orders;
use crate::payments::cards::CardDetails;
use crate::payments::sandbox::SandboxConfirmError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(confirm))
}

/// A test card: 4242424242424242 (or any other number passing the Luhn check) is charged;
/// 4000000000000002 is declined, 4000000000009995 has insufficient funds, 4000000000000069
/// has expired.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(
    as = SandboxCardPayment,
    example = json!({
        "clientSecret": "pi_sandbox_0f8fad5bd9cb469fa16570867728950e_secret_9b2c4e6a8d0f4b1c8e7a6d5c4b3a2f10",
        "cardNumber": "4242424242424242",
        "expMonth": "12",
        "expYear": "2030",
        "cvc": "123"
    })
)]
struct ConfirmRequest {
    /// The `clientSecret` a create call answered.
    client_secret: String,
    /// 12 to 19 digits; spaces are ignored.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    card_number: String,
    /// 1 to 12.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    exp_month: String,
    /// Two or four digits, this month or later.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    exp_year: String,
    /// 3 or 4 digits.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    cvc: String,
}

/// What `text_or_number` reads, for the contract.
fn text_or_number_schema() -> Schema {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)))
        .into()
}

/// Card fields may come as strings or numbers.
fn text_or_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum TextOrNumber {
        Text(String),
        Number(u64),
    }
    Ok(match TextOrNumber::deserialize(deserializer)? {
        TextOrNumber::Text(text) => text,
        TextOrNumber::Number(number) => number.to_string(),
    })
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SandboxPaymentSucceeded)]
struct ConfirmResponse {
    #[schema(value_type = String, example = "succeeded")]
    status: &'static str,
    #[schema(example = "pi_sandbox_0f8fad5bd9cb469fa16570867728950e")]
    payment_intent_id: String,
}

/// Charges a test card.
///
/// Like Stripe after a successful charge, the sandbox then tells the site the payment
/// succeeded (what the webhook does for Stripe). Only while the site uses the sandbox gateway.
#[utoipa::path(
    post,
    path = "/sandbox/confirm",
    operation_id = "confirm_sandbox_payment",
    tag = "payments",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The card was charged.", body = ConfirmResponse),
        (status = 400, description = "The body is not JSON, or a field is missing or has the wrong type.", body = ErrorBody),
        (status = 402, description = "The card was refused; `code` says why, such as `card_declined` or `incorrect_number`.", body = ErrorBody),
        (status = 404, description = "The site does not use the sandbox gateway, or no payment has this client secret.", body = ErrorBody),
        (status = 409, description = "The payment has already succeeded, or its checkout expired and it was cancelled.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The payment could not be recorded.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
async fn confirm(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ConfirmRequest>,
) -> Result<Json<ConfirmResponse>, ApiError> {
    let sandbox = state
        .sandbox
        .as_ref()
        .ok_or_else(|| ApiError::NotFound("The sandbox gateway is not in use.".into()))?;
    let card = CardDetails {
        number: &request.card_number,
        exp_month: &request.exp_month,
        exp_year: &request.exp_year,
        cvc: &request.cvc,
    };
    match sandbox.confirm(&request.client_secret, &card).await {
        Ok(payment) => {
            let payment_id = payment.id.clone();
            if let Err(error) = orders::fulfil_confirmed_payment(&state.store, sandbox, payment).await {
                // The browser's confirm call fulfils the order again; nothing is lost.
                tracing::warn!(%error, payment = %payment_id, "sandbox fulfilment deferred");
            }
            Ok(Json(ConfirmResponse {
                status: "succeeded",
                payment_intent_id: payment_id,
            }))
        }
        Err(SandboxConfirmError::Refused { refusal, payment_id }) => {
            orders::record_payment_failure(&state.store, &payment_id, refusal.message()).await?;
            Err(ApiError::PaymentRefused {
                message: refusal.message().into(),
                code: refusal.code().into(),
            })
        }
        Err(SandboxConfirmError::UnknownPayment) => {
            Err(ApiError::NotFound("No payment matches this client secret.".into()))
        }
        Err(SandboxConfirmError::AlreadySucceeded) => {
            Err(ApiError::Conflict("This payment has already been completed.".into()))
        }
        Err(SandboxConfirmError::Canceled) => Err(ApiError::Conflict(
            "This checkout expired and its payment was cancelled, so nothing was charged. Please start your purchase again."
                .into(),
        )),
        Err(SandboxConfirmError::Store(error)) => Err(error.into()),
    }
}
