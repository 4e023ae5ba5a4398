//! The ways the formats write times: RFC 3339 with an offset (pretalx, frab), local times without one (Sessionize),
//! and durations as `HH:MM`.

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Duration, OffsetDateTime, PrimitiveDateTime, UtcOffset};

/// Years a conference can plausibly be in; beyond them a time is a mistake, and keeping to them means adding a
/// duration or moving to the venue's offset cannot overflow.
const YEARS: std::ops::RangeInclusive<i32> = 1970..=2200;

pub(super) fn instant(text: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(text.trim(), &Rfc3339)
        .ok()
        .filter(|time| YEARS.contains(&time.year()))
}

/// A local time read in the venue's offset; one that carries its own offset is taken as it is.
pub(super) fn local(text: &str, venue: UtcOffset) -> Option<OffsetDateTime> {
    let text = text.trim();
    if let Some(instant) = instant(text) {
        return Some(instant);
    }
    let without_fraction = text.split('.').next().unwrap_or(text);
    let long = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    let short = format_description!("[year]-[month]-[day]T[hour]:[minute]");
    PrimitiveDateTime::parse(without_fraction, long)
        .or_else(|_| PrimitiveDateTime::parse(without_fraction, short))
        .ok()
        .filter(|local| YEARS.contains(&local.year()))
        .map(|local| local.assume_offset(venue))
}

/// `HH:MM` (hours may exceed 24, as a hackathon's do) or `HH:MM:SS`.
pub(super) fn duration(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let number = |part: &str| -> Option<i64> {
        (!part.is_empty() && part.len() <= 4 && part.bytes().all(|b| b.is_ascii_digit())).then(|| part.parse().ok())?
    };
    let (hours, minutes, seconds) = match parts.as_slice() {
        [h, m] => (number(h)?, number(m)?, 0),
        [h, m, s] => (number(h)?, number(m)?, number(s)?),
        _ => return None,
    };
    (minutes < 60 && seconds < 60).then(|| Duration::seconds(hours * 3600 + minutes * 60 + seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{datetime, offset};

    #[test]
    fn durations_are_hours_and_minutes() {
        assert_eq!(duration("01:30"), Some(Duration::minutes(90)));
        assert_eq!(duration("48:00"), Some(Duration::hours(48)));
        assert_eq!(duration("0:45:00"), Some(Duration::minutes(45)));
        assert_eq!(duration("1:75"), None);
        assert_eq!(duration("an hour"), None);
    }

    #[test]
    fn a_local_time_is_read_in_the_venues_offset() {
        let venue = offset!(-4);
        assert_eq!(
            local("2026-05-18T23:30:00", venue),
            Some(datetime!(2026-05-18 23:30 -4))
        );
        assert_eq!(local("2026-05-18T23:30", venue), Some(datetime!(2026-05-18 23:30 -4)));
        assert_eq!(
            local("2026-05-19T03:30:00Z", venue),
            Some(datetime!(2026-05-19 03:30 UTC))
        );
        assert_eq!(local("tomorrow", venue), None);
        assert_eq!(local("9999-12-31T23:59:00", venue), None);
        assert_eq!(instant("9999-12-31T23:59:00-12:00"), None);
    }
}
