//! The conference's programme: speakers, sessions, rooms and tracks, fed from a call-for-papers tool's export
//! (pretalx, frab XML, Sessionize) and published as pages and as the exports conference apps read.

pub mod changes;
pub mod export;
pub mod import;
pub mod model;

pub use changes::{Changes, Moved, Slot, changes};
pub use model::{Link, Programme, Room, Session, SessionKind, Speaker, Track};
