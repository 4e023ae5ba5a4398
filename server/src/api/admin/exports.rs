//! CSV exports for spreadsheets: `GET /api/admin/exports/{orders|attendees|pickups|waitlist}.csv`.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::admin::csv::{CsvWriter, dollars};
use crate::api::params::ApiPath;
use crate::error::{ApiError, ErrorBody};
use crate::orders::{Order, OrderKind};
use crate::questions::readable;
use crate::state::AppState;
use crate::store::{CodeKind, CodeRecord, ProfileState, TicketStatus};
use crate::tickets::display_code;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(export))
}

/// The exports there are, by file name.
#[derive(Clone, Copy, utoipa::ToSchema)]
enum Export {
    #[schema(rename = "orders.csv")]
    Orders,
    #[schema(rename = "attendees.csv")]
    Attendees,
    #[schema(rename = "pickups.csv")]
    Pickups,
    #[schema(rename = "waitlist.csv")]
    Waitlist,
    #[schema(rename = "codes.csv")]
    Codes,
    #[schema(rename = "sponsors.csv")]
    Sponsors,
}

impl Export {
    fn named(name: &str) -> Option<Self> {
        Some(match name {
            "orders.csv" => Self::Orders,
            "attendees.csv" => Self::Attendees,
            "pickups.csv" => Self::Pickups,
            "waitlist.csv" => Self::Waitlist,
            "codes.csv" => Self::Codes,
            "sponsors.csv" => Self::Sponsors,
            _ => return None,
        })
    }
}

/// One CSV file for a spreadsheet, named for the venue's date.
#[utoipa::path(
    get,
    path = "/exports/{name}",
    operation_id = "export_csv",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params((
        "name" = inline(Export),
        Path,
        description = "`orders.csv`: every order. `attendees.csv`: one row per ticket of a paid or refunded order, \
                       transferred ones left out, with a column per question of the event file (headed by its \
                       label, in its order) giving the holder's answer as people read it. `pickups.csv`: paid or refunded merchandise orders and whether \
                       they were collected. `waitlist.csv`: every registration. `codes.csv`: every code with its \
                       uses, in the columns `POST /api/admin/codes/import` reads. `sponsors.csv`: every paid or \
                       refunded sponsorship with its contact, profile (as sent and as approved), review and passes."
    )),
    responses(
        (
            status = 200,
            description = "UTF-8 CSV with a header row.",
            content_type = "text/csv",
            body = String,
            headers((
                "Content-Disposition" = String,
                description = "`attachment; filename=\"orders-2026-05-18.csv\"`: the name and the venue's date."
            )),
        ),
        (status = 404, description = "There is no export of that name.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn export(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(name): ApiPath<String>,
) -> Result<Response, ApiError> {
    let Some(export) = Export::named(&name) else {
        return Err(ApiError::NotFound(
            "There is no such export: try orders.csv, attendees.csv, pickups.csv, waitlist.csv, codes.csv or \
             sponsors.csv."
                .into(),
        ));
    };
    let csv = match export {
        Export::Orders => orders(&state.store.list_orders().await?),
        Export::Attendees => attendees(&state).await?,
        Export::Pickups => pickups(&state.store.settled_orders(OrderKind::Merchandise).await?),
        Export::Waitlist => waitlist(&state).await?,
        Export::Codes => codes(&state.store.list_codes(None).await?),
        Export::Sponsors => sponsors(&state).await?,
    };
    let today = state.event.venue_date(time::OffsetDateTime::now_utc());
    let filename = format!("{}-{today}.csv", name.trim_end_matches(".csv"));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        csv,
    )
        .into_response())
}

/// "2026-05-18 14:03 UTC": unambiguous in any spreadsheet.
fn time_cell(unix_ms: Option<i64>) -> String {
    unix_ms
        .and_then(|ms| time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)).ok())
        .map(|at| format!("{} {:02}:{:02} UTC", at.date(), at.hour(), at.minute()))
        .unwrap_or_default()
}

fn option(order: &Order, name: &str) -> String {
    order.options[name].as_str().unwrap_or_default().to_owned()
}

