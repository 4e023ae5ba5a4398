//! The back office's logic beyond queries: who is calling and what their role lets them do, passwords and how fast
//! they may be guessed, the order timeline, and CSV exports. Its HTTP calls are in `api::admin`.

pub mod csv;
pub mod identity;
pub mod password;
pub mod roles;
pub mod sign_in_guard;
pub mod timeline;

/// Where an invitation to the back office opens: the token stays in the fragment, out of
/// servers' logs.
pub fn invitation_url(public_url: &str, token: &str) -> String {
    format!("{public_url}/admin/invitation#{token}")
}
