//! The back office's logic beyond queries: passwords, the order timeline, and CSV
//! exports. Its HTTP calls are in `api::admin`.

pub mod csv;
pub mod password;
pub mod timeline;
