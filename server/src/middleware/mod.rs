//! Tower layers every request passes through: who the client is, how much it may
//! ask, how large a body may be, the request id and span of a call, and the security
//! headers of every answer.

mod body_limit;
mod client_address;
mod rate_limit;
mod request_trace;
mod security_headers;

pub use body_limit::{MAX_BODY_BYTES, limit_body};
pub use client_address::{ClientAddress, client_address_of, record_client_address};
pub use rate_limit::{Budget, Caller, Quota, RateLimiter, limit_requests, take_code_lookup};
pub use request_trace::trace_request;
pub use security_headers::{SecurityHeaders, content_security_policy};
