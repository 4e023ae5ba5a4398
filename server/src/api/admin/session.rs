//! Signing in and out of the back office.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{AdminActor, SESSION_COOKIE, SESSION_HOURS, cookie, refuse_cross_site};
use super::responses::{AdminRead, JsonBody, RateLimited, ServerTrouble};
use crate::admin::password::verify_password;
use crate::error::{ApiError, ApiJson, ErrorBody, FieldErrors};
use crate::secrets;
use crate::state::AppState;
use crate::store::now_millis;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(current, sign_in, sign_out))
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = AdminSession)]
struct Session {
    /// The name given at sign-in, or "API token".
    name: String,
}

/// Who is signed in.
#[utoipa::path(
    get,
    path = "/session",
    operation_id = "admin_session",
    tag = "admin",
    security(("admin_session" = []), ("admin_token" = [])),
    responses((status = 200, body = Session), AdminRead, ServerTrouble)
)]
async fn current(actor: AdminActor) -> Json<Session> {
    Json(Session { name: actor.name })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct SignIn {
    /// Who is signing in, for the activity log.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 60)]
    name: String,
    #[serde(default)]
    #[schema(min_length = 1)]
    password: String,
}

const MAX_NAME_CHARS: usize = 60;

const CROSS_SITE: &str = "A cross-site request: the `Origin` is not this site's (or, without an `Origin`, \
                          there is no `Sec-Fetch-Site: same-origin`).";

/// Checks the password and starts a session; the name goes into the audit log.
///
/// The session cookie is `HttpOnly`, `SameSite=Strict`, limited to `/api/admin` and lasts
/// 12 hours. The request's `Origin` must be this site's.
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
            description = "The password is wrong (`code`: `wrong_password`), or signing in with a password is \
                           not enabled on this server (`admin_disabled`).",
            body = ErrorBody,
        ),
        (status = 403, description = CROSS_SITE, body = ErrorBody),
        (
            status = 422,
            description = "The name is missing, too long or has control characters, or the password is missing.",
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
    headers: HeaderMap,
    ApiJson(request): ApiJson<SignIn>,
) -> Result<Response, ApiError> {
    let Some(hash) = state.settings.admin.password_hash.clone() else {
        return Err(ApiError::Unauthorized {
            message: if state.settings.admin.enabled() {
                "Signing in with a password is not enabled: set ADMIN_PASSWORD_HASH (scripts can use ADMIN_TOKEN)."
            } else {
                "The back office is not enabled on this server: set ADMIN_PASSWORD_HASH or ADMIN_TOKEN."
            }
            .into(),
            code: "admin_disabled",
        });
    };
    // A forged sign-in would put the organizer's browser in someone else's session.
    refuse_cross_site(&headers, &state.settings.public_url)?;
    let name = request.name.trim().to_owned();
    let mut errors = FieldErrors::default();
    // Counted as sent, as the contract's `maxLength` is.
    if name.is_empty() || request.name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        errors.add(
            "name",
            "Please enter your name (up to 60 characters), for the activity log.",
        );
    }
    if request.password.is_empty() {
        errors.add("password", "Please enter the password.");
    }
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let password = request.password;
    let verified = tokio::task::spawn_blocking(move || verify_password(&hash, &password))
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    if !verified {
        tracing::warn!("back office sign-in refused");
        return Err(ApiError::Unauthorized {
            message: "That password is not right.".into(),
            code: "wrong_password",
        });
    }
    let token = secrets::random_token();
    let expires_at = now_millis() + SESSION_HOURS * 60 * 60 * 1000;
    state
        .store
        .create_admin_session(&secrets::digest(&token), &name, expires_at)
        .await?;
    tracing::info!(%name, "signed in to the back office");
    let cookie = session_cookie(&token, SESSION_HOURS * 60 * 60, state.settings.live);
    Ok(([(header::SET_COOKIE, cookie)], Json(Session { name })).into_response())
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
