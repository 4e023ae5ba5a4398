//! The event file's `[workshops]`: when attendees may reserve workshop seats and when they are reminded, in the
//! venue's time (local date-times, as organizers write their schedule).

use time::{OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};
use toml::Spanned;
use toml::value::Datetime;

use super::field::{Invalid, invalid, time_of_day};
use super::file::WorkshopsSection;

/// The reminder's time of day when the event file does not say.
const DEFAULT_REMINDER: Time = time::macros::time!(18:00);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkshopTerms {
    /// None: sign-up opens as soon as the programme is published.
    pub signup_opens: Option<OffsetDateTime>,
    /// None: each session's sign-up closes at its start.
    pub signup_closes: Option<OffsetDateTime>,
    /// The venue's time of day on the evening before a session when its holders are reminded.
    pub reminder_time: Time,
}

impl Default for WorkshopTerms {
    fn default() -> Self {
        Self {
            signup_opens: None,
            signup_closes: None,
            reminder_time: DEFAULT_REMINDER,
        }
    }
}

pub(super) fn from_file(section: Option<WorkshopsSection>, venue: UtcOffset) -> Result<WorkshopTerms, Invalid> {
    let Some(section) = section else {
        return Ok(WorkshopTerms::default());
    };
    let signup_opens = (section.signup_opens.as_ref())
        .map(|value| venue_time(value, venue, "workshops.signup_opens"))
        .transpose()?;
    let signup_closes = (section.signup_closes.as_ref())
        .map(|value| venue_time(value, venue, "workshops.signup_closes"))
        .transpose()?;
    if let (Some(opens), Some(closes), Some(spanned)) = (signup_opens, signup_closes, &section.signup_closes)
        && closes <= opens
    {
        return invalid(
            spanned.span(),
            "workshops.signup_closes",
            "must be after workshops.signup_opens",
        );
    }
    let reminder_time = match &section.reminder_time {
        Some(value) => time_of_day(value, "workshops.reminder_time")?,
        None => DEFAULT_REMINDER,
    };
    Ok(WorkshopTerms {
        signup_opens,
        signup_closes,
        reminder_time,
    })
}

/// A local date and time, read as the venue's clock.
fn venue_time(value: &Spanned<Datetime>, venue: UtcOffset, field: &str) -> Result<OffsetDateTime, Invalid> {
    let datetime = value.get_ref();
    let (Some(date), Some(time), None) = (datetime.date, datetime.time, datetime.offset) else {
        return invalid(
            value.span(),
            field,
            "must be a date and time of the venue's clock without an offset, such as 2026-05-01T09:00:00",
        );
    };
    let date = time::Month::try_from(date.month)
        .ok()
        .and_then(|month| time::Date::from_calendar_date(i32::from(date.year), month, date.day).ok());
    let time = Time::from_hms(time.hour, time.minute, time.second).ok();
    match (date, time) {
        (Some(date), Some(time)) => Ok(PrimitiveDateTime::new(date, time).assume_offset(venue)),
        _ => invalid(value.span(), field, "is not a valid date and time"),
    }
}
