//! The JSON API under `/api`, one module per resource.

mod catalogue;
mod config;
mod health;
mod merchandise_checkout;
mod purchase;
mod sandbox;
mod sponsorship;
mod sponsorship_checkout;
mod ticket_checkout;
mod unsubscribe;
mod waitlist;
mod webhooks;

use axum::Router;

use crate::app::AppState;
use crate::error::ApiError;

pub use health::router as health_router;
pub use unsubscribe::router as unsubscribe_router;

/// Every `/api/…` route; unknown paths and methods answer in the JSON error format.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(config::router())
        .merge(catalogue::router())
        .merge(sponsorship::router())
        .merge(waitlist::router())
        .merge(ticket_checkout::router())
        .merge(merchandise_checkout::router())
        .merge(sponsorship_checkout::router())
        .merge(sandbox::router())
        .merge(webhooks::router())
        .fallback(|| async { ApiError::NotFound("There is no such API endpoint.".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("This API endpoint does not accept that method.".into())
        })
}