fn orders(orders: &[Order]) -> String {
    let mut csv = CsvWriter::new(&[
        "reference",
        "kind",
        "status",
        "created",
        "paid",
        "item",
        "size",
        "color",
        "company",
        "quantity",
        "amount",
        "refunded",
        "currency",
        "gateway",
        "payment id",
        "buyer name",
        "buyer email",
        "pickup code",
        "price phase",
        "unit price",
        "discounts",
        "discount",
        "code",
    ]);
    for order in orders {
        let company = option(order, "companyName");
        let discounts: Vec<String> = order
            .discounts
            .iter()
            .map(|discount| format!("{} ({})", discount.label, discount.amount))
            .collect();
        let discount: i64 = order.discounts.iter().map(|discount| discount.amount.cents()).sum();
        csv.row([
            order.reference.as_str(),
            order.kind.as_str(),
            order.status.as_str(),
            &time_cell(Some(order.created_at)),
            &time_cell(order.paid_at),
            &order.item_name,
            &option(order, "size"),
            &option(order, "color"),
            &company,
            &order.quantity.to_string(),
            &dollars(order.amount.cents()),
            &dollars(order.refunded_amount.cents()),
            &order.currency.to_uppercase(),
            &order.gateway,
            order.payment_id.as_deref().unwrap_or_default(),
            &order.buyer_name,
            &order.buyer_email,
            order.pickup_code.as_deref().unwrap_or_default(),
            order.phase.as_deref().unwrap_or_default(),
            &dollars(order.unit_price.cents()),
            &discounts.join("; "),
            &dollars(discount),
            order.code.as_deref().unwrap_or_default(),
        ]);
    }
    csv.finish()
}

/// One row per code, in the columns the import reads (dates in RFC 3339, UTC).
fn codes(codes: &[CodeRecord]) -> String {
    let mut csv = CsvWriter::new(&[
        "code",
        "applies to",
        "kind",
        "value",
        "max uses",
        "uses",
        "valid from",
        "valid until",
        "reserve",
        "reserved left",
        "unlocks",
        "tag",
        "note",
        "disabled",
        "orders per email",
    ]);
    let rfc3339 = |unix_ms: Option<i64>| {
        unix_ms
            .and_then(|ms| time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)).ok())
            .and_then(|at| at.format(&time::format_description::well_known::Rfc3339).ok())
            .unwrap_or_default()
    };
    for code in codes {
        let (kind, value) = match code.kind {
            CodeKind::PercentOff(percent) => ("percent_off", percent.to_string()),
            CodeKind::AmountOff(amount) => ("amount_off", dollars(amount.cents())),
            CodeKind::FixedPrice(price) => ("fixed_price", dollars(price.cents())),
        };
        csv.row([
            code.code.as_str(),
            &code.applies_to.join(" "),
            kind,
            &value,
            &code.max_uses.to_string(),
            &code.uses.to_string(),
            &rfc3339(code.valid_from),
            &rfc3339(code.valid_until),
            &code.reserve.map(|units| units.to_string()).unwrap_or_default(),
            &code.reserved_left.to_string(),
            code.unlocks.as_deref().unwrap_or_default(),
            code.tag.as_deref().unwrap_or_default(),
            code.note.as_deref().unwrap_or_default(),
            if code.disabled { "yes" } else { "no" },
            &code
                .orders_per_email
                .map_or_else(|| super::codes::NO_LIMIT.to_owned(), |limit| limit.to_string()),
        ]);
    }
    csv.finish()
}

/// One row per ticket: who holds it (blank until the buyer names them) and whether they came.
async fn attendees(state: &AppState) -> Result<String, ApiError> {
    // A sponsorship's VIP passes are attendees too.
    let mut orders: HashMap<String, Order> = HashMap::new();
    for kind in [OrderKind::Ticket, OrderKind::Sponsorship] {
        orders.extend(
            state
                .store
                .settled_orders(kind)
                .await?
                .into_iter()
                .map(|order| (order.id.clone(), order)),
        );
    }
    // One column per question, headed by its label, in the event file's order.
    let header: Vec<&str> = [
        "ticket code",
        "ticket",
        "status",
        "attendee name",
        "attendee email",
        "checked in",
        "checked in by",
        "order reference",
        "buyer name",
        "buyer email",
    ]
    .into_iter()
    .chain(state.event.questions.iter().map(|question| question.label.as_str()))
    .collect();
    let mut csv = CsvWriter::new(&header);
    let answers = state.store.answers_of_tickets().await?;
    for ticket in state.store.current_tickets().await? {
        let Some(order) = orders.get(&ticket.order_id) else {
            continue;
        };
        let status = match ticket.status {
            TicketStatus::Valid => "valid",
            TicketStatus::Refunded => "refunded",
        };
        let stored = answers.get(&(ticket.order_id.clone(), ticket.position));
        let readable = readable(
            &state.event,
            &ticket.ticket_type,
            stored.map_or(&[][..], Vec::as_slice),
            |_| true,
        );
        let answer_cells = state.event.questions.iter().map(|question| {
            readable
                .iter()
                .find(|(answered, _)| answered.id == question.id)
                .map_or("", |(_, text)| text.as_str())
        });
        let (code, ticket_name) = (display_code(&ticket.code), state.event.ticket_name(&ticket.ticket_type));
        let checked_in = time_cell(ticket.checked_in_at);
        let cells = [
            code.as_str(),
            &ticket_name,
            status,
            ticket.attendee_name.as_deref().unwrap_or_default(),
            ticket.attendee_email.as_deref().unwrap_or_default(),
            &checked_in,
            ticket.checked_in_by.as_deref().unwrap_or_default(),
            &order.reference,
            &order.buyer_name,
            &order.buyer_email,
        ];
        csv.row(cells.into_iter().chain(answer_cells));
    }
    Ok(csv.finish())
}

