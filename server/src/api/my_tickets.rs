//! "Manage your tickets": the buyer's private page for a ticket order, and the page of
//! each person a seat was given to, for that seat. The secret from the email's link
//! comes in the `X-Manage-Token` header (the page keeps it in the URL's fragment, which
//! never reaches a server log) and is looked up by its digest.

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answer_sheet::AnswerSheet;
use super::params::ApiPath;
use crate::domain::{EmailAddress, could_carry_a_link};
use crate::email::render::qr_png;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::Event;
use crate::orders::{Order, OrderKind, OrderStatus};
use crate::questions;
use crate::seats::seats_per_ticket;
use crate::secrets;
use crate::state::AppState;
use crate::store::{
    Naming, NewHolder, SPONSOR_PASS_TYPE, StoredAnswers, TicketManager, TicketRecord, TicketStatus, now_millis,
};
use crate::tickets::{HandoverCaps, display_code, transfer_until, wallet_key};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_tickets))
        .routes(routes!(name_attendee))
}

/// Whose "Manage your tickets" link the caller holds: the buyer's, for the whole order, or
/// the link of one person a seat was given to, for that seat alone.
#[derive(utoipa::IntoParams)]
#[into_params(names("X-Manage-Token"), parameter_in = Header)]
pub(super) struct Managed(
    /// The secret of the link in the buyer's receipt, or in the ticket email of someone a seat was given to.
    #[param(value_type = String, min_length = 1, max_length = 128)]
    pub(super) Manager,
);

pub(super) enum Manager {
    Buyer {
        order: Order,
    },
    Holder {
        order: Order,
        ticket_id: String,
        token_hash: String,
    },
}

impl Manager {
    pub(super) fn order(&self) -> &Order {
        match self {
            Self::Buyer { order } | Self::Holder { order, .. } => order,
        }
    }

    pub(super) fn as_ticket_manager(&self) -> TicketManager<'_> {
        match self {
            Self::Buyer { .. } => TicketManager::Buyer,
            Self::Holder { token_hash, .. } => TicketManager::Holder { token_hash },
        }
    }

    /// Whether the seat was given away from under this link: then it shows its holder's name only.
    pub(super) fn gave_away(&self, ticket: &TicketRecord) -> bool {
        match self {
            Self::Buyer { .. } => ticket.given_away(),
            Self::Holder { token_hash, .. } => ticket.holder_token_hash.as_deref() != Some(token_hash.as_str()),
        }
    }
}

impl Managed {
    /// Whether the link opens the ticket: the buyer's any of the order's, a holder's their own.
    pub(super) fn opens(&self, ticket: &TicketRecord) -> bool {
        match &self.0 {
            Manager::Buyer { order } => ticket.order_id == order.id,
            Manager::Holder { ticket_id, .. } => ticket.id == *ticket_id,
        }
    }

    /// Whether the link opens the ticket and it was not given away from under it: its code is this link's.
    pub(super) fn holds(&self, ticket: &TicketRecord) -> bool {
        self.opens(ticket) && !self.0.gave_away(ticket)
    }
}

impl FromRequestParts<AppState> for Managed {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let not_found =
            || ApiError::NotFound("This link does not open any tickets. Please use the link in your email.".into());
        let token = parts
            .headers
            .get("x-manage-token")
            .and_then(|value| value.to_str().ok())
            .filter(|token| !token.is_empty() && token.len() <= 128)
            .ok_or_else(not_found)?;
        let token_hash = secrets::digest(token);
        if let Some(order_id) = state.store.order_id_by_manage_token(&token_hash).await? {
            let order = state.store.order(&order_id).await?.ok_or_else(not_found)?;
            return Ok(Self(Manager::Buyer { order }));
        }
        let ticket = state
            .store
            .ticket_by_holder_token(&token_hash)
            .await?
            .ok_or_else(not_found)?;
        let order = state.store.order(&ticket.order_id).await?.ok_or_else(not_found)?;
        Ok(Self(Manager::Holder {
            order,
            ticket_id: ticket.id,
            token_hash,
        }))
    }
}

