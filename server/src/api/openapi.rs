//! The API contract: an OpenAPI 3.1 document put together from the `#[utoipa::path]` of
//! every routed handler and the `ToSchema` of the types they take and give, so it
//! describes what the server does. Served at `/api/openapi.json`.

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};

use crate::error::ErrorBody;

/// The document's own facts, and what every part shares: the error body and how the
/// back office signs in.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Conference website API",
        description = "The public site's calls (catalogue, waitlist, ticket, merchandise and sponsorship checkout, \
                       the buyer's tickets), the back office under /api/admin, and the operational endpoints. Every \
                       error answers with the JSON body `Error`."
    ),
    components(schemas(ErrorBody)),
    modifiers(&AdminSecurity)
)]
struct Base;

struct AdminSecurity;

impl utoipa::Modify for AdminSecurity {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "admin_session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                super::admin::SESSION_COOKIE,
                "The session cookie POST /api/admin/session sets after a sign-in with the admin password.",
            ))),
        );
        components.add_security_scheme(
            "admin_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("ADMIN_TOKEN, for scripts."))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "metrics_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("METRICS_TOKEN."))
                    .build(),
            ),
        );
    }
}

/// The whole contract: `api` (paths relative to `/api`) and the routes outside it.
pub fn contract(api: OpenApi, outside: impl IntoIterator<Item = OpenApi>) -> OpenApi {
    let mut contract = <Base as utoipa::OpenApi>::openapi().nest("/api", api);
    for part in outside {
        contract.merge(part);
    }
    contract
}

/// `GET /api/openapi.json`: the contract, written once.
pub fn serve_contract<S: Clone + Send + Sync + 'static>(contract: &OpenApi) -> Router<S> {
    let json: Arc<str> = contract
        .to_json()
        .expect("an OpenAPI document of plain values always serializes")
        .into();
    Router::new().route(
        "/api/openapi.json",
        get(move || {
            let json = json.clone();
            async move { json_response(json) }
        }),
    )
}

fn json_response(json: Arc<str>) -> Response {
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        json.to_string(),
    )
        .into_response()
}
