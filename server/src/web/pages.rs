//! Which HTML a path gets: its prerendered page (web/scripts/prerender.mjs) while that page was
//! made from the catalogue this server gives at this moment, and otherwise the app shell, which
//! the browser renders from the API. An edit of the event file, a price phase ending or a sales
//! window opening therefore never leaves stale dates, prices or names in served HTML: from that
//! instant, until the front end is built again, the shell is served instead. What changes
//! while the server runs without changing the catalogue's digest is filled in as each page
//! is served: the landing page's structured data, and the sponsor wall (`#sponsor-wall`).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::sync::RwLock;

use serde::Deserialize;

use crate::catalogue::PUBLIC_URL_PLACEHOLDER;
use crate::domain::escape_html;
use crate::event::Event;
use crate::precompressed::Precompressed;

const HTML: &str = "text/html; charset=utf-8";
const NO_CACHE: &str = "no-cache";

#[derive(Default)]
pub struct Pages {
    /// index.html with the event's name and description; `None` when the app is not built.
    shell: Option<Precompressed>,
    /// Prerendered pages by path that are served as they were made.
    prerendered: HashMap<String, Precompressed>,
    /// Prerendered pages by path with parts filled in when served: the landing page, and
    /// the pages that show the sponsor wall.
    live: HashMap<String, String>,
    /// Each live page as last filled in, with the digest of what it was filled with.
    filled: RwLock<HashMap<String, (u64, Precompressed)>>,
    not_found: Option<Precompressed>,
    /// The digest of the catalogue the pages were made from.
    made_from: Option<String>,
}

/// dist/prerendered/pages.json
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PrerenderedManifest {
    digest: String,
    pages: HashMap<String, String>,
    not_found: String,
}

impl Pages {
    /// Reads the built pages.
    pub fn load(web_dir: &Path, event: &Event, public_url: &str) -> Self {
        let Ok(shell) = std::fs::read_to_string(web_dir.join("index.html")) else {
            tracing::warn!(web_dir = %web_dir.display(), "the browser app is not built: only the API is served");
            return Self::default();
        };
        let mut pages = Self {
            shell: Some(Precompressed::compress(fill_shell(&shell, event), HTML, NO_CACHE)),
            ..Self::default()
        };
        let directory = web_dir.join("prerendered");
        let manifest = match std::fs::read(directory.join("pages.json")) {
            Ok(json) => match serde_json::from_slice::<PrerenderedManifest>(&json) {
                Ok(manifest) => manifest,
                Err(error) => {
                    tracing::warn!(%error, "prerendered/pages.json is unreadable: serving the app shell");
                    return pages;
                }
            },
            Err(_) => {
                tracing::warn!("no prerendered pages (web/dist/prerendered): serving the app shell");
                return pages;
            }
        };
        let read = |file: &str| -> Option<String> {
            match std::fs::read_to_string(directory.join(file)) {
                Ok(html) => Some(html.replace(PUBLIC_URL_PLACEHOLDER, public_url)),
                Err(error) => {
                    tracing::warn!(%error, file, "a prerendered page is missing");
                    None
                }
            }
        };
        for (path, file) in &manifest.pages {
            let Some(html) = read(file) else { continue };
            if path == "/" || html.contains(WALL_ELEMENT) {
                pages.live.insert(path.clone(), html);
            } else {
                pages
                    .prerendered
                    .insert(path.clone(), Precompressed::compress(html, HTML, NO_CACHE));
            }
        }
        pages.not_found = read(&manifest.not_found).map(|html| Precompressed::compress(html, HTML, NO_CACHE));
        pages.made_from = Some(manifest.digest);
        tracing::info!(pages = manifest.pages.len(), "prerendered pages loaded");
        pages
    }

    /// Whether the prerendered pages show what the catalogue whose digest is `current` says.
    fn current(&self, current: &str) -> bool {
        let current_now = self.made_from.as_deref() == Some(current);
        if !current_now && self.made_from.is_some() {
            tracing::debug!(
                made_from = ?self.made_from,
                current,
                "the prerendered pages show another catalogue (event file, settings, prices or sales): \
                 serving the app shell until the front end is built again (make run)"
            );
        }
        current_now
    }

    pub fn is_built(&self) -> bool {
        self.shell.is_some()
    }

