//! One answer: read from the JSON a request sends, by its question's kind, into a value that holds only what the
//! kind allows; shown as text, and stored as JSON.

use serde_json::Value;
use time::{Date, Month};

use crate::domain::country_name;
use crate::event::{Question, QuestionKind};

const MAX_TEXT_CHARS: usize = 200;
const MAX_LONG_TEXT_CHARS: usize = 2000;
const PHONE_CHARS: std::ops::RangeInclusive<usize> = 6..=20;
const MIN_PHONE_DIGITS: usize = 6;

/// An answer that fits its question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A `text`, `long_text` or `phone` answer, trimmed.
    Text(String),
    /// One of a `choice` question's options.
    Choice(String),
    /// Some of a `multiple_choice` question's options, each once, in the question's order.
    Choices(Vec<String>),
    YesNo(bool),
    /// An ISO 3166-1 alpha-2 code, upper case.
    Country(&'static str),
    Date(Date),
}

/// Why a value does not answer its question, as the form says it next to the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfit(pub &'static str);

/// Reads `value` as an answer to `question`: `None` when it gives none (`null`, blank text, an empty list).
pub fn parse(question: &Question, value: &Value) -> Result<Option<Answer>, Unfit> {
    if is_blank(value) {
        return Ok(None);
    }
    let answer = match question.kind {
        QuestionKind::Text => Answer::Text(text(value, MAX_TEXT_CHARS, false)?),
        QuestionKind::LongText => Answer::Text(text(value, MAX_LONG_TEXT_CHARS, true)?),
        QuestionKind::Choice => Answer::Choice(choice(question, value)?),
        QuestionKind::MultipleChoice => Answer::Choices(choices(question, value)?),
        QuestionKind::YesNo => Answer::YesNo(value.as_bool().ok_or(Unfit("Answer yes or no."))?),
        QuestionKind::Country => Answer::Country(country(value)?),
        QuestionKind::Phone => Answer::Text(phone(value)?),
        QuestionKind::Date => Answer::Date(date(value)?),
    };
    Ok(Some(answer))
}

/// `null`, text that is only spaces and an empty list answer nothing.
pub fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

fn text(value: &Value, max_chars: usize, lines: bool) -> Result<String, Unfit> {
    let too_long = if lines {
        "Please keep it to 2,000 characters."
    } else {
        "Please keep it to 200 characters."
    };
    let text = value.as_str().ok_or(Unfit("Enter your answer as text."))?.trim();
    if text.chars().count() > max_chars {
        return Err(Unfit(too_long));
    }
    let allowed = |character: char| !character.is_control() || (lines && matches!(character, '\n' | '\r' | '\t'));
    if !text.chars().all(allowed) {
        return Err(Unfit("Please enter plain text, without control characters."));
    }
    Ok(text.to_owned())
}

fn choice(question: &Question, value: &Value) -> Result<String, Unfit> {
    value
        .as_str()
        .and_then(|chosen| question.options.iter().find(|option| *option == chosen))
        .cloned()
        .ok_or(Unfit("Choose one of the options."))
}

fn choices(question: &Question, value: &Value) -> Result<Vec<String>, Unfit> {
    const UNFIT: Unfit = Unfit("Choose any of the options, each once.");
    let chosen: Vec<&str> = value
        .as_array()
        .ok_or(UNFIT)?
        .iter()
        .map(|item| item.as_str().ok_or(UNFIT))
        .collect::<Result<_, _>>()?;
    let distinct = chosen
        .iter()
        .enumerate()
        .all(|(index, item)| !chosen[..index].contains(item));
    if !distinct
        || chosen
            .iter()
            .any(|item| !question.options.iter().any(|option| option == item))
    {
        return Err(UNFIT);
    }
    Ok(question
        .options
        .iter()
        .filter(|option| chosen.contains(&option.as_str()))
        .cloned()
        .collect())
}

fn country(value: &Value) -> Result<&'static str, Unfit> {
    let code = value.as_str().map(|code| code.trim().to_ascii_uppercase());
    code.as_deref()
        .and_then(|code| crate::domain::COUNTRIES.iter().find(|(known, _)| *known == code))
        .map(|(known, _)| *known)
        .ok_or(Unfit("Choose a country by its two-letter code, such as \"DE\"."))
}

fn phone(value: &Value) -> Result<String, Unfit> {
    const UNFIT: Unfit = Unfit("Enter a phone number: 6 to 20 digits, spaces and + - ( ), at least 6 digits.");
    let number = value.as_str().ok_or(UNFIT)?.trim();
    let allowed = |character: char| character.is_ascii_digit() || " +-()".contains(character);
    let digits = number.chars().filter(char::is_ascii_digit).count();
    if !PHONE_CHARS.contains(&number.chars().count()) || !number.chars().all(allowed) || digits < MIN_PHONE_DIGITS {
        return Err(UNFIT);
    }
    Ok(number.to_owned())
}

fn date(value: &Value) -> Result<Date, Unfit> {
    const UNFIT: Unfit = Unfit("Enter a date as YYYY-MM-DD.");
    let text = value.as_str().ok_or(UNFIT)?.trim();
    let bytes = text.as_bytes();
    let digits_at = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    let shaped = bytes.len() == 10 && bytes[4] == b'-' && bytes[7] == b'-';
    if !shaped || !digits_at(0..4) || !digits_at(5..7) || !digits_at(8..10) {
        return Err(UNFIT);
    }
    let number = |range: std::ops::Range<usize>| text[range].parse::<u16>().map_err(|_| UNFIT);
    let month = Month::try_from(u8::try_from(number(5..7)?).map_err(|_| UNFIT)?).map_err(|_| UNFIT)?;
    let day = u8::try_from(number(8..10)?).map_err(|_| UNFIT)?;
    Date::from_calendar_date(i32::from(number(0..4)?), month, day).map_err(|_| UNFIT)
}

impl Answer {
    /// The answer as it is stored and sent back: a string, a list of strings or a boolean.
    pub fn to_json(&self) -> Value {
        match self {
            Self::Text(text) | Self::Choice(text) => Value::from(text.as_str()),
            Self::Choices(chosen) => Value::from(chosen.clone()),
            Self::YesNo(yes) => Value::Bool(*yes),
            Self::Country(code) => Value::from(*code),
            Self::Date(date) => Value::from(format!(
                "{:04}-{:02}-{:02}",
                date.year(),
                u8::from(date.month()),
                date.day()
            )),
        }
    }
}

/// An answer as people read it: the choice, the options joined by ", ", "Yes" or "No", the country's name, the
/// date as given. Reads what was stored, so an answer stays readable after its question's options change.
pub fn display_text(kind: QuestionKind, stored: &Value) -> String {
    match stored {
        Value::Bool(true) => "Yes".to_owned(),
        Value::Bool(false) => "No".to_owned(),
        Value::String(code) if kind == QuestionKind::Country => country_name(code).unwrap_or(code).to_owned(),
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}
