//! The back office's logic beyond queries: who is calling, passwords, the order
//! timeline, and CSV exports. Its HTTP calls are in `api::admin`.

pub mod csv;
pub mod identity;
pub mod password;
pub mod timeline;
