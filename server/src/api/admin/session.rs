//! Signing in and out of the back office.

use std::sync::OnceLock;
use std::time::Instant;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{AdminActor, SESSION_COOKIE, SESSION_HOURS, cookie, refuse_cross_site};
use super::responses::{AdminRead, JsonBody, RateLimited, ServerTrouble};
use super::staff::staff_error;
use crate::admin::identity::shared_password_digest;
use crate::admin::password::{hash_password, verify_password};
use crate::admin::roles::Role;
use crate::admin::sign_in_guard::Target;
use crate::domain::EmailAddress;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::middleware::ClientAddress;
use crate::secrets;
use crate::state::AppState;
use crate::store::{SignedInWith, StaffError, StaffStatus, now_millis};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(current, sign_in, sign_out))
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = AdminSession)]
struct Session {
    /// The signed-in person's name, or "API token".
    name: String,
    /// What the back office lets them do; the token and the shared password are the owner.
    role: Role,
}

/// Who is signed in, and their role.
#[utoipa::path(
    get,
    path = "/session",
    operation_id = "admin_session",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Session), AdminRead, ServerTrouble)
)]
async fn current(actor: AdminActor) -> Json<Session> {
    Json(Session {
        name: actor.name,
        role: actor.role,
    })
}

/// An account's email and password; or, until anyone has an account, the shared password
/// with a name for the activity log.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct SignIn {
    /// The account's email.
    #[serde(default)]
    #[schema(nullable = false, max_length = 254)]
    email: Option<String>,
    /// With the shared password: who is signing in, for the activity log.
    #[serde(default)]
    #[schema(nullable = false, max_length = 60)]
    name: Option<String>,
    #[serde(default)]
    #[schema(min_length = 1)]
    password: String,
}

const MAX_NAME_CHARS: usize = 60;

const CROSS_SITE: &str = "A cross-site request: the `Origin` is not this site's (or, without an `Origin`, \
                          there is no `Sec-Fetch-Site: same-origin`).";

/// Checks the password and starts a session.
///
/// With an `email`: the account's own password. While no owner has an account, the owner's
/// shared password (`ADMIN_PASSWORD_HASH`) with an email creates the owner's account; while
/// nobody has one, with a `name` instead it signs in as the owner without one. The session cookie is
/// `HttpOnly`, `SameSite=Strict`, limited to `/api/admin` and lasts 12 hours. The request's
/// `Origin` must be this site's. An address gets 5 wrong passwords at an account, then waits a
/// minute, twice as long after each further one (429); an account guessed at from many addresses
/// also makes the addresses that failed at it wait, never one that has not.
#[utoipa::path(
    post,
    path = "/session",
    operation_id = "sign_in",
    tag = "admin",
    request_body = SignIn,
    responses(
        (
            status = 200,
            description = "Signed in.",
            body = Session,
            headers(("Set-Cookie" = String, description = "The `admin_session` cookie.")),
        ),
        (
            status = 401,
            description = "The email and password do not match an active account, or the shared password is \
                           wrong (`code`: `wrong_password`); people have accounts, so signing in needs an email \
                           (`email_required`); or signing in with a password is not enabled on this server \
                           (`admin_disabled`).",
            body = ErrorBody,
        ),
        (status = 403, description = CROSS_SITE, body = ErrorBody),
        (
            status = 422,
            description = "Neither an email nor a name, an email that is not one, a name too long or with \
                           control characters, or no password.",
            body = ErrorBody,
        ),
        RateLimited,
        JsonBody,
        ServerTrouble,
    )
)]
#[tracing::instrument(skip_all)]
async fn sign_in(
    State(state): State<AppState>,
    client: ClientAddress,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SignIn>,
) -> Result<Response, ApiError> {
    if !state.settings.admin.enabled() && !state.store.staff_accounts_exist().await? {
        return Err(closed());
    }
    // A forged sign-in would put the organizer's browser in someone else's session.
    refuse_cross_site(&headers, &state.settings.public_url)?;
    let credentials = Credentials::parse(&request)?;
    let (name, signed_in, role) = match credentials {
        Credentials::Account { email } => sign_in_with_account(&state, client, &email, request.password).await?,
        Credentials::Shared { name } => {
            if state.store.staff_accounts_exist().await? {
                return Err(ApiError::Unauthorized {
                    message: "Everyone signs in with their own email and password now.".into(),
                    code: "email_required",
                });
            }
            let hash = shared_password_hash(&state)?;
            if !try_password(&state, Target::SharedPassword, client, hash.clone(), request.password).await? {
                return Err(wrong_shared_password());
            }
            let setting_digest = shared_password_digest(&hash);
            (name, SignedInWith::SharedPassword { setting_digest }, Role::Owner)
        }
    };
    let token = secrets::random_token();
    let expires_at = now_millis() + SESSION_HOURS * 60 * 60 * 1000;
    state
        .store
        .create_admin_session(&secrets::digest(&token), &name, &signed_in, expires_at)
        .await?;
    tracing::info!(%name, role = role.as_str(), "signed in to the back office");
    let cookie = session_cookie(&token, SESSION_HOURS * 60 * 60, state.settings.live);
    Ok(([(header::SET_COOKIE, cookie)], Json(Session { name, role })).into_response())
}

