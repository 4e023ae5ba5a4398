//! The event file's `[emails]`: when the emails sent on a schedule go out, in the venue's time.

use time::{Duration, OffsetDateTime, PrimitiveDateTime, Time};

use super::field::{Invalid, time_of_day};
use super::file::EmailsSection;

/// The day-before email's time of day when the event file does not say.
const DEFAULT_DAY_BEFORE: Time = time::macros::time!(17:00);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmailTerms {
    /// The venue's time of day, on the day before the event starts, when every holder is sent their ticket again.
    pub day_before_time: Time,
}

impl Default for EmailTerms {
    fn default() -> Self {
        Self {
            day_before_time: DEFAULT_DAY_BEFORE,
        }
    }
}

impl EmailTerms {
    /// When the day-before email goes out for an event starting at `starts_at` (in the venue's offset).
    pub fn day_before_at(&self, starts_at: OffsetDateTime) -> OffsetDateTime {
        PrimitiveDateTime::new(starts_at.date() - Duration::days(1), self.day_before_time)
            .assume_offset(starts_at.offset())
    }
}

pub(super) fn from_file(section: Option<EmailsSection>) -> Result<EmailTerms, Invalid> {
    let day_before_time = match section.and_then(|section| section.day_before_time) {
        Some(value) => time_of_day(&value, "emails.day_before_time")?,
        None => DEFAULT_DAY_BEFORE,
    };
    Ok(EmailTerms { day_before_time })
}
