//! The JSON error format of every failed API call (DESIGN.md §4.7):
//! `{"message": "One human sentence.", "fieldErrors": {...}}`.

use std::borrow::Cow;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// What a body over its call's limit is answered.
pub const BODY_TOO_LARGE: &str = "The request body is too large.";

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{}", .0.first_message())]
    Validation(FieldErrors),
    #[error("{message}")]
    PaymentRefused { message: String, code: String },
    #[error("{0}")]
    NotFound(String),
    /// No valid session or token; `code` tells the back office which screen to show.
    #[error("{message}")]
    Unauthorized { message: String, code: &'static str },
    /// Not allowed: a cross-site change (`cross_site`) or a call the caller's role does not
    /// allow (`forbidden`).
    #[error("{message}")]
    Forbidden { message: String, code: &'static str },
    #[error("{0}")]
    MethodNotAllowed(String),
    /// Something that was once valid and is no more: a used or expired link.
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    Conflict(String),
    /// A conflict the client acts on by `code` (a workshop seat `full`, a `clash` with `clashes_with`, …).
    #[error("{message}")]
    CodedConflict {
        message: String,
        code: &'static str,
        clashes_with: Option<String>,
    },
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Too many calls, or too many open checkouts, from one client: try again after `retry_after`.
    #[error("{message}")]
    RateLimited {
        message: String,
        retry_after: std::time::Duration,
    },
    #[error("The payment provider could not process the request. Please try again in a moment.")]
    PaymentProvider(#[source] anyhow::Error),
    #[error("The service is temporarily unavailable. Please try again shortly.")]
    Unavailable(#[source] anyhow::Error),
    #[error("Something went wrong on our side. Please try again.")]
    Internal(#[from] anyhow::Error),
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        if crate::store::is_transient(&error) {
            Self::Unavailable(error.into())
        } else {
            Self::Internal(error.into())
        }
    }
}

/// How long an overloaded client is asked to wait before trying again.
const OVERLOAD_RETRY_AFTER_SECONDS: u64 = 1;

impl ApiError {
    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PaymentRefused { .. } => StatusCode::PAYMENT_REQUIRED,
            Self::Conflict(_) | Self::CodedConflict { .. } => StatusCode::CONFLICT,
            Self::PaymentProvider(_) => StatusCode::BAD_GATEWAY,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Gone(_) => StatusCode::GONE,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // Causes are logged once here with their chain and never sent to the visitor.
        match &self {
            Self::Internal(cause) => tracing::error!(error = format!("{cause:#}"), "request failed"),
            Self::Unavailable(cause) => tracing::warn!(error = format!("{cause:#}"), "dependency unavailable"),
            Self::PaymentProvider(cause) => tracing::error!(error = format!("{cause:#}"), "payment provider failed"),
            _ => {}
        }
        let body = ErrorBody {
            message: self.to_string(),
            field_errors: match &self {
                Self::Validation(errors) => Some(errors),
                _ => None,
            },
            code: match &self {
                Self::PaymentRefused { code, .. } => Some(code.as_str()),
                Self::Unauthorized { code, .. } | Self::Forbidden { code, .. } | Self::CodedConflict { code, .. } => {
                    Some(code)
                }
                _ => None,
            },
            clashes_with: match &self {
                Self::CodedConflict { clashes_with, .. } => clashes_with.as_deref(),
                _ => None,
            },
        };
        let mut response = (self.status(), Json(body)).into_response();
        if let Self::Unavailable(_) = &self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(OVERLOAD_RETRY_AFTER_SECONDS));
        }
        if let Self::RateLimited { retry_after, .. } = &self {
            // Whole seconds, rounded up: a client that waits exactly this long gets through.
            let seconds = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

/// Every error answer's body (DESIGN.md §4.7), and its schema in the API contract.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Error)]
pub struct ErrorBody<'a> {
    /// A sentence for the visitor: what went wrong and what to do.
    message: String,
    /// For a 422: the message of each invalid field, by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    field_errors: Option<&'a FieldErrors>,
    /// A machine-readable reason: the provider's code for a refused card, such as
    /// `card_declined`, or why an admin call was refused, such as `sign_in_required` or `forbidden`
    /// (the caller's role does not allow the call).
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
    /// With the code `clash`: the slug of the session a workshop seat would overlap.
    #[serde(skip_serializing_if = "Option::is_none")]
    clashes_with: Option<&'a str>,
}

/// Messages for the fields of a form, in the order the form shows them.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FieldErrors(Vec<(Cow<'static, str>, String)>);

impl FieldErrors {
    /// `field` is the form's name for it: a fixed one, or one made of parts (`answers.diet`).
    pub fn add(&mut self, field: impl Into<Cow<'static, str>>, message: impl Into<String>) {
        self.0.push((field.into(), message.into()));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `other`'s messages after these.
    pub fn extend(&mut self, other: Self) {
        self.0.extend(other.0);
    }

    /// Whether `field` has a message already: a field shows one message at a time.
    pub fn has(&self, field: &str) -> bool {
        self.0.iter().any(|(name, _)| name == field)
    }

    fn first_message(&self) -> &str {
        self.0
            .first()
            .map_or("Please correct the highlighted fields.", |(_, message)| message)
    }
}

impl Serialize for FieldErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, message) in &self.0 {
            map.serialize_entry(field, message)?;
        }
        map.end()
    }
}

