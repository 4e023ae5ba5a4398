//! Request bodies are small JSON forms, but for a sponsor's logo (up to 1 MB) and the programme's file (up to 5 MB).
//! A larger one is answered 413 in the JSON
//! error format only after the rest of it has been read and thrown away (up to a
//! bound), as nginx's lingering close does: clients that write their whole body
//! before reading (Node's fetch, Python's http.client) would otherwise see the
//! connection reset and never read the answer.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;

use crate::error::{ApiError, BODY_TOO_LARGE};
use crate::sponsors::MAX_LOGO_BYTES;

/// The largest body a call accepts, but for the files below.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The largest programme file an import accepts.
const MAX_PROGRAMME_BYTES: usize = 5 * 1024 * 1024;
/// The calls that take a file, with their limit and what a larger one is answered.
const FILE_CALLS: [(&str, usize, &str); 2] = [
    (
        "/api/sponsor/logo",
        MAX_LOGO_BYTES,
        "The logo is over 1 MB: please send a smaller file.",
    ),
    (
        "/api/admin/programme/import",
        MAX_PROGRAMME_BYTES,
        "The programme file is over 5 MB: please send a smaller file.",
    ),
];
/// How much of an oversized body is read before the answer, and for how long at most.
const DRAIN_BYTES: usize = 16 * 1024 * 1024;
const DRAIN_TIME: Duration = Duration::from_secs(10);

pub async fn limit_body(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let (limit, message) = FILE_CALLS
        .iter()
        .find(|(path, ..)| *path == parts.uri.path())
        .map_or((MAX_BODY_BYTES, BODY_TOO_LARGE), |(_, limit, message)| {
            (*limit, *message)
        });
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        drain(body, 0).await;
        return too_large(message);
    }
    let mut body = body;
    let mut buffered = Vec::new();
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else {
            return ApiError::BadRequest("The request body could not be read.".into()).into_response();
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if buffered.len() + data.len() > limit {
            drain(body, buffered.len() + data.len()).await;
            return too_large(message);
        }
        buffered.extend_from_slice(&data);
    }
    next.run(Request::from_parts(parts, Body::from(Bytes::from(buffered))))
        .await
}

/// Reads and discards the rest of a body, up to the bounds.
async fn drain(mut body: Body, already_read: usize) {
    let reading = async {
        let mut read = already_read;
        while read < DRAIN_BYTES {
            match body.frame().await {
                Some(Ok(frame)) => read += frame.data_ref().map_or(0, Bytes::len),
                _ => break,
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_TIME, reading).await;
}

fn too_large(message: &str) -> Response {
    let mut response = ApiError::PayloadTooLarge(message.into()).into_response();
    // Whatever was left unread makes the connection unusable for another request.
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
