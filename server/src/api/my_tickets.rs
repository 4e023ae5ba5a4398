//! "Manage your tickets": the buyer's private page for a ticket order. The secret
//! from the receipt's link comes in the `X-Manage-Token` header (the page keeps it in
//! the URL's fragment, which never reaches a server log).

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::params::ApiPath;
use crate::domain::{EmailAddress, could_carry_a_link};
use crate::email::render::qr_png;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::orders::{Order, OrderStatus};
use crate::state::AppState;
use crate::store::{Naming, TicketRecord, TicketStatus};
use crate::tickets::{display_code, transfer_until};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_tickets))
        .routes(routes!(name_attendee))
}

/// The order whose manage link the caller holds.
#[derive(utoipa::IntoParams)]
#[into_params(names("X-Manage-Token"), parameter_in = Header)]
struct ManagedOrder(
    /// The secret of the "Manage your tickets" link in the buyer's receipt.
    #[param(value_type = String, min_length = 1, max_length = 128)]
    Order,
);

impl FromRequestParts<AppState> for ManagedOrder {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let not_found =
            || ApiError::NotFound("This link does not open any tickets. Please use the link in your receipt.".into());
        let token = parts
            .headers
            .get("x-manage-token")
            .and_then(|value| value.to_str().ok())
            .filter(|token| !token.is_empty() && token.len() <= 128)
            .ok_or_else(not_found)?;
        let order_id = state
            .store
            .order_id_by_manage_token(token)
            .await?
            .ok_or_else(not_found)?;
        let order = state.store.order(&order_id).await?.ok_or_else(not_found)?;
        Ok(Self(order))
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyTickets)]
struct TicketsPage {
    reference: String,
    ticket_name: String,
    buyer_name: String,
    /// The order's status: `paid`, or `refunded`.
    #[schema(value_type = String, example = "paid")]
    status: OrderStatus,
    /// The last day (at the venue) tickets can be named or transferred, "2026-05-11".
    #[schema(format = Date)]
    transfer_until: String,
    /// Whether tickets can still be named or transferred: the order is paid and the day has not passed.
    can_change: bool,
    tickets: Vec<TicketView>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyTicket)]
struct TicketView {
    id: String,
    position: i64,
    /// As printed: "TK-7K3P-…".
    code: String,
    /// `valid`, or `refunded` with its order.
    #[schema(value_type = String, example = "valid")]
    status: TicketStatus,
    #[schema(required = true)]
    attendee_name: Option<String>,
    #[schema(required = true)]
    attendee_email: Option<String>,
    /// When the ticket was used at the door, in Unix milliseconds.
    #[schema(required = true)]
    checked_in_at: Option<i64>,
    /// The code as a QR image, for printing or showing at the door.
    #[schema(example = "data:image/png;base64,iVBORw0KGgo…")]
    qr: String,
}

impl TicketView {
    fn new(ticket: TicketRecord) -> Result<Self, ApiError> {
        let code = display_code(&ticket.code);
        let png = qr_png(&code).map_err(|error| ApiError::Internal(error.into()))?;
        Ok(Self {
            qr: format!(
                "data:image/png;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(png)
            ),
            id: ticket.id,
            position: ticket.position,
            code,
            status: ticket.status,
            attendee_name: ticket.attendee_name,
            attendee_email: ticket.attendee_email,
            checked_in_at: ticket.checked_in_at,
        })
    }
}

/// The order's tickets, one per person: transferred ones are gone, their replacements shown.
#[utoipa::path(
    get,
    path = "/my-tickets",
    tag = "tickets",
    params(ManagedOrder),
    responses(
        (status = 200, description = "The order and its tickets.", body = TicketsPage),
        (status = 404, description = "The `X-Manage-Token` is missing or opens no order.", body = ErrorBody),
        (status = 500, description = "The tickets could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn my_tickets(
    State(state): State<AppState>,
    ManagedOrder(order): ManagedOrder,
) -> Result<Json<TicketsPage>, ApiError> {
    page(&state, order).await.map(Json)
}

async fn page(state: &AppState, order: Order) -> Result<TicketsPage, ApiError> {
    let last_day = transfer_until(&state.event);
    let tickets = state
        .store
        .tickets_of_order(&order.id)
        .await?
        .into_iter()
        .filter(|ticket| ticket.status != TicketStatus::Transferred)
        .map(TicketView::new)
        .collect::<Result<_, _>>()?;
    Ok(TicketsPage {
        reference: order.reference,
        ticket_name: order.item_name,
        buyer_name: order.buyer_name,
        can_change: order.status == OrderStatus::Paid && state.event.venue_date(state.clock.now()) <= last_day,
        status: order.status,
        transfer_until: last_day.to_string(),
        tickets,
    })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = TicketAttendee)]
