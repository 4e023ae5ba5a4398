//! The programme as the last applied import left it, and the numbered versions each import made. An import is
//! compared with what is stored and written in one transaction, by its entries' source ids, so the site's own ids
//! stay put while the source keeps its ids.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use time::OffsetDateTime;

use super::Tx;
use super::admin::record_audit;
use super::{Backend, Store, now_millis};
use crate::programme::{Changes, Link, Programme, Room, Session, SessionKind, Speaker, Track, changes};

/// What applying an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedProgramme {
    pub changes: Changes,
    /// The version it made; none when it changed nothing.
    pub version: Option<i64>,
}

/// The programme as one snapshot left it, with the import that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionedProgramme {
    pub programme: Programme,
    /// The sessions imports removed, by start: their pages stay, saying they were cancelled.
    pub cancelled: Vec<Session>,
    /// None before the first import.
    pub version: Option<ProgrammeVersion>,
}

/// One applied import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgrammeVersion {
    pub number: i64,
    /// The file's format, e.g. `pretalx`.
    pub format: String,
    pub changes: Changes,
    /// Unix milliseconds.
    pub applied_at: i64,
    /// Who applied it, as the audit log names them.
    pub applied_by: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApplyProgrammeError {
    /// The programme is not whole: an importer let through a reference it should have refused.
    #[error("session '{session}' names the {field} '{source_id}', which the programme does not have")]
    UnknownReference {
        session: String,
        field: &'static str,
        source_id: String,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl Store {
    /// The current programme: rooms and tracks in their order, speakers in the source's, sessions by start, then room.
    pub async fn programme(&self) -> Result<Programme, sqlx::Error> {
        Ok(self.versioned_programme().await?.programme)
    }

    /// The current programme and the version that made it (none before the first import), read from one snapshot:
    /// an import applied meanwhile shows in neither or in both.
    pub async fn versioned_programme(&self) -> Result<VersionedProgramme, sqlx::Error> {
        let mut tx = self.begin_read().await?;
        let version = sqlx::query(&format!("{VERSION_COLUMNS} ORDER BY number DESC LIMIT 1"))
            .fetch_optional(&mut *tx)
            .await?
            .as_ref()
            .map(version_from_row)
            .transpose()?;
        let programme = read_programme(&mut tx).await?;
        let cancelled = read_sessions(&mut tx, Sessions::Cancelled).await?;
        tx.commit().await?;
        Ok(VersionedProgramme {
            programme,
            cancelled,
            version,
        })
    }

    /// Makes `imported` the programme, when it changes anything, as version n + 1 with its report, logged as
    /// `actor`'s change.
    pub async fn apply_programme(
        &self,
        imported: &Programme,
        format: &str,
        actor: &str,
    ) -> Result<AppliedProgramme, ApplyProgrammeError> {
        check_references(imported)?;
        let mut tx = self.begin_write().await?;
        take_programme_lock(&mut tx, self.backend).await?;
        let current = read_programme(&mut tx).await?;
        let changes = changes(&current, imported);
        if changes.is_empty() {
            tx.commit().await?;
            return Ok(AppliedProgramme { changes, version: None });
        }
        let number: i64 = sqlx::query("SELECT COALESCE(MAX(number), 0) + 1 AS next FROM programme_versions")
            .fetch_one(&mut *tx)
            .await?
            .try_get("next")?;
        write_programme(&mut tx, &current, imported, number).await?;
        let summary = serde_json::to_string(&changes).map_err(|error| sqlx::Error::Encode(error.into()))?;
        sqlx::query(
            "INSERT INTO programme_versions (number, format, changes, applied_at, applied_by) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(number)
        .bind(format)
        .bind(summary)
        .bind(now_millis())
        .bind(actor)
        .execute(&mut *tx)
        .await?;
        let detail = serde_json::json!({ "version": number, "format": format });
        record_audit(&mut *tx, actor, "programme_imported", None, &detail).await?;
        tx.commit().await?;
        self.programme_changed();
        Ok(AppliedProgramme {
            changes,
            version: Some(number),
        })
    }

    /// The number of the last applied import; none before the first.
    pub async fn programme_version(&self) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query("SELECT MAX(number) AS number FROM programme_versions")
            .fetch_one(&self.connections)
            .await?
            .try_get("number")
    }

    /// The programme's version and the state of its speakers' photos, in one cheap read: what a published view is
    /// kept for. None before the first import.
    pub async fn programme_revision(&self) -> Result<Option<ProgrammeRevision>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT (SELECT MAX(number) FROM programme_versions) AS number,
                    (SELECT COUNT(*) FROM speaker_photos) AS photos,
                    (SELECT COALESCE(MAX(updated_at), 0) FROM speaker_photos) AS photos_changed,
                    (SELECT COALESCE(MAX(updated_at), 0) FROM session_seats) AS signups_changed",
        )
        .fetch_one(&self.connections)
        .await?;
        let Some(number) = row.try_get::<Option<i64>, _>("number")? else {
            return Ok(None);
        };
        Ok(Some(ProgrammeRevision {
            number,
            photos: row.try_get("photos")?,
            photos_changed: row.try_get("photos_changed")?,
            signups_changed: row.try_get("signups_changed")?,
        }))
    }

    /// Every applied import, newest first.
    pub async fn programme_versions(&self) -> Result<Vec<ProgrammeVersion>, sqlx::Error> {
        sqlx::query(&format!("{VERSION_COLUMNS} ORDER BY number DESC"))
            .fetch_all(&self.connections)
            .await?
            .iter()
            .map(version_from_row)
            .collect()
    }
}

