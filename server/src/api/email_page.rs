//! The small pages the links in emails open (unsubscribing, confirming a waitlist address,
//! declining a waiting-list offer), served by the server itself so they work without the
//! browser app.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use crate::state::AppState;

/// A button that posts back to `action`, after a lead-in sentence. Mail scanners open links,
/// so whatever a link changes waits for this button.
pub struct Button<'a> {
    pub lead_in: &'a str,
    /// The URL the form posts to, its query already encoded.
    pub action: String,
    pub label: &'a str,
}

impl<'a> Button<'a> {
    /// The button that posts `token` back to `path`, the address of the link that opened the page.
    pub fn posting_token(lead_in: &'a str, path: &str, token: &str, label: &'a str) -> Self {
        Self {
            lead_in,
            action: format!("{path}?token={}", url_component(token)),
            label,
        }
    }
}

/// The page: a title, a sentence, the button if any, and a link back to the site.
pub fn page(state: &AppState, status: StatusCode, title: &str, text: &str, button: Option<Button<'_>>) -> Response {
    let button = button.map_or_else(String::new, |button| {
        format!(
            "<form method=\"post\" action=\"{action}\"><p>{lead_in} \
             <button type=\"submit\">{label}</button></p></form>",
            action = escape(&button.action),
            lead_in = escape(button.lead_in),
            label = escape(button.label),
        )
    });
    framed(state, status, title, &format!("<p>{}</p>{button}", escape(text)))
}

/// A page in the site's look: `title` as its heading over `body` (HTML, its text already escaped), and a link back
/// to the site. Never indexed: these pages answer one person's link.
pub fn framed(state: &AppState, status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{title} | {event}</title><style>body{{margin:0;font-family:system-ui,sans-serif;background:#fffdf9;color:#0b1b33}}\
         main{{max-width:32rem;margin:15vh auto;padding:2rem;background:#fff;border:1px solid #e4ddd0;border-radius:.75rem}}\
         h1{{font-size:1.5rem}}a{{color:#0e7490;font-weight:600}}dt{{font-weight:600;margin-top:.75rem}}dd{{margin:0}}\
         button{{font:inherit;font-weight:600;color:#fff;background:#0e7490;border:0;border-radius:.375rem;padding:.5rem 1rem;cursor:pointer}}</style>\
         </head><body><main><h1>{title}</h1>{body}<p><a href=\"{home}/\">Back to {event}</a></p></main></body></html>",
        title = escape(title),
        event = escape(&state.event.name),
        home = escape(&state.settings.public_url),
    );
    (status, Html(html)).into_response()
}

/// Text as HTML text or an attribute's value.
pub fn escape(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A token no row can have: empty, or holding a NUL (PostgreSQL text cannot hold one, so
/// looking it up would fail instead of finding nothing).
pub fn unusable_token(token: &str) -> bool {
    token.is_empty() || token.contains('\0')
}

/// Tokens are hex today; anything else is percent-encoded so the form's URL stays intact.
pub fn url_component(value: &str) -> String {
    value
        .bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
                (byte as char).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}
