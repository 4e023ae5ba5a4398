//! What a page request gets when there is no page for it: the app is not built, or the path names nothing.

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::site::Site;

/// What a browser gets before the front end is built.
pub fn not_built() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "The browser app has not been built. Run `make run` (or `npm run build` in web/) and restart the server.",
    )
        .into_response()
}

/// The not-found page, with status 404.
pub async fn not_found(site: &Site, headers: &HeaderMap, programme: bool) -> Response {
    let page = match site.catalogue.snapshot().await {
        Ok(snapshot) => site.pages.not_found(&snapshot.prerender_digest, programme),
        Err(error) => {
            tracing::error!(%error, "cannot read the stock for the pages");
            site.pages.shell(programme)
        }
    };
    match page {
        Some(page) => page.respond_with(StatusCode::NOT_FOUND, headers),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
