//! The answers the door sees beside a name: those to the questions marked `show_at_door` (an accessibility need),
//! for the check-in's answer, the offline batch's results and the list a device keeps.

use std::collections::HashMap;

use serde::Serialize;

use crate::error::ApiError;
use crate::event::Event;
use crate::questions::readable;
use crate::state::AppState;
use crate::store::{StoredAnswers, TicketRecord};

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FlaggedAnswer {
    /// The question's label.
    #[schema(example = "Accessibility needs")]
    pub label: String,
    /// The answer as people read it.
    pub text: String,
}

/// The ids of the questions the door shows.
pub(super) fn door_questions(event: &Event) -> Vec<&str> {
    (event.questions.iter())
        .filter(|question| question.show_at_door)
        .map(|question| question.id.as_str())
        .collect()
}

/// A `ticket_type` ticket's answers the door shows, from its `stored` answers.
pub(super) fn flagged(event: &Event, ticket_type: &str, stored: Option<&StoredAnswers>) -> Vec<FlaggedAnswer> {
    let Some(stored) = stored else {
        return Vec::new();
    };
    readable(event, ticket_type, stored, |question| question.show_at_door)
        .into_iter()
        .map(|(question, text)| FlaggedAnswer {
            label: question.label.clone(),
            text,
        })
        .collect()
}

/// One ticket's answers the door shows; no query when the event flags no question.
pub(super) async fn flagged_of_ticket(state: &AppState, ticket: &TicketRecord) -> Result<Vec<FlaggedAnswer>, ApiError> {
    if door_questions(&state.event).is_empty() {
        return Ok(Vec::new());
    }
    let stored = state.store.answers_of_place(&ticket.order_id, ticket.position).await?;
    Ok(flagged(&state.event, &ticket.ticket_type, Some(&stored)))
}

/// The answers the door shows of the tickets with these stored codes (every ticket when `None`), by code, in one
/// query.
pub(super) async fn flagged_by_code(
    state: &AppState,
    codes: Option<&[String]>,
) -> Result<HashMap<String, StoredAnswers>, ApiError> {
    Ok(state
        .store
        .answers_by_code(&door_questions(&state.event), codes)
        .await?)
}
