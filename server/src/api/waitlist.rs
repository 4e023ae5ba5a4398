//! Joining the waitlist (the brief's section 5).

use axum::Json;
use axum::extract::State;
use axum::routing::post;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;

use crate::domain::{EmailAddress, InterestArea, NameError, PersonName, WaitlistRegistration};
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/register-waitlist", post(register))
}

const JOB_TITLE_MAX_CHARS: usize = 100;

/// Adds a visitor to the waitlist. The same email again updates the
/// preferences and answers the same, so the answer reveals nothing.
#[tracing::instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<RegistrationRequest>,
) -> Result<Json<Value>, ApiError> {
    let registration = request.parse()?;
    state.store.save_waitlist_registration(&registration).await?;
    Ok(Json(json!({ "message": "You're on the waitlist!" })))
}

/// The form as sent; missing fields count as empty so they get the form's messages.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegistrationRequest {
    #[serde(default)]
    full_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    job_title: Option<String>,
    #[serde(default)]
    interest_areas: Vec<String>,
    #[serde(default = "subscribe_by_default")]
    subscribe: bool,
}

fn subscribe_by_default() -> bool {
    true
}

impl RegistrationRequest {
    fn parse(self) -> Result<WaitlistRegistration, ApiError> {
        let mut errors = FieldErrors::default();
        let full_name = PersonName::parse(&self.full_name)
            .map_err(|error| {
                let message = match error {
                    NameError::TooShort => "Full name must be at least 3 characters.",
                    NameError::TooLong => "Full name must be at most 100 characters.",
                    NameError::ControlCharacters => "Full name cannot contain control characters.",
                };
                errors.add("fullName", message);
            })
            .ok();
        let email = EmailAddress::parse(&self.email);
        if email.is_none() {
            errors.add("email", "Please enter a valid email address.");
        }
        let job_title = self
            .job_title
            .map(|title| title.trim().to_owned())
            .filter(|title| !title.is_empty());
        if job_title
            .as_ref()
            .is_some_and(|title| title.chars().count() > JOB_TITLE_MAX_CHARS || title.chars().any(char::is_control))
        {
            errors.add("jobTitle", "Job title must be at most 100 characters of plain text.");
        }
        let mut interest_areas: Vec<InterestArea> = Vec::new();
        for value in &self.interest_areas {
            match InterestArea::from_value(value) {
                Some(area) if !interest_areas.contains(&area) => interest_areas.push(area),
                Some(_) => {}
                None => {
                    errors.add("interestAreas", "Please choose interest areas from the list.");
                    break;
                }
            }
        }
        interest_areas.sort();

        match (full_name, email) {
            (Some(full_name), Some(email)) if errors.is_empty() => Ok(WaitlistRegistration {
                full_name,
                email,
                job_title,
                interest_areas,
                subscribe: self.subscribe,
            }),
            _ => Err(ApiError::Validation(errors)),
        }
    }
}