/// `Json<T>` whose rejections answer in our error format.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = is_json(request.headers());
        let body = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|rejection| match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()),
                _ => ApiError::BadRequest("The request body could not be read.".into()),
            })?;
        if body.is_empty() && !json {
            return Err(ApiError::BadRequest("This call needs a JSON request body.".into()));
        }
        if !json {
            return Err(ApiError::UnsupportedMediaType(
                "Send the request body as JSON with the header Content-Type: application/json.".into(),
            ));
        }
        if has_escaped_nul(&body) {
            // PostgreSQL cannot store NUL in text; no field of ours has a use for one.
            return Err(ApiError::BadRequest(
                "Text in the request may not contain NUL characters.".into(),
            ));
        }
        // Every body the API takes is an object; serde would read a struct of optional fields
        // from `[]` as well.
        if body.iter().find(|byte| !byte.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::BadRequest("The request body must be a JSON object.".into()));
        }
        match Json::<T>::from_bytes(&body) {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(json_rejection_error(rejection)),
        }
    }
}

/// `application/json` or a `+json` type, with any parameters.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(content_type) = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text holds the escape `\u0000` (a raw NUL is not valid JSON anyway).
/// An escaped backslash followed by `u0000` is text, not a NUL, hence the walk.
fn has_escaped_nul(json: &[u8]) -> bool {
    let mut bytes = json.iter().enumerate();
    while let Some((at, &byte)) = bytes.next() {
        if byte == b'\\' {
            if json.get(at + 1..at + 6) == Some(b"u0000") {
                return true;
            }
            bytes.next();
        }
    }
    false
}

fn json_rejection_error(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonDataError(error) => {
            // serde's text names the field and what was expected, never our internals.
            let detail = std::error::Error::source(&error).map_or_else(|| error.body_text(), ToString::to_string);
            ApiError::BadRequest(format!("The request body has a field of the wrong type: {detail}."))
        }
        JsonRejection::JsonSyntaxError(_) => ApiError::BadRequest("The request body is not valid JSON.".into()),
        JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType(
            "Send the request body as JSON with the header Content-Type: application/json.".into(),
        ),
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()),
        _ => ApiError::BadRequest("The request body could not be read.".into()),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;
    use sqlx::{AnyConnection, Connection, Executor};

    use super::ApiError;

    #[test]
    fn an_escaped_nul_is_found_and_an_escaped_backslash_is_not_one() {
        assert!(super::has_escaped_nul(br#"{"reason":"a\u0000b"}"#));
        assert!(!super::has_escaped_nul(br#"{"reason":"a\\u0000b"}"#));
        assert!(super::has_escaped_nul(br#"{"reason":"a\\\u0000b"}"#));
        assert!(super::has_escaped_nul(br#"{"reason":"\u00001"}"#));
        assert!(!super::has_escaped_nul(br#"{"name":"Ana \u00e9"}"#));
    }

    async fn message(error: ApiError) -> (StatusCode, Option<String>, String) {
        let response = error.into_response();
        let status = response.status();
        let retry_after = response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|value| value.to_str().unwrap().to_owned());
        let body = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        (status, retry_after, json["message"].as_str().unwrap().to_owned())
    }

    #[tokio::test]
    async fn a_pool_with_no_connection_to_spare_asks_the_client_to_retry() {
        let answer = message(sqlx::Error::PoolTimedOut.into()).await;

        assert_eq!(
            answer,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Some("1".to_owned()),
                "The service is temporarily unavailable. Please try again shortly.".to_owned()
            )
        );
    }

    #[tokio::test]
    async fn a_write_locked_out_by_another_writer_asks_the_client_to_retry() {
        sqlx::any::install_default_drivers();
        let folder = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", folder.path().join("busy.db").display());
        let mut holder = AnyConnection::connect(&url).await.unwrap();
        holder.execute("CREATE TABLE t (x INTEGER)").await.unwrap();
        holder.execute("BEGIN IMMEDIATE").await.unwrap();
        let mut writer = AnyConnection::connect(&url).await.unwrap();
        writer.execute("PRAGMA busy_timeout = 0").await.unwrap();

        let locked = writer.execute("INSERT INTO t VALUES (1)").await.unwrap_err();

        assert_eq!(message(locked.into()).await.0, StatusCode::SERVICE_UNAVAILABLE);
        let broken = writer
            .execute("INSERT INTO no_such_table VALUES (1)")
            .await
            .unwrap_err();
        assert_eq!(message(broken.into()).await.0, StatusCode::INTERNAL_SERVER_ERROR);
    }
}
