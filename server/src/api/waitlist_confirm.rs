//! The confirmation link of the waitlist's email (double opt-in): anyone can type any address
//! into the form, so updates, presales and draws reach an address only once its owner has
//! followed the link only they were sent.

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
    OpenApiRouter::new().routes(routes!(offer_confirmation, confirm))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the confirmation link in a waitlist email.
    #[serde(default)]
    #[param(required = true, min_length = 1)]
    token: String,
}

/// Asks to confirm the address: a page with a button that posts the token back.
///
/// A button rather than an action on GET: mail scanners open links, and must not confirm anyone.
#[utoipa::path(
    get,
    path = "/waitlist/confirm",
    operation_id = "offer_waitlist_confirmation",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "The page with the button.", body = String, content_type = "text/html"),
        (status = 404, description = "The link has no token: a page saying the link is not valid.", body = String, content_type = "text/html"),
    )
)]
async fn offer_confirmation(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    if unusable_token(&query.token) {
        return invalid_link(&state);
    }
    page(
        &state,
        StatusCode::OK,
        "Confirm your address?",
        "Confirm that this address is yours and that you would like updates and offers about the conference: \
         presale links and the draw for free tickets go only to confirmed addresses.",
        Some(Button::posting_token(
            "",
            "/waitlist/confirm",
            &query.token,
            "Confirm and receive updates",
        )),
    )
}

/// Confirms the registration the link belongs to, which then receives updates; idempotent.
#[utoipa::path(
    post,
    path = "/waitlist/confirm",
    operation_id = "confirm_waitlist_registration",
    tag = "email",
    params(TokenQuery),
    responses(
        (status = 200, description = "Confirmed, now or before.", body = String, content_type = "text/html"),
        (status = 404, description = "No registration has this token (it was replaced by a newer email's, or the address unsubscribed since): a page saying the link is not valid.", body = String, content_type = "text/html"),
        (status = 500, description = "The registration could not be updated.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn confirm(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Result<Response, ApiError> {
    if unusable_token(&query.token) || !state.store.confirm_waitlist_registration(&query.token).await? {
        return Ok(invalid_link(&state));
    }
    Ok(page(
        &state,
        StatusCode::OK,
        "Your address is confirmed",
        "Thank you: you will receive updates and offers about the conference, and you are in the draws for free \
         tickets. Every email has a link to unsubscribe.",
        None,
    ))
}

fn invalid_link(state: &AppState) -> Response {
    page(
        state,
        StatusCode::NOT_FOUND,
        "This link is not valid",
        "We could not find a registration for this link. It may have been copied incompletely, or replaced by the \
         link in a newer email from us.",
        None,
    )
}