/// What the published programme shows: its version, how many speakers' photos there are and when one last
/// changed (an upload or a removal changes the pages without a new version), and when the back office last changed
/// which sessions take sign-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProgrammeRevision {
    pub number: i64,
    pub photos: i64,
    pub photos_changed: i64,
    pub signups_changed: i64,
}

const VERSION_COLUMNS: &str = "SELECT number, format, changes, applied_at, applied_by FROM programme_versions";

fn version_from_row(row: &AnyRow) -> Result<ProgrammeVersion, sqlx::Error> {
    let changes: String = row.try_get("changes")?;
    Ok(ProgrammeVersion {
        number: row.try_get("number")?,
        format: row.try_get("format")?,
        changes: serde_json::from_str(&changes).map_err(|error| decode_error("changes", error))?,
        applied_at: row.try_get("applied_at")?,
        applied_by: row.try_get("applied_by")?,
    })
}

/// Two imports applied at once must not interleave into a mixed programme or two versions with one number. SQLite
/// has one writer at a time: a write first takes its lock now. PostgreSQL takes a lock of the programme's own.
async fn take_programme_lock(tx: &mut Tx, backend: Backend) -> Result<(), sqlx::Error> {
    let statement = match backend {
        Backend::Sqlite => "UPDATE programme_versions SET number = number WHERE number = 0",
        Backend::Postgres => "SELECT pg_advisory_xact_lock(hashtext('programme'))",
    };
    sqlx::query(statement).execute(&mut **tx).await?;
    Ok(())
}

fn check_references(programme: &Programme) -> Result<(), ApplyProgrammeError> {
    let rooms: Vec<&String> = programme.rooms.iter().map(|room| &room.source_id).collect();
    let tracks: Vec<&String> = programme.tracks.iter().map(|track| &track.source_id).collect();
    let speakers: Vec<&String> = programme.speakers.iter().map(|speaker| &speaker.source_id).collect();
    for session in &programme.sessions {
        let references = (session.room.iter().map(|id| ("room", id, &rooms)))
            .chain(session.track.iter().map(|id| ("track", id, &tracks)))
            .chain(session.speakers.iter().map(|id| ("speaker", id, &speakers)));
        for (field, source_id, known) in references {
            if !known.contains(&source_id) {
                return Err(ApplyProgrammeError::UnknownReference {
                    session: session.slug.clone(),
                    field,
                    source_id: source_id.clone(),
                });
            }
        }
    }
    Ok(())
}

