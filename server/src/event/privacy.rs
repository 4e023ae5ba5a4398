//! The event file's `[privacy]`: how long personal data is kept after the event, before the daily job erases it.

use time::{Duration, OffsetDateTime};
use toml::Spanned;

use super::field::{Invalid, invalid};
use super::file::PrivacySection;

/// Days personal data is kept after the event when the event file does not say.
pub const DEFAULT_KEEP_PERSONAL_DATA_DAYS: u32 = 90;
/// Ten years: longer is a typo in the file.
const MAX_KEEP_PERSONAL_DATA_DAYS: i64 = 3650;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrivacyTerms {
    /// Days after the event's end; 1 to 3650.
    pub keep_personal_data_days: u32,
}

impl Default for PrivacyTerms {
    fn default() -> Self {
        Self {
            keep_personal_data_days: DEFAULT_KEEP_PERSONAL_DATA_DAYS,
        }
    }
}

impl PrivacyTerms {
    /// When personal data is first erased: the event's end and the days kept.
    pub fn erase_from(&self, event_ends_at: OffsetDateTime) -> OffsetDateTime {
        event_ends_at + Duration::days(i64::from(self.keep_personal_data_days))
    }
}

pub(super) fn from_file(section: Option<PrivacySection>) -> Result<PrivacyTerms, Invalid> {
    let Some(days) = section.and_then(|section| section.keep_personal_data_days) else {
        return Ok(PrivacyTerms::default());
    };
    match u32::try_from(*days.get_ref()) {
        Ok(count) if (1..=MAX_KEEP_PERSONAL_DATA_DAYS).contains(&i64::from(count)) => Ok(PrivacyTerms {
            keep_personal_data_days: count,
        }),
        _ => invalid(
            Spanned::span(&days),
            "privacy.keep_personal_data_days",
            "must be a whole number of days from 1 to 3650",
        ),
    }
}
