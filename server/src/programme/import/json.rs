//! Reading one entry's fields from a JSON file, each wrong field answered with the entry and the field's name.

use serde_json::{Map, Value};

use super::error::{Entry, ImportError, Problem};

pub(super) struct Fields<'a> {
    object: &'a Map<String, Value>,
    pub entry: Entry,
}

/// The first of `keys` that holds a text or a number, to name an entry before its fields are read.
pub(super) fn id_of(value: &Value, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|key| match value.get(key)? {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    })
}

impl<'a> Fields<'a> {
    pub(super) fn of(value: &'a Value, entry: Entry) -> Result<Self, ImportError> {
        match value.as_object() {
            Some(object) => Ok(Self { object, entry }),
            None => Err(ImportError::entry(entry, Problem::NotAnObject)),
        }
    }

    fn problem(&self, problem: Problem) -> ImportError {
        ImportError::entry(self.entry.clone(), problem)
    }

    /// A text, `None` when absent, null or blank; numbers are taken as their digits (Sessionize's ids).
    pub(super) fn text(&self, key: &'static str) -> Result<Option<String>, ImportError> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.trim().to_owned())),
            Some(Value::Number(number)) => Ok(Some(number.to_string())),
            Some(_) => Err(self.problem(Problem::NotText(key))),
        }
    }

    pub(super) fn required(&self, key: &'static str) -> Result<String, ImportError> {
        self.text(key)?.ok_or_else(|| self.problem(Problem::Missing(key)))
    }

    pub(super) fn list(&self, key: &'static str) -> Result<&'a [Value], ImportError> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(items)) => Ok(items),
            Some(_) => Err(self.problem(Problem::NotList(key))),
        }
    }

    pub(super) fn get(&self, key: &str) -> Option<&'a Value> {
        self.object.get(key)
    }

    pub(super) fn flag(&self, key: &str) -> bool {
        self.object.get(key).and_then(Value::as_bool).unwrap_or(false)
    }

    pub(super) fn time_problem(&self, key: &'static str) -> ImportError {
        self.problem(Problem::NotATime(key))
    }

    pub(super) fn duration_problem(&self, key: &'static str) -> ImportError {
        self.problem(Problem::NotADuration(key))
    }
}
