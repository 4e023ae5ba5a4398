//! The HTTP application: routes and the layers every request passes through.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use tower::ServiceBuilder;
use tower::util::MapResponseLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, DefaultPredicate};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::error::ApiError;
use crate::middleware::{SecurityHeaders, limit_body, limit_requests, record_client_address, trace_request};
use crate::payments::stripe::RETRY_BUDGET;
use crate::state::AppState;
use crate::{api, web};

/// The longest a request may take. Longer than the payment gateway's whole retry
/// budget, so a slow gateway answers with its own error instead of being cut off.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
const _: () = assert!(REQUEST_TIMEOUT.as_millis() > RETRY_BUDGET.as_millis() + 5_000);

pub fn app(state: AppState) -> Router {
    let security = SecurityHeaders::new(&state.settings);
    // Answers from the API can carry names, emails and codes: no cache may keep them.
    let (api, api_contract) = api::router();
    let api = api.layer(SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    ));
    let (health, health_contract) = api::health_router().split_for_parts();
    let (metrics, metrics_contract) = api::metrics_router().split_for_parts();
    let (unsubscribe, unsubscribe_contract) = api::unsubscribe_router().split_for_parts();
    let (schedule_exports, schedule_exports_contract) = api::schedule_exports_router().split_for_parts();
    let (speaker_media, speaker_media_contract) = api::speaker_media_router().split_for_parts();
    let (waitlist_confirm, waitlist_confirm_contract) = api::waitlist_confirm_router().split_for_parts();
    let (waiting_list_pages, waiting_list_pages_contract) = api::waiting_list_pages_router().split_for_parts();
    let (certificate_pages, certificate_pages_contract) = api::certificate_pages_router().split_for_parts();
    let (catalogue, catalogue_contract) = api::catalogue_router(Arc::new(api::CatalogueRoutes {
        answers: state.catalogue.clone(),
        limiter: state.rate_limiter.clone(),
        settings: state.settings.clone(),
    }));
    let contract = api::contract(
        api_contract,
        [
            catalogue_contract,
            health_contract,
            metrics_contract,
            unsubscribe_contract,
            schedule_exports_contract,
            speaker_media_contract,
            waitlist_confirm_contract,
            waiting_list_pages_contract,
            certificate_pages_contract,
        ],
    );
    // Calls that run code and read bodies: traced with a request id, bounded in time and size, limited per client,
    // compressed.
    let calls = Router::new()
        .nest("/api", api)
        .merge(health)
        .merge(metrics)
        .merge(unsubscribe)
        .merge(schedule_exports)
        .merge(speaker_media)
        .merge(waitlist_confirm)
        .merge(waiting_list_pages)
        .merge(certificate_pages)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(
            ServiceBuilder::new()
                .layer(from_fn_with_state(state.metrics.clone(), trace_request))
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::REQUEST_TIMEOUT,
                    REQUEST_TIMEOUT,
                ))
                // PDFs and zips of them are compressed inside already.
                .layer(
                    CompressionLayer::new().compress_when(
                        DefaultPredicate::new()
                            .and(NotForContentType::const_new("application/pdf"))
                            .and(NotForContentType::const_new("application/zip")),
                    ),
                )
                .layer(from_fn_with_state(state.clone(), record_client_address))
                .layer(from_fn_with_state(state.clone(), limit_requests))
                .layer(from_fn(limit_body)),
        );
    // The catalogue, the built app and its pages are bytes prepared in memory, compressed
    // ahead and never limited: they go out without the work the calls above need, at the
    // speed of a file server. (Their errors log themselves, as `ApiError`s do.)
    Router::new()
        .merge(catalogue)
        .merge(api::serve_contract(&contract))
        .merge(calls)
        .fallback_service(web::router(&state))
        .layer(
            ServiceBuilder::new()
                .layer(MapResponseLayer::new(move |response: Response<_>| {
                    security.apply(response)
                }))
                .layer(CatchPanicLayer::custom(|_| {
                    ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
                })),
        )
        .with_state(state)
}
