//! The links of waitlist emails: the one-click unsubscribe (and RFC 8058's POST to
//! it), and the way back, which only the address's own link offers.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(unsubscribe, unsubscribe_in_one_click))
        .routes(routes!(offer_resubscribe, resubscribe))
}

/// A token no registration has: empty, or holding a NUL (PostgreSQL text cannot hold one,
/// so looking it up would fail instead of finding nothing).
fn names_no_registration(token: &str) -> bool {
    token.is_empty() || token.contains('\0')
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the link in a waitlist email.
    #[serde(default)]
    #[param(required = true, min_length = 1)]
    token: String,
}

/// Turns off conference updates for the registration the link belongs to.
///
/// The link in every waitlist email. Answers a page for a browser.
#[utoipa::path(
    get,
    path = "/unsubscribe",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "Unsubscribed, with a button to undo it.", body = String, content_type = "text/html"),
        (status = 404, description = "No registration has this token: a page saying the link is not valid.", body = String, content_type = "text/html"),
        (status = 500, description = "The registration could not be updated.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn unsubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if names_no_registration(&query.token) || !state.store.unsubscribe(&query.token).await? {
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

/// RFC 8058's one-click unsubscribe: the mail client posts to the email's unsubscribe link.
///
/// The body (`List-Unsubscribe=One-Click`) is ignored; the answer is the link's.
// A handler of its own, not the GET's on two methods, so each operation has its own id.
#[utoipa::path(
    post,
    path = "/unsubscribe",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "Unsubscribed.", body = String, content_type = "text/html"),
        (status = 404, description = "No registration has this token: a page saying the link is not valid.", body = String, content_type = "text/html"),
        (status = 500, description = "The registration could not be updated.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn unsubscribe_in_one_click(state: State<AppState>, query: Query<TokenQuery>) -> Result<Response, ApiError> {
    unsubscribe(state, query).await
}

/// Offers to receive conference updates again: a page with a button that posts the token back.
///
/// A button rather than an action on GET: mail scanners open links, and must not subscribe anyone.
#[utoipa::path(
    get,
    path = "/resubscribe",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "The page with the button.", body = String, content_type = "text/html"),
        (status = 404, description = "The link has no token: a page saying the link is not valid.", body = String, content_type = "text/html"),
    )
)]
async fn offer_resubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    if names_no_registration(&query.token) {
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

/// Turns conference updates back on for the registration the link belongs to.
#[utoipa::path(
    post,
    path = "/resubscribe",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "Subscribed again.", body = String, content_type = "text/html"),
        (status = 404, description = "No registration has this token: a page saying the link is not valid.", body = String, content_type = "text/html"),
        (status = 500, description = "The registration could not be updated.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn resubscribe(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if names_no_registration(&query.token) || !state.store.resubscribe(&query.token).await? {
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
