//! What is wrong with an imported file, said so that an organizer can find the entry and the field.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("The file is neither pretalx's schedule.json, frab XML nor Sessionize JSON")]
    UnknownFormat,
    #[error("The file is not well-formed XML: {0}")]
    Xml(String),
    #[error("The file has more than {limit} {what}")]
    TooMany { what: &'static str, limit: usize },
    #[error("{entry}: {problem}")]
    Entry { entry: Entry, problem: Problem },
}

impl ImportError {
    pub fn entry(entry: Entry, problem: Problem) -> Self {
        Self::Entry { entry, problem }
    }
}

/// The entry an error is about, named by its id in the file (or its title when it has no id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Schedule,
    Day(String),
    Room(String),
    Track(String),
    Session(String),
    Speaker(String),
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, id) = match self {
            Self::Schedule => return write!(f, "Schedule"),
            Self::Day(id) => ("Day", id),
            Self::Room(id) => ("Room", id),
            Self::Track(id) => ("Track", id),
            Self::Session(id) => ("Session", id),
            Self::Speaker(id) => ("Speaker", id),
        };
        if id.is_empty() {
            write!(f, "{kind} without an id")
        } else {
            write!(f, "{kind} '{id}'")
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("is not an object with fields")]
    NotAnObject,
    #[error("{0} is missing")]
    Missing(&'static str),
    #[error("{0} is not a text")]
    NotText(&'static str),
    #[error("{0} is not a list")]
    NotList(&'static str),
    #[error("{0} is not a time")]
    NotATime(&'static str),
    #[error("{0} is not a duration (HH:MM)")]
    NotADuration(&'static str),
    #[error("{field} is longer than {limit} characters")]
    TooLong { field: &'static str, limit: usize },
    #[error("ends before it starts")]
    EndsBeforeStart,
    #[error("speaker '{0}' is not in the file")]
    UnknownSpeaker(String),
    #[error("room '{0}' is not in the file")]
    UnknownRoom(String),
    #[error("is in the file twice")]
    Duplicate,
}
