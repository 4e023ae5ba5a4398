//! The organizer's password, kept only as an argon2id hash (`ADMIN_PASSWORD_HASH`).

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// A hash of `password` for `ADMIN_PASSWORD_HASH`, with a fresh salt.
pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Whether `candidate` is the password behind `hash`. Deliberately slow (argon2):
/// call it off the async threads.
pub fn verify_password(hash: &str, candidate: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| Argon2::default().verify_password(candidate.as_bytes(), &parsed).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let hash = hash_password("correct horse battery staple").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password(&hash, "correct horse battery staple"));
        assert!(!verify_password(&hash, "correct horse battery stapler"));
        assert!(!verify_password("not a hash", "anything"));
        assert_ne!(hash, hash_password("correct horse battery staple").unwrap(), "salted");
    }
}
