//! One field of the event file: the error that names it and where it is, and the date and
//! time every section reads the same way.

use std::ops::Range;

use time::{OffsetDateTime, Time};
use toml::Spanned;
use toml::value::Datetime;

pub(super) struct Invalid {
    pub(super) span: Range<usize>,
    pub(super) field: String,
    pub(super) message: String,
}

pub(super) fn invalid<T>(
    span: Range<usize>,
    field: impl Into<String>,
    message: impl Into<String>,
) -> Result<T, Invalid> {
    Err(Invalid {
        span,
        field: field.into(),
        message: message.into(),
    })
}

pub(super) fn instant(value: &Spanned<Datetime>, field: &str) -> Result<OffsetDateTime, Invalid> {
    let datetime = value.get_ref();
    if datetime.date.is_none() || datetime.time.is_none() || datetime.offset.is_none() {
        return invalid(
            value.span(),
            field,
            "must be a date and time with the venue's UTC offset, such as 2026-05-18T00:00:00-04:00",
        );
    }
    OffsetDateTime::parse(&datetime.to_string(), &time::format_description::well_known::Rfc3339)
        .or_else(|_| invalid(value.span(), field, "is not a valid date and time"))
}

/// A time of day written `HH:MM`, as the scheduled emails' times are.
pub(super) fn time_of_day(value: &Spanned<String>, field: &str) -> Result<Time, Invalid> {
    let text = value.get_ref();
    let parsed = (text.len() == 5)
        .then(|| text.split_once(':'))
        .flatten()
        .and_then(|(hour, minute)| Time::from_hms(hour.parse().ok()?, minute.parse().ok()?, 0).ok());
    parsed.map_or_else(
        || invalid(value.span(), field, "must be a time of day such as \"18:00\""),
        Ok,
    )
}
