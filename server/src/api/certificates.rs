//! Certificates of attendance: the PDF a checked-in attendee downloads from their manage link once the event is
//! over, and the public page at `/certificates/{id}` (the address printed on it) that confirms it is genuine.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use time::{Date, OffsetDateTime};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::email_page::{escape, framed};
use super::my_tickets::Managed;
use super::params::ApiPath;
use crate::badges::{CertificateDocument, certificate_pdf};
use crate::error::{ApiError, ErrorBody};
use crate::event::{Event, PaperSize, long_date};
use crate::state::AppState;
use crate::store::{CertificateRecord, TicketStatus};
use crate::tickets::{days_attended, new_ticket_code, normalize_code};

/// `GET /api/my-tickets/{ticketId}/certificate.pdf`, under `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(certificate))
}

/// The verification page, at the site's root.
pub fn pages_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(verification_page))
}

/// The ticket holder's certificate of attendance: their name, the event and its dates, the days they were checked
/// in and the workshops they attended, with the address of the page that confirms it.
///
/// Issued once, the first time it is asked for after the event ends; later downloads are the same certificate.
#[utoipa::path(
    get,
    path = "/my-tickets/{ticket_id}/certificate.pdf",
    tag = "tickets",
    params(Managed, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    responses(
        (status = 200, description = "The certificate.", body = Vec<u8>, content_type = "application/pdf"),
        (status = 404, description = "The `X-Manage-Token` is missing or opens nothing, or not this ticket.", body = ErrorBody),
        (status = 409, description = "The event has not ended; the ticket was never checked in, was refunded, was \
                                      given to someone else from this link, or has no attendee's name.", body = ErrorBody),
        (status = 500, description = "The certificate could not be made.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn certificate(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath(ticket_id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let event = &state.event;
    let ticket = state
        .store
        .ticket(&ticket_id)
        .await?
        .filter(|ticket| managed.opens(ticket))
        .ok_or_else(|| ApiError::NotFound("There is no such ticket on this link.".into()))?;
    if !managed.holds(&ticket) {
        return Err(ApiError::Conflict(
            "This ticket was given to someone else: the certificate is theirs to download.".into(),
        ));
    }
    if ticket.status == TicketStatus::Refunded {
        return Err(ApiError::Conflict(
            "This ticket was refunded: it has no certificate of attendance.".into(),
        ));
    }
    let now = state.clock.now();
    if now < event.ends_at {
        return Err(ApiError::Conflict(format!(
            "Certificates of attendance are issued once the event is over, from {}.",
            long_date(event.venue_date(event.ends_at))
        )));
    }
    let attendance = state.store.attendance(&ticket.id).await?;
    let days = days_attended(event, &attendance.scans);
    if days.is_empty() {
        let message = if attendance.scans.is_empty() {
            "This ticket was never checked in: a certificate of attendance is for those who came.".to_owned()
        } else {
            format!(
                "This ticket was checked in only outside the event's days ({}): a certificate of attendance is for \
                 the days at the event.",
                event.date_label()
            )
        };
        return Err(ApiError::Conflict(message));
    }
    let Some(attendee_name) = ticket.attendee_name.clone() else {
        return Err(ApiError::Conflict(format!(
            "This ticket has no attendee's name to print. Please write to {} for the certificate.",
            event.contact_email
        )));
    };
    let record = state
        .store
        .issue_certificate(&CertificateRecord {
            // 100 random bits in the ticket codes' alphabet: the verification page's address cannot be guessed.
            id: new_ticket_code(),
            ticket_id: ticket.id,
            attendee_name,
            event_name: event.name.clone(),
            event_dates: event.date_label(),
            days: days.iter().map(ToString::to_string).collect(),
            workshops: attendance.workshops,
            issued_at: now.unix_timestamp() * 1000,
        })
        .await?;
    let pdf = certificate_pdf(&document(&state, &record)).map_err(|error| ApiError::Internal(error.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"certificate-{}.pdf\"", record.id),
            ),
        ],
        pdf,
    )
        .into_response())
}

fn document(state: &AppState, record: &CertificateRecord) -> CertificateDocument {
    let event = &state.event;
    CertificateDocument {
        id: record.id.clone(),
        attendee: record.attendee_name.clone(),
        event_name: record.event_name.clone(),
        event_dates: record.event_dates.clone(),
        place: format!("{}, {}", event.venue.name, event.venue.area),
        days: long_days(&record.days),
        workshops: record.workshops.clone(),
        issued_on: long_date(issued_on(event, record.issued_at)),
        issuer: event
            .seller
            .as_ref()
            .map_or_else(|| event.name.clone(), |seller| seller.legal_name.clone()),
        verify_url: verification_url(&state.settings.public_url, &record.id),
        paper_a4: event
            .seller
            .as_ref()
            .is_some_and(|seller| seller.paper == PaperSize::A4),
    }
}

/// Where a certificate is confirmed: printed on it, and as its QR code.
pub fn verification_url(site_url: &str, id: &str) -> String {
    format!("{site_url}/certificates/{id}")
}

/// "May 18, 2026" for each stored "2026-05-18".
fn long_days(days: &[String]) -> Vec<String> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    days.iter()
        .map(|day| Date::parse(day, format).map_or_else(|_| day.clone(), long_date))
        .collect()
}

fn issued_on(event: &Event, millis: i64) -> Date {
    event.venue_date(OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000)).unwrap_or(event.ends_at))
}

/// The page that confirms a certificate: who attended what, on which days, issued when. Any id that is not one
/// the site issued is answered 404, with a page saying so.
#[utoipa::path(
    get,
    path = "/certificates/{id}",
    tag = "tickets",
    params(("id" = String, Path, description = "The certificate's id, as printed on it.")),
    responses(
        (status = 200, description = "The certificate is genuine: a page with what it certifies.", body = String, content_type = "text/html"),
        (status = 404, description = "No certificate has this id: a page saying it is not one of the site's.", body = String, content_type = "text/html"),
        (status = 500, description = "The certificate could not be read.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn verification_page(State(state): State<AppState>, ApiPath(id): ApiPath<String>) -> Result<Response, ApiError> {
    let record = match normalize_code(&id) {
        Some(id) => state.store.certificate(&id).await?,
        None => None,
    };
    let Some(record) = record else {
        return Ok(framed(
            &state,
            StatusCode::NOT_FOUND,
            "Certificate not found",
            &format!(
                "<p>{} issued no certificate of attendance with this id. Check the address printed on the \
                 certificate, letter by letter.</p>",
                escape(&state.event.name)
            ),
        ));
    };
    let mut facts = vec![
        ("Attendee", escape(&record.attendee_name)),
        (
            "Event",
            format!("{}, {}", escape(&record.event_name), escape(&record.event_dates)),
        ),
        ("Days checked in", escape(&long_days(&record.days).join(", "))),
    ];
    if !record.workshops.is_empty() {
        let workshops: Vec<String> = record.workshops.iter().map(|title| escape(title)).collect();
        facts.push(("Workshops attended", workshops.join("<br>")));
    }
    facts.push((
        "Issued",
        format!(
            "{}, certificate {}",
            long_date(issued_on(&state.event, record.issued_at)),
            escape(&record.id)
        ),
    ));
    let list: String = facts
        .into_iter()
        .map(|(term, detail)| format!("<dt>{term}</dt><dd>{detail}</dd>"))
        .collect();
    Ok(framed(
        &state,
        StatusCode::OK,
        "Certificate of attendance",
        &format!(
            "<p>This certificate is genuine: {} issued it as follows.</p><dl>{list}</dl>",
            escape(&state.event.name)
        ),
    ))
}