/// Whose page it is.
#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = MyTicketsView)]
enum View {
    /// The buyer's: every seat of the order.
    Buyer,
    /// Someone a seat was given to: that seat alone.
    Holder,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyTickets)]
pub(super) struct TicketsPage {
    reference: String,
    ticket_name: String,
    /// Who bought the order (for a holder: who gave them the ticket).
    buyer_name: String,
    /// The order's status: `paid`, or `refunded` (cancelled).
    #[schema(value_type = String, example = "paid")]
    status: OrderStatus,
    /// The last day (at the venue) tickets can be named or transferred, "2026-05-11".
    #[schema(format = Date)]
    transfer_until: String,
    /// Whether tickets can still be named or transferred from this link: the order is paid, the
    /// day has not passed, and (for a holder) the ticket is still theirs.
    can_change: bool,
    view: View,
    tickets: Vec<TicketView>,
    /// The wallets the site offers passes for: their buttons show only when true.
    wallet: WalletOffer,
}

/// Which wallet passes the site offers (`GET /api/my-tickets/{ticketId}/wallet/apple` and `…/google`).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = MyTicketsWallet)]
struct WalletOffer {
    apple: bool,
    google: bool,
}

/// A seat as this link sees it.
#[derive(Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = MyTicketStatus)]
enum SeatStatus {
    Valid,
    /// Its order was cancelled: it admits no one.
    Refunded,
    /// Given to someone else from this link: only their name is shown.
    Transferred,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MyTicket)]
struct TicketView {
    id: String,
    position: i64,
    status: SeatStatus,
    /// As printed: "TK-7K3P-…"; none for a seat given to someone else.
    #[schema(required = true)]
    code: Option<String>,
    #[schema(required = true)]
    attendee_name: Option<String>,
    /// None for a seat given to someone else.
    #[schema(required = true)]
    attendee_email: Option<String>,
    /// When the ticket was used at the door, in Unix milliseconds.
    #[schema(required = true)]
    checked_in_at: Option<i64>,
    /// The code as a QR image, for printing or showing at the door; none with the code.
    #[schema(required = true, example = "data:image/png;base64,iVBORw0KGgo…")]
    qr: Option<String>,
    /// How many workshop seats the ticket may reserve; 0: its type includes no workshops.
    workshop_seats: u32,
    /// The ids of the questions (`questions` of `GET /api/config`) its holder is asked, in the event file's order;
    /// none for a seat given to someone else.
    questions: Vec<String>,
    /// Its answers, by question id: the answered ones only; none for a seat given to someone else.
    #[schema(inline)]
    answers: AnswerSheet,
    /// The ids of its questions without an answer, in the event file's order.
    questions_open: Vec<String>,
    /// The `key` that opens this ticket's wallet passes without the header, for a plain link
    /// (`/api/my-tickets/{id}/wallet/apple?key=…`, which iOS opens straight into Wallet); none without a wallet or a
    /// code. It ends when the code changes.
    #[schema(required = true)]
    wallet_key: Option<String>,
}

/// A seat's questions and answers, as this link sees them.
struct SeatAnswers {
    questions: Vec<String>,
    answers: BTreeMap<String, serde_json::Value>,
    open: Vec<String>,
}

impl SeatAnswers {
    fn of(event: &Event, ticket: &TicketRecord, stored: Option<&StoredAnswers>) -> Self {
        let answers = questions::answered(event, &ticket.ticket_type, stored.map_or(&[], Vec::as_slice));
        Self {
            questions: (questions::asked(event, &ticket.ticket_type))
                .map(|question| question.id.clone())
                .collect(),
            open: questions::open(event, &ticket.ticket_type, &answers),
            answers,
        }
    }
}

