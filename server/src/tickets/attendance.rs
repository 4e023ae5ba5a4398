//! The days an attendee came, from the doors' scans: what a certificate of attendance says.

use time::{Date, OffsetDateTime};

use crate::event::Event;

/// The venue's days, from the doors' first opening to the event's last day, on which a scan admitted or saw the
/// ticket (Unix milliseconds), in order.
pub fn days_attended(event: &Event, scans: &[i64]) -> Vec<Date> {
    let first = event.venue_date(event.doors_open.min(event.starts_at));
    let last = event.venue_date(event.ends_at);
    let mut days: Vec<Date> = scans
        .iter()
        .filter_map(|millis| OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000)).ok())
        .map(|instant| event.venue_date(instant))
        .filter(|day| (first..=last).contains(day))
        .collect();
    days.sort_unstable();
    days.dedup();
    days
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use time::macros::datetime;

    use super::*;

    fn millis(instant: OffsetDateTime) -> i64 {
        instant.unix_timestamp() * 1000
    }

    #[test]
    fn each_day_at_the_venue_counts_once_and_days_outside_the_event_not_at_all() {
        let event = Event::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap();
        let scans = [
            datetime!(2026-05-19 08:55 -4),
            datetime!(2026-05-18 09:00 -4),
            datetime!(2026-05-19 14:10 -4),
            // 22:30 at the venue on the 20th, already the 21st in UTC.
            datetime!(2026-05-21 02:30 UTC),
            datetime!(2026-05-17 18:00 -4),
            datetime!(2026-05-23 10:00 -4),
        ]
        .map(millis);

        let days = days_attended(&event, &scans);

        let expected = [
            time::macros::date!(2026 - 05 - 18),
            time::macros::date!(2026 - 05 - 19),
            time::macros::date!(2026 - 05 - 20),
        ];
        assert_eq!(days, expected);
    }
}
