//! The totals of each question over the tickets it is asked of: answered, missing, and how often each option was
//! chosen ("Vegetarian 123, Vegan 45, …"), for the organizer who orders the lunches.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::event::{Event, QuestionKind};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionTotals {
    pub id: String,
    pub label: String,
    pub kind: QuestionKind,
    /// Tickets the question is asked of that have an answer.
    pub answered: i64,
    /// Tickets the question is asked of that have none.
    pub missing: i64,
    /// A choice question's options in its order, every one (0 included); "Yes" and "No" for a yes/no question;
    /// empty for the other kinds.
    pub options: Vec<OptionCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OptionCount {
    pub value: String,
    pub count: i64,
}

/// The totals of every question of `event`, in the file's order, over `tickets`: each ticket's type and its stored
/// answers (question id, JSON).
pub fn totals<'a>(
    event: &Event,
    tickets: impl IntoIterator<Item = (&'a str, &'a [(String, String)])>,
) -> Vec<QuestionTotals> {
    let mut totals: Vec<QuestionTotals> = event
        .questions
        .iter()
        .map(|question| QuestionTotals {
            id: question.id.clone(),
            label: question.label.clone(),
            kind: question.kind,
            answered: 0,
            missing: 0,
            options: match question.kind {
                QuestionKind::Choice | QuestionKind::MultipleChoice => question.options.iter().map(zero).collect(),
                QuestionKind::YesNo => ["Yes", "No"].into_iter().map(zero).collect(),
                _ => Vec::new(),
            },
        })
        .collect();
    for (ticket_type, stored) in tickets {
        let answers: HashMap<&str, Value> = stored
            .iter()
            .filter_map(|(id, value)| Some((id.as_str(), serde_json::from_str(value).ok()?)))
            .collect();
        for (question, total) in event.questions.iter().zip(&mut totals) {
            if !question.asked_of(ticket_type) {
                continue;
            }
            let Some(answer) = answers.get(question.id.as_str()) else {
                total.missing += 1;
                continue;
            };
            total.answered += 1;
            for chosen in chosen(answer) {
                if let Some(option) = total.options.iter_mut().find(|option| option.value == chosen) {
                    option.count += 1;
                }
            }
        }
    }
    totals
}

fn zero(value: impl ToString) -> OptionCount {
    OptionCount {
        value: value.to_string(),
        count: 0,
    }
}

/// The option values an answer counts for: its choice, each of its choices, or "Yes" / "No".
fn chosen(answer: &Value) -> Vec<&str> {
    match answer {
        Value::String(choice) => vec![choice.as_str()],
        Value::Array(choices) => choices.iter().filter_map(Value::as_str).collect(),
        Value::Bool(true) => vec!["Yes"],
        Value::Bool(false) => vec!["No"],
        _ => Vec::new(),
    }
}
