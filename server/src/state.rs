//! What every request handler shares.

use std::sync::Arc;

use crate::admin::sign_in_guard::SignInGuard;
use crate::catalogue::CatalogueCache;
use crate::clock::Clock;
use crate::event::Event;
use crate::metrics::Metrics;
use crate::middleware::RateLimiter;
use crate::passes::Wallets;
use crate::payments::{PaymentGateway, SandboxGateway};
use crate::programme_site::ProgrammeSite;
use crate::settings::Settings;
use crate::store::Store;

#[derive(Clone)]
pub struct AppState {
    pub event: Arc<Event>,
    /// What is for sale, ready to send.
    pub catalogue: Arc<CatalogueCache>,
    /// The programme's current version, its pages and files.
    pub programme: Arc<ProgrammeSite>,
    pub settings: Arc<Settings>,
    pub store: Store,
    pub gateway: Arc<dyn PaymentGateway>,
    /// The sandbox gateway when it is the one in use, for `POST /api/sandbox/confirm`.
    pub sandbox: Option<SandboxGateway>,
    /// Per-client request budgets; shared by every route of this process.
    pub rate_limiter: Arc<RateLimiter>,
    /// Wrong passwords per back-office account and client address.
    pub sign_in_guard: Arc<SignInGuard>,
    /// What this process has answered, for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// What time it is for the event's rules (refund windows, the transfer cut-off).
    pub clock: Arc<dyn Clock>,
    /// The wallet passes this site offers (Apple, Google), their credentials checked at start-up.
    pub wallets: Arc<Wallets>,
}
