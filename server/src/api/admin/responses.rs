//! The error answers many admin operations share, for the contract: `responses(...)` of
//! an operation lists these sets beside its own answers. Each is a type only so the
//! `#[utoipa::path]` macro can name it, and is never built.

use std::collections::BTreeMap;

use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::{ContentBuilder, ObjectBuilder, Ref, RefOr, Type};
use utoipa::{IntoResponses, ToSchema};

use crate::error::ErrorBody;

const NOT_SIGNED_IN: &str = "Not signed in: no session cookie or bearer token, or the session has ended \
                             (`code`: `sign_in_required`); a wrong token (`invalid_token`); or the back \
                             office is not enabled on this server (`admin_disabled`).";

const NOT_YOUR_ROLE: &str = "The signed-in person's role does not allow this call (`code`: `forbidden`); \
                             the roles of each call are in docs/api.md.";

/// Refusals of the `AdminActor` (every operation but signing in and out takes one) for
/// a call that reads.
pub enum AdminRead {}

impl IntoResponses for AdminRead {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([error(401, NOT_SIGNED_IN), error(403, NOT_YOUR_ROLE)])
    }
}

/// Refusals of the `AdminActor` for a call that changes something (any method but GET):
/// those of a read, the cross-site check and the rate limit.
pub enum AdminChange {}

impl IntoResponses for AdminChange {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([
            error(401, NOT_SIGNED_IN),
            error(
                403,
                "The signed-in person's role does not allow this call (`code`: `forbidden`); or a cross-site \
                 request (`cross_site`): the session cookie came with an `Origin` that is not this site's \
                 (or, without an `Origin`, without `Sec-Fetch-Site: same-origin`). Calls with the bearer \
                 token are not checked for origin.",
            ),
            rate_limited(),
        ])
    }
}

/// The rate limit on every change under `/api/`.
pub enum RateLimited {}

impl IntoResponses for RateLimited {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([rate_limited()])
    }
}

fn rate_limited() -> (String, RefOr<Response>) {
    error_with_retry_after(
        429,
        "Too many changes from this client; signing in has a stricter limit.",
    )
}

/// The limit on finding attendees by name, per session or token: a desk's pace, not a
/// walk through every name.
pub enum SearchLimited {}

impl IntoResponses for SearchLimited {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([error_with_retry_after(
            429,
            "Too many name searches from this session or token: 20 at once, then one every 5 seconds.",
        )])
    }
}

/// Refusals of a JSON request body.
pub enum JsonBody {}

impl IntoResponses for JsonBody {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([
            error(400, "The body is not JSON, or a field has the wrong type."),
            error(413, "The body is larger than 64 KiB."),
            error(415, "The body was not sent with `Content-Type: application/json`."),
        ])
    }
}

/// The server's own failures, which any call can meet.
pub enum ServerTrouble {}

impl IntoResponses for ServerTrouble {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        BTreeMap::from([
            error(500, "Something went wrong on the server."),
            error_with_retry_after(503, "The database is overloaded."),
        ])
    }
}

fn error(status: u16, description: &str) -> (String, RefOr<Response>) {
    (status.to_string(), error_response(description).build().into())
}

fn error_with_retry_after(status: u16, description: &str) -> (String, RefOr<Response>) {
    let retry_after = HeaderBuilder::new()
        .schema(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)))
        .description(Some("Seconds to wait before trying again."))
        .build();
    let response = error_response(description).header("Retry-After", retry_after);
    (status.to_string(), response.build().into())
}

fn error_response(description: &str) -> ResponseBuilder {
    let body = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(ErrorBody::name())))
        .build();
    ResponseBuilder::new()
        .description(description)
        .content("application/json", body)
}
