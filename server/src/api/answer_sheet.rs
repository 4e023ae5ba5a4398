//! A ticket's answers as the calls send and show them, `{"<question id>": value}`, and the problems found in them as
//! field errors keyed `answers.<id>`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};

use crate::error::FieldErrors;
use crate::questions::Problems;

/// Answers by question id: a string (text, long text, choice, country code, phone, date as `YYYY-MM-DD`), a list of
/// strings (multiple choice) or a boolean (yes/no). `null`, `""` and `[]` answer nothing.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(transparent)]
pub struct AnswerSheet(pub BTreeMap<String, Value>);

impl utoipa::PartialSchema for AnswerSheet {
    fn schema() -> RefOr<Schema> {
        let value = OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String)))
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
            .item(ObjectBuilder::new().schema_type(Type::Null));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Answers by question id (`questions` of `GET /api/config`): a string for text, long_text, choice, \
                 country (ISO 3166-1 alpha-2), phone and date (YYYY-MM-DD); a list of distinct options for \
                 multiple_choice; a boolean for yes_no. `null`, \"\" and [] answer nothing.",
            ))
            .additional_properties(Some(AdditionalProperties::RefOr(value.into())))
            .examples([serde_json::json!({ "diet": "Vegetarian", "tshirt": "M" })])
            .into()
    }
}

impl utoipa::ToSchema for AnswerSheet {}

impl AnswerSheet {
    /// The sheet as the question rules read it.
    pub fn to_map(&self) -> serde_json::Map<String, Value> {
        self.0.iter().map(|(id, value)| (id.clone(), value.clone())).collect()
    }
}

/// Adds each problem of a sheet to `errors`, by its field.
pub fn add_problems(problems: Problems, errors: &mut FieldErrors) {
    for (field, message) in problems {
        errors.add(field, message);
    }
}
