//! The orders screen and an order's page: find, read its history, add notes, and
//! send its confirmation again.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::invoices;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::admin::timeline::{TimelineEntry, timeline};
use crate::api::invoice_download::InvoiceLink;
use crate::api::params::{ApiPath, ApiQuery, page_number};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::orders::{Order, OrderKind, OrderStatus, PolicyRefund, policy_refund, sku};
use crate::questions::readable;
use crate::state::AppState;
use crate::store::{OrderFilter, Page, RefundRecord, TicketRecord, TicketStatus};
use crate::tickets::display_code;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(add_note))
        .routes(routes!(resend_confirmation))
}

pub const PAGE_SIZE: i64 = 25;
pub const NO_SUCH_ORDER: &str = "There is no such order.";
const MAX_NOTE_CHARS: usize = 2000;

/// Filters left out or empty match every order.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    #[param(nullable = false, pattern = "^(ticket|merchandise|sponsorship)?$")]
    kind: Option<String>,
    #[param(nullable = false, pattern = "^(pending|paid|failed|expired|refunded)?$")]
    status: Option<String>,
    /// A stock keeping unit from `catalogue`: the item, or one size and colour of it.
    #[param(nullable = false)]
    item: Option<String>,
    /// Any part of the buyer's name or email, the reference or the pickup code, in any case.
    #[param(nullable = false)]
    q: Option<String>,
    /// From 1, the default.
    #[param(nullable = false)]
    page: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct OrderList {
    #[serde(flatten)]
    page: Page<Order>,
    /// What `item` may be: every ticket, merchandise item and sponsorship tier.
    catalogue: Vec<CatalogueItem>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct CatalogueItem {
    sku: String,
    label: String,
}

/// One page of the orders matching the filters, newest first.
#[utoipa::path(
    get,
    path = "/orders",
    operation_id = "list_orders",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = OrderList),
        (
            status = 400,
            description = "A parameter has the wrong type or a NUL character, or `kind` or `status` names no such \
                           value.",
            body = ErrorBody,
        ),
        AdminRead,
        ServerTrouble,
    )
)]
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<OrderList>, ApiError> {
    let filter = OrderFilter {
        kind: parse_filter(query.kind.as_deref(), OrderKind::parse, "kind")?,
        status: parse_filter(query.status.as_deref(), OrderStatus::parse, "status")?,
        sku: query.item.filter(|item| !item.is_empty()),
        search: query.q,
    };
    let page = page_number(query.page, PAGE_SIZE);
    Ok(Json(OrderList {
        page: state.store.search_orders(&filter, page, PAGE_SIZE).await?,
        catalogue: sku::catalogue(&state.event)
            .into_iter()
            .map(|(sku, label)| CatalogueItem { sku, label })
            .collect(),
    }))
}