/// Writes what differs between `current` (as stored) and `imported` as version `number`: sessions gone are marked
/// cancelled, other entries gone are deleted last, once no session on the programme names them.
async fn write_programme(
    tx: &mut Tx,
    current: &Programme,
    imported: &Programme,
    number: i64,
) -> Result<(), sqlx::Error> {
    for gone in current
        .sessions
        .iter()
        .filter(|old| !has_session(imported, &old.source_id))
    {
        sqlx::query("UPDATE programme_sessions SET cancelled_in = $1 WHERE source_id = $2")
            .bind(number)
            .bind(&gone.source_id)
            .execute(&mut **tx)
            .await?;
    }
    for (position, room) in imported.rooms.iter().enumerate() {
        upsert_room(tx, room, position).await?;
    }
    for (position, track) in imported.tracks.iter().enumerate() {
        upsert_track(tx, track, position).await?;
    }
    let stored_speakers: HashMap<&String, (usize, &Speaker)> = current
        .speakers
        .iter()
        .enumerate()
        .map(|(position, speaker)| (&speaker.source_id, (position, speaker)))
        .collect();
    for (position, speaker) in imported.speakers.iter().enumerate() {
        if stored_speakers.get(&speaker.source_id) != Some(&(position, speaker)) {
            upsert_speaker(tx, speaker, position).await?;
        }
    }
    let stored_sessions: HashMap<&String, &Session> = current
        .sessions
        .iter()
        .map(|session| (&session.source_id, session))
        .collect();
    for session in &imported.sessions {
        if stored_sessions.get(&session.source_id) != Some(&session) {
            upsert_session(tx, session).await?;
        }
    }
    for gone in current.speakers.iter().filter(|old| {
        !imported
            .speakers
            .iter()
            .any(|speaker| speaker.source_id == old.source_id)
    }) {
        // Only cancelled sessions can still name a speaker the import no longer has: they lose that speaker.
        sqlx::query(
            "DELETE FROM programme_session_speakers
             WHERE speaker_id = (SELECT id FROM programme_speakers WHERE source_id = $1)",
        )
        .bind(&gone.source_id)
        .execute(&mut **tx)
        .await?;
        delete_by_source_id(tx, "programme_speakers", &gone.source_id).await?;
    }
    for gone in current
        .rooms
        .iter()
        .filter(|old| !imported.rooms.iter().any(|room| room.source_id == old.source_id))
    {
        forget_in_cancelled(tx, "room_id", "programme_rooms", &gone.source_id).await?;
        delete_by_source_id(tx, "programme_rooms", &gone.source_id).await?;
    }
    for gone in current
        .tracks
        .iter()
        .filter(|old| !imported.tracks.iter().any(|track| track.source_id == old.source_id))
    {
        forget_in_cancelled(tx, "track_id", "programme_tracks", &gone.source_id).await?;
        delete_by_source_id(tx, "programme_tracks", &gone.source_id).await?;
    }
    Ok(())
}

fn has_session(programme: &Programme, source_id: &str) -> bool {
    programme.sessions.iter().any(|session| session.source_id == source_id)
}

/// Only cancelled sessions can still name a room or track the import no longer has: they lose it. `column` and
/// `table` are this file's names, never input.
async fn forget_in_cancelled(tx: &mut Tx, column: &str, table: &str, source_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE programme_sessions SET {column} = NULL WHERE {column} = (SELECT id FROM {table} WHERE source_id = $1)"
    ))
    .bind(source_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// `table` is one of this file's table names, never input.
async fn delete_by_source_id(tx: &mut Tx, table: &str, source_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("DELETE FROM {table} WHERE source_id = $1"))
        .bind(source_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn upsert_room(tx: &mut Tx, room: &Room, position: usize) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO programme_rooms (id, source_id, name, capacity, position) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (source_id) DO UPDATE
         SET name = excluded.name, capacity = excluded.capacity, position = excluded.position",
    )
    .bind(new_id())
    .bind(&room.source_id)
    .bind(&room.name)
    .bind(room.capacity.map(i64::from))
    .bind(to_i64(position))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn upsert_track(tx: &mut Tx, track: &Track, position: usize) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO programme_tracks (id, source_id, name, colour, position) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (source_id) DO UPDATE
         SET name = excluded.name, colour = excluded.colour, position = excluded.position",
    )
    .bind(new_id())
    .bind(&track.source_id)
    .bind(&track.name)
    .bind(track.colour.as_deref())
    .bind(to_i64(position))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn upsert_speaker(tx: &mut Tx, speaker: &Speaker, position: usize) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO programme_speakers (id, source_id, slug, name, tagline, biography, avatar_url, links, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (source_id) DO UPDATE
         SET slug = excluded.slug, name = excluded.name, tagline = excluded.tagline, biography = excluded.biography,
             avatar_url = excluded.avatar_url, links = excluded.links, position = excluded.position",
    )
    .bind(new_id())
    .bind(&speaker.source_id)
    .bind(&speaker.slug)
    .bind(&speaker.name)
    .bind(speaker.tagline.as_deref())
    .bind(speaker.biography.as_deref())
    .bind(speaker.avatar_url.as_deref())
    .bind(links_json(&speaker.links)?)
    .bind(to_i64(position))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The session and its speakers, in their order.
