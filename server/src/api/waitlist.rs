//! Joining the waitlist (the brief's section 5).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::{EmailAddress, InterestArea, NameError, PersonName, WaitlistRegistration};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(register))
}

const JOB_TITLE_MAX_CHARS: usize = 100;

/// Adds a visitor to the waitlist, and emails the address a confirmation whose link its owner
/// follows to receive updates, presales and draws (double opt-in).
///
/// Anyone can type any address, so the same email again changes nothing stored (it may only
/// send the confirmation again, at most once a day, while the address is not confirmed), and
/// answers the same, so the answer reveals nothing.
#[utoipa::path(
    post,
    path = "/register-waitlist",
    operation_id = "register_waitlist",
    tag = "waitlist",
    request_body = RegistrationRequest,
    responses(
        (status = 200, description = "On the waitlist, whether or not the email was on it before (then unchanged).", body = Registered),
        (status = 400, description = "The body is not JSON, or a field has the wrong type.", body = ErrorBody),
        (status = 413, description = "The body is over 64 KiB.", body = ErrorBody),
        (status = 415, description = "The body is not sent as `application/json`.", body = ErrorBody),
        (status = 422, description = "A field is invalid; `fieldErrors` says which and why.", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this network; `Retry-After` says when to try again.", body = ErrorBody),
        (status = 500, description = "The registration could not be saved.", body = ErrorBody),
        (status = 503, description = "The database is overloaded; `Retry-After` says when to try again.", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
async fn register(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<RegistrationRequest>,
) -> Result<Json<Registered>, ApiError> {
    let registration = request.parse()?;
    state.store.save_waitlist_registration(&registration).await?;
    Ok(Json(Registered {
        message: "You're on the waitlist!",
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = WaitlistRegistered)]
struct Registered {
    #[schema(example = "You're on the waitlist!")]
    message: &'static str,
}

/// The form as sent; missing fields count as empty so they get the form's messages.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WaitlistRegistrationRequest)]
struct RegistrationRequest {
    /// 3 to 100 characters once trimmed.
    #[serde(default)]
    #[schema(required = true, example = "Ana Diaz")]
    full_name: String,
    #[serde(default)]
    #[schema(required = true, example = "ana@example.com")]
    email: String,
    /// Up to 100 characters once trimmed.
    #[serde(default)]
    #[schema(example = "Frontend developer")]
    job_title: Option<String>,
    /// Repeats are ignored.
    #[serde(default)]
    #[schema(value_type = Vec<InterestArea>)]
    interest_areas: Vec<String>,
    /// Whether to receive updates and offers about the conference, once the address is confirmed
    /// from the email; yes unless `false`.
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
                    NameError::ControlCharacters => "Full name cannot contain control or invisible characters.",
                    NameError::LooksLikeALink => "Please enter your name only, without web or email addresses.",
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
