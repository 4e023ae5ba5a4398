//! The links of waitlist emails: the one-click unsubscribe (and RFC 8058's POST to
//! it), and the way back, which only the address's own link offers.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/unsubscribe", get(unsubscribe).post(unsubscribe))
        .route("/resubscribe", get(offer_resubscribe).post(resubscribe))
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// Turns off conference updates for the registration the link belongs to.
async fn unsubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if query.token.is_empty() || !state.store.unsubscribe(&query.token).await? {
        return Ok(invalid_link(&state));
    }
    Ok(page(
        &state,
        StatusCode::OK,
        "You're unsubscribed",
        "You will no longer receive updates or offers about the conference. You stay on the waitlist.",
        Some(("Changed your mind?", &query.token)),
    ))
}

/// A button rather than an action on GET: mail scanners open links, and must not
/// subscribe anyone.
async fn offer_resubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    if query.token.is_empty() {
        return invalid_link(&state);
    }
    page(
        &state,
        StatusCode::OK,
        "Receive conference updates again?",
        "You unsubscribed earlier. Confirm below to receive updates and offers about the conference again.",
        Some(("", &query.token)),
    )
}

async fn resubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if query.token.is_empty() || !state.store.resubscribe(&query.token).await? {
        return Ok(invalid_link(&state));
    }
    Ok(page(
        &state,
        StatusCode::OK,
        "You're subscribed again",
        "You will receive updates and offers about the conference. Every email has a link to unsubscribe.",
        None,
    ))
}

fn invalid_link(state: &AppState) -> Response {
    page(
        state,
        StatusCode::NOT_FOUND,
        "This link is not valid",
        "We could not find a registration for this link. It may have been copied incompletely.",
        None,
    )
}

/// A small page of its own, so these links work without the browser app.
/// `resubscribe` adds a button that posts the token back: (a lead-in sentence, token).
fn page(state: &AppState, status: StatusCode, title: &str, text: &str, resubscribe: Option<(&str, &str)>) -> Response {
    let escape = |value: &str| {
        value
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let button = resubscribe.map_or_else(String::new, |(lead_in, token)| {
        let token: String = url_component(token);
        format!(
            "<form method=\"post\" action=\"/resubscribe?token={token}\"><p>{lead_in} \
             <button type=\"submit\">Receive updates again</button></p></form>",
            token = escape(&token),
            lead_in = escape(lead_in),
        )
    });
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} | {event}</title><style>body{{margin:0;font-family:system-ui,sans-serif;background:#fffdf9;color:#0b1b33}}\
         main{{max-width:32rem;margin:15vh auto;padding:2rem;background:#fff;border:1px solid #e4ddd0;border-radius:.75rem}}\
         h1{{font-size:1.5rem}}a{{color:#0e7490;font-weight:600}}\
         button{{font:inherit;font-weight:600;color:#fff;background:#0e7490;border:0;border-radius:.375rem;padding:.5rem 1rem;cursor:pointer}}</style>\
         </head><body><main><h1>{title}</h1><p>{text}</p>{button}<p><a href=\"{home}/\">Back to {event}</a></p></main></body></html>",
        title = escape(title),
        text = escape(text),
        event = escape(&state.event.name),
        home = escape(&state.settings.public_url),
    );
    (status, Html(html)).into_response()
}

/// Tokens are hex today; anything else is percent-encoded so the form's URL stays intact.
fn url_component(value: &str) -> String {
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
