//! The dashboard: money and counts, stock against limits, sales per day, the latest
//! orders, and what needs the organizer's attention.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use super::sessions::SessionView;
use crate::error::ApiError;
use crate::orders::{Order, sku};
use crate::seats;
use crate::state::AppState;
use crate::store::{DuplicateScan, OrderFilter, OrderTotals, OutboxEmail, TagUses, now_millis};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

const LATEST_ORDERS: i64 = 10;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Dashboard {
    totals: Vec<OrderTotals>,
    /// Cents kept, by order kind: paid and refunded orders, less what was refunded.
    revenue: BTreeMap<String, i64>,
    stock: Vec<Stock>,
    sales_by_day: Vec<DaySales>,
    latest_orders: Vec<Order>,
    attention: Attention,
    /// At the door: per ticket type, valid tickets and how many have checked in.
    check_ins: Vec<CheckIns>,
    /// Tickets scanned again after they admitted someone (offline devices), newest first.
    duplicate_scans: Vec<DuplicateScan>,
    /// Cents taken off paid and refunded orders by team discounts and codes (revenue is net of them).
    discounts: i64,
    /// Codes and units used, by tag.
    code_uses: Vec<TagUses>,
    /// Workshop seats: what fills and who waits.
    workshops: Workshops,
}

const WORKSHOPS_LISTED: usize = 5;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Workshops {
    /// Up to 5 sessions with a tenth of their seats left or fewer (or at most 3), fullest first.
    nearly_full: Vec<NearlyFull>,
    /// Up to 5 sessions with the longest waiting lists.
    longest_queues: Vec<LongQueue>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct NearlyFull {
    slug: String,
    title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    start: time::OffsetDateTime,
    limit: u32,
    taken: i64,
    left: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
struct LongQueue {
    slug: String,
    title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    start: time::OffsetDateTime,
    waiting: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckIns {
    ticket_type: String,
    label: String,
    expected: i64,
    checked_in: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Stock {
    sku: String,
    label: String,
    capacity: i64,
    sold: i64,
    held: i64,
    left: i64,
}

#[derive(Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct DaySales {
    /// The venue's calendar date, "2026-01-05".
    #[schema(format = Date)]
    date: String,
    orders: i64,
    /// Cents paid that day, per kind.
    ticket: i64,
    merchandise: i64,
    sponsorship: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Attention {
    /// Paid, but the order could not be honoured: money to give back.
    flagged_for_refund: Vec<Order>,
    failed_emails: Vec<OutboxEmail>,
    /// Unpaid past their expiry: the gateway could not be reached to cancel them.
    stuck_pending: Vec<Order>,
}

/// Money and counts, stock, sales per day, the latest orders, and what needs attention.
#[utoipa::path(
    get,
    path = "/dashboard",
    operation_id = "dashboard",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Dashboard), AdminRead, ServerTrouble)
)]
async fn dashboard(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Dashboard>, ApiError> {
    let store = &state.store;
    let totals = store.order_totals().await?;
    let mut revenue = BTreeMap::new();
    for row in totals
        .iter()
        .filter(|row| row.status == "paid" || row.status == "refunded")
    {
        *revenue.entry(row.kind.clone()).or_insert(0) += row.amount - row.refunded;
    }
    let catalogue: Vec<String> = sku::catalogue(&state.event).into_iter().map(|(sku, _)| sku).collect();
    // In catalogue order, each size/colour right after its item.
    let position = |stock_key: &str| {
        catalogue
            .iter()
            .position(|item| stock_key == item || stock_key.starts_with(&format!("{item}:")))
            .unwrap_or(usize::MAX)
    };
    let mut levels = store.stock_levels().await?;
    levels.sort_by(|a, b| (position(&a.sku), &a.sku).cmp(&(position(&b.sku), &b.sku)));
    let stock = levels
        .into_iter()
        .map(|level| Stock {
            label: sku::label(&state.event, &level.sku),
            sku: level.sku,
            capacity: level.capacity,
            sold: level.sold,
            held: level.held,
            left: level.left,
        })
        .collect();
    let mut days: BTreeMap<String, DaySales> = BTreeMap::new();
    for sale in store.sales().await? {
        let Ok(paid_at) = time::OffsetDateTime::from_unix_timestamp(sale.paid_at.div_euclid(1000)) else {
            continue;
        };
        let date = state.event.venue_date(paid_at).to_string();
        let day = days.entry(date.clone()).or_insert_with(|| DaySales {
            date,
            ..DaySales::default()
        });
        day.orders += 1;
        match sale.kind.as_str() {
            "ticket" => day.ticket += sale.amount,
            "merchandise" => day.merchandise += sale.amount,
            _ => day.sponsorship += sale.amount,
        }
    }
    let latest_orders = store
        .search_orders(&OrderFilter::default(), 1, LATEST_ORDERS)
        .await?
        .items;
    let failed_emails = store.outbox_page(Some("failed"), 1, 50).await?.items;
    let check_ins = store
        .check_in_counts()
        .await?
        .into_iter()
        .map(|(ticket_type, expected, checked_in)| CheckIns {
            label: state.event.ticket_name(&ticket_type),
            ticket_type,
            expected,
            checked_in,
        })
        .collect();
    let workshops = workshops(&state).await?;
    Ok(Json(Dashboard {
        workshops,
        discounts: store.discounts_given().await?,
        code_uses: store.code_uses_by_tag().await?,
        check_ins,
        duplicate_scans: store.duplicate_scans().await?,
        totals,
        revenue,
        stock,
        sales_by_day: days.into_values().collect(),
        latest_orders,
        attention: Attention {
            flagged_for_refund: store.orders_flagged_for_refund().await?,
            failed_emails,
            stuck_pending: store.orders_stuck_pending(now_millis()).await?,
        },
    }))
}

async fn workshops(state: &AppState) -> Result<Workshops, ApiError> {
    let sessions: Vec<SessionView> = (state.store.desk_sessions().await?.iter())
        .map(|desk| SessionView::new(desk, state))
        .collect();
    let mut nearly_full: Vec<NearlyFull> = (sessions.iter())
        .filter_map(|session| {
            let (limit, taken, left) = (session.limit?, session.taken?, session.left?);
            seats::nearly_full(limit, left).then(|| NearlyFull {
                slug: session.slug.clone(),
                title: session.title.clone(),
                start: session.start,
                limit,
                taken,
                left,
            })
        })
        .collect();
    nearly_full.sort_by_key(|session| (session.left, session.start));
    nearly_full.truncate(WORKSHOPS_LISTED);
    let mut longest_queues: Vec<LongQueue> = (sessions.iter())
        .filter_map(|session| {
            let waiting = session.waiting.filter(|waiting| *waiting > 0)?;
            Some(LongQueue {
                slug: session.slug.clone(),
                title: session.title.clone(),
                start: session.start,
                waiting,
            })
        })
        .collect();
    longest_queues.sort_by_key(|session| (std::cmp::Reverse(session.waiting), session.start));
    longest_queues.truncate(WORKSHOPS_LISTED);
    Ok(Workshops {
        nearly_full,
        longest_queues,
    })
}
