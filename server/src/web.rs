//! Everything outside `/api`: the built browser app, its assets, and the files
//! search engines ask for.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::app::AppState;

/// The app's routes (web/src/config/paths.ts). Any other path still gets the
/// app, which shows its not-found screen, but with status 404.
const APP_ROUTES: &[&str] = &[
    "/",
    "/sponsorship",
    "/privacy-policy",
    "/terms-of-service",
    "/code-of-conduct",
    "/pricing-details",
    "/sitemap",
    "/merchandise-confirmation",
    "/sponsor-payment",
    "/sponsor-confirmation",
];

/// App routes with one parameter segment after the prefix, such as `/checkout/vip`.
const APP_ROUTE_PREFIXES: &[&str] = &["/checkout/", "/merchandise-checkout/"];

/// Public pages listed in `/sitemap.xml`.
const INDEXED_PAGES: &[&str] = &[
    "/",
    "/sponsorship",
    "/pricing-details",
    "/code-of-conduct",
    "/privacy-policy",
    "/terms-of-service",
    "/sitemap",
];

#[derive(Clone)]
struct AppShell {
    /// `index.html` of the built app; `None` when the app has not been built.
    index_html: Option<Arc<[u8]>>,
}

pub fn router(web_dir: &Path) -> Router<AppState> {
    let index_html = std::fs::read(web_dir.join("index.html")).ok().map(Arc::from);
    if index_html.is_none() {
        tracing::warn!(web_dir = %web_dir.display(), "the browser app is not built: only the API is served");
    }
    let shell = AppShell { index_html };
    let files = ServeDir::new(web_dir)
        .append_index_html_on_directories(false)
        .fallback(get(serve_app_shell).with_state(shell));
    // Vite puts a content hash in every asset name, so they never change.
    let assets = ServeDir::new(web_dir.join("assets")).fallback(get(|| async { StatusCode::NOT_FOUND }));

    Router::new()
        .route("/sitemap.xml", get(sitemap_xml))
        .route("/robots.txt", get(robots_txt))
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(assets),
        )
        .fallback_service(files)
}

async fn serve_app_shell(State(shell): State<AppShell>, request: Request) -> Response {
    let Some(index_html) = shell.index_html else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The browser app has not been built. Run `make run` (or `npm run build` in web/) and restart the server.",
        )
            .into_response();
    };
    let status = if is_app_route(request.uri().path()) {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from(index_html.to_vec()))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

fn is_app_route(path: &str) -> bool {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    APP_ROUTES.contains(&path)
        || APP_ROUTE_PREFIXES.iter().any(|prefix| {
            path.strip_prefix(prefix)
                .is_some_and(|parameter| !parameter.is_empty() && !parameter.contains('/'))
        })
}

async fn sitemap_xml(State(state): State<AppState>) -> impl IntoResponse {
    let base = xml_escape(&state.settings.public_url);
    let urls: String = INDEXED_PAGES
        .iter()
        .map(|page| format!("  <url><loc>{base}{page}</loc></url>\n"))
        .collect();
    (
        [(header::CONTENT_TYPE, "application/xml; charset=utf-8")],
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n{urls}</urlset>\n"
        ),
    )
}

async fn robots_txt(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!(
            "User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: {}/sitemap.xml\n",
            state.settings.public_url
        ),
    )
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::is_app_route;

    #[test]
    fn app_routes_match_with_or_without_a_trailing_slash() {
        assert!(is_app_route("/"));
        assert!(is_app_route("/privacy-policy"));
        assert!(is_app_route("/sponsorship/"));
        assert!(!is_app_route("/no-such-page"));
        assert!(!is_app_route("/sponsorship/extra"));
        assert!(is_app_route("/checkout/developer"));
        assert!(!is_app_route("/checkout/"));
        assert!(!is_app_route("/checkout/vip/extra"));
    }
}
