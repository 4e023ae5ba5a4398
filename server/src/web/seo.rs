//! What crawlers and home screens ask for: the sitemap, robots.txt and the web app manifest,
//! made from the event and PUBLIC_URL.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::json;

use super::routes::INDEXED_PAGES;
use super::site::Site;
use crate::programme_site::View;

pub async fn sitemap_xml(State(site): State<Arc<Site>>) -> impl IntoResponse {
    let base = xml_escape(&site.public_url);
    let mut pages: Vec<String> = INDEXED_PAGES.iter().map(|page| (*page).to_owned()).collect();
    if let Some(published) = site.published().await {
        pages.extend(programme_pages(&published.view));
    }
    let urls: String = pages
        .iter()
        .map(|page| format!("  <url><loc>{base}{}</loc></url>\n", xml_escape(page)))
        .collect();
    (
        [(header::CONTENT_TYPE, "application/xml; charset=utf-8")],
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n{urls}</urlset>\n"
        ),
    )
}

/// The programme's pages: the schedule, its changes, the speakers, My schedule, and each session's and speaker's page.
fn programme_pages(view: &View) -> Vec<String> {
    let mut pages: Vec<String> = (["/schedule", "/schedule/changes", "/speakers", "/my-schedule"].into_iter())
        .map(str::to_owned)
        .collect();
    pages.extend(
        (view.listed.iter())
            .filter(|listed| !listed.cancelled)
            .map(|listed| format!("/sessions/{}", listed.session.slug)),
    );
    pages.extend((view.speakers.iter()).map(|speaker| format!("/speakers/{}", speaker.speaker.slug)));
    pages
}

pub async fn robots_txt(State(site): State<Arc<Site>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!(
            "User-agent: *\nDisallow: /api/\nDisallow: /admin\nAllow: /\n\nSitemap: {}/sitemap.xml\n",
            site.public_url
        ),
    )
}

/// Lets the site be added to a phone's home screen under the event's name.
pub async fn web_manifest(State(site): State<Arc<Site>>) -> impl IntoResponse {
    manifest(
        &site.event.name,
        &site.event.short_name,
        &site.event.description,
        "/",
        "/",
    )
}

/// The door's installable app: the check-in screen, working offline (web/public/door-sw.js).
pub async fn door_manifest(State(site): State<Arc<Site>>) -> impl IntoResponse {
    manifest(
        &format!("{} door", site.event.name),
        "Door",
        "Check tickets in at the door, with or without the network.",
        "/admin/check-in",
        "/admin/",
    )
}

fn manifest(
    name: &str,
    short_name: &str,
    description: &str,
    start_url: &str,
    scope: &str,
) -> ([(header::HeaderName, &'static str); 2], String) {
    let manifest = json!({
        "name": name,
        "short_name": short_name,
        "description": description,
        "start_url": start_url,
        "scope": scope,
        "display": "standalone",
        "background_color": "#fffdf9",
        "theme_color": "#0b1b33",
        "icons": [
            { "src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml" },
            { "src": "/icon-192.png", "sizes": "192x192", "type": "image/png" },
            { "src": "/icon-512.png", "sizes": "512x512", "type": "image/png" },
        ],
    });
    (
        [
            (header::CONTENT_TYPE, "application/manifest+json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        manifest.to_string(),
    )
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
