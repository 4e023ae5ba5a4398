//! Tower layers every request passes through: who the client is, how much it may
//! ask, how large a body may be, and the security headers of every answer.

mod body_limit;
mod client_address;
mod rate_limit;
mod security_headers;

pub use body_limit::{MAX_BODY_BYTES, limit_body};
pub use client_address::{ClientAddress, record_client_address};
pub use rate_limit::{Budget, Quota, RateLimiter, limit_requests};
pub use security_headers::{SecurityHeaders, content_security_policy};
