//! Stripe's webhook signature scheme: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]`,
//! each `v1` an HMAC-SHA256 of `"{t}.{body}"` with the endpoint's secret.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::WebhookError;

/// How far a delivery's timestamp may be from now, as Stripe's libraries allow.
pub const TOLERANCE_SECONDS: i64 = 300;

pub fn verify(payload: &[u8], header: Option<&str>, secret: &str, now_unix: i64) -> Result<(), WebhookError> {
    let header = header.ok_or(WebhookError::MissingSignature)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(decode_hex(value)),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(WebhookError::MissingSignature)?;
    if signatures.is_empty() {
        return Err(WebhookError::MissingSignature);
    }
    let age = now_unix.checked_sub(timestamp).map(i64::unsigned_abs);
    if age.is_none_or(|age| age > TOLERANCE_SECONDS.unsigned_abs()) {
        return Err(WebhookError::Stale);
    }
    let matches = signatures.iter().any(|signature| {
        let mac = signer(secret, timestamp, payload);
        // `verify_slice` compares in constant time.
        mac.verify_slice(signature).is_ok()
    });
    if matches {
        Ok(())
    } else {
        Err(WebhookError::BadSignature)
    }
}

/// The header Stripe would send for `payload` at `timestamp`; used by tests and tools.
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let signature = signer(secret, timestamp, payload).finalize().into_bytes();
    let hex: String = signature.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

fn signer(secret: &str, timestamp: i64, payload: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC accepts keys of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;
    const NOW: i64 = 1_780_000_000;

    #[test]
    fn a_signature_made_with_the_secret_verifies() {
        let header = sign(BODY, SECRET, NOW);
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW + 10), Ok(()));
    }

    #[test]
    fn any_matching_v1_among_several_verifies() {
        let good = sign(BODY, SECRET, NOW);
        let good_v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t={NOW},v1={},v1={good_v1},v0=ignored", "ab".repeat(32));
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW), Ok(()));
    }

    #[test]
    fn a_forged_or_altered_delivery_is_refused() {
        let header = sign(BODY, "whsec_other", NOW);
        assert_eq!(
            verify(BODY, Some(&header), SECRET, NOW),
            Err(WebhookError::BadSignature)
        );
        let header = sign(BODY, SECRET, NOW);
        assert_eq!(
            verify(b"{}", Some(&header), SECRET, NOW),
            Err(WebhookError::BadSignature)
        );
    }

    #[test]
    fn a_delivery_older_or_newer_than_five_minutes_is_refused() {
        let header = sign(BODY, SECRET, NOW);
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW + 301), Err(WebhookError::Stale));
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW - 301), Err(WebhookError::Stale));
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW + 300), Ok(()));
    }

    #[test]
    fn an_extreme_timestamp_is_stale_not_a_crash() {
        let header = format!("t={},v1={}", i64::MIN, "00".repeat(32));
        assert_eq!(verify(BODY, Some(&header), SECRET, NOW), Err(WebhookError::Stale));
    }

    #[test]
    fn a_missing_or_malformed_header_is_refused() {
        assert_eq!(verify(BODY, None, SECRET, NOW), Err(WebhookError::MissingSignature));
        assert_eq!(
            verify(BODY, Some("v1=abcd"), SECRET, NOW),
            Err(WebhookError::MissingSignature)
        );
        assert_eq!(
            verify(BODY, Some(&format!("t={NOW}")), SECRET, NOW),
            Err(WebhookError::MissingSignature)
        );
        assert_eq!(
            verify(BODY, Some(&format!("t={NOW},v1=zz")), SECRET, NOW),
            Err(WebhookError::MissingSignature)
        );
    }
}
