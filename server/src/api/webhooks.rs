//! `POST /api/webhooks/stripe`: Stripe's events, each handled once.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::orders::{self, FulfilError};
use crate::payments::{WebhookError, WebhookEventKind};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/webhooks/stripe", post(receive))
}

/// Verifies the signature, then acts on payment events. An answer other than
/// 2xx makes Stripe deliver again, so only failures worth retrying give one.
#[tracing::instrument(skip_all)]
async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<Json<Value>, ApiError> {
    let signature = headers.get("Stripe-Signature").and_then(|value| value.to_str().ok());
    let event = state.gateway.parse_webhook(&body, signature).map_err(|error| {
        tracing::warn!(%error, "webhook refused");
        ApiError::BadRequest(match error {
            WebhookError::NotConfigured => "Stripe webhooks are not configured on this server.".into(),
            WebhookError::BadPayload => "The webhook payload is not a Stripe event.".into(),
            _ => "The webhook signature is invalid.".into(),
        })
    })?;
    if state.store.webhook_event_seen(&event.id).await? {
        return Ok(Json(json!({ "received": true })));
    }
    let event_type = match &event.kind {
        WebhookEventKind::PaymentSucceeded { payment_id } => {
            match orders::fulfil_payment(&state.store, state.gateway.as_ref(), payment_id).await {
                Ok(_) => {}
                Err(error @ (FulfilError::Gateway(_) | FulfilError::Store(_))) => {
                    return Err(ApiError::Internal(
                        anyhow::Error::new(error).context("webhook fulfilment failed"),
                    ));
                }
                Err(error) => tracing::error!(%error, payment = %payment_id, "webhook payment not fulfilled"),
            }
            "payment_intent.succeeded"
        }
        WebhookEventKind::PaymentFailed { payment_id, message } => {
            let message = message.as_deref().unwrap_or("The payment failed.");
            orders::record_payment_failure(&state.store, payment_id, message).await?;
            "payment_intent.payment_failed"
        }
        WebhookEventKind::PaymentCanceled { payment_id } => {
            orders::cancel_payment(&state.store, payment_id).await?;
            "payment_intent.canceled"
        }
        WebhookEventKind::Other { event_type } => event_type.as_str(),
    };
    state.store.record_webhook_event(&event.id, event_type).await?;
    Ok(Json(json!({ "received": true })))
}
