//! The crew: `GET /api/admin/staff`, invitations by email (`POST /api/admin/staff`), changes
//! of role and deactivation (`PATCH /api/admin/staff/{id}`), and the invited person setting
//! their password (`POST /api/admin/invitations/{token}`).

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{AdminActor, refuse_cross_site};
use super::responses::{AdminChange, AdminRead, JsonBody, RateLimited, ServerTrouble};
use crate::admin::invitation_url;
use crate::admin::password::hash_password;
use crate::admin::roles::Role;
use crate::api::params::ApiPath;
use crate::domain::{EmailAddress, NameError, PersonName};
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::secrets;
use crate::state::AppState;
use crate::store::{AcceptInvitationError, StaffChange, StaffError, StaffMember};

/// How long an invitation link works.
pub const INVITATION_HOURS: i64 = 48;
/// The shortest password a person may set.
const MIN_PASSWORD_CHARS: usize = 12;
/// Longer passwords only cost argon2 time.
const MAX_PASSWORD_CHARS: usize = 200;
const MAX_EMAIL_CHARS: usize = 254;

const NO_SUCH_PERSON: &str = "There is no such person on the staff.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, invite))
        .routes(routes!(change))
        .routes(routes!(accept_invitation))
}

pub fn staff_error(error: StaffError) -> ApiError {
    match error {
        StaffError::EmailTaken(email) => ApiError::Conflict(format!("{email} has an account already.")),
        StaffError::NotFound => ApiError::NotFound(NO_SUCH_PERSON.into()),
        StaffError::LastOwner => {
            ApiError::Conflict("The back office needs an active owner: make someone else an owner first.".into())
        }
        StaffError::Store(error) => error.into(),
    }
}

#[derive(Serialize, utoipa::ToSchema)]
struct StaffList {
    staff: Vec<StaffMember>,
}

