//! `POST /api/admin/orders/{id}/refund`: money back by the event's policy, or an
//! amount the organizer gives with a reason. Either cancels the order; a goodwill
//! refund (`"cancel": false`) keeps it valid.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::orders::NO_SUCH_ORDER;
use super::responses::{AdminChange, JsonBody, ServerTrouble};
use crate::api::params::ApiPath;
use crate::domain::Money;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::orders::{Order, RefundError, RefundRequest, refund_order};
use crate::payments::GatewayError;
use crate::state::AppState;
use crate::store::RefundRecord;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(refund))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = RefundOrder)]
struct RefundBody {
    /// Cents; without it, what the policy gives today.
    #[schema(minimum = 1)]
    amount: Option<i64>,
    /// Needed for an amount other than the policy's, and for a goodwill refund.
    #[serde(default)]
    #[schema(max_length = 500)]
    reason: String,
    /// Whether the refund cancels the order: its tickets stop admitting anyone, its stock
    /// goes back on sale and transfers end, whatever share of the money comes back. `false`
    /// is a goodwill refund: an amount, less than what is left, with a reason, and the order
    /// stays valid.
    #[serde(default = "cancels_by_default")]
    #[schema(default = true)]
    cancel: bool,
}

fn cancels_by_default() -> bool {
    true
}

#[derive(Serialize, utoipa::ToSchema)]
struct Refunded {
    refund: RefundRecord,
    order: Order,
}

/// Refunds an order through the gateway, once per `Idempotency-Key`.
///
/// A refund under the terms cancels the order; `"cancel": false` makes a goodwill refund that
/// keeps it valid. Without a key, the same amount, reason and choice count as the same refund.
/// Asking again with the same key answers the refund already made, or finishes one the payment
/// provider had not confirmed; the same key with another amount, reason or choice is refused.
#[utoipa::path(
    post,
    path = "/orders/{id}/refund",
    operation_id = "refund_order",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(
        ("id" = String, Path, description = "The order's id."),
        (
            "Idempotency-Key" = Option<String>,
            Header,
            nullable = false,
            description = "One key per refund the organizer means to make, up to 200 characters; an empty or \
                           longer one is ignored.",
        ),
    ),
    request_body = RefundBody,
    responses(
        (status = 200, description = "Refunded, or the refund this key already made.", body = Refunded),
        (status = 404, description = NO_SUCH_ORDER, body = ErrorBody),
        (
            status = 409,
            description = "The order is not paid or is refunded in full already; another refund of it is under \
                           way; this key's refund failed or was for another amount, reason or choice; or the \
                           payment provider refused the refund.",
            body = ErrorBody,
        ),
        (
            status = 422,
            description = "The policy gives nothing today and no amount was given; an amount other than the \
                           policy's without a reason; more than is left to refund; a goodwill refund without an \
                           amount and a reason, or of everything left; or a reason over 500 characters.",
            body = ErrorBody,
        ),
        (
            status = 502,
            description = "The payment provider did not confirm the refund: it stays pending, and asking again \
                           the same way (same key, or without one the same amount and reason) finishes it.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn refund(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Json<Refunded>, ApiError> {
    // Counted as sent, as the contract's `maxLength` is.
    if body.reason.chars().count() > 500 {
        let mut errors = FieldErrors::default();
        errors.add("reason", "Please keep the reason under 500 characters.");
        return Err(ApiError::Validation(errors));
    }
    let reason = body.reason.trim().to_owned();
    let idempotency_key = headers
        .get("idempotency-key")
        .and_then(|value| value.to_str().ok())
        .filter(|key| !key.is_empty() && key.len() <= 200)
        .map_or_else(
            || {
                format!(
                    "auto:{}:{}:{reason}",
                    body.amount
                        .map_or_else(|| "policy".to_owned(), |amount| amount.to_string()),
                    if body.cancel { "cancel" } else { "goodwill" }
                )
            },
            str::to_owned,
        );
    let request = RefundRequest {
        amount: body.amount.map(Money::from_cents),
        reason,
        cancel: body.cancel,
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
        RefundError::NotFound => ApiError::NotFound(NO_SUCH_ORDER.into()),
        RefundError::NotPaid => ApiError::Conflict("Only a paid order can be refunded.".into()),
        RefundError::NothingLeft => ApiError::Conflict("This order has already been refunded in full.".into()),
        RefundError::PolicyGivesNothing(policy) => field(
            "amount",
            format!("{} To refund anyway, enter an amount and a reason.", policy.explanation),
        ),
        RefundError::ReasonRequired => field("reason", "Please give a reason for refunding this amount.".into()),
        RefundError::TooMuch { refundable } => field("amount", format!("At most {refundable} can still be refunded.")),
        RefundError::GoodwillNeedsAmount => field(
            "amount",
            "A goodwill refund keeps the order valid: enter the amount to give back and a reason.".into(),
        ),
        RefundError::GoodwillTooMuch { refundable } => field(
            "amount",
            format!(
                "A goodwill refund keeps the order valid, so it must be less than the {refundable} left. To give \
                 everything back, cancel the order."
            ),
        ),
        RefundError::KeyReused => ApiError::Conflict(
            "This refund was already asked for with another amount, reason or choice. Start a new refund to make \
             another."
                .into(),
        ),
        RefundError::InProgress => {
            ApiError::Conflict("Another refund of this order is under way. Please reload the order in a moment.".into())
        }
        RefundError::Failed(error) => ApiError::Conflict(format!(
            "This refund failed ({error}). Start a new refund to try again."
        )),
        RefundError::Gateway(GatewayError::Unavailable(cause)) => ApiError::PaymentProvider(anyhow::anyhow!(
            "refund not confirmed by the gateway; it stays pending and is finished by asking again: {cause}"
        )),
        RefundError::Gateway(GatewayError::Database(error)) => error.into(),
        RefundError::Gateway(error) => ApiError::Conflict(format!("The payment provider refused the refund: {error}.")),
        RefundError::Store(error) => error.into(),
    }
}
