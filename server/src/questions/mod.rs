//! Attendees' answers to the event file's questions, apart from where they are kept (`store/answers.rs`): which
//! questions a ticket's holder is asked, a request's answers read into `Answer`s with a message by question, how an
//! answer reads, and the totals per option.

mod answer;
mod reminders;
mod totals;

use std::collections::BTreeMap;

use serde_json::Value;

pub use answer::{Answer, Unfit, display_text, is_blank, parse};
pub use reminders::{ANSWER_REMINDERS_EVERY, reminders_window, run_answer_reminders};
pub use totals::{OptionCount, QuestionTotals, totals};

use crate::event::{Event, Question};

/// The message of a required question left unanswered.
pub const UNANSWERED: &str = "Please answer this question.";
/// The message of an answer to a question the ticket is not asked.
pub const NOT_ASKED: &str = "This question is not asked for this ticket.";

/// The questions the holder of a `ticket_type` ticket is asked, in the event file's order.
pub fn asked<'a>(event: &'a Event, ticket_type: &'a str) -> impl Iterator<Item = &'a Question> + 'a {
    event
        .questions
        .iter()
        .filter(move |question| question.asked_of(ticket_type))
}

/// One ticket's answers, by question id, in the event file's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answers(Vec<(String, Answer)>);

impl Answers {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each question's id and the answer as stored (JSON text).
    pub fn stored(&self) -> Vec<(String, String)> {
        self.0
            .iter()
            .map(|(id, answer)| (id.clone(), answer.to_json().to_string()))
            .collect()
    }
}

/// What is wrong with a request's answers: a message per field, keyed `answers.<id>`.
pub type Problems = Vec<(String, &'static str)>;

/// Reads the answers a request sends for a `ticket_type` ticket: each must be to a question it is asked and fit its
/// kind; with `complete`, every required question must be answered too (a sheet that replaces all the ticket's
/// answers), otherwise only the answers given are checked.
pub fn read_answers(
    event: &Event,
    ticket_type: &str,
    sent: &serde_json::Map<String, Value>,
    complete: bool,
) -> Result<Answers, Problems> {
    let mut problems = Problems::new();
    for (id, value) in sent {
        // A question not asked may be left blank: a form may send every key it knows.
        if !is_blank(value) && !asked(event, ticket_type).any(|question| question.id == *id) {
            problems.push((field(id), NOT_ASKED));
        }
    }
    let mut answers = Vec::new();
    for question in asked(event, ticket_type) {
        match sent.get(&question.id).map(|value| parse(question, value)) {
            Some(Err(Unfit(message))) => problems.push((field(&question.id), message)),
            Some(Ok(Some(answer))) => answers.push((question.id.clone(), answer)),
            Some(Ok(None)) | None if complete && question.required => {
                problems.push((field(&question.id), UNANSWERED));
            }
            Some(Ok(None)) | None => {}
        }
    }
    if problems.is_empty() {
        Ok(Answers(answers))
    } else {
        problems.sort();
        Err(problems)
    }
}

/// The form field an answer's message is shown by.
pub fn field(id: &str) -> String {
    format!("answers.{id}")
}

/// The answers kept for a ticket of `ticket_type` that its questions still ask, by id, as JSON; a stored value that
/// is not JSON (none is written so) is left out.
pub fn answered(event: &Event, ticket_type: &str, stored: &[(String, String)]) -> BTreeMap<String, Value> {
    stored
        .iter()
        .filter(|(id, _)| asked(event, ticket_type).any(|question| question.id == *id))
        .filter_map(|(id, value)| Some((id.clone(), serde_json::from_str(value).ok()?)))
        .collect()
}

/// The ids of the questions a `ticket_type` ticket is asked that `answered` has no answer to, in the file's order.
pub fn open<'a>(event: &'a Event, ticket_type: &'a str, answered: &BTreeMap<String, Value>) -> Vec<String> {
    asked(event, ticket_type)
        .filter(|question| !answered.contains_key(&question.id))
        .map(|question| question.id.clone())
        .collect()
}

/// Whether a `ticket_type` ticket answered as `answered` leaves a required question open.
pub fn misses_required(event: &Event, ticket_type: &str, answered: &[&str]) -> bool {
    asked(event, ticket_type).any(|question| question.required && !answered.contains(&question.id.as_str()))
}

/// A ticket's answers as people read them: each asked question's label and the answer's text, in the file's order;
/// only questions `shown` picks.
pub fn readable<'a>(
    event: &'a Event,
    ticket_type: &'a str,
    stored: &[(String, String)],
    shown: impl Fn(&Question) -> bool,
) -> Vec<(&'a Question, String)> {
    let answered = answered(event, ticket_type, stored);
    asked(event, ticket_type)
        .filter(|question| shown(question))
        .filter_map(|question| Some((question, display_text(question.kind, answered.get(&question.id)?))))
        .collect()
}

#[cfg(test)]
mod tests;
