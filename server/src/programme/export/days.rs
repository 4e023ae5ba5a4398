//! The schedule cut into the venue's days and each day into its rooms, as the c3voc JSON and frab XML lay it out.

use std::collections::BTreeMap;

use time::{Date, Duration, OffsetDateTime, Time};

use super::ExportInfo;
use crate::programme::model::{Programme, Room, Session};

pub(super) struct Day<'a> {
    pub index: usize,
    pub date: Date,
    pub start: OffsetDateTime,
    pub end: OffsetDateTime,
    /// Every room, in the schedule's order, with the sessions starting in it that day.
    pub rooms: Vec<(&'a Room, Vec<&'a Session>)>,
}

/// Every day of the event, and any other day a session starts on; days run from midnight to midnight at the venue.
/// Sessions without a room are left out: both formats place every session in a room.
pub(super) fn days<'a>(programme: &'a Programme, info: &ExportInfo) -> Vec<Day<'a>> {
    let mut by_day: BTreeMap<Date, Vec<&'a Session>> = BTreeMap::new();
    let mut date = info.first_day;
    while date <= info.last_day {
        by_day.entry(date).or_default();
        let Some(next) = date.next_day() else { break };
        date = next;
    }
    for session in &programme.sessions {
        by_day
            .entry(session.start.to_offset(info.venue).date())
            .or_default()
            .push(session);
    }
    by_day
        .into_iter()
        .enumerate()
        .map(|(index, (date, sessions))| {
            let start = date.with_time(Time::MIDNIGHT).assume_offset(info.venue);
            let rooms = programme
                .rooms
                .iter()
                .map(|room| {
                    let in_room = sessions
                        .iter()
                        .filter(|s| s.room.as_deref() == Some(room.source_id.as_str()));
                    (room, in_room.copied().collect())
                })
                .collect();
            Day {
                index: index + 1,
                date,
                start,
                end: start + Duration::DAY,
                rooms,
            }
        })
        .collect()
}
