//! `POST /api/admin/orders/{id}/refund`: money back by the event's policy, or an
//! amount the organizer gives with a reason.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::domain::Money;
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::orders::{Order, RefundError, RefundRequest, refund_order};
use crate::payments::GatewayError;
use crate::state::AppState;
use crate::store::RefundRecord;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/orders/{id}/refund", post(refund))
}

#[derive(Debug, Deserialize)]
struct RefundBody {
    /// Cents; without it, what the policy gives today.
    amount: Option<i64>,
    #[serde(default)]
    reason: String,
}

#[derive(Serialize)]
struct Refunded {
    refund: RefundRecord,
    order: Order,
}

/// Refunds through the gateway, once per `Idempotency-Key` (without one, the same
/// amount and reason count as the same refund).
async fn refund(
    actor: AdminActor,
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Json<Refunded>, ApiError> {
    let reason = body.reason.trim().to_owned();
    if reason.chars().count() > 500 {
        let mut errors = FieldErrors::default();
        errors.add("reason", "Please keep the reason under 500 characters.");
        return Err(ApiError::Validation(errors));
    }
    let idempotency_key = headers
        .get("idempotency-key")
        .and_then(|value| value.to_str().ok())
        .filter(|key| !key.is_empty() && key.len() <= 200)
        .map_or_else(
            || {
                format!(
                    "auto:{}:{reason}",
                    body.amount
                        .map_or_else(|| "policy".to_owned(), |amount| amount.to_string())
                )
            },
            str::to_owned,
        );
    let request = RefundRequest {
        amount: body.amount.map(Money::from_cents),
        reason,
        idempotency_key,
        actor: actor.name,
    };
    let today = state.event.venue_date(state.clock.now());
    let refund = refund_order(&state.store, state.gateway.as_ref(), &state.event, &id, &request, today)
        .await
        .map_err(refund_error)?;
    let order = super::orders::find(&state, &refund.order_id).await?;
    Ok(Json(Refunded { refund, order }))
}

fn refund_error(error: RefundError) -> ApiError {
    let field = |name: &'static str, message: String| {
        let mut errors = FieldErrors::default();
        errors.add(name, message);
        ApiError::Validation(errors)
    };
    match error {
        RefundError::NotFound => ApiError::NotFound("There is no such order.".into()),
        RefundError::NotPaid => ApiError::Conflict("Only a paid order can be refunded.".into()),
        RefundError::NothingLeft => ApiError::Conflict("This order has already been refunded in full.".into()),
        RefundError::PolicyGivesNothing(policy) => field(
            "amount",
            format!("{} To refund anyway, enter an amount and a reason.", policy.explanation),
        ),
        RefundError::ReasonRequired => field("reason", "Please give a reason for refunding this amount.".into()),
        RefundError::TooMuch { refundable } => field("amount", format!("At most {refundable} can still be refunded.")),
        RefundError::InProgress => {
            ApiError::Conflict("Another refund of this order is under way. Please reload the order in a moment.".into())
        }
        RefundError::Failed(error) => ApiError::Conflict(format!(
            "This refund failed ({error}). Start a new refund to try again."
        )),
        RefundError::Gateway(GatewayError::Unavailable(cause)) => ApiError::PaymentProvider(anyhow::anyhow!(
            "refund not confirmed by the gateway; it stays pending and is finished by asking again: {cause}"
        )),
        RefundError::Gateway(error) => ApiError::Conflict(format!("The payment provider refused the refund: {error}.")),
        RefundError::Store(error) => error.into(),
    }
}
