//! Who is calling the back office: a signed-in organizer (the session cookie) or a script
//! (`Authorization: Bearer <ADMIN_TOKEN>`). Found once per request, by the rate limits
//! (staff have a budget of their own) or by the handler's `AdminActor`, whichever asks first.

use axum::http::{HeaderMap, header};

use crate::admin::roles::Role;
use crate::secrets;
use crate::settings::AdminSettings;
use crate::store::Store;

pub const SESSION_COOKIE: &str = "admin_session";

/// A caller the back office recognised.
#[derive(Debug, Clone)]
pub struct StaffIdentity {
    /// The signed-in person's name, or "API token".
    pub name: String,
    /// What they may do; the script token has the owner's rights.
    pub role: Role,
    pub credential: Credential,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    Token,
    /// A session cookie, by the digest of its token.
    Session {
        token_hash: String,
    },
}

impl StaffIdentity {
    /// What this caller's requests are counted by: its session, or the script token.
    pub fn budget_key(&self) -> &str {
        match &self.credential {
            Credential::Token => "admin-token",
            Credential::Session { token_hash } => token_hash,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IdentifyError {
    #[error("the back office is not enabled on this server")]
    Disabled,
    #[error("the admin token is not valid")]
    InvalidToken,
    #[error("no session cookie")]
    SignInRequired,
    #[error("the session has ended")]
    SessionEnded,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// The staff member or script behind `headers`, if any.
pub async fn identify(
    headers: &HeaderMap,
    admin: &AdminSettings,
    store: &Store,
) -> Result<StaffIdentity, IdentifyError> {
    // Open with either setting, or once someone has an account (`conference admin create-owner`).
    if !admin.enabled() && !store.staff_accounts_exist().await? {
        return Err(IdentifyError::Disabled);
    }
    if let Some(presented) = bearer_token(headers) {
        // Both sides are digested before a constant-time comparison: a wrong token
        // takes as long as a right one, whatever its length or first wrong byte.
        let expected = admin.token.as_deref().map(secrets::digest).unwrap_or_default();
        return if admin.token.is_some() && secrets::matches_digest(&expected, presented) {
            Ok(StaffIdentity {
                name: "API token".into(),
                role: Role::Owner,
                credential: Credential::Token,
            })
        } else {
            Err(IdentifyError::InvalidToken)
        };
    }
    let token = cookie(headers, SESSION_COOKIE).ok_or(IdentifyError::SignInRequired)?;
    let token_hash = secrets::digest(token);
    // Read on every call: a deactivated person's session ends at once, a new role counts at once, and a
    // shared-password session ends once an owner has an account or the setting it signed in with is gone.
    let setting = admin.password_hash.as_deref().map(shared_password_digest);
    let holder = store
        .admin_session(&token_hash, setting.as_deref())
        .await?
        .ok_or(IdentifyError::SessionEnded)?;
    Ok(StaffIdentity {
        name: holder.name,
        role: holder.role,
        credential: Credential::Session { token_hash },
    })
}

/// What a shared-password session is bound to: the digest of the `ADMIN_PASSWORD_HASH` it signed in with.
pub fn shared_password_digest(password_hash: &str) -> String {
    secrets::digest(password_hash)
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

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let mut found = HeaderMap::new();
        found.insert(
            header::COOKIE,
            HeaderValue::from_static("theme=dark; admin_session=abc123; other=x"),
        );
        assert_eq!(cookie(&found, SESSION_COOKIE), Some("abc123"));
        let mut empty = HeaderMap::new();
        empty.insert(header::COOKIE, HeaderValue::from_static("admin_session="));
        assert_eq!(cookie(&empty, SESSION_COOKIE), None);
    }
}
