//! What the waitlist was promised, part one: the presale (`/presales`), priority links for
//! tickets before their public sales (the draw is in `draws.rs`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::audience::{interest_areas, listed_ticket};
use super::auth::AdminActor;
use super::responses::{AdminChange, AdminRead, JsonBody, ServerTrouble};
use crate::clock::unix_millis;
use crate::domain::InterestArea;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::event::{Ticket, long_date};
use crate::pricing::{Item, public_sales_open};
use crate::state::AppState;
use crate::store::{NewPresale, Presale};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_presales, launch_presale))
}

/// `item` for a presale of every ticket type not on public sale yet.
const EVERY_TICKET: &str = "tickets";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewPresale)]
struct PresaleRequest {
    /// `tickets` for every ticket type not on public sale yet, or one ticket's `ticket:<type>`.
    #[schema(example = "ticket:developer")]
    item: String,
    /// Unix ms: the links work until then, which must be before public sales open.
    deadline: i64,
    /// A registration must have chosen one of these; empty or absent: every confirmed, subscribed
    /// one.
    #[serde(default)]
    interest_areas: Vec<String>,
    /// Units each link may buy in all; the item's order maximum when absent.
    #[schema(minimum = 1)]
    units_per_person: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Presale)]
struct PresaleView {
    id: String,
    /// `tickets`, or one ticket's `ticket:<type>`.
    item: String,
    /// "Every ticket", or the ticket's name.
    item_name: String,
    /// Unix ms.
    deadline: i64,
    #[schema(value_type = Vec<InterestArea>)]
    interest_areas: Vec<String>,
    units_per_person: i64,
    /// Priority links queued: one per confirmed, subscribed registration in its audience.
    recipients: i64,
    /// Of those, emails delivered.
    sent: i64,
    /// Units bought with its links.
    used: i64,
    created_at: i64,
}

impl From<Presale> for PresaleView {
    fn from(presale: Presale) -> Self {
        Self {
            id: presale.id,
            item: presale.item,
            item_name: presale.item_name,
            deadline: presale.deadline,
            interest_areas: presale.interest_areas,
            units_per_person: presale.units_per_person,
            recipients: presale.recipients,
            sent: presale.sent,
            used: presale.used,
            created_at: presale.created_at,
        }
    }
}

/// Every presale, the latest first, with its links sent and used.
#[utoipa::path(
    get,
    path = "/presales",
    operation_id = "list_presales",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Vec<PresaleView>), AdminRead, ServerTrouble)
)]
async fn list_presales(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<Vec<PresaleView>>, ApiError> {
    let presales = state.store.presales().await?;
    Ok(Json(presales.into_iter().map(PresaleView::from).collect()))
}

/// Launches a presale: every confirmed, subscribed registration of the waitlist (interested in
/// one of `interestAreas`, if given) is emailed a personal priority link once, a code that buys
/// the item before its public sales, until the deadline. Unconfirmed and unsubscribed people get
/// nothing, and every email carries the unsubscribe link.
#[utoipa::path(
    post,
    path = "/presales",
    operation_id = "launch_presale",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = PresaleRequest,
    responses(
        (status = 201, description = "Launched; its links are queued for email.", body = PresaleView),
        (status = 409, description = "The item's public sales are open already.", body = ErrorBody),
        (status = 422, description = "A field is invalid (an unknown item, a deadline past or not before public sales open); `fieldErrors` says which.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn launch_presale(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PresaleRequest>,
) -> Result<(StatusCode, Json<PresaleView>), ApiError> {
    let event = &state.event;
    let now = state.clock.now();
    let mut errors = FieldErrors::default();
    let (item_name, tickets): (String, Vec<&Ticket>) = if request.item == EVERY_TICKET {
        let tickets = event.tickets.iter().filter(|ticket| !ticket.sale.hidden).collect();
        ("Every ticket".to_owned(), tickets)
    } else if let Some(ticket) = listed_ticket(event, &request.item) {
        (ticket.name.clone(), vec![ticket])
    } else {
        errors.add(
            "item",
            "Choose \"tickets\" for every ticket, or one ticket as \"ticket:<type>\".",
        );
        (String::new(), Vec::new())
    };
    // Only tickets whose public sales are still to come have a presale.
    let ahead: Vec<(&Ticket, OffsetDateTime)> = tickets
        .iter()
        .filter_map(|ticket| {
            let opens = public_sales_open(event, Item::Ticket(ticket))?;
            (opens > now).then_some((*ticket, opens))
        })
        .collect();
    let areas = interest_areas(&request.interest_areas, &mut errors);
    let most = ahead
        .iter()
        .map(|(ticket, _)| i64::from(ticket.max_quantity))
        .max()
        .unwrap_or(1);
    let units_per_person = request.units_per_person.unwrap_or(most);
    if !(1..=most).contains(&units_per_person) {
        errors.add("unitsPerPerson", format!("Give 1 to {most} units per person."));
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let Some(first_opening) = ahead.iter().map(|(_, opens)| *opens).min() else {
        return Err(ApiError::Conflict(format!(
            "Public sales of {} are open already: a presale comes before them.",
            if request.item == EVERY_TICKET {
                "every ticket".to_owned()
            } else {
                format!("the {item_name}")
            }
        )));
    };
    if request.deadline <= unix_millis(now) {
        errors.add("deadline", "The deadline has passed: give a time to come.");
    } else if request.deadline > unix_millis(first_opening) {
        errors.add(
            "deadline",
            format!(
                "The deadline must be before public sales open, on {}.",
                long_date(event.venue_date(first_opening))
            ),
        );
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let presale = NewPresale {
        item: request.item,
        item_name,
        applies_to: ahead
            .iter()
            .map(|(ticket, _)| crate::event::sku::ticket(&ticket.ticket_type))
            .collect(),
        deadline: request.deadline,
        interest_areas: areas,
        units_per_person,
    };
    let launched = state.store.launch_presale(&presale, &actor.name).await?;
    Ok((StatusCode::CREATED, Json(launched.into())))
}