fn pickups(orders: &[Order]) -> String {
    let mut csv = CsvWriter::new(&[
        "pickup code",
        "item",
        "size",
        "color",
        "quantity",
        "status",
        "collected",
        "buyer name",
        "buyer email",
        "reference",
    ]);
    for order in orders {
        csv.row([
            order.pickup_code.as_deref().unwrap_or_default(),
            &order.item_name,
            &option(order, "size"),
            &option(order, "color"),
            &order.quantity.to_string(),
            order.status.as_str(),
            &time_cell(order.picked_up_at),
            &order.buyer_name,
            &order.buyer_email,
            &order.reference,
        ]);
    }
    csv.finish()
}

async fn waitlist(state: &AppState) -> Result<String, ApiError> {
    let mut csv = CsvWriter::new(&[
        "name",
        "email",
        "job title",
        "interests",
        "subscribed",
        "confirmed",
        "registered",
    ]);
    for registration in state.store.all_waitlist_registrations().await? {
        csv.row([
            registration.full_name.as_str(),
            &registration.email,
            registration.job_title.as_deref().unwrap_or_default(),
            &registration.interests().join(" "),
            if registration.subscribe { "yes" } else { "no" },
            if registration.confirmed_at.is_some() {
                "yes"
            } else {
                "no"
            },
            &time_cell(Some(registration.created_at)),
        ]);
    }
    Ok(csv.finish())
}

async fn sponsors(state: &AppState) -> Result<String, ApiError> {
    let profiles = state.store.sponsor_profiles().await?;
    let passes = state.store.sponsor_pass_counts().await?;
    let mut csv = CsvWriter::new(&[
        "order reference",
        "status",
        "tier",
        "company",
        "contact name",
        "contact email",
        "phone",
        "amount",
        "paid at",
        "profile state",
        "display name",
        "website",
        "description",
        "on the wall as",
        "review note",
        "passes",
        "passes named",
        "passes used",
    ]);
    for order in state.store.settled_orders(OrderKind::Sponsorship).await? {
        let option = |name: &str| order.options[name].as_str().unwrap_or_default().to_owned();
        let profile = profiles.get(&order.id);
        let counts = passes.get(&order.id).copied().unwrap_or_default();
        let state_cell = profile.map_or("", |profile| match profile.state() {
            ProfileState::Incomplete => "incomplete",
            ProfileState::InReview => "in review",
            ProfileState::Approved => "approved",
            ProfileState::Rejected => "changes asked",
        });
        csv.row([
            order.reference.as_str(),
            order.status.as_str(),
            &order.item_name,
            &option("companyName"),
            &order.buyer_name,
            &order.buyer_email,
            &option("phone"),
            &dollars(order.amount.cents()),
            &time_cell(order.paid_at),
            state_cell,
            profile.map_or("", |profile| profile.display_name.as_str()),
            profile
                .and_then(|profile| profile.website.as_deref())
                .unwrap_or_default(),
            profile
                .and_then(|profile| profile.description.as_deref())
                .unwrap_or_default(),
            profile
                .and_then(|profile| profile.approved.as_ref())
                .map_or("", |approved| approved.name.as_str()),
            profile
                .and_then(|profile| profile.review_reason.as_deref())
                .unwrap_or_default(),
            &counts.issued.to_string(),
            &counts.named.to_string(),
            &counts.used.to_string(),
        ]);
    }
    Ok(csv.finish())
}