impl TicketView {
    /// A seat given away shows neither its questions nor its answers, whatever `asked` holds.
    fn new(
        ticket: TicketRecord,
        gave_away: bool,
        workshop_seats: u32,
        asked: SeatAnswers,
        wallets: bool,
    ) -> Result<Self, ApiError> {
        if gave_away {
            return Ok(Self {
                id: ticket.id,
                position: ticket.position,
                status: SeatStatus::Transferred,
                code: None,
                attendee_name: ticket.attendee_name,
                attendee_email: None,
                checked_in_at: None,
                qr: None,
                workshop_seats,
                wallet_key: None,
                questions: Vec::new(),
                answers: AnswerSheet::default(),
                questions_open: Vec::new(),
            });
        }
        let code = display_code(&ticket.code);
        let png = qr_png(&code).map_err(|error| ApiError::Internal(error.into()))?;
        Ok(Self {
            wallet_key: wallets.then(|| wallet_key(&ticket.id, &ticket.code)),
            qr: Some(format!(
                "data:image/png;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(png)
            )),
            id: ticket.id,
            position: ticket.position,
            code: Some(code),
            status: match ticket.status {
                TicketStatus::Valid => SeatStatus::Valid,
                TicketStatus::Refunded => SeatStatus::Refunded,
            },
            attendee_name: ticket.attendee_name,
            attendee_email: ticket.attendee_email,
            checked_in_at: ticket.checked_in_at,
            workshop_seats,
            questions: asked.questions,
            answers: AnswerSheet(asked.answers),
            questions_open: asked.open,
        })
    }
}

