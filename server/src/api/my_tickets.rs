//! "Manage your tickets": the buyer's private page for a ticket order. The secret
//! from the receipt's link comes in the `X-Manage-Token` header (the page keeps it in
//! the URL's fragment, which never reaches a server log).

use axum::Json;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::routing::{get, post};
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use crate::domain::{EmailAddress, could_carry_a_link};
use crate::email::render::qr_png;
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::orders::{Order, OrderStatus};
use crate::state::AppState;
use crate::store::{Naming, TicketRecord, TicketStatus};
use crate::tickets::{display_code, transfer_until};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/my-tickets", get(my_tickets))
        .route("/my-tickets/{ticket_id}/attendee", post(name_attendee))
}

/// The order whose manage link the caller holds.
struct ManagedOrder(Order);

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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TicketsPage {
    reference: String,
    ticket_name: String,
    buyer_name: String,
    status: OrderStatus,
    /// The last day (at the venue) tickets can be named or transferred, "2026-05-11".
    transfer_until: String,
    can_change: bool,
    tickets: Vec<TicketView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TicketView {
    id: String,
    position: i64,
    /// As printed: "TK-7K3P-…".
    code: String,
    status: TicketStatus,
    attendee_name: Option<String>,
    attendee_email: Option<String>,
    checked_in_at: Option<i64>,
    /// The code as a QR image, for printing or showing at the door.
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

#[derive(Debug, Deserialize)]
struct Attendee {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
}

const MAX_NAME_CHARS: usize = 100;

/// Names a ticket's holder, or gives it to someone else (a new code; the old one stops
/// working). Either way the holder gets their ticket by email. Until the cut-off only.
async fn name_attendee(
    State(state): State<AppState>,
    ManagedOrder(order): ManagedOrder,
    Path(ticket_id): Path<String>,
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
