//! Which HTML a path gets: its prerendered page (web/scripts/prerender.mjs) while that page was
//! made from the catalogue this server gives at this moment, and otherwise the app shell, which
//! the browser renders from the API. An edit of the event file, a price phase ending or a sales
//! window opening therefore never leaves stale dates, prices or names in served HTML: from that
//! instant, until the front end is built again, the shell is served instead. What changes
//! while the server runs without changing the catalogue's digest is filled in as each page
//! is served: the landing page's structured data, the sponsor wall (`#sponsor-wall`), and the
//! programme's parts (`#featured-speakers`, `#sitemap-programme`, `<html data-programme>`).
//! The programme's own pages go into a frame (`/schedule`, built with an empty `#programme-page`),
//! or into the shell's `#root` when the frame is not current.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::sync::RwLock;

use serde::Deserialize;

use crate::catalogue::PUBLIC_URL_PLACEHOLDER;
use crate::domain::escape_html;
use crate::event::Event;
use crate::precompressed::Precompressed;
use crate::store::ProgrammeRevision;

const HTML: &str = "text/html; charset=utf-8";
const NO_CACHE: &str = "no-cache";

#[derive(Default)]
pub struct Pages {
    /// index.html with the event's name and description; `None` when the app is not built.
    shell: Option<Flagged>,
    /// The shell's HTML, which programme pages go into when the frame is not current.
    shell_html: Option<String>,
    /// The layout around an empty `#programme-page`, prerendered as `/schedule`.
    frame: Option<String>,
    /// Prerendered pages by path that are served as they were made.
    prerendered: HashMap<String, Flagged>,
    /// Prerendered pages by path with parts filled in when served: the landing page, and
    /// the pages that show the sponsor wall.
    live: HashMap<String, String>,
    /// Each live page as last filled in, with the digest of what it was filled with.
    filled: RwLock<HashMap<String, (u64, Precompressed)>>,
    not_found: Option<Flagged>,
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
        let shell = fill_shell(&shell, event);
        let mut pages = Self {
            shell: Some(Flagged::new(&shell)),
            shell_html: Some(shell),
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
            if html.contains(PROGRAMME_ELEMENT) {
                pages.frame = Some(html);
            } else if path == "/" || LIVE_ELEMENTS.iter().any(|element| html.contains(element)) {
                pages.live.insert(path.clone(), html);
            } else {
                pages.prerendered.insert(path.clone(), Flagged::new(&html));
            }
        }
        pages.not_found = read(&manifest.not_found).map(|html| Flagged::new(&html));
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
            return self.shell(live.programme);
        }
        if let Some(html) = self.live.get(path) {
            return Some(self.filled(path, html, live));
        }
        let page = self.prerendered.get(path).or(self.shell.as_ref());
        page.map(|page| page.get(live.programme))
    }

    /// Whether programme pages go into the prerendered frame (else into the shell).
    pub fn frame_current(&self, digest: &str) -> bool {
        self.frame.is_some() && self.current(digest)
    }

    /// A programme page: `head` (its tags) and `element` (the filled `#programme-page`) in the frame when
    /// `frame_current`, otherwise in the shell; none when the app is not built.
    pub fn programme_page(&self, frame_current: bool, head: &str, element: &str) -> Option<Precompressed> {
        let html = match (&self.frame, frame_current) {
            (Some(frame), true) => fill_head(frame, head).replacen(PROGRAMME_ELEMENT, element, 1),
            _ => fill_root(&fill_head(self.shell_html.as_deref()?, head), element),
        };
        Some(Precompressed::compress(flag_programme(&html), HTML, NO_CACHE))
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
        html = fill_element(&html, WALL_ELEMENT, live.wall_html);
        html = fill_element(&html, FEATURED_ELEMENT, live.featured_speakers);
        html = fill_element(&html, SITEMAP_ELEMENT, live.sitemap_programme);
        if live.programme {
            html = flag_programme(&html);
        }
        let page = Precompressed::compress(html, HTML, NO_CACHE);
        self.filled
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(path.to_owned(), (key, page.clone()));
        page
    }

    /// The app shell; `programme` marks it as a site with a programme.
    pub fn shell(&self, programme: bool) -> Option<Precompressed> {
        self.shell.as_ref().map(|shell| shell.get(programme))
    }

    /// The not-found page: prerendered (when current), or the shell (whose app shows the same screen).
    pub fn not_found(&self, digest: &str, programme: bool) -> Option<Precompressed> {
        let prerendered = self.not_found.as_ref().filter(|_| self.current(digest));
        prerendered.or(self.shell.as_ref()).map(|page| page.get(programme))
    }
}

