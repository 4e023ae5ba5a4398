//! `POST /api/webhooks/stripe`: Stripe's events, each handled once.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::orders::{self, FulfilError};
use crate::payments::{WebhookError, WebhookEventKind};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(receive))
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WebhookReceived)]
struct Received {
    #[schema(example = true)]
    received: bool,
}

const RECEIVED: Json<Received> = Json(Received { received: true });

/// Receives an event from Stripe: a payment succeeded, failed or was cancelled.
///
/// Verifies the signature, then acts on payment events, each once. An answer other than 2xx
/// makes Stripe deliver again, so only failures worth retrying give one.
#[utoipa::path(
    post,
    path = "/webhooks/stripe",
    operation_id = "receive_stripe_webhook",
    tag = "payments",
    params(("Stripe-Signature" = String, Header, description = "Stripe's signature of the body with the endpoint's signing secret.")),
    request_body(
        content = serde_json::Value,
        content_type = "application/json",
        description = "A Stripe event, exactly as Stripe sent it: the signature covers these bytes.",
    ),
    responses(
        (status = 200, description = "The event was handled, or had been before.", body = Received),
        (status = 400, description = "The signature is missing or invalid, the body is not a Stripe event, \
                                      or this server has no `STRIPE_WEBHOOK_SECRET` (or uses the sandbox gateway).", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 429, description = "Too many deliveries from this network; `Retry-After` says when to deliver again.", body = ErrorBody),
        (status = 500, description = "The event could not be handled; Stripe delivers it again.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; Stripe delivers the event again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<Json<Received>, ApiError> {
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
        return Ok(RECEIVED);
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
    Ok(RECEIVED)
}
