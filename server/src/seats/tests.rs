use time::macros::{datetime, time};

use super::*;

fn workshop(room_capacity: Option<u32>) -> SessionFacts {
    SessionFacts {
        kind: SessionKind::Workshop,
        room_capacity,
        start: datetime!(2026-05-19 10:00 -4),
        end: datetime!(2026-05-19 12:00 -4),
    }
}

#[test]
fn workshops_take_sign_ups_with_their_rooms_capacity() {
    assert_eq!(seat_limit(&workshop(Some(36)), Override::default()), Some(36));
}

#[test]
fn the_organizers_limit_replaces_the_rooms_capacity() {
    let chosen = Override {
        signup: None,
        seat_limit: Some(20),
    };
    assert_eq!(seat_limit(&workshop(Some(36)), chosen), Some(20));
    assert_eq!(seat_limit(&workshop(None), chosen), Some(20));
}

#[test]
fn a_session_without_capacity_or_limit_takes_no_sign_ups() {
    assert_eq!(seat_limit(&workshop(None), Override::default()), None);
}

#[test]
fn talks_take_sign_ups_only_when_switched_on_and_workshops_can_be_switched_off() {
    let talk = SessionFacts {
        kind: SessionKind::Talk,
        ..workshop(Some(200))
    };
    assert_eq!(seat_limit(&talk, Override::default()), None);
    let on = Override {
        signup: Some(true),
        seat_limit: None,
    };
    assert_eq!(seat_limit(&talk, on), Some(200));
    let off = Override {
        signup: Some(false),
        seat_limit: Some(10),
    };
    assert_eq!(seat_limit(&workshop(Some(36)), off), None);
}

#[test]
fn sign_up_opens_at_publication_and_closes_at_the_start_by_default() {
    let published = datetime!(2026-03-01 09:00 -4);
    let start = datetime!(2026-05-19 10:00 -4);
    let window = window(&WorkshopTerms::default(), published, start);
    assert_eq!((window.opens_at, window.closes_at), (published, start));
    assert!(window.is_open(datetime!(2026-05-19 09:59 -4)));
    assert!(!window.is_open(start));
    assert!(!window.is_open(datetime!(2026-02-28 09:00 -4)));
}

#[test]
fn the_event_files_window_applies_but_never_past_the_start() {
    let terms = WorkshopTerms {
        signup_opens: Some(datetime!(2026-05-01 09:00 -4)),
        signup_closes: Some(datetime!(2026-05-30 09:00 -4)),
        reminder_time: time!(18:00),
    };
    let start = datetime!(2026-05-19 10:00 -4);
    let window = window(&terms, datetime!(2026-03-01 09:00 -4), start);
    assert_eq!(window.opens_at, datetime!(2026-05-01 09:00 -4));
    assert_eq!(window.closes_at, start);
    assert!(!window.is_open(datetime!(2026-04-30 09:00 -4)));
}

#[test]
fn overlapping_sessions_clash_and_back_to_back_ones_do_not() {
    let nine_to_eleven = (datetime!(2026-05-19 09:00 -4), datetime!(2026-05-19 11:00 -4));
    let ten_to_twelve = (datetime!(2026-05-19 10:00 -4), datetime!(2026-05-19 12:00 -4));
    let eleven_to_one = (datetime!(2026-05-19 11:00 -4), datetime!(2026-05-19 13:00 -4));
    assert!(clash(nine_to_eleven, ten_to_twelve));
    assert!(clash(ten_to_twelve, nine_to_eleven));
    assert!(!clash(nine_to_eleven, eleven_to_one));
    // Times in other offsets compare as instants.
    let same_in_utc = (datetime!(2026-05-19 13:00 UTC), datetime!(2026-05-19 15:00 UTC));
    assert!(clash(nine_to_eleven, same_in_utc));
}

#[test]
fn the_reminder_is_due_on_the_venues_evening_before() {
    let terms = WorkshopTerms::default();
    let start = datetime!(2026-05-19 09:00 -4);
    assert_eq!(reminder_at(&terms, start), datetime!(2026-05-18 18:00 -4));
}

#[test]
fn a_session_is_nearly_full_with_a_tenth_or_three_seats_left() {
    assert!(nearly_full(100, 10));
    assert!(!nearly_full(100, 11));
    assert!(nearly_full(20, 3));
    assert!(!nearly_full(20, 4));
    assert!(nearly_full(20, 0));
}