/// An empty value means "any"; an unknown one is a mistake worth saying.
fn parse_filter<T>(value: Option<&str>, parse: fn(&str) -> Option<T>, name: &str) -> Result<Option<T>, ApiError> {
    match value.filter(|value| !value.is_empty()) {
        None => Ok(None),
        Some(value) => parse(value)
            .map(Some)
            .ok_or_else(|| ApiError::BadRequest(format!("There is no order {name} called {value:?}."))),
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct OrderPage {
    order: Order,
    refunds: Vec<RefundRecord>,
    /// A ticket order's tickets, one per person, including transferred and refunded ones.
    tickets: Vec<OrderTicket>,
    timeline: Vec<TimelineEntry>,
    /// What the refund policy gives today.
    refund_policy: PolicyRefund,
    /// Its invoices and credit notes, oldest first; each `url` gives the PDF.
    invoices: Vec<InvoiceLink>,
}

/// Everything about one order: the buyer, what they bought, the money, and its history.
#[utoipa::path(
    get,
    path = "/orders/{id}",
    operation_id = "order_page",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The order's id.")),
    responses(
        (status = 200, body = OrderPage),
        (status = 404, description = NO_SUCH_ORDER, body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn detail(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<OrderPage>, ApiError> {
    let order = find(&state, &id).await?;
    let refunds = state.store.refunds_of_order(&order.id).await?;
    let tickets = state.store.tickets_of_order(&order.id).await?;
    let emails = state.store.emails_about_order(&order.id).await?;
    let audit = state.store.audit_for_order(&order.id).await?;
    let invoices = state.store.invoices_of_order(&order.id).await?;
    let answers = state.store.answers_of_order(&order.id).await?;
    let today = state.event.venue_date(state.clock.now());
    Ok(Json(OrderPage {
        invoices: invoices
            .iter()
            .map(|invoice| InvoiceLink::new(invoice, invoices::PDF_BASE))
            .collect(),
        refund_policy: policy_refund(&state.event, &order, today),
        timeline: timeline(&order, &refunds, &emails, &audit),
        tickets: tickets
            .into_iter()
            .map(|ticket| {
                let answers = answers.get(&ticket.position).map_or(&[][..], Vec::as_slice);
                let answers = readable(&state.event, &ticket.ticket_type, answers, |_| true)
                    .into_iter()
                    .map(|(question, text)| TicketAnswer {
                        question: question.id.clone(),
                        label: question.label.clone(),
                        text,
                    })
                    .collect();
                OrderTicket::new(ticket, answers)
            })
            .collect(),
        refunds,
        order,
    }))
}

/// One attendee's ticket. Times are Unix milliseconds.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct OrderTicket {
    /// As printed: "TK-7K3P-…".
    code: String,
    position: i64,
    #[schema(required = true)]
    attendee_name: Option<String>,
    #[schema(required = true)]
    attendee_email: Option<String>,
    status: TicketStatus,
    #[schema(required = true)]
    checked_in_at: Option<i64>,
    #[schema(required = true)]
    checked_in_by: Option<String>,
    /// Its holder's answers to the event's questions, in the event file's order: the answered ones only.
    answers: Vec<TicketAnswer>,
}

/// One answer, as people read it.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = OrderTicketAnswer)]
struct TicketAnswer {
    /// The question's id.
    question: String,
    label: String,
    /// The choice, the options joined by ", ", "Yes" or "No", the country's name, the date as given.
    text: String,
}

impl OrderTicket {
    fn new(ticket: TicketRecord, answers: Vec<TicketAnswer>) -> Self {
        Self {
            answers,
            code: display_code(&ticket.code),
            position: ticket.position,
            attendee_name: ticket.attendee_name,
            attendee_email: ticket.attendee_email,
            status: ticket.status,
            checked_in_at: ticket.checked_in_at,
            checked_in_by: ticket.checked_in_by,
        }
    }
}

pub async fn find(state: &AppState, id: &str) -> Result<Order, ApiError> {
    state
        .store
        .order(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_ORDER.into()))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = OrderNote)]
struct Note {
    /// Up to 2,000 characters, not counting spaces around it.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 2000)]
    text: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct NoteAdded {
    /// Always true.
    added: bool,
}

/// Adds a note to the order's history.
#[utoipa::path(
    post,
    path = "/orders/{id}/notes",
    operation_id = "add_order_note",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The order's id.")),
    request_body = Note,
    responses(
        (status = 200, body = NoteAdded),
        (status = 404, description = NO_SUCH_ORDER, body = ErrorBody),
        (
            status = 422,
            description = "The note is empty or longer than 2,000 characters.",
            body = ErrorBody,
        ),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn add_note(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiJson(note): ApiJson<Note>,
) -> Result<Json<NoteAdded>, ApiError> {
    let order = find(&state, &id).await?;
    // Counted as sent, as the contract's `maxLength` is: surrounding spaces too.
    let text = note.text.trim();
    if text.is_empty() || note.text.chars().count() > MAX_NOTE_CHARS {
        let mut errors = FieldErrors::default();
        errors.add("text", "Please write a note of up to 2,000 characters.");
        return Err(ApiError::Validation(errors));
    }
    state.store.add_order_note(&order.id, &actor.name, text).await?;
    Ok(Json(NoteAdded { added: true }))
}

#[derive(Serialize, utoipa::ToSchema)]
struct ConfirmationQueued {
    /// Always true.
    queued: bool,
}

/// Queues the order's confirmation email again (the buyer lost it, or it bounced).
#[utoipa::path(
    post,
    path = "/orders/{id}/resend-confirmation",
    operation_id = "resend_order_confirmation",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The order's id.")),
    responses(
        (status = 200, body = ConfirmationQueued),
        (status = 404, description = NO_SUCH_ORDER, body = ErrorBody),
        (
            status = 409,
            description = "The order is not paid: it has no confirmation to send.",
            body = ErrorBody,
        ),
        AdminChange,
        ServerTrouble,
    )
)]
async fn resend_confirmation(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<ConfirmationQueued>, ApiError> {
    let order = find(&state, &id).await?;
    if order.status != OrderStatus::Paid {
        return Err(ApiError::Conflict(
            "Only a paid order has a confirmation to send.".into(),
        ));
    }
    state.store.resend_order_confirmation(&order, &actor.name).await?;
    Ok(Json(ConfirmationQueued { queued: true }))
}
