//! The back office's API under `/api/admin/`. Every handler but signing in and out and
//! accepting an invitation takes an `AdminActor`, which checks the caller's role against
//! the table of calls (`admin::roles`).

mod audience;
mod auth;
mod badges;
mod check_in;
mod codes;
mod dashboard;
mod door;
mod door_search;
mod draws;
mod emails;
mod exports;
mod flagged;
mod invoices;
mod messages;
mod orders;
mod pickups;
mod presales;
mod privacy;
mod programme;
mod programme_versions;
mod questions;
mod refunds;
mod responses;
mod session;
mod sessions;
mod speaker_photos;
mod sponsorships;
mod staff;
mod waiting_list;
mod waitlist;

pub(super) use auth::SESSION_COOKIE;
pub use auth::bearer_token;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(session::router())
        .merge(staff::router())
        .merge(dashboard::router())
        .merge(orders::router())
        .merge(refunds::router())
        .merge(emails::router())
        .merge(waitlist::router())
        .merge(waiting_list::router())
        .merge(presales::router())
        .merge(draws::router())
        .merge(sponsorships::router())
        .merge(exports::router())
        .merge(check_in::router())
        .merge(door::router())
        .merge(door_search::router())
        .merge(codes::router())
        .merge(invoices::router())
        .merge(pickups::router())
        .merge(programme::router())
        .merge(speaker_photos::router())
        .merge(programme_versions::router())
        .merge(sessions::router())
        .merge(messages::router())
        .merge(privacy::router())
        .merge(badges::router())
        .merge(questions::router())
}
