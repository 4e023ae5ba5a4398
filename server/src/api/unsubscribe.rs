//! The one-click unsubscribe link of waitlist emails (and RFC 8058's POST to it).

use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use crate::app::AppState;
use crate::error::ApiError;

pub fn router() -> Router<AppState> {
    Router::new().route("/unsubscribe", get(unsubscribe).post(unsubscribe))
}

#[derive(Debug, Deserialize)]
struct UnsubscribeQuery {
    #[serde(default)]
    token: String,
}

/// Turns off conference updates for the registration the link belongs to.
async fn unsubscribe(
    State(state): State<AppState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Response, ApiError> {
    let found = !query.token.is_empty() && state.store.unsubscribe(&query.token).await?;
    let (status, title, text) = if found {
        (
            StatusCode::OK,
            "You're unsubscribed",
            "You will no longer receive updates or offers about the conference. You stay on the waitlist.",
        )
    } else {
        (
            StatusCode::NOT_FOUND,
            "This link is not valid",
            "We could not find a registration for this unsubscribe link. It may have been copied incompletely.",
        )
    };
    Ok((
        status,
        Html(page(&state.event.name, &state.settings.public_url, title, text)),
    )
        .into_response())
}

fn page(event_name: &str, home: &str, title: &str, text: &str) -> String {
    let escape = |value: &str| {
        value
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} | {event}</title><style>body{{margin:0;font-family:system-ui,sans-serif;background:#fffdf9;color:#0b1b33}}\
         main{{max-width:32rem;margin:15vh auto;padding:2rem;background:#fff;border:1px solid #e4ddd0;border-radius:.75rem}}\
         h1{{font-size:1.5rem}}a{{color:#0e7490;font-weight:600}}</style></head><body><main><h1>{title}</h1><p>{text}</p>\
         <p><a href=\"{home}/\">Back to {event}</a></p></main></body></html>",
        title = escape(title),
        text = escape(text),
        event = escape(event_name),
        home = escape(home),
    )
}
