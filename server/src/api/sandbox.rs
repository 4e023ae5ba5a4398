//! The sandbox gateway's card confirmation, standing in for Stripe.js (DESIGN.md §6).

use axum::Json;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa_axum::router::OpenApiRouter;

use crate::error::{ApiError, ApiJson};
use crate::orders;
use crate::payments::cards::CardDetails;
use crate::payments::sandbox::SandboxConfirmError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/sandbox/confirm", post(confirm))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmRequest {
    client_secret: String,
    #[serde(deserialize_with = "text_or_number")]
    card_number: String,
    #[serde(deserialize_with = "text_or_number")]
    exp_month: String,
    #[serde(deserialize_with = "text_or_number")]
    exp_year: String,
    #[serde(deserialize_with = "text_or_number")]
    cvc: String,
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmResponse {
    status: &'static str,
    payment_intent_id: String,
}

/// Charges a test card. Like Stripe after a successful charge, the sandbox then
/// tells the site the payment succeeded (what the webhook does for Stripe).
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
            if let Err(error) = orders::fulfil_payment(&state.store, sandbox, &payment.id).await {
                // The browser's confirm call fulfils the order again; nothing is lost.
                tracing::warn!(%error, payment = %payment.id, "sandbox fulfilment deferred");
            }
            Ok(Json(ConfirmResponse {
                status: "succeeded",
                payment_intent_id: payment.id,
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