enum Credentials {
    Account { email: EmailAddress },
    Shared { name: String },
}

impl Credentials {
    fn parse(request: &SignIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let email = request
            .email
            .as_deref()
            .map(str::trim)
            .filter(|email| !email.is_empty());
        let name = request.name.as_deref().unwrap_or_default();
        let credentials = match email {
            Some(email) => match EmailAddress::parse(email) {
                Some(email) => Some(Self::Account { email }),
                None => {
                    errors.add("email", "Please enter the email you were invited with.");
                    None
                }
            },
            // Counted as sent, as the contract's `maxLength` is.
            None if name.trim().is_empty()
                || name.chars().count() > MAX_NAME_CHARS
                || name.chars().any(char::is_control) =>
            {
                errors.add("email", "Please enter your email.");
                None
            }
            None => Some(Self::Shared {
                name: name.trim().to_owned(),
            }),
        };
        if request.password.is_empty() {
            errors.add("password", "Please enter the password.");
        }
        match credentials {
            Some(credentials) if errors.is_empty() => Ok(credentials),
            _ => Err(ApiError::Validation(errors)),
        }
    }
}

/// Signs in to an account, or creates the owner's from the shared password while no owner has one.
async fn sign_in_with_account(
    state: &AppState,
    client: ClientAddress,
    email: &EmailAddress,
    password: String,
) -> Result<(String, SignedInWith, Role), ApiError> {
    let account_target = || Target::Account(email.as_str().to_lowercase());
    match state.store.staff_account_by_email(email.as_str()).await? {
        Some(account) if account.member.status == StaffStatus::Active => {
            let hash = account.password_hash.unwrap_or_default();
            if !try_password(state, account_target(), client, hash, password).await? {
                return Err(wrong_password());
            }
            Ok((
                account.member.name,
                account_session(account.member.id),
                account.member.role,
            ))
        }
        Some(_) => {
            // An invited or deactivated account answers as a wrong password does, as slowly.
            try_password(state, account_target(), client, decoy_hash().to_owned(), password).await?;
            Err(wrong_password())
        }
        None => {
            let shared = state.settings.admin.password_hash.clone();
            let first_owner = shared.is_some() && !state.store.owner_account_exists().await?;
            // While it makes the first owner, an email with it is a guess at the shared password.
            let (target, hash) = match shared.filter(|_| first_owner) {
                Some(shared) => (Target::SharedPassword, shared),
                None => (account_target(), decoy_hash().to_owned()),
            };
            if !try_password(state, target, client, hash.clone(), password).await? || !first_owner {
                return Err(wrong_password());
            }
            let name = name_from_email(email);
            match state.store.create_owner(email.as_str(), &name, &hash, &name).await {
                Ok(owner) => Ok((owner.name, account_session(owner.id), Role::Owner)),
                // Two first sign-ins at once with the same email: the other one made the account,
                // with the very password just checked.
                Err(StaffError::EmailTaken(_)) => match state.store.staff_account_by_email(email.as_str()).await? {
                    Some(account)
                        if account.member.status == StaffStatus::Active && account.password_hash == Some(hash) =>
                    {
                        Ok((
                            account.member.name,
                            account_session(account.member.id),
                            account.member.role,
                        ))
                    }
                    _ => Err(wrong_password()),
                },
                Err(error) => Err(staff_error(error)),
            }
        }
    }
}

fn account_session(staff_id: String) -> SignedInWith {
    SignedInWith::Account { staff_id }
}

