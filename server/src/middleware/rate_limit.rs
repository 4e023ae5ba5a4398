//! Per-client budgets for the calls that write: every non-GET call under `/api/`,
//! stricter for starting a payment and for the waitlist (which sends email); for looking
//! codes up, which the handlers that read a code take from (`take_code_lookup`); and for the
//! one read that could walk the attendees, the door's search by name. Each budget is a
//! generic cell rate: `burst` calls at once, then one more every `every`.
//! `RATE_LIMITS=off` turns them off for load tests.
//!
//! Signed-in staff and the admin token draw on a budget of their own, kept by their
//! session or token: anonymous calls from the venue's shared address can never stop the
//! door.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::rate_limiter::{Budget, Caller, RateLimiter};
use crate::admin::identity::identify;
use crate::domain::ClientAddress;
use crate::error::ApiError;
use crate::settings::Settings;
use crate::state::AppState;

/// Answers 429 with `Retry-After` once a caller has spent its budget. A back-office call
/// from a signed-in organizer or the admin token draws on that session's or token's own
/// budget; the identity found is kept on the request for the handler.
pub async fn limit_requests(
    State(state): State<AppState>,
    client: ClientAddress,
    mut request: Request,
    next: Next,
) -> Response {
    if !state.settings.rate_limits {
        return next.run(request).await;
    }
    let Some(budget) = Budget::of(request.method(), request.uri().path()) else {
        return next.run(request).await;
    };
    let staff = if is_staff_call(budget, request.uri().path()) {
        identify(request.headers(), &state.settings.admin, &state.store)
            .await
            .ok()
    } else {
        None
    };
    let (budget, caller) = match &staff {
        Some(identity) => (budget.for_staff(), Caller::Staff(identity.budget_key().to_owned())),
        None => (budget, Caller::Address(client)),
    };
    if let Err(wait) = state.rate_limiter.take(budget, caller, Instant::now()) {
        tracing::info!(%client, ?budget, "rate limited");
        let message = match budget {
            Budget::AttendeeSearch => "Too many name searches. Please wait a moment and search again.",
            _ => "Too many requests from your network. Please wait a moment and try again.",
        };
        return ApiError::RateLimited {
            message: message.into(),
            retry_after: wait,
        }
        .into_response();
    }
    if let Some(identity) = staff {
        request.extensions_mut().insert(identity);
    }
    next.run(request).await
}

/// Takes one code lookup from `client`'s budget, or answers 429 with `Retry-After`. A buyer
/// looks a code up a few times per checkout; a guesser, thousands of times a second.
pub fn take_code_lookup(limiter: &RateLimiter, settings: &Settings, client: ClientAddress) -> Result<(), ApiError> {
    if !settings.rate_limits {
        return Ok(());
    }
    limiter
        .take(Budget::CodeLookup, Caller::Address(client), Instant::now())
        .map_err(|wait| {
            tracing::info!(%client, "code lookups rate limited");
            ApiError::RateLimited {
                message: "Too many codes tried from your network. Please wait a moment and try again.".into(),
                retry_after: wait,
            }
        })
}

/// Back-office calls other than signing in, which stays limited per address.
fn is_staff_call(budget: Budget, path: &str) -> bool {
    matches!(budget, Budget::Other | Budget::AttendeeSearch) && path.starts_with("/api/admin/")
}
