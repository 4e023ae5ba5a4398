//! Who may call the back office: a signed-in organizer (session cookie) or a script
//! (`Authorization: Bearer <ADMIN_TOKEN>`), found by `admin::identity`. Every admin
//! handler takes an `AdminActor`, so no admin route can forget to check.

use axum::extract::{FromRequestParts, MatchedPath};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};

use crate::admin::identity::{Credential, IdentifyError, StaffIdentity, identify};
pub use crate::admin::identity::{SESSION_COOKIE, bearer_token, cookie};
use crate::admin::roles::{self, Role};
use crate::error::ApiError;
use crate::state::AppState;

/// How long a sign-in lasts: a working day at the desk.
pub const SESSION_HOURS: i64 = 12;

/// Who is calling, allowed this call by the table of calls and roles (`admin::roles`).
#[derive(Debug, Clone)]
pub struct AdminActor {
    /// The signed-in person's name, or "API token".
    pub name: String,
    pub role: Role,
    /// What the call came with: its session (by the digest of its token) or the script token.
    /// A door device belongs to the first one that named it.
    pub session: String,
}

impl FromRequestParts<AppState> for AdminActor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        // The rate limits may have identified the caller already (staff have a budget of their own).
        let identity = match parts.extensions.get::<StaffIdentity>() {
            Some(identity) => identity.clone(),
            None => identify(&parts.headers, &state.settings.admin, &state.store)
                .await
                .map_err(identify_error)?,
        };
        if matches!(identity.credential, Credential::Session { .. }) && !is_safe(&parts.method) {
            refuse_cross_site(&parts.headers, &state.settings.public_url)?;
        }
        let route = parts.extensions.get::<MatchedPath>().map_or("", MatchedPath::as_str);
        // A call the table does not know is refused to everyone: a new route cannot be left open.
        let allowed = roles::access(parts.method.as_str(), route).is_some_and(|access| access.admits(identity.role));
        if !allowed {
            tracing::info!(name = %identity.name, role = identity.role.as_str(), route, "refused by role");
            return Err(ApiError::Forbidden {
                message: format!("Your role ({}) does not allow this.", identity.role.as_str()),
                code: "forbidden",
            });
        }
        Ok(Self {
            session: identity.budget_key().to_owned(),
            name: identity.name,
            role: identity.role,
        })
    }
}

fn identify_error(error: IdentifyError) -> ApiError {
    match error {
        IdentifyError::Disabled => unauthorized(
            "The back office is not enabled on this server: set ADMIN_PASSWORD_HASH or ADMIN_TOKEN, or make an owner \
             with `conference admin create-owner`.",
            "admin_disabled",
        ),
        IdentifyError::InvalidToken => unauthorized("The admin token is not valid.", "invalid_token"),
        IdentifyError::SignInRequired => unauthorized("Please sign in to the back office.", "sign_in_required"),
        IdentifyError::SessionEnded => {
            unauthorized("Your session has ended. Please sign in again.", "sign_in_required")
        }
        IdentifyError::Store(error) => error.into(),
    }
}

fn unauthorized(message: &str, code: &'static str) -> ApiError {
    ApiError::Unauthorized {
        message: message.to_owned(),
        code,
    }
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Refuses a change a browser sent on behalf of another site. The cookie is
/// `SameSite=Strict` already; this also holds for browsers that ignore it: the
/// `Origin` must be this site's (its public address, or the host it was reached at),
/// and without an `Origin` the browser must say the request is same-origin.
pub fn refuse_cross_site(headers: &HeaderMap, public_url: &str) -> Result<(), ApiError> {
    let refused = || ApiError::Forbidden {
        message: "This change must be made from the back office itself.".into(),
        code: "cross_site",
    };
    match headers.get(header::ORIGIN).and_then(|value| value.to_str().ok()) {
        Some(origin) => {
            let host = headers.get(header::HOST).and_then(|value| value.to_str().ok());
            let ours = origin == public_url
                || host.is_some_and(|host| origin == format!("http://{host}") || origin == format!("https://{host}"));
            if ours { Ok(()) } else { Err(refused()) }
        }
        None => match headers.get("sec-fetch-site").and_then(|value| value.to_str().ok()) {
            Some("same-origin") => Ok(()),
            _ => Err(refused()),
        },
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (header::HeaderName::from_static(name), HeaderValue::from_static(value)))
            .collect()
    }

    #[test]
    fn only_this_sites_origin_may_change_things() {
        let site = "https://codewave.events";
        assert!(refuse_cross_site(&headers(&[("origin", "https://codewave.events")]), site).is_ok());
        assert!(
            refuse_cross_site(
                &headers(&[("origin", "http://127.0.0.1:5173"), ("host", "127.0.0.1:5173")]),
                site
            )
            .is_ok()
        );
        assert!(
            refuse_cross_site(
                &headers(&[("origin", "https://evil.example"), ("host", "codewave.events")]),
                site
            )
            .is_err()
        );
        assert!(refuse_cross_site(&headers(&[("sec-fetch-site", "same-origin")]), site).is_ok());
        assert!(refuse_cross_site(&headers(&[("sec-fetch-site", "cross-site")]), site).is_err());
        assert!(refuse_cross_site(&headers(&[]), site).is_err());
    }
}
