//! The programme written in the formats conference apps and video teams read: the c3voc JSON (pretalx's
//! `schedule.json`), the frab XML and iCalendar.

mod c3voc_json;
mod days;
mod event_info;
mod frab_xml;
mod ics;

use time::{Date, OffsetDateTime, UtcOffset};

pub use c3voc_json::c3voc_json;
pub use frab_xml::frab_xml;
pub use ics::ics;

/// What the exports say about the event and the version of its programme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportInfo {
    pub title: String,
    /// Lower-case letters, digits and `_` (the c3voc schema's rule), e.g. `codewave2026`.
    pub acronym: String,
    /// The programme's version, so that apps know when to fetch again.
    pub version: String,
    /// An IANA name, e.g. `America/New_York`.
    pub timezone_name: String,
    /// The site's address without a trailing slash; session pages are `{public_url}/sessions/{slug}`.
    pub public_url: String,
    pub venue: UtcOffset,
    /// The event's days, so that a day without sessions still has its place.
    pub first_day: Date,
    pub last_day: Date,
    /// When this version was published: the calendar entries' `DTSTAMP`.
    pub published_at: OffsetDateTime,
}

impl ExportInfo {
    fn session_url(&self, slug: &str) -> String {
        format!("{}/sessions/{slug}", self.public_url.trim_end_matches('/'))
    }
}

/// `HH:MM`, hours running past 24 for a hackathon.
fn duration(session: &crate::programme::model::Session) -> String {
    let minutes = (session.end - session.start).whole_minutes().max(0);
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// pretalx's codes are upper-case letters and digits; any other id travels as a guid.
fn is_code(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests;
