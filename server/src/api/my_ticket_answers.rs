//! A ticket's answers to the event's questions, from its manage link: the buyer's link answers for any seat still
//! theirs to manage, a holder's link for their own; until the last day for changes.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answer_sheet::{AnswerSheet, add_problems};
use super::my_tickets::{Managed, TicketsPage, changes_open, page};
use super::params::ApiPath;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::questions::read_answers;
use crate::state::AppState;
use crate::store::AnswersSaved;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(save_answers))
}

/// Replaces a ticket's answers with the body.
///
/// A question left out (or answered `null`, `""` or `[]`) is cleared; every required one must be answered. Until
/// `transferUntil`, while the order is paid, for a seat this link still manages.
#[utoipa::path(
    put,
    path = "/my-tickets/{ticket_id}/answers",
    tag = "tickets",
    params(Managed, ("ticket_id" = String, Path, description = "A ticket's `id` from `GET /api/my-tickets`.")),
    request_body(content = inline(AnswerSheet), description = "The ticket's answers, by question id."),
    responses(
        (status = 200, description = "The answers are saved; the tickets this link opens as they now are.", body = TicketsPage),
        (status = 400, description = "The body is not a JSON object.", body = ErrorBody),
        (status = 404, description = "The `X-Manage-Token` is missing or opens nothing, or not this ticket.", body = ErrorBody),
        (status = 409, description = "The order was cancelled, the last day for changes has passed, the ticket was \
                                      given to someone else from this link (only they answer now), or it changed \
                                      meanwhile.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "An answer does not fit its question, answers a question this ticket is not \
                                      asked, or a required one is missing; `fieldErrors` keys each `answers.<id>`.",
         body = ErrorBody),
        (status = 429, description = "Too many calls from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The answers could not be saved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
async fn save_answers(
    State(state): State<AppState>,
    managed: Managed,
    ApiPath(ticket_id): ApiPath<String>,
    ApiJson(sheet): ApiJson<AnswerSheet>,
) -> Result<Json<TicketsPage>, ApiError> {
    let ticket = match state.store.ticket(&ticket_id).await? {
        Some(ticket) if managed.opens(&ticket) => ticket,
        _ => return Err(ApiError::NotFound("There is no such ticket on this link.".into())),
    };
    let Managed(manager) = managed;
    changes_open(&state, manager.order(), "Answers can be changed")?;
    if manager.gave_away(&ticket) {
        return Err(ApiError::Conflict(
            "This ticket was given to someone else: only they answer its questions now.".into(),
        ));
    }
    let answers = read_answers(&state.event, &ticket.ticket_type, &sheet.to_map(), true).map_err(|problems| {
        let mut errors = FieldErrors::default();
        add_problems(problems, &mut errors);
        ApiError::Validation(errors)
    })?;
    let saved = state
        .store
        .replace_answers(
            &ticket.id,
            &ticket.code,
            manager.as_ticket_manager().holder_token_hash(),
            &answers.stored(),
        )
        .await?;
    match saved {
        AnswersSaved::Saved => page(&state, &manager).await.map(Json),
        AnswersSaved::OrderNotPaid => Err(ApiError::Conflict(
            "This order was cancelled: its tickets cannot be changed.".into(),
        )),
        AnswersSaved::Changed => Err(ApiError::Conflict(
            "This ticket was changed meanwhile (given to someone else or refunded). Please reload the page.".into(),
        )),
    }
}
