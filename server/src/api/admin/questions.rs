//! The totals of the event's questions, for the organizer who orders the lunches and prints the T-shirts: per
//! question, how many valid tickets answered and how many did not, and how often each option was chosen.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::AdminActor;
use super::responses::{AdminRead, ServerTrouble};
use crate::error::ApiError;
use crate::questions::{QuestionTotals, totals};
use crate::state::AppState;
use crate::store::TicketStatus;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(question_totals))
}

/// Each question's totals over the valid tickets it is asked of, in the event file's order.
///
/// `answered` and `missing` count tickets (a sponsor's passes and seats nobody was named to included); `options`
/// counts each option of a choice question (every option, in its order, 0 included), "Yes" and "No" of a yes/no
/// question, and is empty for the other kinds.
#[utoipa::path(
    get,
    path = "/questions/totals",
    operation_id = "question_totals",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses(
        (status = 200, description = "One entry per question of the event file.", body = Vec<QuestionTotals>),
        AdminRead,
        ServerTrouble,
    )
)]
async fn question_totals(
    _actor: AdminActor,
    State(state): State<AppState>,
) -> Result<Json<Vec<QuestionTotals>>, ApiError> {
    if state.event.questions.is_empty() {
        return Ok(Json(Vec::new()));
    }
    let answers = state.store.answers_of_tickets().await?;
    let tickets = state.store.current_tickets().await?;
    let valid = (tickets.iter())
        .filter(|ticket| ticket.status == TicketStatus::Valid)
        .map(|ticket| {
            let stored = answers.get(&(ticket.order_id.clone(), ticket.position));
            (ticket.ticket_type.as_str(), stored.map_or(&[][..], Vec::as_slice))
        });
    Ok(Json(totals(&state.event, valid)))
}
