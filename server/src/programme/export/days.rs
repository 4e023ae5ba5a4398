//! The schedule cut into the venue's days and each day into its rooms, as the c3voc JSON and frab XML lay it out.

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

/// Days run from midnight to midnight at the venue; a session belongs to the day it starts on. Sessions without a
/// room are left out: both formats place every session in a room.
pub(super) fn days<'a>(programme: &'a Programme, info: &ExportInfo) -> Vec<Day<'a>> {
    let local_date = |session: &Session| session.start.to_offset(info.venue).date();
    let first = programme
        .sessions
        .iter()
        .map(local_date)
        .fold(info.first_day, Date::min);
    let last = programme.sessions.iter().map(local_date).fold(info.last_day, Date::max);
    let mut days = Vec::new();
    let mut date = first;
    while date <= last {
        let start = date.with_time(Time::MIDNIGHT).assume_offset(info.venue);
        let rooms = programme
            .rooms
            .iter()
            .map(|room| {
                let sessions = programme
                    .sessions
                    .iter()
                    .filter(|s| local_date(s) == date && s.room.as_deref() == Some(room.source_id.as_str()))
                    .collect();
                (room, sessions)
            })
            .collect();
        days.push(Day {
            index: days.len() + 1,
            date,
            start,
            end: start + Duration::DAY,
            rooms,
        });
        let Some(next) = date.next_day() else { break };
        date = next;
    }
    days
}
