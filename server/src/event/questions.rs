//! The event file's `[[questions]]`: what each attendee is asked (a dietary need, a T-shirt size), of which ticket
//! types, and whether the door sees the answer. How an answer is checked and shown is `crate::questions`.

use toml::Spanned;

use super::field::{Invalid, invalid};
pub use super::file::QuestionKind;
use super::file::{QuestionEntry, Text};

const MAX_ID_CHARS: usize = 40;
const MAX_LABEL_CHARS: usize = 120;
const MAX_OPTION_CHARS: usize = 120;
const MAX_HELP_CHARS: usize = 500;
const MIN_OPTIONS: usize = 2;
const MAX_OPTIONS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub id: String,
    pub label: String,
    pub kind: QuestionKind,
    /// A `choice` or `multiple_choice` question's choices, in the file's order; empty for the other kinds.
    pub options: Vec<String>,
    pub required: bool,
    /// The ticket types whose holders are asked, always spelt out: every type when the file leaves it out.
    pub ticket_types: Vec<String>,
    pub help: Option<String>,
    /// The door screen shows the answer beside the holder's name.
    pub show_at_door: bool,
}

impl Question {
    /// Whether the holders of `ticket_type` are asked.
    pub fn asked_of(&self, ticket_type: &str) -> bool {
        self.ticket_types.iter().any(|asked| asked == ticket_type)
    }
}

impl QuestionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::LongText => "long_text",
            Self::Choice => "choice",
            Self::MultipleChoice => "multiple_choice",
            Self::YesNo => "yes_no",
            Self::Country => "country",
            Self::Phone => "phone",
            Self::Date => "date",
        }
    }

    /// Whether the question offers a list of options to choose from.
    pub fn has_options(self) -> bool {
        matches!(self, Self::Choice | Self::MultipleChoice)
    }
}

/// The questions of the file, checked; `types` are the file's ticket types, in its order.
pub(super) fn from_file(entries: Vec<Spanned<QuestionEntry>>, types: &[String]) -> Result<Vec<Question>, Invalid> {
    let mut questions: Vec<Question> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let field = |name: &str| format!("questions[{index}].{name}");
        let span = entry.span();
        let entry = entry.into_inner();
        let id = entry.id.get_ref();
        if !is_question_id(id) {
            return invalid(
                entry.id.span(),
                field("id"),
                "must be 1 to 40 lower-case letters, digits, '-' or '_'",
            );
        }
        if questions.iter().any(|question| question.id == *id) {
            return invalid(entry.id.span(), field("id"), "another question already has this id");
        }
        let label = bounded(&entry.label, MAX_LABEL_CHARS, field("label"))?;
        let options = options(entry.kind, entry.options, span, &field)?;
        let ticket_types = match entry.ticket_types {
            None => types.to_vec(),
            Some(listed) => ticket_types(listed, types, field("ticket_types"))?,
        };
        let help = entry
            .help
            .map(|help| bounded(&help, MAX_HELP_CHARS, field("help")))
            .transpose()?;
        questions.push(Question {
            id: entry.id.into_inner(),
            label,
            kind: entry.kind,
            options,
            required: entry.required,
            ticket_types,
            help,
            show_at_door: entry.show_at_door,
        });
    }
    Ok(questions)
}

/// `[a-z0-9_-]{1,40}`: safe in a JSON key, a form field's name and a CSV header alike.
fn is_question_id(id: &str) -> bool {
    (1..=MAX_ID_CHARS).contains(&id.len())
        && id
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-' || byte == b'_')
}

fn bounded(text: &Spanned<Text>, max_chars: usize, field: String) -> Result<String, Invalid> {
    let value = text.get_ref().0.trim();
    if value.chars().count() > max_chars {
        return invalid(text.span(), field, format!("must be at most {max_chars} characters"));
    }
    Ok(value.to_owned())
}

fn options(
    kind: QuestionKind,
    entry: Option<Spanned<Vec<Spanned<Text>>>>,
    question: std::ops::Range<usize>,
    field: &impl Fn(&str) -> String,
) -> Result<Vec<String>, Invalid> {
    let Some(listed) = entry else {
        if kind.has_options() {
            return invalid(question, field("options"), "a choice question needs its options");
        }
        return Ok(Vec::new());
    };
    if !kind.has_options() {
        return invalid(
            listed.span(),
            field("options"),
            "only choice and multiple_choice questions have options",
        );
    }
    if !(MIN_OPTIONS..=MAX_OPTIONS).contains(&listed.get_ref().len()) {
        return invalid(listed.span(), field("options"), "must list 2 to 50 options");
    }
    let mut options: Vec<String> = Vec::with_capacity(listed.get_ref().len());
    for option in listed.get_ref() {
        let value = bounded(option, MAX_OPTION_CHARS, field("options"))?;
        if options.contains(&value) {
            return invalid(option.span(), field("options"), format!("{value:?} is listed twice"));
        }
        options.push(value);
    }
    Ok(options)
}

fn ticket_types(
    listed: Spanned<Vec<Spanned<String>>>,
    known: &[String],
    field: String,
) -> Result<Vec<String>, Invalid> {
    if listed.get_ref().is_empty() {
        return invalid(
            listed.span(),
            field,
            "must name at least one ticket type (leave it out to ask every type)",
        );
    }
    let mut types: Vec<String> = Vec::with_capacity(listed.get_ref().len());
    for ticket_type in listed.into_inner() {
        let name = ticket_type.get_ref();
        if !known.contains(name) {
            return invalid(
                ticket_type.span(),
                &field,
                format!("{name:?} is not the type of any [[tickets]] entry"),
            );
        }
        if !types.contains(name) {
            types.push(ticket_type.into_inner());
        }
    }
    Ok(types)
}
