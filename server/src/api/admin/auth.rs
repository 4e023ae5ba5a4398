//! Who may call the back office: a signed-in organizer (session cookie) or a script
//! (`Authorization: Bearer <ADMIN_TOKEN>`). Every admin handler takes an `AdminActor`,
//! so no admin route can forget to check.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};

use crate::error::ApiError;
use crate::secrets;
use crate::state::AppState;

pub const SESSION_COOKIE: &str = "admin_session";
/// How long a sign-in lasts: a working day at the desk.
pub const SESSION_HOURS: i64 = 12;

/// Who is calling: the name given at sign-in, or "API token".
#[derive(Debug, Clone)]
pub struct AdminActor {
    pub name: String,
}

impl FromRequestParts<AppState> for AdminActor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let admin = &state.settings.admin;
        if !admin.enabled() {
            return Err(unauthorized(
                "The back office is not enabled on this server: set ADMIN_PASSWORD_HASH or ADMIN_TOKEN.",
                "admin_disabled",
            ));
        }
        if let Some(presented) = bearer_token(&parts.headers) {
            // Both sides are digested before a constant-time comparison: a wrong token
            // takes as long as a right one, whatever its length or first wrong byte.
            let expected = admin.token.as_deref().map(secrets::digest).unwrap_or_default();
            return if admin.token.is_some() && secrets::matches_digest(&expected, presented) {
                Ok(Self {
                    name: "API token".into(),
                })
            } else {
                Err(unauthorized("The admin token is not valid.", "invalid_token"))
            };
        }
        let Some(token) = cookie(&parts.headers, SESSION_COOKIE) else {
            return Err(unauthorized("Please sign in to the back office.", "sign_in_required"));
        };
        let Some(name) = state.store.admin_session_name(&secrets::digest(token)).await? else {
            return Err(unauthorized(
                "Your session has ended. Please sign in again.",
                "sign_in_required",
            ));
        };
        if !is_safe(&parts.method) {
            refuse_cross_site(&parts.headers, &state.settings.public_url)?;
        }
        Ok(Self { name })
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
    let refused = || ApiError::Forbidden("This change must be made from the back office itself.".into());
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

pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| {
            let (key, value) = pair.trim().split_once('=')?;
            (key == name && !value.is_empty()).then_some(value)
        })
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

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let found = headers(&[("cookie", "theme=dark; admin_session=abc123; other=x")]);
        assert_eq!(cookie(&found, SESSION_COOKIE), Some("abc123"));
        assert_eq!(cookie(&headers(&[("cookie", "admin_session=")]), SESSION_COOKIE), None);
    }
}