/// The tickets this link opens: the buyer's link every seat of the order (a seat given to
/// someone else by its holder's name only), a holder's link their own seat.
#[utoipa::path(
    get,
    path = "/my-tickets",
    tag = "tickets",
    params(Managed),
    responses(
        (status = 200, description = "The order and the tickets this link opens.", body = TicketsPage),
        (status = 404, description = "The `X-Manage-Token` is missing or opens nothing.", body = ErrorBody),
        (status = 500, description = "The tickets could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn my_tickets(State(state): State<AppState>, Managed(manager): Managed) -> Result<Json<TicketsPage>, ApiError> {
    page(&state, &manager).await.map(Json)
}

pub(super) async fn page(state: &AppState, manager: &Manager) -> Result<TicketsPage, ApiError> {
    let order = manager.order();
    let last_day = transfer_until(&state.event);
    let tickets: Vec<TicketRecord> = match manager {
        Manager::Buyer { .. } => state.store.tickets_of_order(&order.id).await?,
        Manager::Holder { ticket_id, .. } => state.store.ticket(ticket_id).await?.into_iter().collect(),
    };
    let still_theirs = tickets.iter().any(|ticket| !manager.gave_away(ticket));
    let answers = if state.event.questions.is_empty() {
        HashMap::new()
    } else {
        state.store.answers_of_order(&order.id).await?
    };
    let tickets = tickets
        .into_iter()
        .map(|ticket| {
            let gave_away = manager.gave_away(&ticket);
            let workshop_seats = seats_per_ticket(&state.event, &ticket.ticket_type);
            let asked = SeatAnswers::of(&state.event, &ticket, answers.get(&ticket.position));
            TicketView::new(ticket, gave_away, workshop_seats, asked, state.wallets.any())
        })
        .collect::<Result<_, _>>()?;
    Ok(TicketsPage {
        reference: order.reference.clone(),
        ticket_name: match order.kind {
            OrderKind::Sponsorship => state.event.ticket_name(SPONSOR_PASS_TYPE),
            _ => order.item_name.clone(),
        },
        buyer_name: order.buyer_name.clone(),
        can_change: order.status == OrderStatus::Paid
            && state.event.venue_date(state.clock.now()) <= last_day
            && still_theirs,
        status: order.status,
        transfer_until: last_day.to_string(),
        view: match manager {
            Manager::Buyer { .. } => View::Buyer,
            Manager::Holder { .. } => View::Holder,
        },
        tickets,
        wallet: WalletOffer {
            apple: state.wallets.apple.is_some(),
            google: state.wallets.google.is_some(),
        },
    })
}

/// Refuses (409) a change to a ticket of `order` once it is cancelled or the last day for changes has passed;
/// `changes` says what may be done until then ("Tickets can be named or transferred").
pub(super) fn changes_open(state: &AppState, order: &Order, changes: &str) -> Result<(), ApiError> {
    let last_day = transfer_until(&state.event);
    if order.status != OrderStatus::Paid {
        return Err(ApiError::Conflict(
            "This order was cancelled: its tickets cannot be changed.".into(),
        ));
    }
    if state.event.venue_date(state.clock.now()) > last_day {
        return Err(ApiError::Conflict(format!(
            "{changes} until {} {}, {}, 7 days before the event. Please write to {} for help.",
            last_day.month(),
            last_day.day(),
            last_day.year(),
            state.event.contact_email
        )));
    }
    Ok(())
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
/// The same email corrects the name. Another email gives the seat away: a new code (the old
/// one stops working), the ticket by email to its new holder and, unless it goes back to the
/// buyer, their own link, after which only they can pass it on. Until `transferUntil` only;
/// a seat changes hands at most 3 times a day, an order's seats at most 5 times more than
/// it has seats.
#[utoipa::path(
    post,
    path = "/my-tickets/{ticket_id}/attendee",
    tag = "tickets",
    params(Managed, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    request_body = Attendee,
    responses(
        (status = 200, description = "The ticket is named; the tickets this link opens as they now are.", body = TicketsPage),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 404, description = "The `X-Manage-Token` is missing or opens nothing, or not this ticket.", body = ErrorBody),
        (status = 409, description = "The order was cancelled, the last day for changes has passed, the ticket was \
                                      given to someone else (only they can pass it on), used at the door, or \
                                      changed meanwhile.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network, or the ticket or its order changed hands as \
                                      often today as allowed; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The ticket could not be changed.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn name_attendee(
    State(state): State<AppState>,
    Managed(manager): Managed,
    ApiPath(ticket_id): ApiPath<String>,
    ApiJson(attendee): ApiJson<Attendee>,
) -> Result<Json<TicketsPage>, ApiError> {
    let order = manager.order();
    changes_open(&state, order, "Tickets can be named or transferred")?;
    let tickets = state.store.tickets_of_order(&order.id).await?;
    let opens = |ticket: &&TicketRecord| match &manager {
        Manager::Buyer { .. } => true,
        Manager::Holder { ticket_id: theirs, .. } => ticket.id == *theirs,
    };
    let Some(ticket) = tickets.iter().filter(opens).find(|ticket| ticket.id == ticket_id) else {
        return Err(ApiError::NotFound("There is no such ticket on this link.".into()));
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
    let holder = NewHolder {
        name,
        email: email.as_str(),
        buyer_email: &order.buyer_email,
    };
    // A sponsorship is one unit with many passes.
    let seats = i64::try_from(tickets.len()).unwrap_or(i64::MAX).max(order.quantity);
    let caps = HandoverCaps::for_order(seats);
    match state
        .store
        .name_ticket(&ticket.id, manager.as_ticket_manager(), holder, caps)
        .await?
    {
        Naming::Renamed(_) | Naming::HandedOver(_) => {}
        Naming::CheckedIn => {
            return Err(ApiError::Conflict(
                "This ticket has been used at the door already.".into(),
            ));
        }
        Naming::NotYours => {
            return Err(ApiError::Conflict(
                "This ticket was given to someone else: only they can pass it on now.".into(),
            ));
        }
        Naming::OrderNotPaid => {
            return Err(ApiError::Conflict(
                "This order was cancelled: its tickets cannot be changed.".into(),
            ));
        }
        Naming::Changed => {
            return Err(ApiError::Conflict(
                "This ticket was changed meanwhile (given to someone else or refunded). Please reload the page.".into(),
            ));
        }
        Naming::TooManyToday { next_at } => {
            return Err(ApiError::RateLimited {
                message: "This ticket, or this order's tickets, changed hands as often today as they may. Please try \
                          again later."
                    .into(),
                retry_after: std::time::Duration::from_millis(u64::try_from(next_at - now_millis()).unwrap_or(0)),
            });
        }
    }
    let order = state
        .store
        .order(&order.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such order.".into()))?;
    let manager = match manager {
        Manager::Buyer { .. } => Manager::Buyer { order },
        Manager::Holder {
            ticket_id, token_hash, ..
        } => Manager::Holder {
            order,
            ticket_id,
            token_hash,
        },
    };
    page(&state, &manager).await.map(Json)
}
