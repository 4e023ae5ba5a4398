//! Email: messages rendered from templates, queued in an outbox in the same
//! transaction as the change that causes them, and sent by a background worker.

mod compose;
pub mod message;
pub mod render;
mod transport;
mod worker;

pub use worker::{Mailer, MailerError, run_outbox_worker};
