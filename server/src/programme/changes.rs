//! What an import would change in the programme, as the organizer reads it before applying it: sessions and
//! speakers added, changed and removed, and the sessions that moved in time or room. Entries are matched by their
//! source's id, so a renamed session is changed, not removed and added.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use time::{OffsetDateTime, UtcOffset};

use super::model::{Programme, Session};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Changes {
    pub sessions_added: u32,
    /// Moved sessions included.
    pub sessions_changed: u32,
    pub sessions_removed: u32,
    pub speakers_added: u32,
    pub speakers_changed: u32,
    pub speakers_removed: u32,
    /// In the imported schedule's order.
    pub moved: Vec<Moved>,
    /// Rooms or tracks changed, or the speakers' order, with no session or speaker counting it: still worth
    /// applying, though the report has no line for it.
    #[serde(skip)]
    pub layout_changed: bool,
}

/// A session that starts or ends at another time, or takes place in another room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Moved {
    /// The session's slug.
    pub session: String,
    pub from: Slot,
    pub to: Slot,
}

/// When and where a session takes place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Slot {
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub start: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub end: OffsetDateTime,
    /// The room's name, as that programme calls it.
    pub room: Option<String>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The moves' times at `offset`: the stored programme's times come back in UTC, and the organizer reads every
    /// time in the venue's, as the file has them.
    pub fn at_offset(mut self, offset: UtcOffset) -> Self {
        for moved in &mut self.moved {
            for slot in [&mut moved.from, &mut moved.to] {
                slot.start = slot.start.to_offset(offset);
                slot.end = slot.end.to_offset(offset);
            }
        }
        self
    }
}

/// What applying `imported` over `current` changes.
pub fn changes(current: &Programme, imported: &Programme) -> Changes {
    let (sessions_added, sessions_changed, sessions_removed) =
        count(&current.sessions, &imported.sessions, |session| &session.source_id);
    let (speakers_added, speakers_changed, speakers_removed) =
        count(&current.speakers, &imported.speakers, |speaker| &speaker.source_id);
    let moved = moved(current, imported);
    let speaker_order = |programme: &Programme| -> Vec<String> {
        programme
            .speakers
            .iter()
            .map(|speaker| speaker.source_id.clone())
            .collect()
    };
    let layout_changed = current.rooms != imported.rooms
        || current.tracks != imported.tracks
        || speaker_order(current) != speaker_order(imported);
    Changes {
        sessions_added,
        sessions_changed,
        sessions_removed,
        speakers_added,
        speakers_changed,
        speakers_removed,
        moved,
        layout_changed,
    }
}

/// How many entries of `imported` are new, differ from `current`'s, and how many of `current`'s are gone.
fn count<T: PartialEq>(current: &[T], imported: &[T], source_id: impl Fn(&T) -> &String) -> (u32, u32, u32) {
    let before: HashMap<&String, &T> = current.iter().map(|entry| (source_id(entry), entry)).collect();
    let after: HashMap<&String, &T> = imported.iter().map(|entry| (source_id(entry), entry)).collect();
    let tally = |count: usize| u32::try_from(count).unwrap_or(u32::MAX);
    let added = after.keys().filter(|id| !before.contains_key(*id)).count();
    let changed = after
        .iter()
        .filter(|(id, entry)| before.get(*id).is_some_and(|old| old != *entry))
        .count();
    let removed = before.keys().filter(|id| !after.contains_key(*id)).count();
    (tally(added), tally(changed), tally(removed))
}

fn moved(current: &Programme, imported: &Programme) -> Vec<Moved> {
    let before: HashMap<&String, &Session> = current
        .sessions
        .iter()
        .map(|session| (&session.source_id, session))
        .collect();
    imported
        .sessions
        .iter()
        .filter_map(|session| {
            let old = before.get(&session.source_id)?;
            let same_place = old.start == session.start && old.end == session.end && old.room == session.room;
            (!same_place).then(|| Moved {
                session: session.slug.clone(),
                from: slot(current, old),
                to: slot(imported, session),
            })
        })
        .collect()
}

