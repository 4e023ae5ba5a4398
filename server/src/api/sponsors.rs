//! Approved sponsors' logos, for the wall. A logo is served only while it is the approved
//! logo of a paid sponsorship; an SVG was rebuilt when it was sent, and is served under a
//! policy that would stop anything active even if something had slipped through.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::params::ApiPath;
use crate::error::{ApiError, ErrorBody};
use crate::sponsors::LogoFormat;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_logo))
}

/// An approved logo; its address changes with each new logo, so it may be kept a day.
#[utoipa::path(
    get,
    path = "/sponsors/logos/{logo_id}",
    tag = "sponsors",
    params(("logo_id" = String, Path, description = "From a `logoUrl` of `GET /api/sponsors`.")),
    responses(
        (status = 200, description = "The logo.", content((Vec<u8> = "image/svg+xml"), (Vec<u8> = "image/png"))),
        (status = 404, description = "No approved logo of a current sponsor has this id.", body = ErrorBody),
        (status = 500, description = "The logo could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn public_logo(State(state): State<AppState>, ApiPath(logo_id): ApiPath<String>) -> Result<Response, ApiError> {
    let (info, bytes) = state
        .store
        .public_sponsor_logo(&logo_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such logo.".into()))?;
    Ok(logo_response(info.format, bytes, "public, max-age=86400"))
}

/// A logo's bytes with headers that keep it an image (the site adds `nosniff` to every
/// answer): an SVG opened on its own is sandboxed, with no scripts, requests or plugins.
pub(super) fn logo_response(format: LogoFormat, bytes: Vec<u8>, cache_control: &'static str) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(format.content_type()));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
    );
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"));
    response
}