struct Attendee {
    /// 2 to 100 characters once trimmed, and no web address.
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    name: String,
    /// Not the email of another valid ticket on the order.
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
}

const MAX_NAME_CHARS: usize = 100;

/// Names a ticket's holder, or gives it to someone else.
///
/// Giving it to someone else makes a new code; the old one stops working. Either way the holder
/// gets their ticket by email. Until `transferUntil` only.
#[utoipa::path(
    post,
    path = "/my-tickets/{ticket_id}/attendee",
    tag = "tickets",
    params(ManagedOrder, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    request_body = Attendee,
    responses(
        (status = 200, description = "The ticket is named; the order and its tickets as they now are.", body = TicketsPage),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = "The `X-Manage-Token` is missing or opens no order, or the order has no such ticket.", body = ErrorBody),
        (status = 409, description = "The order was refunded, the last day for changes has passed, \
                                      or the ticket was used at the door or changed meanwhile.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The ticket could not be changed.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn name_attendee(
    State(state): State<AppState>,
    ManagedOrder(order): ManagedOrder,
    ApiPath(ticket_id): ApiPath<String>,
    ApiJson(attendee): ApiJson<Attendee>,
) -> Result<Json<TicketsPage>, ApiError> {
    let last_day = transfer_until(&state.event);
    if order.status != OrderStatus::Paid {
        return Err(ApiError::Conflict(
            "This order was refunded: its tickets cannot be changed.".into(),
        ));
    }
    if state.event.venue_date(state.clock.now()) > last_day {
        return Err(ApiError::Conflict(format!(
            "Tickets can be named or transferred until {} {}, {}, 7 days before the event. Please write to {} for help.",
            last_day.month(),
            last_day.day(),
            last_day.year(),
            state.event.contact_email
        )));
    }
    let tickets = state.store.tickets_of_order(&order.id).await?;
    let Some(ticket) = tickets.iter().find(|ticket| ticket.id == ticket_id) else {
        return Err(ApiError::NotFound("There is no such ticket on this order.".into()));
    };
    let name = attendee.name.trim();
    let mut errors = FieldErrors::default();
    if name.chars().count() < 2 || name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        errors.add("name", "Please enter the attendee's name (2 to 100 characters).");
    } else if could_carry_a_link(name) {
        errors.add("name", "Please enter the attendee's name only.");
    }
    let email = EmailAddress::parse(&attendee.email);
    match &email {
        None => errors.add("email", "Please enter a valid email address."),
        Some(email)
            if tickets.iter().any(|other| {
                other.id != ticket.id
                    && other.status == TicketStatus::Valid
                    && other.attendee_email.as_deref() == Some(email.as_str())
            }) =>
        {
            errors.add("email", "This person already has a ticket on this order.");
        }
        Some(_) => {}
    }
    let Some(email) = email.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };
    match state.store.name_ticket(&ticket.id, name, email.as_str()).await? {
        Naming::Named(_) | Naming::Renamed(_) | Naming::Transferred(_) => {}
        Naming::CheckedIn => {
            return Err(ApiError::Conflict(
                "This ticket has been used at the door already.".into(),
            ));
        }
        Naming::NotValid => {
            return Err(ApiError::Conflict(
                "This ticket was changed meanwhile (transferred or refunded). Please reload the page.".into(),
            ));
        }
    }
    let order = state
        .store
        .order(&order.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such order.".into()))?;
    page(&state, order).await.map(Json)
}
