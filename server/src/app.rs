//! The HTTP application: shared state, routes and middleware.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::IntoResponse;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;
use crate::event::Event;
use crate::payments::{PaymentGateway, SandboxGateway};
use crate::settings::Settings;
use crate::store::Store;
use crate::{api, web};

/// Request bodies are small JSON forms.
const MAX_BODY_BYTES: usize = 64 * 1024;

#[derive(Clone)]
pub struct AppState {
    pub event: Arc<Event>,
    pub settings: Arc<Settings>,
    pub store: Store,
    pub gateway: Arc<dyn PaymentGateway>,
    /// The sandbox gateway when it is the one in use, for `POST /api/sandbox/confirm`.
    pub sandbox: Option<SandboxGateway>,
}

pub fn app(state: AppState) -> Router {
    let web_dir = state.settings.web_dir.clone();
    Router::new()
        .nest("/api", api::router())
        .merge(api::health_router())
        .merge(api::unsubscribe_router())
        .merge(web::router(&web_dir))
        .layer(
            ServiceBuilder::new()
                .layer(TraceLayer::new_for_http())
                .layer(CatchPanicLayer::custom(|_| {
                    ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
                }))
                .layer(TimeoutLayer::with_status_code(
                    axum::http::StatusCode::REQUEST_TIMEOUT,
                    Duration::from_secs(30),
                ))
                .layer(CompressionLayer::new())
                .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
                .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
                .layer(security_header(
                    header::REFERRER_POLICY,
                    "strict-origin-when-cross-origin",
                ))
                .layer(security_header(
                    HeaderName::from_static("permissions-policy"),
                    "camera=(), microphone=(), geolocation=()",
                )),
        )
        .with_state(state)
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}
