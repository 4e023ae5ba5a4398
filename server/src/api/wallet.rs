//! A ticket's wallet passes: the Apple Wallet `.pkpass` and the "Save to Google Wallet" link, for the holder of the
//! ticket's manage link (`X-Manage-Token`) or of the `key` in its ticket email (which cannot send a header). A wallet
//! the site has no settings for answers 404, as an unknown call does.

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::my_tickets::Managed;
use super::params::{ApiPath, ApiQuery};
use crate::error::{ApiError, ErrorBody};
use crate::passes::PassTicket;
use crate::state::AppState;
use crate::store::{TicketRecord, TicketStatus};
use crate::tickets::{display_code, opens_wallet};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(apple_pass))
        .routes(routes!(google_pass))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct WalletKey {
    /// The key of the wallet links in the ticket's email (or `walletKey` from `GET /api/my-tickets`), instead of
    /// `X-Manage-Token`; it ends when the ticket changes hands.
    #[param(nullable = false, min_length = 1, max_length = 128)]
    key: Option<String>,
}

/// Who asks for a ticket's pass: a manage link, or the key of the ticket's wallet links.
enum PassAccess {
    Link(Box<Managed>),
    Key(String),
}

impl FromRequestParts<AppState> for PassAccess {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ApiQuery(query) = ApiQuery::<WalletKey>::from_request_parts(parts, state).await?;
        match query.key {
            Some(key) => Ok(Self::Key(key)),
            None => Managed::from_request_parts(parts, state)
                .await
                .map(|managed| Self::Link(Box::new(managed))),
        }
    }
}

impl PassAccess {
    /// The ticket, if this access opens it and it still admits its holder.
    async fn ticket(&self, state: &AppState, ticket_id: &str) -> Result<TicketRecord, ApiError> {
        let not_found = || ApiError::NotFound("There is no such ticket on this link.".into());
        let ticket = state.store.ticket(ticket_id).await?.ok_or_else(not_found)?;
        match self {
            Self::Link(managed) if !managed.opens(&ticket) => return Err(not_found()),
            Self::Link(managed) if !managed.holds(&ticket) => {
                return Err(ApiError::Conflict(
                    "This ticket was given to someone else: its pass is theirs now.".into(),
                ));
            }
            Self::Key(key) if !opens_wallet(&ticket.id, &ticket.code, key) => {
                return Err(ApiError::NotFound(
                    "This link no longer opens a ticket: it was given to someone else. Please use the link in the \
                     latest ticket email."
                        .into(),
                ));
            }
            _ => {}
        }
        if ticket.status == TicketStatus::Refunded {
            return Err(ApiError::Conflict(
                "This ticket was refunded: it admits no one, so it has no pass.".into(),
            ));
        }
        Ok(ticket)
    }
}

/// A ticket's pass as the pure pass builders take it.
struct PassFacts {
    ticket_id: String,
    code: String,
    attendee: Option<String>,
    ticket_name: String,
    order_reference: String,
}

impl PassFacts {
    async fn of(state: &AppState, ticket: TicketRecord) -> Result<Self, ApiError> {
        let order = state
            .store
            .order(&ticket.order_id)
            .await?
            .ok_or_else(|| ApiError::NotFound("There is no such ticket on this link.".into()))?;
        Ok(Self {
            code: display_code(&ticket.code),
            ticket_name: state.event.ticket_name(&ticket.ticket_type),
            ticket_id: ticket.id,
            attendee: ticket.attendee_name,
            order_reference: order.reference,
        })
    }

    fn pass<'a>(&'a self, state: &'a AppState) -> PassTicket<'a> {
        PassTicket {
            ticket_id: &self.ticket_id,
            code: &self.code,
            attendee: self.attendee.as_deref(),
            ticket_name: &self.ticket_name,
            order_reference: &self.order_reference,
            site_url: &state.settings.public_url,
        }
    }
}

/// The ticket's Apple Wallet pass: a signed `.pkpass` with the ticket's code as a QR code.
///
/// A ticket that changes hands gets a new code and so a new pass; the old pass's code is refused at the door.
#[utoipa::path(
    get,
    path = "/my-tickets/{ticket_id}/wallet/apple",
    tag = "tickets",
    params(
        Managed,
        WalletKey,
        ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`."),
    ),
    responses(
        (status = 200, description = "The pass.", body = Vec<u8>, content_type = "application/vnd.apple.pkpass"),
        (status = 400, description = "The query string is malformed.", body = ErrorBody),
        (status = 404, description = "Apple Wallet passes are not offered; or the `X-Manage-Token` or `key` is \
                                      missing, opens nothing, or not this ticket.", body = ErrorBody),
        (status = 409, description = "The ticket was refunded, or given to someone else from this link.", body = ErrorBody),
        (status = 500, description = "The pass could not be made.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn apple_pass(
    State(state): State<AppState>,
    ApiPath(ticket_id): ApiPath<String>,
    access: Result<PassAccess, ApiError>,
) -> Result<Response, ApiError> {
    let Some(apple) = &state.wallets.apple else {
        return Err(not_offered("Apple Wallet"));
    };
    let ticket = access?.ticket(&state, &ticket_id).await?;
    let facts = PassFacts::of(&state, ticket).await?;
    let pass = apple
        .pkpass(&state.event, &facts.pass(&state), state.clock.now())
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.apple.pkpass".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}.pkpass\"", facts.code),
            ),
        ],
        pass,
    )
        .into_response())
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = GoogleWalletLink)]
struct SaveLink {
    /// "https://pay.google.com/gp/v/save/<JWT>": opening it saves the pass; no call to Google is made to make it.
    url: String,
}

/// The ticket's "Save to Google Wallet" link.
///
/// With `key` (the ticket email's link) it answers 303 to that link, so one tap saves the pass.
#[utoipa::path(
    get,
    path = "/my-tickets/{ticket_id}/wallet/google",
    tag = "tickets",
    params(
        Managed,
        WalletKey,
        ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`."),
    ),
    responses(
        (status = 200, description = "The link.", body = SaveLink),
        (status = 303, description = "Called with `key`: `Location` is the link."),
        (status = 400, description = "The query string is malformed.", body = ErrorBody),
        (status = 404, description = "Google Wallet passes are not offered; or the `X-Manage-Token` or `key` is \
                                      missing, opens nothing, or not this ticket.", body = ErrorBody),
        (status = 409, description = "The ticket was refunded, or given to someone else from this link.", body = ErrorBody),
        (status = 500, description = "The link could not be signed.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn google_pass(
    State(state): State<AppState>,
    ApiPath(ticket_id): ApiPath<String>,
    access: Result<PassAccess, ApiError>,
) -> Result<Response, ApiError> {
    let Some(google) = &state.wallets.google else {
        return Err(not_offered("Google Wallet"));
    };
    let access = access?;
    let ticket = access.ticket(&state, &ticket_id).await?;
    let facts = PassFacts::of(&state, ticket).await?;
    let url = google
        .save_url(&state.event, &facts.pass(&state), state.clock.now())
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok(match access {
        PassAccess::Key(_) => (StatusCode::SEE_OTHER, [(header::LOCATION, url)]).into_response(),
        PassAccess::Link(_) => Json(SaveLink { url }).into_response(),
    })
}

fn not_offered(wallet: &str) -> ApiError {
    ApiError::NotFound(format!("{wallet} passes are not offered for this event."))
}
