//! The JSON API under `/api`, one module per resource.

mod admin;
mod answer_sheet;
mod catalogue;
mod certificates;
mod checkout;
mod countries;
pub(crate) mod email_page;
mod health;
mod idempotency_key;
mod invoice_download;
mod merchandise_checkout;
mod metrics;
mod my_order;
mod my_ticket_answers;
mod my_tickets;
mod named_item;
mod openapi;
mod params;
mod programme;
mod purchase;
mod quote;
mod sandbox;
mod schedule_exports;
mod seats;
mod speaker_media;
mod sponsor;
mod sponsors;
mod sponsorship_checkout;
mod ticket_checkout;
mod unsubscribe;
mod waiting_list;
mod waitlist;
mod waitlist_confirm;
mod wallet;
mod webhooks;

use axum::Router;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::state::AppState;

pub use catalogue::{CatalogueRoutes, router as catalogue_router};
pub use certificates::pages_router as certificate_pages_router;
pub use health::router as health_router;
pub use metrics::router as metrics_router;
pub use openapi::{contract, serve_contract};
pub use schedule_exports::router as schedule_exports_router;
pub use speaker_media::router as speaker_media_router;
pub use unsubscribe::router as unsubscribe_router;
pub use waiting_list::pages_router as waiting_list_pages_router;
pub use waitlist_confirm::router as waitlist_confirm_router;

/// Every `/api/…` route, and the contract of each (paths relative to `/api`); unknown
/// paths and methods answer in the JSON error format.
pub fn router() -> (Router<AppState>, OpenApi) {
    let (router, contract) = OpenApiRouter::new()
        .merge(waitlist::router())
        .merge(waiting_list::router())
        .merge(ticket_checkout::router())
        .merge(merchandise_checkout::router())
        .merge(sponsorship_checkout::router())
        .merge(quote::router())
        .merge(countries::router())
        .merge(sandbox::router())
        .merge(webhooks::router())
        .merge(my_tickets::router())
        .merge(my_ticket_answers::router())
        .merge(seats::router())
        .merge(wallet::router())
        .merge(certificates::router())
        .merge(my_order::router())
        .merge(sponsor::router())
        .merge(sponsors::router())
        .merge(programme::router())
        .nest("/admin", admin::router())
        .split_for_parts();
    let router = router
        .fallback(|| async { ApiError::NotFound("There is no such API endpoint.".into()) })
        .method_not_allowed_fallback(method_not_allowed);
    (router, contract)
}

/// A known endpoint called with a method it does not take, in the JSON error format.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed("This API endpoint does not accept that method.".into())
}
