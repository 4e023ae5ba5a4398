//! Email: messages rendered from templates, queued in an outbox in the same
//! transaction as the change that causes them, and sent by a background worker.

pub mod message;