/// "olivia.organizer@…" → "Olivia Organizer": the first owner's name until they are renamed.
fn name_from_email(email: &EmailAddress) -> String {
    let local = email.as_str().split('@').next().unwrap_or_default();
    let words: Vec<String> = local
        .split(['.', '_', '-', '+'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut letters = word.chars();
            letters
                .next()
                .map_or_else(String::new, |first| first.to_uppercase().chain(letters).collect())
        })
        .collect();
    if words.is_empty() {
        local.to_owned()
    } else {
        words.join(" ")
    }
}

fn shared_password_hash(state: &AppState) -> Result<String, ApiError> {
    state
        .settings
        .admin
        .password_hash
        .clone()
        .ok_or_else(|| ApiError::Unauthorized {
            message:
                "Signing in with a password is not enabled: set ADMIN_PASSWORD_HASH (scripts can use ADMIN_TOKEN)."
                    .into(),
            code: "admin_disabled",
        })
}

fn closed() -> ApiError {
    ApiError::Unauthorized {
        message: "The back office is not enabled on this server: set ADMIN_PASSWORD_HASH or ADMIN_TOKEN, or make an \
                  owner with `conference admin create-owner`."
            .into(),
        code: "admin_disabled",
    }
}

/// Whether `password` is the one behind `hash`, tried at `target` from `client`: refused while the
/// address waits out its failures there (`admin::sign_in_guard`); a right one forgives them.
async fn try_password(
    state: &AppState,
    target: Target,
    client: ClientAddress,
    hash: String,
    password: String,
) -> Result<bool, ApiError> {
    let attempt = if state.settings.rate_limits {
        let attempt = state
            .sign_in_guard
            .begin(target, client.ip(), Instant::now())
            .map_err(|wait| ApiError::RateLimited {
                message: "Too many wrong passwords for this account from your network. Please wait and try again."
                    .into(),
                retry_after: wait,
            })?;
        Some(attempt)
    } else {
        None
    };
    let right = verified(hash, password).await?;
    if right && let Some(attempt) = attempt {
        state.sign_in_guard.succeeded(attempt, Instant::now());
    }
    Ok(right)
}

/// Whether `password` is the one behind `hash`, off the async threads (argon2 is slow on purpose).
async fn verified(hash: String, password: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || verify_password(&hash, &password))
        .await
        .map_err(|error| ApiError::Internal(error.into()))
}

/// A hash no password matches, so an unknown account costs as much time as a known one.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password(&secrets::random_token()).unwrap_or_default())
}

fn wrong_password() -> ApiError {
    refused("That email and password do not match.")
}

fn wrong_shared_password() -> ApiError {
    refused("That password is not right.")
}

fn refused(message: &str) -> ApiError {
    tracing::warn!("back office sign-in refused");
    ApiError::Unauthorized {
        message: message.to_owned(),
        code: "wrong_password",
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignedOut {
    /// Always true.
    signed_out: bool,
}

/// Ends the session, whatever state it is in.
///
/// Answers the same with or without a session cookie. The request's `Origin` must be this site's.
#[utoipa::path(
    delete,
    path = "/session",
    operation_id = "sign_out",
    tag = "admin",
    security((), ("admin_session" = [])),
    responses(
        (
            status = 200,
            description = "Signed out.",
            body = SignedOut,
            headers(("Set-Cookie" = String, description = "Clears the `admin_session` cookie.")),
        ),
        (status = 403, description = CROSS_SITE, body = ErrorBody),
        RateLimited,
        ServerTrouble,
    )
)]
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    refuse_cross_site(&headers, &state.settings.public_url)?;
    if let Some(token) = cookie(&headers, SESSION_COOKIE) {
        state.store.end_admin_session(&secrets::digest(token)).await?;
    }
    let cleared = session_cookie("", 0, state.settings.live);
    Ok(([(header::SET_COOKIE, cleared)], Json(SignedOut { signed_out: true })).into_response())
}

/// Only the admin API ever sees the cookie; scripts cannot read it; other sites never send it.
fn session_cookie(token: &str, max_age_seconds: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={token}; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age={max_age_seconds}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("admin_session=; Path=/api/admin; Max-Age=0"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_owner_is_named_after_their_email() {
        let name = |email: &str| name_from_email(&EmailAddress::parse(email).unwrap());
        assert_eq!(name("olivia.organizer@codewave.example.com"), "Olivia Organizer");
        assert_eq!(name("ana_lopez+events@example.com"), "Ana Lopez Events");
        assert_eq!(name("x@example.com"), "X");
    }
}
