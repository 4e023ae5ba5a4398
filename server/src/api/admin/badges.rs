//! Name badges as one PDF: every valid ticket's, by ticket type, by whether it came through the door yet (the
//! evening before: those not checked in), or one ticket's (the door's "Print badge" after an admission, again
//! after a name is corrected at the desk).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::api::params::ApiQuery;
use crate::badges::{Badge, badges_pdf, band_colour};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::event::BadgeLayout;
use crate::state::AppState;
use crate::store::BadgeFilter;
use crate::tickets::display_code;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(badges))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
struct BadgeQuery {
    /// A layout's name from the event file's `[[badge_layouts]]` (by default `a6`, `4x3in`, `4-a6-on-a4`,
    /// `avery-5392`); the first layout when left out.
    #[param(nullable = false)]
    layout: Option<String>,
    /// Ticket types, comma-separated ("developer,vip"); every type when left out.
    #[param(nullable = false)]
    ticket_types: Option<String>,
    /// `true`: only tickets checked in; `false`: only those not checked in yet.
    #[param(nullable = false, value_type = Option<bool>)]
    checked_in: Option<String>,
    /// One ticket's id (from the check-in answer or a name search): its badge alone.
    #[param(nullable = false, max_length = 64)]
    ticket: Option<String>,
}

/// What the query asks for, checked.
struct Printing<'a> {
    layout: &'a BadgeLayout,
    ticket_types: Option<Vec<String>>,
    checked_in: Option<bool>,
}

impl BadgeQuery {
    fn read<'a>(&self, state: &'a AppState) -> Result<Printing<'a>, ApiError> {
        let event = &state.event;
        let mut errors = FieldErrors::default();
        let layout = match self.layout.as_deref() {
            None => event.badge_layouts.first(),
            Some(name) => event.badge_layouts.iter().find(|layout| layout.name == name),
        };
        if layout.is_none() {
            let names: Vec<&str> = event.badge_layouts.iter().map(|layout| layout.name.as_str()).collect();
            errors.add(
                "layout",
                format!("There is no badge layout by that name: choose {}.", names.join(", ")),
            );
        }
        let ticket_types = self.ticket_types.as_deref().map(|types| {
            types
                .split(',')
                .map(str::trim)
                .filter(|ticket_type| !ticket_type.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        });
        if let Some(unknown) = ticket_types
            .iter()
            .flatten()
            .find(|ticket_type| event.ticket_by_type(ticket_type).is_none())
        {
            let known: Vec<&str> = event.tickets.iter().map(|ticket| ticket.ticket_type.as_str()).collect();
            errors.add(
                "ticketTypes",
                format!(
                    "There is no ticket type {unknown:?}: choose among {}.",
                    known.join(", ")
                ),
            );
        }
        let checked_in = match self.checked_in.as_deref() {
            None => None,
            Some("true") => Some(true),
            Some("false") => Some(false),
            Some(_) => {
                errors.add("checkedIn", "Please send true or false.");
                None
            }
        };
        match layout {
            Some(layout) if errors.is_empty() => Ok(Printing {
                layout,
                ticket_types,
                checked_in,
            }),
            _ => Err(ApiError::Validation(errors)),
        }
    }
}

/// Name badges as a PDF: the attendee's name large, their company (their answer, else the order's billing
/// details), the ticket type on a coloured band and the ticket's QR code, on the layout's sheet.
///
/// Valid tickets only, by name. Filters combine: `ticketTypes`, `checkedIn`, `ticket`.
#[utoipa::path(
    get,
    path = "/badges.pdf",
    operation_id = "print_badges",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(BadgeQuery),
    responses(
        (status = 200, description = "The badges.", body = Vec<u8>, content_type = "application/pdf"),
        (status = 400, description = "The query string is malformed.", body = ErrorBody),
        (status = 404, description = "No valid ticket matches: an unknown, refunded or transferred `ticket`, or \
                                      filters nobody meets.", body = ErrorBody),
        (status = 422, description = "An unknown `layout` or ticket type, or a `checkedIn` other than true or \
                                      false; `fieldErrors` says which.", body = ErrorBody),
        AdminRead,
        ServerTrouble,
    )
)]
async fn badges(
    _actor: AdminActor,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<BadgeQuery>,
) -> Result<Response, ApiError> {
    let printing = query.read(&state)?;
    let holders = state
        .store
        .badge_holders(BadgeFilter {
            ticket_types: printing.ticket_types.as_deref(),
            checked_in: printing.checked_in,
            ticket_id: query.ticket.as_deref(),
        })
        .await?;
    if holders.is_empty() {
        return Err(ApiError::NotFound(
            "No valid ticket matches: there are no badges to print.".into(),
        ));
    }
    let badges: Vec<Badge> = holders
        .into_iter()
        .map(|holder| Badge {
            band: band_colour(&state.event, &holder.ticket_type),
            ticket_name: state.event.ticket_name(&holder.ticket_type),
            code: display_code(&holder.code),
            name: holder.attendee_name,
            company: holder.company,
        })
        .collect();
    let (event_name, sheet) = (state.event.name.clone(), printing.layout.sheet);
    let filename = format!("badges-{}.pdf", printing.layout.name);
    // A thousand badges take a while to draw: off the threads that answer requests.
    let pdf = tokio::task::spawn_blocking(move || badges_pdf(&event_name, sheet, &badges))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{filename}\"")),
        ],
        pdf,
    )
        .into_response())
}
