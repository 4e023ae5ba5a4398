//! The links of waitlist emails: the one-click unsubscribe (and RFC 8058's POST to
//! it), and the way back, which only the address's own link offers.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::email_page::{Button, page, unusable_token};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(unsubscribe, unsubscribe_in_one_click))
        .routes(routes!(offer_resubscribe, resubscribe))
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
    if unusable_token(&query.token) || !state.store.unsubscribe(&query.token).await? {
        return Ok(invalid_link(&state));
    }
    Ok(page(
        &state,
        StatusCode::OK,
        "You're unsubscribed",
        "You will no longer receive updates or offers about the conference. You stay on the waitlist.",
        Some(resubscribe_button("Changed your mind?", &query.token)),
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
    if unusable_token(&query.token) {
        return invalid_link(&state);
    }
    page(
        &state,
        StatusCode::OK,
        "Receive conference updates again?",
        "You unsubscribed earlier. Confirm below to receive updates and offers about the conference again.",
        Some(resubscribe_button("", &query.token)),
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
    if unusable_token(&query.token) || !state.store.resubscribe(&query.token).await? {
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

/// The button that posts the token back to turn updates on again.
fn resubscribe_button<'a>(lead_in: &'a str, token: &str) -> Button<'a> {
    Button::posting_token(lead_in, "/resubscribe", token, "Receive updates again")
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
