//! Tower layers every request passes through: who the client is, how much it may
//! ask, how large a body may be, the request id and span of a call, and the security
//! headers of every answer.

mod body_limit;
mod client_address;
mod rate_limit;
mod rate_limiter;
mod request_trace;
mod security_headers;

pub use crate::domain::ClientAddress;
pub use body_limit::{MAX_BODY_BYTES, limit_body};
pub use client_address::{client_address_of, record_client_address};
pub use rate_limit::{limit_requests, take_code_lookup};
pub use rate_limiter::{Budget, Caller, Quota, RateLimiter};
pub use request_trace::trace_request;
pub use security_headers::{SecurityHeaders, content_security_policy};