/// Everyone on the staff, owners first.
#[utoipa::path(
    get,
    path = "/staff",
    operation_id = "list_staff",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = StaffList), AdminRead, ServerTrouble)
)]
async fn list(_actor: AdminActor, State(state): State<AppState>) -> Result<Json<StaffList>, ApiError> {
    Ok(Json(StaffList {
        staff: state.store.staff().await?,
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = StaffInvitationRequest)]
struct InviteRequest {
    #[serde(default)]
    #[schema(min_length = 1, max_length = 254)]
    email: String,
    #[serde(default)]
    #[schema(min_length = 3, max_length = 100)]
    name: String,
    role: Role,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Invited {
    person: StaffMember,
    /// The link that sets the person's password; also emailed to them. It works once, for 48 hours.
    invitation_url: String,
}

/// Invites a person by email, with a role; inviting again someone who has not set a
/// password yet sends a new link and stops the old one.
#[utoipa::path(
    post,
    path = "/staff",
    operation_id = "invite_staff",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    request_body = InviteRequest,
    responses(
        (status = 200, description = "Invited; the email is queued.", body = Invited),
        (status = 409, description = "Someone with this email has an account already.", body = ErrorBody),
        (status = 422, description = "The email or the name is invalid; `fieldErrors` says which.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn invite(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiJson(request): ApiJson<InviteRequest>,
) -> Result<Json<Invited>, ApiError> {
    let mut errors = FieldErrors::default();
    // Lengths are counted as sent, as the contract's `maxLength` is.
    let email = EmailAddress::parse(&request.email).filter(|_| request.email.chars().count() <= MAX_EMAIL_CHARS);
    if email.is_none() {
        errors.add("email", "Please enter the person's email address.");
    }
    let name = if request.name.chars().count() > PersonName::MAX_CHARS {
        Err(NameError::TooLong)
    } else {
        PersonName::parse(&request.name)
    };
    if let Err(error) = &name {
        errors.add("name", name_message(*error));
    }
    let (Some(email), Ok(name)) = (email, name) else {
        return Err(ApiError::Validation(errors));
    };
    let token = secrets::random_token();
    let expires_at = state.clock.now().unix_timestamp() * 1000 + INVITATION_HOURS * 60 * 60 * 1000;
    let person = state
        .store
        .invite_staff(
            email.as_str(),
            name.as_str(),
            request.role,
            &secrets::digest(&token),
            &token,
            expires_at,
            &actor.name,
        )
        .await
        .map_err(staff_error)?;
    Ok(Json(Invited {
        person,
        invitation_url: invitation_url(&state.settings.public_url, &token),
    }))
}

fn name_message(error: NameError) -> &'static str {
    match error {
        NameError::TooShort | NameError::TooLong => "Please enter the person's name (3 to 100 characters).",
        NameError::ControlCharacters => "The name cannot contain control or invisible characters.",
        NameError::LooksLikeALink => "The name cannot contain a web address.",
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = StaffChangeRequest)]
struct ChangeRequest {
    /// The new role, counted from the person's next call.
    #[serde(default)]
    #[schema(nullable = false)]
    role: Option<Role>,
    /// False ends the person's sessions at once and refuses their sign-ins; true lets them back.
    #[serde(default)]
    #[schema(nullable = false)]
    active: Option<bool>,
}

/// Changes a person's role, or deactivates them (their sessions end at once) or lets them back.
#[utoipa::path(
    patch,
    path = "/staff/{id}",
    operation_id = "change_staff",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    params(("id" = String, Path, description = "The person's id.")),
    request_body = ChangeRequest,
    responses(
        (status = 200, description = "The person as they now are.", body = StaffMember),
        (status = 404, description = NO_SUCH_PERSON, body = ErrorBody),
        (status = 409, description = "The change would leave no active owner.", body = ErrorBody),
        JsonBody,
        AdminChange,
        ServerTrouble,
    )
)]
async fn change(
    actor: AdminActor,
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<ChangeRequest>,
) -> Result<Json<StaffMember>, ApiError> {
    let change = StaffChange {
        role: request.role,
        active: request.active,
    };
    let person = state
        .store
        .change_staff(&id, &change, &actor.name)
        .await
        .map_err(staff_error)?;
    Ok(Json(person))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct SetPassword {
    #[serde(default)]
    #[schema(min_length = 12, max_length = 200)]
    password: String,
}

/// Sets the invited person's password: the link works once, for 48 hours. They then sign in
/// with their email and this password.
#[utoipa::path(
    post,
    path = "/invitations/{token}",
    operation_id = "accept_invitation",
    tag = "admin",
    params(("token" = String, Path, description = "The token of the invitation link (after its `#`).")),
    request_body = SetPassword,
    responses(
        (status = 200, description = "The password is set.", body = StaffMember),
        (
            status = 403,
            description = "A cross-site request: the `Origin` is not this site's.",
            body = ErrorBody,
        ),
        (
            status = 410,
            description = "The link is used, expired, unknown, or its person was deactivated.",
            body = ErrorBody,
        ),
        (status = 422, description = "The password is shorter than 12 characters or longer than 200.", body = ErrorBody),
        RateLimited,
        JsonBody,
        ServerTrouble,
    )
)]
async fn accept_invitation(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(token): ApiPath<String>,
    ApiJson(request): ApiJson<SetPassword>,
) -> Result<Json<StaffMember>, ApiError> {
    refuse_cross_site(&headers, &state.settings.public_url)?;
    let length = request.password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&length) {
        let mut errors = FieldErrors::default();
        errors.add(
            "password",
            "Please choose a password of at least 12 characters (up to 200).",
        );
        return Err(ApiError::Validation(errors));
    }
    let password = request.password;
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?
        .map_err(|error| ApiError::Internal(anyhow::anyhow!("cannot hash a password: {error}")))?;
    let now = state.clock.now().unix_timestamp() * 1000;
    match state
        .store
        .accept_invitation(&secrets::digest(&token), &hash, now)
        .await
    {
        Ok(person) => Ok(Json(person)),
        Err(AcceptInvitationError::NotValid) => Err(ApiError::Gone(
            "This invitation link has been used or has expired. Ask the owner for a new one.".into(),
        )),
        Err(AcceptInvitationError::Store(error)) => Err(error.into()),
    }
}