/// A page as served on a site without a programme and with one (`<html data-programme>`, which shows the
/// programme's links), both compressed once.
struct Flagged {
    plain: Precompressed,
    programme: Precompressed,
}

impl Flagged {
    fn new(html: &str) -> Self {
        Self {
            plain: Precompressed::compress(html.to_owned(), HTML, NO_CACHE),
            programme: Precompressed::compress(flag_programme(html), HTML, NO_CACHE),
        }
    }

    fn get(&self, programme: bool) -> Precompressed {
        if programme {
            self.programme.clone()
        } else {
            self.plain.clone()
        }
    }
}

/// `<html data-programme …>`: the site's CSS shows the programme's links.
fn flag_programme(html: &str) -> String {
    html.replacen("<html", "<html data-programme", 1)
}

/// What live pages are filled with.
pub struct LiveParts<'a> {
    /// The landing page's JSON-LD, which follows availability and the sponsors.
    pub structured_data: &'a str,
    /// The sponsor wall's HTML.
    pub wall_html: &'a str,
    /// The home page's speakers; empty without a programme.
    pub featured_speakers: &'a str,
    /// The programme's links on `/sitemap`; empty without a programme.
    pub sitemap_programme: &'a str,
    /// The site has a programme with sessions: `<html data-programme>`.
    pub programme: bool,
    /// The published programme's revision the two parts above were made from.
    pub programme_revision: Option<ProgrammeRevision>,
}

/// What a filled page is kept by. The programme's parts are known by their revision rather than read through on
/// every request: they are long, and the landing page is the site's busiest.
impl Hash for LiveParts<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.structured_data.hash(state);
        self.wall_html.hash(state);
        self.programme.hash(state);
        self.programme_revision.hash(state);
    }
}

/// The elements live parts go in, empty as the pages are prerendered.
const WALL_ELEMENT: &str = "<div id=\"sponsor-wall\"";
const FEATURED_ELEMENT: &str = "<div id=\"featured-speakers\"";
const SITEMAP_ELEMENT: &str = "<div id=\"sitemap-programme\"";
const LIVE_ELEMENTS: [&str; 3] = [WALL_ELEMENT, FEATURED_ELEMENT, SITEMAP_ELEMENT];
/// The frame's element, exactly as the build leaves it.
const PROGRAMME_ELEMENT: &str = "<div id=\"programme-page\"></div>";
const PAGE_HEAD: (&str, &str) = ("<!--page-head-->", "<!--/page-head-->");
const ROOT_ELEMENT: &str = "<div id=\"root\">";

/// `html` with `content` inside its empty element whose opening tag starts with `element`.
fn fill_element(html: &str, element: &str, content: &str) -> String {
    let Some(start) = html.find(element) else {
        return html.to_owned();
    };
    let Some(open_end) = html[start..].find('>').map(|offset| start + offset + 1) else {
        return html.to_owned();
    };
    if !html[open_end..].starts_with("</div>") {
        return html.to_owned();
    }
    format!("{}{content}{}", &html[..open_end], &html[open_end..])
}

