//! The JSON API under `/api`, one module per resource.

mod admin;
mod catalogue;
mod health;
mod idempotency_key;
mod merchandise_checkout;
mod metrics;
mod my_tickets;
mod purchase;
mod sandbox;
mod sponsorship_checkout;
mod ticket_checkout;
mod unsubscribe;
mod waitlist;
mod webhooks;

use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

pub use catalogue::router as catalogue_router;
pub use health::router as health_router;
pub use metrics::router as metrics_router;
pub use unsubscribe::router as unsubscribe_router;

/// Every `/api/…` route; unknown paths and methods answer in the JSON error format.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(waitlist::router())
        .merge(ticket_checkout::router())
        .merge(merchandise_checkout::router())
        .merge(sponsorship_checkout::router())
        .merge(sandbox::router())
        .merge(webhooks::router())
        .merge(my_tickets::router())
        .nest("/admin", admin::router())
        .fallback(|| async { ApiError::NotFound("There is no such API endpoint.".into()) })
        .method_not_allowed_fallback(method_not_allowed)
}

/// A known endpoint called with a method it does not take, in the JSON error format.
async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed("This API endpoint does not accept that method.".into())
}
