//! The orders screen and an order's page: find, read its history, add notes, and
//! send its confirmation again.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;

use super::auth::AdminActor;
use crate::admin::timeline::{TimelineEntry, timeline};
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::orders::{Order, OrderKind, OrderStatus, PolicyRefund, policy_refund, sku};
use crate::state::AppState;
use crate::store::{OrderFilter, Page, RefundRecord, TicketRecord, TicketStatus};
use crate::tickets::display_code;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/orders", get(list))
        .route("/orders/{id}", get(detail))
        .route("/orders/{id}/notes", post(add_note))
        .route("/orders/{id}/resend-confirmation", post(resend_confirmation))
}

pub const PAGE_SIZE: i64 = 25;
const MAX_NOTE_CHARS: usize = 2000;

#[derive(Debug, Deserialize)]
struct ListQuery {
    kind: Option<String>,
    status: Option<String>,
    /// A stock keeping unit from `items`.
    item: Option<String>,
    q: Option<String>,
    page: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OrderList {
    #[serde(flatten)]
    page: Page<Order>,
    /// What `item` may be: every ticket, merchandise item and sponsorship tier.
    catalogue: Vec<Item>,
}

#[derive(Serialize)]
struct Item {
    sku: String,
    label: String,
}

/// One page of the orders matching the filters, newest first.
async fn list(
    _actor: AdminActor,
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<OrderList>, ApiError> {
    let filter = OrderFilter {
        kind: parse_filter(query.kind.as_deref(), OrderKind::parse, "kind")?,
        status: parse_filter(query.status.as_deref(), OrderStatus::parse, "status")?,
        sku: query.item.filter(|item| !item.is_empty()),
        search: query.q,
    };
    let page = query.page.unwrap_or(1).max(1);
    Ok(Json(OrderList {
        page: state.store.search_orders(&filter, page, PAGE_SIZE).await?,
        catalogue: sku::catalogue(&state.event)
            .into_iter()
            .map(|(sku, label)| Item { sku, label })
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OrderPage {
    order: Order,
    refunds: Vec<RefundRecord>,
    /// A ticket order's tickets, one per person, including transferred and refunded ones.
    tickets: Vec<TicketView>,
    timeline: Vec<TimelineEntry>,
    /// What the refund policy gives today.
    refund_policy: PolicyRefund,
}

/// Everything about one order: the buyer, what they bought, the money, and its history.
async fn detail(
    _actor: AdminActor,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<OrderPage>, ApiError> {
    let order = find(&state, &id).await?;
    let refunds = state.store.refunds_of_order(&order.id).await?;
    let tickets = state.store.tickets_of_order(&order.id).await?;
    let emails = state.store.emails_about_order(&order.id).await?;
    let audit = state.store.audit_for_order(&order.id).await?;
    let today = state.event.venue_date(state.clock.now());
    Ok(Json(OrderPage {
        refund_policy: policy_refund(&state.event, &order, today),
        timeline: timeline(&order, &refunds, &emails, &audit),
        tickets: tickets.into_iter().map(TicketView::from).collect(),
        refunds,
        order,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TicketView {
    /// As printed: "TK-7K3P-…".
    code: String,
    position: i64,
    attendee_name: Option<String>,
    attendee_email: Option<String>,
    status: TicketStatus,
    checked_in_at: Option<i64>,
    checked_in_by: Option<String>,
}

impl From<TicketRecord> for TicketView {
    fn from(ticket: TicketRecord) -> Self {
        Self {
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
        .ok_or_else(|| ApiError::NotFound("There is no such order.".into()))
}

#[derive(Debug, Deserialize)]
struct Note {
    #[serde(default)]
    text: String,
}

/// Adds a note to the order's history.
async fn add_note(
    actor: AdminActor,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(note): ApiJson<Note>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let order = find(&state, &id).await?;
    let text = note.text.trim();
    if text.is_empty() || text.chars().count() > MAX_NOTE_CHARS {
        let mut errors = FieldErrors::default();
        errors.add("text", "Please write a note of up to 2,000 characters.");
        return Err(ApiError::Validation(errors));
    }
    state.store.add_order_note(&order.id, &actor.name, text).await?;
    Ok(Json(json!({ "added": true })))
}

/// Queues the order's confirmation email again (the buyer lost it, or it bounced).
async fn resend_confirmation(
    actor: AdminActor,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let order = find(&state, &id).await?;
    if order.status != OrderStatus::Paid {
        return Err(ApiError::Conflict(
            "Only a paid order has a confirmation to send.".into(),
        ));
    }
    state.store.resend_order_confirmation(&order, &actor.name).await?;
    Ok(Json(json!({ "queued": true })))
}
