//! Secrets the site hands out (client secrets, session tokens) are kept only as
//! digests and compared in constant time, so neither a database leak nor a timer
//! reveals them.

use sha2::{Digest, Sha256};

/// The SHA-256 of a secret, in hex: enough to recognise it, not to use it.
pub fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether `candidate` is the secret whose digest is `stored`, taking the same time
/// whichever byte differs.
pub fn matches_digest(stored: &str, candidate: &str) -> bool {
    let candidate = digest(candidate);
    stored.len() == candidate.len()
        && stored
            .bytes()
            .zip(candidate.bytes())
            .fold(0u8, |difference, (a, b)| difference | (a ^ b))
            == 0
}

/// A fresh unguessable token: 244 random bits as 64 hex characters.
pub fn random_token() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

/// 128 random bits from the operating system's generator, each as likely 0 as 1: a UUID v4
/// fixes six of its bits, which a second one's random bits, shifted over them, cover.
pub fn random_bits() -> u128 {
    uuid::Uuid::new_v4().as_u128() ^ (uuid::Uuid::new_v4().as_u128() >> 6)
}

/// A token only the holder of `secret` can compute, one per `purpose`: 64 hex characters.
pub fn derived_token(secret: &str, purpose: &str) -> String {
    digest(&format!("{purpose}\0{secret}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_matches_only_its_own_digest() {
        let stored = digest("pi_1_secret_abc");
        assert_eq!(stored.len(), 64);
        assert!(matches_digest(&stored, "pi_1_secret_abc"));
        assert!(!matches_digest(&stored, "pi_1_secret_abd"));
        assert!(!matches_digest("short", "pi_1_secret_abc"));
        assert_ne!(random_token(), random_token());
        let derived = derived_token("pi_1_secret_abc", "sponsor-page:o1");
        assert_eq!(derived, derived_token("pi_1_secret_abc", "sponsor-page:o1"));
        assert_ne!(derived, derived_token("pi_1_secret_abc", "sponsor-page:o2"));
        assert_ne!(derived, digest("pi_1_secret_abc"));
    }
}
