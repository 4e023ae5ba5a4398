//! Everything outside `/api`: the pages (prerendered, or the app shell), the built assets, and
//! what search engines, link previews and home screens ask for.

mod answers;
pub mod artwork;
mod assets;
mod pages;
mod programme;
mod routes;
mod seo;
mod site;
mod special_pricing;
mod structured_data;

use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::precompressed::Precompressed;
use crate::state::AppState;

use answers::not_built;
use pages::LiveParts;
use routes::{Route, normalize};
pub use site::Site;

/// The PNG icons by path and size; home screens and the web manifest name them.
const ICONS: [(&str, u32); 3] = [
    ("/icon-192.png", 192),
    ("/icon-512.png", 512),
    ("/apple-touch-icon.png", 180),
];
/// Drawn from the event file, which can change with a restart.
const IMAGE_CACHE: &str = "public, max-age=3600";

pub fn router(state: &AppState) -> Router {
    let site = Arc::new(Site::load(state));
    Router::new()
        .route("/sitemap.xml", get(seo::sitemap_xml))
        .route("/robots.txt", get(seo::robots_txt))
        .route("/manifest.webmanifest", get(seo::web_manifest))
        .route("/door.webmanifest", get(seo::door_manifest))
        .route("/merchandise/purchase.html", get(special_pricing_page))
        .route("/share-image.png", get(share_image))
        .route("/schedule", get(programme::schedule))
        .route("/schedule/changes", get(programme::changes))
        .route("/sessions/{slug}", get(programme::session))
        .route("/speakers", get(programme::speakers))
        .route("/speakers/{slug}", get(programme::speaker))
        .route("/my-schedule", get(programme::my_schedule))
        .route(ICONS[0].0, get(|site, request| icon(site, request, 0)))
        .route(ICONS[1].0, get(|site, request| icon(site, request, 1)))
        .route(ICONS[2].0, get(|site, request| icon(site, request, 2)))
        .fallback(get(serve))
        .with_state(site)
}

/// A built file, or the page for an app path.
async fn serve(State(site): State<Arc<Site>>, request: Request) -> Response {
    let path = request.uri().path();
    let headers = request.headers();
    if let Some(file) = site.assets.get(path) {
        return file.respond(headers);
    }
    // A missing script or style is no page: the app shell would only be parsed as code.
    if path.starts_with("/assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    if !site.pages.is_built() {
        return not_built();
    }
    let route = Route::of(path);
    let programme = site.published().await;
    let (featured_speakers, sitemap_programme) = programme.as_deref().map_or(("", ""), |published| {
        (published.featured_speakers.as_str(), published.sitemap.as_str())
    });
    let has_programme = programme
        .as_ref()
        .is_some_and(|published| published.view.has_sessions());
    let page = match site.catalogue.snapshot().await {
        Ok(snapshot) => {
            let digest = snapshot.prerender_digest.as_str();
            match route {
                Route::NotFound => site.pages.not_found(digest, has_programme),
                _ => {
                    let path = normalize(path);
                    let structured_data = if path == "/" {
                        structured_data::event(&site.event, &site.public_url, &snapshot.tickets, &snapshot.sponsors)
                    } else {
                        String::new()
                    };
                    let live = LiveParts {
                        structured_data: &structured_data,
                        wall_html: &snapshot.wall_html,
                        featured_speakers,
                        sitemap_programme,
                        programme: has_programme,
                        programme_revision: programme.as_ref().map(|published| published.view.revision),
                    };
                    site.pages.page(path, digest, &live)
                }
            }
        }
        Err(error) => {
            // The app shell, whose own calls will say what is wrong.
            tracing::error!(%error, "cannot read the stock for the pages");
            site.pages.shell(has_programme)
        }
    };
    let Some(page) = page else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let status = if route == Route::NotFound {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::OK
    };
    let mut response = page.respond_with(status, headers);
    let response_headers = response.headers_mut();
    if matches!(route, Route::BackOffice | Route::CheckIn) {
        response_headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    }
    if route == Route::CheckIn {
        // Door staff scan tickets with their phones' cameras; no other page may.
        response_headers.insert(
            "permissions-policy",
            HeaderValue::from_static("camera=(self), microphone=(), geolocation=()"),
        );
    }
    response
}

async fn special_pricing_page(State(site): State<Arc<Site>>, request: Request) -> Response {
    match &site.special_pricing {
        Some(page) => page.respond(request.headers()),
        None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

async fn share_image(State(site): State<Arc<Site>>, request: Request) -> Response {
    let event = site.event.clone();
    drawn(&site.share_image, move || artwork::share_image(&event), request).await
}

async fn icon(State(site): State<Arc<Site>>, request: Request, which: usize) -> Response {
    let size = ICONS[which].1;
    drawn(&site.icons[which], move || artwork::icon(size), request).await
}

/// An image from `cell`, drawn (off the async threads) the first time it is asked for.
async fn drawn(
    cell: &OnceLock<Precompressed>,
    draw: impl FnOnce() -> Result<Vec<u8>, artwork::ArtworkError> + Send + 'static,
    request: Request,
) -> Response {
    if let Some(image) = cell.get() {
        return image.respond(request.headers());
    }
    match tokio::task::spawn_blocking(draw).await {
        Ok(Ok(png)) => cell
            .get_or_init(|| Precompressed::from_encodings(png.into(), None, None, "image/png", IMAGE_CACHE))
            .respond(request.headers()),
        Ok(Err(error)) => {
            tracing::error!(%error, "cannot draw an image");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
        Err(error) => {
            tracing::error!(%error, "drawing an image failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}
