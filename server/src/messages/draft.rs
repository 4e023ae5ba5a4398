//! A message's words: a subject on one line and a Markdown body, checked once at the edge.

use super::FieldError;

pub const MAX_SUBJECT_CHARS: usize = 150;
pub const MAX_BODY_CHARS: usize = 20_000;

/// A subject of 1 to 150 characters on one line and a body of 1 to 20,000 characters, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub subject: String,
    pub body: String,
}

impl Draft {
    pub fn parse(subject: &str, body: &str) -> Result<Self, Vec<FieldError>> {
        let (subject, body) = (subject.trim(), body.trim());
        let mut errors = Vec::new();
        if subject.is_empty() || subject.chars().count() > MAX_SUBJECT_CHARS || subject.chars().any(char::is_control) {
            errors.push((
                "subject",
                "Write a subject of 1 to 150 characters on one line.".to_owned(),
            ));
        }
        if body.is_empty() || body.chars().count() > MAX_BODY_CHARS {
            errors.push(("body", "Write a message of 1 to 20,000 characters.".to_owned()));
        }
        if errors.is_empty() {
            Ok(Self {
                subject: subject.to_owned(),
                body: body.to_owned(),
            })
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_trimmed_and_bounded() {
        let draft = Draft::parse("  Lunch  ", "\n**Vegan** options.\n").unwrap();
        assert_eq!(
            (draft.subject.as_str(), draft.body.as_str()),
            ("Lunch", "**Vegan** options.")
        );
        let fields = |subject: &str, body: &str| -> Vec<&str> {
            Draft::parse(subject, body)
                .unwrap_err()
                .into_iter()
                .map(|(field, _)| field)
                .collect()
        };
        assert_eq!(fields(" ", " "), ["subject", "body"]);
        assert_eq!(fields("Two\nlines", "Body"), ["subject"]);
        assert_eq!(fields(&"s".repeat(151), "Body"), ["subject"]);
        assert_eq!(fields("Subject", &"b".repeat(20_001)), ["body"]);
        assert!(Draft::parse(&"s".repeat(150), &"b".repeat(20_000)).is_ok());
    }
}
