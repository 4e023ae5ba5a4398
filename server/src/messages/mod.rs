//! The organizer's messages to a segment of the people the site knows: who a segment is (`segment.rs`), the words
//! (`draft.rs`), and the job that sends scheduled messages when they are due (`schedule.rs`). The recipients are
//! resolved and their emails queued by `store/messages.rs`; the email is rendered by `email/`.

mod draft;
mod schedule;
mod segment;

pub use draft::{Draft, MAX_BODY_CHARS, MAX_SUBJECT_CHARS};
pub use schedule::{SCHEDULE_EVERY, run_scheduled_messages};
pub use segment::{MerchandiseRef, Segment};

/// A field of a request, keyed as the back office's form keys it, and what is wrong with it.
pub type FieldError = (&'static str, String);
