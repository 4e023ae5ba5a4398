//! A ticket's workshop seats, from its manage link: the seats it holds and its places in waiting lists, reserving,
//! cancelling and joining a full session's waiting list.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::my_tickets::Managed;
use super::params::ApiPath;
use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::event::Event;
use crate::programme_site::View;
use crate::seats;
use crate::state::AppState;
use crate::store::{Closed, HeldSeat, SeatError, TicketRecord};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ticket_seats, reserve_seat))
        .routes(routes!(cancel_seat))
        .routes(routes!(join_waiting_list))
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct TicketSeats {
    /// How many seats the ticket may hold; 0: its type includes no workshops.
    limit: u32,
    /// By start.
    seats: Vec<Seat>,
    waiting: Vec<WaitingPlace>,
}

/// A reserved workshop seat.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WorkshopSeat)]
struct Seat {
    /// The session's slug.
    session: String,
    title: String,
    /// In the venue's offset.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    start: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    end: OffsetDateTime,
    /// The room's name.
    room: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct WaitingPlace {
    /// The session's slug.
    session: String,
    /// 1 is next in line.
    place: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Place {
    /// 1 is next in line.
    place: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = SeatRequest)]
struct SeatRequest {
    /// The session's slug.
    #[schema(example = "hands-on-rust")]
    session: String,
}

/// The ticket's workshop seats and its places in waiting lists.
#[utoipa::path(
    get,
    path = "/my-tickets/{ticket_id}/seats",
    tag = "tickets",
    params(Managed, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    responses(
        (status = 200, description = "The ticket's seats and places.", body = TicketSeats),
        (status = 404, description = "The `X-Manage-Token` is missing or opens nothing, or not this ticket.", body = ErrorBody),
        (status = 500, description = "The seats could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn ticket_seats(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath(ticket_id): ApiPath<String>,
) -> Result<Json<TicketSeats>, ApiError> {
    let ticket = opened_ticket(&state, &managed, &ticket_id).await?;
    let (held, queued) = state.store.seats_of_ticket(&ticket.id).await?;
    Ok(Json(TicketSeats {
        limit: seats::seats_per_ticket(&state.event, &ticket.ticket_type),
        seats: held.into_iter().map(|seat| Seat::new(seat, &state.event)).collect(),
        waiting: queued
            .into_iter()
            .map(|queued| WaitingPlace {
                session: queued.slug,
                place: queued.place,
            })
            .collect(),
    }))
}

/// Reserves a seat in a session for the ticket.
///
/// One seat per session, none overlapping another of the ticket's seats, at most the ticket type's `workshop_seats`,
/// at most the session's limit, while its sign-up is open. 409's `code`: `full` (join its waiting list), `clash`
/// (with `clashesWith`, the slug of the overlapping session), `limit` or `closed`.
#[utoipa::path(
    post,
    path = "/my-tickets/{ticket_id}/seats",
    tag = "tickets",
    params(Managed, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    request_body = SeatRequest,
    responses(
        (status = 201, description = "The seat is the ticket's; a confirmation is emailed.", body = Seat),
        (status = 200, description = "The ticket held this seat already.", body = Seat),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 403, description = "The ticket's type includes no workshop seats (`code`: `no_workshops`).", body = ErrorBody),
        (status = 404, description = "The link opens no such ticket, or the programme has no such session.", body = ErrorBody),
        (status = 409, description = "`code`: `full`, `clash` (with `clashesWith`), `limit` or `closed` (sign-up not \
                                      open, over, the session takes no sign-ups or is cancelled, or the ticket was \
                                      refunded).", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The seat could not be reserved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn reserve_seat(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath(ticket_id): ApiPath<String>,
    ApiJson(request): ApiJson<SeatRequest>,
) -> Result<Response, ApiError> {
    let ticket = opened_ticket(&state, &managed, &ticket_id).await?;
    let source_id = session_source_id(&state, &request.session).await?;
    let now = state.clock.now();
    let reserved = (state
        .store
        .reserve_seat(&state.event, &ticket.id, &source_id, now)
        .await)
        .map_err(|error| refusal(error, &state.event))?;
    let status = if reserved.new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(Seat::new(reserved.seat, &state.event))).into_response())
}

/// Gives up the ticket's seat in a session, and its place in that session's waiting list, until the session
/// starts. The seat goes to the first eligible ticket in line.
#[utoipa::path(
    delete,
    path = "/my-tickets/{ticket_id}/seats/{slug}",
    tag = "tickets",
    params(
        Managed,
        ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`."),
        ("slug" = String, Path, description = "The session's slug."),
    ),
    responses(
        (status = 204, description = "The seat (or the place in line) is given up."),
        (status = 404, description = "The ticket holds no seat or place in this session, or the link opens no such \
                                      ticket.", body = ErrorBody),
        (status = 409, description = "The session has started (`code`: `closed`).", body = ErrorBody),
        (status = 500, description = "The seat could not be given up.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn cancel_seat(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath((ticket_id, slug)): ApiPath<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let ticket = opened_ticket(&state, &managed, &ticket_id).await?;
    let source_id = session_source_id(&state, &slug).await?;
    let now = state.clock.now();
    match state.store.cancel_seat(&state.event, &ticket.id, &source_id, now).await {
        Ok(()) => Ok(StatusCode::NO_CONTENT),
        Err(SeatError::NotFound) => Err(ApiError::NotFound(
            "This ticket holds no seat or place in this session.".into(),
        )),
        Err(error) => Err(refusal(error, &state.event)),
    }
}

/// Puts the ticket in a full session's waiting list; a seat that frees goes to the first eligible ticket in line
/// (one with room in its limit and no clash), who is emailed. Joining again answers the place held.
#[utoipa::path(
    post,
    path = "/my-tickets/{ticket_id}/seats/{slug}/waiting-list",
    tag = "tickets",
    params(
        Managed,
        ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`."),
        ("slug" = String, Path, description = "The session's slug."),
    ),
    responses(
        (status = 201, description = "The ticket's place in line.", body = Place),
        (status = 403, description = "The ticket's type includes no workshop seats (`code`: `no_workshops`).", body = ErrorBody),
        (status = 404, description = "The link opens no such ticket, or the programme has no such session.", body = ErrorBody),
        (status = 409, description = "`code`: `available` (seats are free: reserve one), `reserved` (the ticket holds \
                                      a seat there) or `closed`.", body = ErrorBody),
        (status = 500, description = "The place could not be taken.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn join_waiting_list(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath((ticket_id, slug)): ApiPath<(String, String)>,
) -> Result<Response, ApiError> {
    let ticket = opened_ticket(&state, &managed, &ticket_id).await?;
    let source_id = session_source_id(&state, &slug).await?;
    let now = state.clock.now();
    let place = (state
        .store
        .join_seat_queue(&state.event, &ticket.id, &source_id, now)
        .await)
        .map_err(|error| refusal(error, &state.event))?;
    Ok((StatusCode::CREATED, Json(Place { place })).into_response())
}

impl Seat {
    fn new(seat: HeldSeat, event: &Event) -> Self {
        let venue = event.starts_at.offset();
        Self {
            session: seat.slug,
            title: seat.title,
            start: instant(seat.starts_at).to_offset(venue),
            end: instant(seat.ends_at).to_offset(venue),
            room: seat.room,
        }
    }
}

/// The ticket, when the link opens it.
async fn opened_ticket(state: &AppState, managed: &Managed, ticket_id: &str) -> Result<TicketRecord, ApiError> {
    let ticket = state.store.ticket(ticket_id).await?;
    ticket
        .filter(|ticket| managed.opens(ticket))
        .ok_or_else(|| ApiError::NotFound("There is no such ticket on this link.".into()))
}

/// The source id of the session the published programme has at `slug`.
async fn session_source_id(state: &AppState, slug: &str) -> Result<String, ApiError> {
    let published = (state.programme.current(&state.store).await).map_err(|error| ApiError::Internal(error.into()))?;
    let view: Option<&View> = published.as_deref().map(|published| &published.view);
    view.and_then(|view| view.session(slug))
        .map(|listed| listed.session.source_id.clone())
        .ok_or_else(|| ApiError::NotFound("The programme has no such session.".into()))
}

/// A refusal in the JSON error format, with the `code` the browser acts on.
fn refusal(error: SeatError, event: &Event) -> ApiError {
    let conflict = |message: String, code: &'static str| ApiError::CodedConflict {
        message,
        code,
        clashes_with: None,
    };
    match error {
        SeatError::NoWorkshops => ApiError::Forbidden {
            message: "This ticket's type does not include workshop seats.".into(),
            code: "no_workshops",
        },
        SeatError::NotFound => ApiError::NotFound("The programme has no such session.".into()),
        SeatError::Closed(closed) => conflict(closed_message(closed, event), "closed"),
        SeatError::Clash(other) => {
            let start = instant(other.starts_at).to_offset(event.starts_at.offset());
            ApiError::CodedConflict {
                message: format!(
                    "This ticket holds a seat in \"{}\" at the same time ({:02}:{:02} on {}). Cancel that seat first.",
                    other.title,
                    start.hour(),
                    start.minute(),
                    crate::event::long_date(start.date())
                ),
                code: "clash",
                clashes_with: Some(other.slug),
            }
        }
        SeatError::Limit(allowed) => conflict(
            format!(
                "This ticket holds {allowed} workshop seat{}, as many as its type includes. Cancel one to take another.",
                if allowed == 1 { "" } else { "s" }
            ),
            "limit",
        ),
        SeatError::Full => conflict(
            "This session is full: join its waiting list to get the next free seat.".into(),
            "full",
        ),
        SeatError::Available => conflict(
            "Seats are free in this session: reserve one instead.".into(),
            "available",
        ),
        SeatError::Reserved => conflict("This ticket holds a seat in this session already.".into(), "reserved"),
        SeatError::Database(error) => error.into(),
    }
}

fn closed_message(closed: Closed, event: &Event) -> String {
    match closed {
        Closed::NotYet(opens_at) => format!(
            "Sign-up for this session opens at {}.",
            event.venue_time(crate::clock::unix_millis(opens_at))
        ),
        Closed::Over => "Sign-up for this session is closed.".into(),
        Closed::NoSignUp => "This session takes no sign-ups: just come along.".into(),
        Closed::Cancelled => "This session was cancelled.".into(),
        Closed::Refunded => "This ticket was refunded: it holds no seats.".into(),
        Closed::Started => "This session has started: its seats can no longer be given up.".into(),
    }
}

fn instant(millis: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}