/// `html` with `head` in place of its page's head tags: the prerendered `<!--page-head-->` block, or else the
/// shell's title and description.
fn fill_head(html: &str, head: &str) -> String {
    let (open, close) = PAGE_HEAD;
    if let (Some(start), Some(end)) = (html.find(open), html.find(close))
        && start < end
    {
        return format!("{}{head}{}", &html[..start], &html[end + close.len()..]);
    }
    let mut html = html.to_owned();
    if let Some(start) = html.find("<meta name=\"description\"")
        && let Some(length) = html[start..].find("/>")
    {
        html.replace_range(start..start + length + 2, "");
    }
    if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>"))
        && start < end
    {
        html.replace_range(start..end + "</title>".len(), head);
    }
    html
}

/// The shell with `element` as all of `#root`'s content, which the app keeps and lays out.
fn fill_root(shell: &str, element: &str) -> String {
    let Some(start) = shell.find(ROOT_ELEMENT).map(|start| start + ROOT_ELEMENT.len()) else {
        return shell.to_owned();
    };
    let end = shell[start..].find("</div>").map_or(start, |length| start + length);
    format!("{}{element}{}", &shell[..start], &shell[end..])
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
            fill_element(page, WALL_ELEMENT, "<ul><li>Acme</li></ul>"),
            r#"<main><section><div id="sponsor-wall" class="mt-8"><ul><li>Acme</li></ul></div></section></main>"#
        );
        let filled_already = r#"<div id="sponsor-wall"><p>x</p></div>"#;
        assert_eq!(fill_element(filled_already, WALL_ELEMENT, "<ul></ul>"), filled_already);
        assert_eq!(
            fill_element("<main></main>", WALL_ELEMENT, "<ul></ul>"),
            "<main></main>"
        );
    }

    fn built_pages(frame: &str) -> Pages {
        Pages {
            frame: Some(frame.to_owned()),
            shell_html: Some(
                "<html><head><title>Event</title><meta name=\"description\" content=\"x\" /></head><body>\
                 <div id=\"root\"></div></body></html>"
                    .to_owned(),
            ),
            ..Pages::default()
        }
    }

    fn text(page: &Precompressed) -> String {
        String::from_utf8(page.identity().to_vec()).unwrap()
    }

    #[test]
    fn a_programme_page_fills_the_frames_head_and_element() {
        let frame = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\n    <!--page-head--><title>Schedule \
                     | Event</title><meta name=\"description\" content=\"d\" /><!--/page-head-->\n  </head><body><nav>Site\
                     </nav><div id=\"programme-page\"></div><footer>End</footer></body></html>";
        let pages = built_pages(frame);
        let page = pages
            .programme_page(
                true,
                "<title>Talk | Event</title>",
                "<div id=\"programme-page\" data-x>Talk</div>",
            )
            .unwrap();
        assert_eq!(
            text(&page),
            "<!doctype html><html data-programme lang=\"en\"><head><meta charset=\"utf-8\">\n    <title>Talk | Event\
             </title>\n  </head><body><nav>Site</nav><div id=\"programme-page\" data-x>Talk</div><footer>End</footer>\
             </body></html>"
        );
    }

    #[test]
    fn without_a_current_frame_a_programme_page_goes_into_the_shells_root() {
        let pages = built_pages("<div id=\"programme-page\"></div>");
        let page = pages
            .programme_page(
                false,
                "<title>Talk | Event</title>",
                "<div id=\"programme-page\">Talk</div>",
            )
            .unwrap();
        assert_eq!(
            text(&page),
            "<html data-programme><head><title>Talk | Event</title></head><body><div id=\"root\"><div \
             id=\"programme-page\">Talk</div></div></body></html>"
        );
    }

    #[test]
    fn pages_are_flagged_when_the_site_has_a_programme() {
        let page = Flagged::new("<!doctype html><html lang=\"en\"><body></body></html>");
        assert_eq!(
            text(&page.get(false)),
            "<!doctype html><html lang=\"en\"><body></body></html>"
        );
        assert_eq!(
            text(&page.get(true)),
            "<!doctype html><html data-programme lang=\"en\"><body></body></html>"
        );
    }
}
