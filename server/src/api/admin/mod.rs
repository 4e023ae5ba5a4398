//! The back office's API under `/api/admin/`. Every handler takes an `AdminActor`.

mod auth;
mod check_in;
mod dashboard;
mod emails;
mod exports;
mod orders;
mod pickups;
mod refunds;
mod session;
mod sponsorships;
mod waitlist;

pub use auth::bearer_token;

use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(session::router())
        .merge(dashboard::router())
        .merge(orders::router())
        .merge(refunds::router())
        .merge(emails::router())
        .merge(waitlist::router())
        .merge(sponsorships::router())
        .merge(exports::router())
        .merge(check_in::router())
        .merge(pickups::router())
}