fn slot(programme: &Programme, session: &Session) -> Slot {
    let room = session.room.as_ref().map(|source_id| {
        programme
            .rooms
            .iter()
            .find(|room| &room.source_id == source_id)
            .map_or_else(|| source_id.clone(), |room| room.name.clone())
    });
    Slot {
        start: session.start,
        end: session.end,
        room,
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::{Changes, Moved, Slot, changes};
    use crate::programme::model::{Programme, Room, Session, SessionKind, Speaker, Track};

    fn room(source_id: &str, name: &str) -> Room {
        Room {
            source_id: source_id.into(),
            name: name.into(),
            capacity: Some(100),
        }
    }

    fn speaker(source_id: &str, name: &str) -> Speaker {
        Speaker {
            source_id: source_id.into(),
            slug: name.to_lowercase().replace(' ', "-"),
            name: name.into(),
            tagline: None,
            biography: Some("Builds things.".into()),
            avatar_url: None,
            links: Vec::new(),
        }
    }

    fn session(source_id: &str, slug: &str, room: &str, hour: u8) -> Session {
        let start = datetime!(2026-05-18 00:00 -4).replace_hour(hour).unwrap();
        Session {
            source_id: source_id.into(),
            slug: slug.into(),
            title: slug.replace('-', " "),
            subtitle: None,
            kind: SessionKind::Talk,
            track: Some("web".into()),
            level: Some("beginner".into()),
            language: Some("en".into()),
            abstract_text: Some("An abstract.".into()),
            description: None,
            speakers: vec!["ada".into()],
            room: Some(room.into()),
            start,
            end: start + time::Duration::minutes(45),
            links: Vec::new(),
        }
    }

    fn conference() -> Programme {
        Programme {
            rooms: vec![room("r1", "Main hall"), room("r2", "Workshop room")],
            tracks: vec![Track {
                source_id: "web".into(),
                name: "Web".into(),
                colour: Some("#336699".into()),
            }],
            speakers: vec![speaker("ada", "Ada Lovelace"), speaker("grace", "Grace Hopper")],
            sessions: vec![
                session("s1", "opening", "r1", 9),
                session("s2", "rust-on-the-web", "r1", 10),
                session("s3", "react-hooks", "r2", 10),
            ],
        }
    }

    #[test]
    fn the_same_programme_changes_nothing() {
        let report = changes(&conference(), &conference());

        assert!(report.is_empty(), "{report:?}");
    }

    #[test]
    fn an_empty_site_gets_everything_added() {
        let report = changes(&Programme::default(), &conference());

        assert_eq!(
            report,
            Changes {
                sessions_added: 3,
                speakers_added: 2,
                layout_changed: true,
                ..Changes::default()
            }
        );
    }

    #[test]
    fn a_session_moved_to_another_room_and_hour_is_moved_and_changed() {
        let mut imported = conference();
        imported.sessions[1].room = Some("r2".into());
        imported.sessions[1].start = datetime!(2026-05-18 14:00 -4);
        imported.sessions[1].end = datetime!(2026-05-18 14:45 -4);

        let report = changes(&conference(), &imported);

        assert_eq!(report.sessions_changed, 1);
        assert_eq!(
            report.moved,
            vec![Moved {
                session: "rust-on-the-web".into(),
                from: Slot {
                    start: datetime!(2026-05-18 10:00 -4),
                    end: datetime!(2026-05-18 10:45 -4),
                    room: Some("Main hall".into()),
                },
                to: Slot {
                    start: datetime!(2026-05-18 14:00 -4),
                    end: datetime!(2026-05-18 14:45 -4),
                    room: Some("Workshop room".into()),
                },
            }]
        );
    }

    #[test]
    fn a_retitled_session_is_changed_but_not_moved() {
        let mut imported = conference();
        imported.sessions[2].title = "React hooks, revisited".into();

        let report = changes(&conference(), &imported);

        assert_eq!(report.sessions_changed, 1);
        assert!(report.moved.is_empty());
    }

    #[test]
    fn speakers_and_sessions_gone_and_new_are_counted_by_their_source_ids() {
        let mut imported = conference();
        imported.speakers.remove(1);
        imported.speakers.push(speaker("linus", "Linus Torvalds"));
        imported.speakers[0].tagline = Some("Analytical Engines Ltd".into());
        imported.sessions.remove(0);
        imported.sessions.push(session("s4", "closing", "r1", 17));

        let report = changes(&conference(), &imported);

        assert_eq!(
            (report.speakers_added, report.speakers_changed, report.speakers_removed),
            (1, 1, 1)
        );
        assert_eq!(
            (report.sessions_added, report.sessions_changed, report.sessions_removed),
            (1, 0, 1)
        );
    }

    #[test]
    fn a_renamed_room_is_worth_applying_without_a_line_in_the_report() {
        let mut imported = conference();
        imported.rooms[0].name = "Auditorium".into();

        let report = changes(&conference(), &imported);

        assert!(!report.is_empty());
        assert_eq!(
            serde_json::to_value(&report).unwrap(),
            serde_json::json!({
                "sessionsAdded": 0, "sessionsChanged": 0, "sessionsRemoved": 0,
                "speakersAdded": 0, "speakersChanged": 0, "speakersRemoved": 0, "moved": [],
            })
        );
    }

    #[test]
    fn a_move_is_reported_with_rfc_3339_times() {
        let mut imported = conference();
        imported.sessions[0].start = datetime!(2026-05-18 08:30 -4);

        let report = serde_json::to_value(changes(&conference(), &imported)).unwrap();

        assert_eq!(
            report["moved"],
            serde_json::json!([{
                "session": "opening",
                "from": {"start": "2026-05-18T09:00:00-04:00", "end": "2026-05-18T09:45:00-04:00", "room": "Main hall"},
                "to": {"start": "2026-05-18T08:30:00-04:00", "end": "2026-05-18T09:45:00-04:00", "room": "Main hall"},
            }])
        );
    }
}