async fn upsert_session(tx: &mut Tx, session: &Session) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO programme_sessions (id, source_id, slug, title, subtitle, kind, track_id, level, language,
             abstract, description, room_id, starts_at, ends_at, links)
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM programme_tracks WHERE source_id = $7), $8, $9, $10, $11,
             (SELECT id FROM programme_rooms WHERE source_id = $12), $13, $14, $15)
         ON CONFLICT (source_id) DO UPDATE
         SET slug = excluded.slug, title = excluded.title, subtitle = excluded.subtitle, kind = excluded.kind,
             track_id = excluded.track_id, level = excluded.level, language = excluded.language,
             abstract = excluded.abstract, description = excluded.description, room_id = excluded.room_id,
             starts_at = excluded.starts_at, ends_at = excluded.ends_at, links = excluded.links,
             cancelled_in = NULL",
    )
    .bind(new_id())
    .bind(&session.source_id)
    .bind(&session.slug)
    .bind(&session.title)
    .bind(session.subtitle.as_deref())
    .bind(session.kind.as_str())
    .bind(session.track.as_deref())
    .bind(session.level.as_deref())
    .bind(session.language.as_deref())
    .bind(session.abstract_text.as_deref())
    .bind(session.description.as_deref())
    .bind(session.room.as_deref())
    .bind(to_millis(session.start))
    .bind(to_millis(session.end))
    .bind(links_json(&session.links)?)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "DELETE FROM programme_session_speakers
         WHERE session_id = (SELECT id FROM programme_sessions WHERE source_id = $1)",
    )
    .bind(&session.source_id)
    .execute(&mut **tx)
    .await?;
    for (position, speaker) in session.speakers.iter().enumerate() {
        sqlx::query(
            "INSERT INTO programme_session_speakers (session_id, speaker_id, position)
             VALUES ((SELECT id FROM programme_sessions WHERE source_id = $1),
                     (SELECT id FROM programme_speakers WHERE source_id = $2), $3)",
        )
        .bind(&session.source_id)
        .bind(speaker)
        .bind(to_i64(position))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn read_programme(connection: &mut AnyConnection) -> Result<Programme, sqlx::Error> {
    let rooms = sqlx::query("SELECT source_id, name, capacity FROM programme_rooms ORDER BY position")
        .fetch_all(&mut *connection)
        .await?
        .iter()
        .map(|row| {
            let capacity: Option<i64> = row.try_get("capacity")?;
            Ok(Room {
                source_id: row.try_get("source_id")?,
                name: row.try_get("name")?,
                capacity: capacity
                    .map(u32::try_from)
                    .transpose()
                    .map_err(|error| decode_error("capacity", error))?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    let tracks = sqlx::query("SELECT source_id, name, colour FROM programme_tracks ORDER BY position")
        .fetch_all(&mut *connection)
        .await?
        .iter()
        .map(|row| {
            Ok(Track {
                source_id: row.try_get("source_id")?,
                name: row.try_get("name")?,
                colour: row.try_get("colour")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    let speakers = sqlx::query(
        "SELECT source_id, slug, name, tagline, biography, avatar_url, links FROM programme_speakers ORDER BY position",
    )
    .fetch_all(&mut *connection)
    .await?
    .iter()
    .map(|row| {
        Ok(Speaker {
            source_id: row.try_get("source_id")?,
            slug: row.try_get("slug")?,
            name: row.try_get("name")?,
            tagline: row.try_get("tagline")?,
            biography: row.try_get("biography")?,
            avatar_url: row.try_get("avatar_url")?,
            links: links_from_row(row)?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    let sessions = read_sessions(connection, Sessions::OnTheProgramme).await?;
    Ok(Programme {
        rooms,
        tracks,
        speakers,
        sessions,
    })
}

#[derive(Clone, Copy)]
enum Sessions {
    OnTheProgramme,
    Cancelled,
}

/// The sessions by start, then room.
async fn read_sessions(connection: &mut AnyConnection, which: Sessions) -> Result<Vec<Session>, sqlx::Error> {
    let mut speakers_of = speakers_by_session(connection).await?;
    let cancelled = match which {
        Sessions::OnTheProgramme => "IS NULL",
        Sessions::Cancelled => "IS NOT NULL",
    };
    sqlx::query(&format!(
        "SELECT s.source_id, s.slug, s.title, s.subtitle, s.kind, t.source_id AS track, s.level, s.language,
             s.abstract, s.description, r.source_id AS room, s.starts_at, s.ends_at, s.links
         FROM programme_sessions s
         LEFT JOIN programme_tracks t ON t.id = s.track_id
         LEFT JOIN programme_rooms r ON r.id = s.room_id
         WHERE s.cancelled_in {cancelled}
         ORDER BY s.starts_at, CASE WHEN r.position IS NULL THEN 1 ELSE 0 END, r.position, s.source_id"
    ))
    .fetch_all(&mut *connection)
    .await?
    .iter()
    .map(|row| session_from_row(row, &mut speakers_of))
    .collect()
}

/// Each session's speakers' source ids, in order, by the session's source id.
async fn speakers_by_session(connection: &mut AnyConnection) -> Result<HashMap<String, Vec<String>>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT s.source_id AS session, p.source_id AS speaker
         FROM programme_session_speakers l
         JOIN programme_sessions s ON s.id = l.session_id
         JOIN programme_speakers p ON p.id = l.speaker_id
         ORDER BY l.session_id, l.position",
    )
    .fetch_all(connection)
    .await?;
    let mut speakers: HashMap<String, Vec<String>> = HashMap::new();
    for row in rows {
        speakers
            .entry(row.try_get("session")?)
            .or_default()
            .push(row.try_get("speaker")?);
    }
    Ok(speakers)
}

fn session_from_row(row: &AnyRow, speakers_of: &mut HashMap<String, Vec<String>>) -> Result<Session, sqlx::Error> {
    let source_id: String = row.try_get("source_id")?;
    let kind: String = row.try_get("kind")?;
    Ok(Session {
        speakers: speakers_of.remove(&source_id).unwrap_or_default(),
        source_id,
        slug: row.try_get("slug")?,
        title: row.try_get("title")?,
        subtitle: row.try_get("subtitle")?,
        kind: SessionKind::parse(&kind).ok_or_else(|| decode_error("kind", format!("unknown kind {kind:?}")))?,
        track: row.try_get("track")?,
        level: row.try_get("level")?,
        language: row.try_get("language")?,
        abstract_text: row.try_get("abstract")?,
        description: row.try_get("description")?,
        room: row.try_get("room")?,
        start: time_from_row(row, "starts_at")?,
        end: time_from_row(row, "ends_at")?,
        links: links_from_row(row)?,
    })
}

fn links_json(links: &[Link]) -> Result<String, sqlx::Error> {
    serde_json::to_string(links).map_err(|error| sqlx::Error::Encode(error.into()))
}

fn links_from_row(row: &AnyRow) -> Result<Vec<Link>, sqlx::Error> {
    let json: String = row.try_get("links")?;
    serde_json::from_str(&json).map_err(|error| decode_error("links", error))
}

fn to_millis(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

fn time_from_row(row: &AnyRow, column: &str) -> Result<OffsetDateTime, sqlx::Error> {
    let millis: i64 = row.try_get(column)?;
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .map_err(|error| decode_error(column, error))
}

fn to_i64(position: usize) -> i64 {
    i64::try_from(position).unwrap_or(i64::MAX)
}

fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn decode_error(column: &str, error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: error.into(),
    }
}
