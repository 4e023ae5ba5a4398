//! Signing in and out of the back office.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;

use super::auth::{AdminActor, SESSION_COOKIE, SESSION_HOURS, cookie, refuse_cross_site};
use crate::admin::password::verify_password;
use crate::error::{ApiError, ApiJson, FieldErrors};
use crate::secrets;
use crate::state::AppState;
use crate::store::now_millis;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/session", get(current).post(sign_in).delete(sign_out))
}

/// Who is signed in.
async fn current(actor: AdminActor) -> Json<serde_json::Value> {
    Json(json!({ "name": actor.name }))
}

#[derive(Debug, Deserialize)]
struct SignIn {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
}

const MAX_NAME_CHARS: usize = 60;

/// Checks the password and starts a session; the name goes into the audit log.
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
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
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
    Ok(([(header::SET_COOKIE, cookie)], Json(json!({ "name": name }))).into_response())
}

/// Ends the session, whatever state it is in.
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    refuse_cross_site(&headers, &state.settings.public_url)?;
    if let Some(token) = cookie(&headers, SESSION_COOKIE) {
        state.store.end_admin_session(&secrets::digest(token)).await?;
    }
    let cleared = session_cookie("", 0, state.settings.live);
    Ok(([(header::SET_COOKIE, cleared)], Json(json!({ "signedOut": true }))).into_response())
}

/// Only the admin API ever sees the cookie; scripts cannot read it; other sites never send it.
fn session_cookie(token: &str, max_age_seconds: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={token}; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age={max_age_seconds}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("admin_session=; Path=/api/admin; Max-Age=0"))
}
