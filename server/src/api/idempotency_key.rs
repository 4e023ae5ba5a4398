//! The `Idempotency-Key` header of the create calls: a client that sends one can
//! retry a call whose answer it lost and get the same order back.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::ApiError;

/// Longer keys than Stripe's own limit serve no client and only grow the table.
const MAX_KEY_LENGTH: usize = 255;

/// The request's `Idempotency-Key`, if it sent one.
#[derive(Debug, Clone, PartialEq, Eq, utoipa::IntoParams)]
#[into_params(names("Idempotency-Key"), parameter_in = Header)]
pub struct IdempotencyKeyHeader(
    /// A key of the client's choosing, such as a UUID, new for each purchase attempt and resent with
    /// a retry of the same call: the retry then answers the first call's order instead of holding a
    /// second item. Kept for a day.
    #[param(value_type = String, required = false, min_length = 1, max_length = 255, pattern = "^[!-~]+$", example = "0f8fad5b-d9cb-469f-a165-70867728950e")]
    pub Option<String>,
);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKeyHeader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(value) = parts.headers.get("idempotency-key") else {
            return Ok(Self(None));
        };
        let key = value.to_str().unwrap_or_default();
        let visible_ascii = key.bytes().all(|byte| byte.is_ascii_graphic());
        if key.is_empty() || key.len() > MAX_KEY_LENGTH || !visible_ascii {
            return Err(ApiError::BadRequest(format!(
                "The Idempotency-Key header must be 1 to {MAX_KEY_LENGTH} visible ASCII characters, such as a UUID."
            )));
        }
        Ok(Self(Some(key.to_owned())))
    }
}

#[cfg(test)]
mod tests {
    use axum::extract::FromRequestParts;
    use axum::http::Request;

    use super::IdempotencyKeyHeader;

    async fn extract(value: Option<&[u8]>) -> Result<IdempotencyKeyHeader, String> {
        let mut request = Request::builder();
        if let Some(value) = value {
            request = request.header("Idempotency-Key", value);
        }
        let (mut parts, ()) = request.body(()).unwrap().into_parts();
        IdempotencyKeyHeader::from_request_parts(&mut parts, &())
            .await
            .map_err(|error| error.to_string())
    }

    #[tokio::test]
    async fn a_missing_key_is_no_key() {
        assert_eq!(extract(None).await, Ok(IdempotencyKeyHeader(None)));
    }

    #[tokio::test]
    async fn a_uuid_is_a_key() {
        let key = "0f8fad5b-d9cb-469f-a165-70867728950e";
        assert_eq!(
            extract(Some(key.as_bytes())).await,
            Ok(IdempotencyKeyHeader(Some(key.to_owned())))
        );
    }

    #[tokio::test]
    async fn empty_long_spaced_or_non_ascii_keys_are_refused() {
        let long = "k".repeat(256);
        for value in [&b""[..], long.as_bytes(), b"two words", "clé".as_bytes()] {
            let refused = extract(Some(value)).await.unwrap_err();
            assert!(refused.contains("Idempotency-Key"), "{refused}");
        }
    }
}
