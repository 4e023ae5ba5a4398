//! Every call gets a request id: the client's `X-Request-Id` when it is a sane one, or a new
//! one. It is on every log line the call writes (the call's span) and in the answer, so a
//! report from a buyer or a proxy's log and the server's log meet. The span names the route's
//! pattern, never the raw path or query, which can carry tokens and client secrets. Each
//! answered call is counted in the metrics.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use crate::metrics::Metrics;

/// Longer ids are replaced: a header is no place to smuggle a log line.
const MAX_ID_BYTES: usize = 128;

fn request_id_header() -> HeaderName {
    HeaderName::from_static("x-request-id")
}

pub async fn trace_request(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(request_id_header())
        .filter(|value| is_sane(value))
        .cloned()
        .unwrap_or_else(new_id);
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("(no route)", MatchedPath::as_str)
        .to_owned();
    let method = request.method().clone();
    let span = tracing::info_span!(
        "request",
        id = id.to_str().unwrap_or_default(),
        method = %method,
        route,
    );
    let started = Instant::now();
    let mut response = next.run(request).instrument(span.clone()).await;
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    metrics.record_call(method.as_str(), &route, status, seconds);
    let millis = seconds * 1000.0;
    // Entered, not named as the parent: formatters list the spans a line was written in.
    let _in_span = span.enter();
    if response.status().is_server_error() {
        tracing::error!(status, millis, "request failed");
    } else {
        tracing::debug!(status, millis, "request answered");
    }
    response.headers_mut().insert(request_id_header(), id);
    response
}

/// Visible ASCII only, and not too long: it is copied into logs and answers as it is.
fn is_sane(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty() && bytes.len() <= MAX_ID_BYTES && bytes.iter().all(u8::is_ascii_graphic)
}

fn new_id() -> HeaderValue {
    HeaderValue::from_str(&uuid::Uuid::new_v4().simple().to_string()).expect("hex digits make a header value")
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::{is_sane, new_id};

    #[test]
    fn an_id_is_visible_ascii_of_a_sane_length() {
        assert!(is_sane(&HeaderValue::from_static("req-42_a.b:c")));
        assert!(!is_sane(&HeaderValue::from_static("")));
        assert!(!is_sane(&HeaderValue::from_static("two words")));
        assert!(!is_sane(&HeaderValue::from_str(&"x".repeat(129)).unwrap()));
        assert!(!is_sane(&HeaderValue::from_bytes("caf\u{e9}".as_bytes()).unwrap()));
    }

    #[test]
    fn new_ids_differ() {
        assert_ne!(new_id(), new_id());
        assert_eq!(new_id().len(), 32);
    }
}