    /// The page for a path of the app: prerendered when it shows the catalogue whose digest
    /// is `digest` (with `live` filled in), otherwise the shell.
    pub fn page(&self, path: &str, digest: &str, live: &LiveParts<'_>) -> Option<Precompressed> {
        if !self.current(digest) {
            return self.shell.clone();
        }
        if let Some(html) = self.live.get(path) {
            return Some(self.filled(path, html, live));
        }
        self.prerendered.get(path).or(self.shell.as_ref()).cloned()
    }

    fn filled(&self, path: &str, html: &str, live: &LiveParts<'_>) -> Precompressed {
        let mut hasher = DefaultHasher::new();
        live.hash(&mut hasher);
        let key = hasher.finish();
        if let Some((made_with, page)) = self
            .filled
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(path)
            && *made_with == key
        {
            return page.clone();
        }
        let mut html = html.to_owned();
        if path == "/" {
            html = html.replacen(
                "</head>",
                &format!(
                    "  <script type=\"application/ld+json\">{}</script>\n  </head>",
                    live.structured_data
                ),
                1,
            );
        }
        let html = fill_wall(&html, live.wall_html);
        let page = Precompressed::compress(html, HTML, NO_CACHE);
        self.filled
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(path.to_owned(), (key, page.clone()));
        page
    }

    /// The app shell.
    pub fn shell(&self) -> Option<Precompressed> {
        self.shell.clone()
    }

    /// The not-found page: prerendered (when current), or the shell (whose app shows the same screen).
    pub fn not_found(&self, digest: &str) -> Option<Precompressed> {
        let prerendered = self.not_found.as_ref().filter(|_| self.current(digest));
        prerendered.or(self.shell.as_ref()).cloned()
    }
}

/// What live pages are filled with.
#[derive(Hash)]
pub struct LiveParts<'a> {
    /// The landing page's JSON-LD, which follows availability and the sponsors.
    pub structured_data: &'a str,
    /// The sponsor wall's HTML.
    pub wall_html: &'a str,
}

/// The element the sponsor wall goes in, empty as the pages are prerendered.
const WALL_ELEMENT: &str = "<div id=\"sponsor-wall\"";

/// `html` with `wall` inside its empty `#sponsor-wall` element.
fn fill_wall(html: &str, wall: &str) -> String {
    let Some(start) = html.find(WALL_ELEMENT) else {
        return html.to_owned();
    };
    let Some(open_end) = html[start..].find('>').map(|offset| start + offset + 1) else {
        return html.to_owned();
    };
    if !html[open_end..].starts_with("</div>") {
        return html.to_owned();
    }
    format!("{}{wall}{}", &html[..open_end], &html[open_end..])
}

/// The shell's head names the event, whatever page the browser then renders.
fn fill_shell(shell: &str, event: &Event) -> String {
    let mut html = shell.replacen(
        "<meta name=\"description\" content=\"\" />",
        &format!(
            "<meta name=\"description\" content=\"{}\" />",
            escape_html(&event.description)
        ),
        1,
    );
    if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>"))
        && start < end
    {
        html.replace_range(start + "<title>".len()..end, &escape_html(&event.name));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shell_names_the_event_in_its_head() {
        let event = Event::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../conference.toml"
        )))
        .unwrap();
        let shell = "<head><title>Conference</title>\n<meta name=\"description\" content=\"\" /></head>";
        let filled = fill_shell(shell, &event);
        assert!(filled.contains("<title>CodeWave Miami 2026</title>"), "{filled}");
        assert!(
            filled.contains("content=\"A five-day technology and coding conference"),
            "{filled}"
        );
    }

    #[test]
    fn the_wall_goes_into_its_empty_element_only() {
        let page = r#"<main><section><div id="sponsor-wall" class="mt-8"></div></section></main>"#;
        assert_eq!(
            fill_wall(page, "<ul><li>Acme</li></ul>"),
            r#"<main><section><div id="sponsor-wall" class="mt-8"><ul><li>Acme</li></ul></div></section></main>"#
        );
        let filled_already = r#"<div id="sponsor-wall"><p>x</p></div>"#;
        assert_eq!(fill_wall(filled_already, "<ul></ul>"), filled_already);
        assert_eq!(fill_wall("<main></main>", "<ul></ul>"), "<main></main>");
    }
}
