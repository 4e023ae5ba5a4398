//! Request bodies are small JSON forms, but for a sponsor's logo (up to 1 MB), the programme's file (up to 5 MB) and a
//! speaker's photo (up to 2 MB).
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

use crate::error::{ApiError, BODY_TOO_LARGE, FieldErrors};
use crate::speaker_photos::MAX_PHOTO_BYTES;
use crate::sponsors::MAX_LOGO_BYTES;

/// The largest body a call accepts, but for the files below.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// The largest programme file an import accepts.
const MAX_PROGRAMME_BYTES: usize = 5 * 1024 * 1024;
/// The calls that take a file, with their limit and what a larger one is answered.
const FILE_CALLS: [(&str, usize, Oversize); 2] = [
    (
        "/api/sponsor/logo",
        MAX_LOGO_BYTES,
        Oversize::TooLarge("The logo is over 1 MB: please send a smaller file."),
    ),
    (
        "/api/admin/programme/import",
        MAX_PROGRAMME_BYTES,
        Oversize::TooLarge("The programme file is over 5 MB: please send a smaller file."),
    ),
];
/// A speaker's photo: `/api/admin/programme/speakers/{slug}/photo`.
const PHOTO_CALL: (&str, &str) = ("/api/admin/programme/speakers/", "/photo");

/// How a body over its call's limit is answered.
#[derive(Debug, Clone, Copy)]
enum Oversize {
    /// 413 with this message.
    TooLarge(&'static str),
    /// 422 naming the form's field, as the back office shows a file's other faults.
    Field(&'static str, &'static str),
}
/// How much of an oversized body is read before the answer, and for how long at most.
const DRAIN_BYTES: usize = 16 * 1024 * 1024;
const DRAIN_TIME: Duration = Duration::from_secs(10);

pub async fn limit_body(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let (limit, oversize) = limit_of(parts.uri.path());
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        drain(body, 0).await;
        return too_large(oversize);
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
            return too_large(oversize);
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

/// The largest body a call to `path` takes, and what a larger one is answered.
fn limit_of(path: &str) -> (usize, Oversize) {
    let (prefix, suffix) = PHOTO_CALL;
    let is_photo = path
        .strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(suffix))
        .is_some_and(|slug| !slug.is_empty() && !slug.contains('/'));
    if is_photo {
        return (
            MAX_PHOTO_BYTES,
            Oversize::Field("photo", "The photo is over 2 MB: please send a smaller file."),
        );
    }
    FILE_CALLS.iter().find(|(file_path, ..)| *file_path == path).map_or(
        (MAX_BODY_BYTES, Oversize::TooLarge(BODY_TOO_LARGE)),
        |(_, limit, oversize)| (*limit, *oversize),
    )
}

fn too_large(oversize: Oversize) -> Response {
    let error = match oversize {
        Oversize::TooLarge(message) => ApiError::PayloadTooLarge(message.into()),
        Oversize::Field(field, message) => {
            let mut errors = FieldErrors::default();
            errors.add(field, message);
            ApiError::Validation(errors)
        }
    };
    let mut response = error.into_response();
    // Whatever was left unread makes the connection unusable for another request.
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
