//! Workshop seats as the organizer and the door see them: every session's counts, a session's roster and waiting
//! list, the back office's sign-up choices (a lowered limit moves the latest seats back to the front of the line, a
//! raised one promotes), messages to a session's holders, the workshop's door, and the evening-before reminders.

use sqlx::Row;
use time::OffsetDateTime;

use super::Tx;
use super::admin::record_audit;
use super::outbox::{EmailKind, queue_email};
use super::seats::{
    SESSION_COLUMNS, SeatError, SeatSession, give_back_seat, instant, lock_session, lock_ticket, promote,
    queue_seat_email, read_session, session_from_row, take_seat, unix_millis,
};
use super::{Store, now_millis};
use crate::event::Event;
use crate::seats;

/// A session with its counters, for the back office.
#[derive(Debug, Clone)]
pub struct DeskSession {
    pub session: SeatSession,
    pub waiting: i64,
    pub checked_in: i64,
}

/// A seat holder, as the roster lists them. Times are Unix milliseconds.
#[derive(Debug, Clone)]
pub struct RosterEntry {
    pub ticket_id: String,
    pub code: String,
    pub name: Option<String>,
    pub email: String,
    pub ticket_type: String,
    pub reserved_at: i64,
    pub checked_in_at: Option<i64>,
    pub walk_in: bool,
}

/// A ticket in a session's waiting list, in order.
#[derive(Debug, Clone)]
pub struct QueueEntry {
    pub ticket_id: String,
    pub name: Option<String>,
    pub email: String,
    pub place: i64,
    pub joined_at: i64,
}

/// What the back office changes about a session's sign-up; `None` leaves it as it is.
#[derive(Debug, Clone, Copy, Default)]
pub struct SignupChange {
    pub signup: Option<bool>,
    /// `Some(None)`: back to the room's capacity.
    pub seat_limit: Option<Option<u32>>,
}

/// The message the holders moved back to the waiting list by a lowered limit receive.
pub struct MovedNotice<'a> {
    pub subject: &'a str,
    pub body: &'a str,
}

/// What the workshop's door answers a scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionCheckIn {
    /// `walk_in`: the ticket had no seat and took a free one.
    Admitted {
        walk_in: bool,
        at: i64,
    },
    AlreadyCheckedIn {
        at: i64,
        by: Option<String>,
    },
    Full,
}

impl Store {
    /// Every session on the programme, by start, with its counters.
    pub async fn desk_sessions(&self) -> Result<Vec<DeskSession>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "{} WHERE s.cancelled_in IS NULL ORDER BY s.starts_at, s.slug",
            desk_columns()
        ))
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(desk_from_row).collect()
    }

    pub async fn desk_session(&self, source_id: &str) -> Result<Option<DeskSession>, sqlx::Error> {
        sqlx::query(&format!("{} WHERE s.source_id = $1", desk_columns()))
            .bind(source_id)
            .fetch_optional(&self.connections)
            .await?
            .as_ref()
            .map(desk_from_row)
            .transpose()
    }

    /// The session's seat holders, in the order they reserved.
    pub async fn session_roster(&self, source_id: &str) -> Result<Vec<RosterEntry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT t.id, t.code, t.attendee_name, COALESCE(t.attendee_email, o.buyer_email) AS email, t.ticket_type,
                    w.reserved_at, w.checked_in_at, w.walk_in
             FROM workshop_seats w JOIN tickets t ON t.id = w.ticket_id JOIN orders o ON o.id = t.order_id
             WHERE w.session_source_id = $1 ORDER BY w.reserved_at, t.id",
        )
        .bind(source_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RosterEntry {
                    ticket_id: row.try_get("id")?,
                    code: row.try_get("code")?,
                    name: row.try_get("attendee_name")?,
                    email: row.try_get("email")?,
                    ticket_type: row.try_get("ticket_type")?,
                    reserved_at: row.try_get("reserved_at")?,
                    checked_in_at: row.try_get("checked_in_at")?,
                    walk_in: row.try_get::<i64, _>("walk_in")? == 1,
                })
            })
            .collect()
    }

    /// The session's waiting list, in order.
    pub async fn session_queue(&self, source_id: &str) -> Result<Vec<QueueEntry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT t.id, t.attendee_name, COALESCE(t.attendee_email, o.buyer_email) AS email, q.joined_at
             FROM workshop_queue q JOIN tickets t ON t.id = q.ticket_id JOIN orders o ON o.id = t.order_id
             WHERE q.session_source_id = $1 ORDER BY q.rank, q.ticket_id",
        )
        .bind(source_id)
        .fetch_all(&self.connections)
        .await?;
        (rows.iter().zip(1..))
            .map(|(row, place)| {
                Ok(QueueEntry {
                    ticket_id: row.try_get("id")?,
                    name: row.try_get("attendee_name")?,
                    email: row.try_get("email")?,
                    place,
                    joined_at: row.try_get("joined_at")?,
                })
            })
            .collect()
    }

    /// Changes the session's sign-up as `actor`. A limit below the seats taken moves the latest reserved seats (not
    /// yet used at the door) back to the front of the waiting list, in their order, each holder told by `notice`; a
    /// higher one gives free seats to the line.
    pub async fn change_session_signup(
        &self,
        event: &Event,
        source_id: &str,
        change: SignupChange,
        notice: MovedNotice<'_>,
        actor: &str,
    ) -> Result<(), sqlx::Error> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        lock_session(&mut tx, source_id).await?;
        if let Some(signup) = change.signup {
            sqlx::query("UPDATE session_seats SET signup = $2, updated_at = $3 WHERE session_source_id = $1")
                .bind(source_id)
                .bind(i64::from(signup))
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(limit) = change.seat_limit {
            sqlx::query("UPDATE session_seats SET seat_limit = $2, updated_at = $3 WHERE session_source_id = $1")
                .bind(source_id)
                .bind(limit.map(i64::from))
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        let session = read_session(&mut tx, source_id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        let over = session.limit().map_or(0, |limit| session.taken - i64::from(limit));
        if over > 0 {
            let latest = sqlx::query(
                "SELECT ticket_id FROM workshop_seats WHERE session_source_id = $1 AND checked_in_at IS NULL
                 ORDER BY reserved_at DESC, ticket_id DESC LIMIT $2",
            )
            .bind(source_id)
            .bind(over)
            .fetch_all(&mut *tx)
            .await?;
            let front: i64 =
                sqlx::query("SELECT COALESCE(MIN(rank), 1) AS front FROM workshop_queue WHERE session_source_id = $1")
                    .bind(source_id)
                    .fetch_one(&mut *tx)
                    .await?
                    .try_get("front")?;
            let moved = latest.len();
            let message_id = uuid::Uuid::new_v4().to_string();
            if moved > 0 {
                insert_message(&mut tx, &message_id, source_id, notice.subject, notice.body, actor).await?;
            }
            // Read latest first: the earliest of them goes first in line, the latest just before those waiting.
            for (behind, row) in (1..).zip(&latest) {
                let ticket_id: String = row.try_get("ticket_id")?;
                let recipient = seat_recipient(&mut tx, &ticket_id).await?;
                give_back_seat(&mut tx, &ticket_id, source_id).await?;
                sqlx::query(
                    "INSERT INTO workshop_queue (session_source_id, ticket_id, rank, joined_at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (session_source_id, ticket_id) DO NOTHING",
                )
                .bind(source_id)
                .bind(&ticket_id)
                .bind(front - behind)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                queue_email(
                    &mut tx,
                    EmailKind::SessionMessage,
                    &format!("session_message:{message_id}:{ticket_id}"),
                    &message_id,
                    &recipient,
                )
                .await?;
            }
        } else {
            promote(&mut tx, event, source_id, OffsetDateTime::now_utc()).await?;
        }
        let detail = serde_json::json!({
            "session": session.slug,
            "signup": change.signup,
            "seatLimit": change.seat_limit,
        });
        record_audit(&mut *tx, actor, "session_signup_changed", None, &detail).await?;
        tx.commit().await?;
        self.programme_changed();
        Ok(())
    }

    /// Queues one email of the organizer's message to each seat holder of the session; answers how many.
    pub async fn message_session(
        &self,
        source_id: &str,
        subject: &str,
        body: &str,
        actor: &str,
    ) -> Result<usize, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let message_id = uuid::Uuid::new_v4().to_string();
        insert_message(&mut tx, &message_id, source_id, subject, body, actor).await?;
        let holders = sqlx::query(
            "SELECT t.id, COALESCE(t.attendee_email, o.buyer_email) AS email
             FROM workshop_seats w JOIN tickets t ON t.id = w.ticket_id JOIN orders o ON o.id = t.order_id
             WHERE w.session_source_id = $1 ORDER BY w.reserved_at, t.id",
        )
        .bind(source_id)
        .fetch_all(&mut *tx)
        .await?;
        for row in &holders {
            let ticket_id: String = row.try_get("id")?;
            let email: String = row.try_get("email")?;
            queue_email(
                &mut tx,
                EmailKind::SessionMessage,
                &format!("session_message:{message_id}:{ticket_id}"),
                &message_id,
                &email,
            )
            .await?;
        }
        let detail = serde_json::json!({ "session": source_id, "subject": subject, "recipients": holders.len() });
        record_audit(&mut *tx, actor, "session_message", None, &detail).await?;
        tx.commit().await?;
        Ok(holders.len())
    }

    /// A message to a session's holders: its session's source id, subject and body.
    pub async fn session_message(&self, id: &str) -> Result<Option<(String, String, String)>, sqlx::Error> {
        sqlx::query("SELECT session_source_id, subject, body FROM session_messages WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?
            .map(|row| {
                Ok((
                    row.try_get("session_source_id")?,
                    row.try_get("subject")?,
                    row.try_get("body")?,
                ))
            })
            .transpose()
    }

    /// A seat by its id, for its emails: the ticket's id and the session's source id.
    pub async fn seat_by_id(&self, id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query("SELECT ticket_id, session_source_id FROM workshop_seats WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?
            .map(|row| Ok((row.try_get("ticket_id")?, row.try_get("session_source_id")?)))
            .transpose()
    }

    /// The workshop's door: a valid ticket with a seat is admitted once; one without takes a free seat (a walk-in),
    /// or is refused when there is none. Apart from the main door's check-in.
    pub async fn check_in_to_session(
        &self,
        ticket_id: &str,
        source_id: &str,
        actor: &str,
    ) -> Result<SessionCheckIn, SeatError> {
        let _turn = self.seat_turn().await;
        let mut tx = self.begin_write().await?;
        lock_ticket(&mut tx, ticket_id).await?.ok_or(SeatError::NotFound)?;
        let millis = now_millis();
        let admitted = sqlx::query(
            "UPDATE workshop_seats SET checked_in_at = $3, checked_in_by = $4
             WHERE ticket_id = $1 AND session_source_id = $2 AND checked_in_at IS NULL",
        )
        .bind(ticket_id)
        .bind(source_id)
        .bind(millis)
        .bind(actor)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if admitted == 1 {
            tx.commit().await?;
            return Ok(SessionCheckIn::Admitted {
                walk_in: false,
                at: millis,
            });
        }
        if let Some(row) = sqlx::query(
            "SELECT checked_in_at, checked_in_by FROM workshop_seats WHERE ticket_id = $1 AND session_source_id = $2",
        )
        .bind(ticket_id)
        .bind(source_id)
        .fetch_optional(&mut *tx)
        .await?
        {
            return Ok(SessionCheckIn::AlreadyCheckedIn {
                at: row.try_get::<Option<i64>, _>("checked_in_at")?.unwrap_or(millis),
                by: row.try_get("checked_in_by")?,
            });
        }
        let session = read_session(&mut tx, source_id).await?.ok_or(SeatError::NotFound)?;
        let Some(limit) = session.limit() else {
            return Ok(SessionCheckIn::Full);
        };
        match take_seat(&mut tx, ticket_id, 0, &session, limit, true).await {
            Ok(_) => {}
            Err(SeatError::Full) => return Ok(SessionCheckIn::Full),
            Err(error) => return Err(error),
        }
        sqlx::query("UPDATE workshop_seats SET checked_in_by = $3 WHERE ticket_id = $1 AND session_source_id = $2")
            .bind(ticket_id)
            .bind(source_id)
            .bind(actor)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM workshop_queue WHERE session_source_id = $1 AND ticket_id = $2")
            .bind(source_id)
            .bind(ticket_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(SessionCheckIn::Admitted {
            walk_in: true,
            at: millis,
        })
    }

    /// Queues the evening-before reminder of every seat whose time has come, once per seat: the seat's mark is set
    /// by a conditional update, so several instances or a restart queue it once. Answers how many were queued.
    pub async fn queue_seat_reminders(&self, event: &Event, now: OffsetDateTime) -> Result<usize, sqlx::Error> {
        let now_ms = unix_millis(now);
        // A reminder is due at most two days before its session (the day before at midnight, for one just before the
        // next midnight): later sessions need not be read yet.
        let horizon = now_ms + 48 * 60 * 60 * 1000;
        let rows = sqlx::query(
            "SELECT w.ticket_id, w.session_source_id, s.starts_at
             FROM workshop_seats w JOIN programme_sessions s ON s.source_id = w.session_source_id
             WHERE w.reminded_at IS NULL AND s.cancelled_in IS NULL AND s.starts_at > $1 AND s.starts_at <= $2",
        )
        .bind(now_ms)
        .bind(horizon)
        .fetch_all(&self.connections)
        .await?;
        let venue = event.starts_at.offset();
        let mut queued = 0;
        for row in rows {
            let starts_at: i64 = row.try_get("starts_at")?;
            if now < seats::reminder_at(&event.workshops, instant(starts_at).to_offset(venue)) {
                continue;
            }
            let ticket_id: String = row.try_get("ticket_id")?;
            let source_id: String = row.try_get("session_source_id")?;
            let mut tx = self.begin_write().await?;
            let marked = sqlx::query(
                "UPDATE workshop_seats SET reminded_at = $3
                 WHERE ticket_id = $1 AND session_source_id = $2 AND reminded_at IS NULL",
            )
            .bind(&ticket_id)
            .bind(&source_id)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if marked == 1 {
                queue_seat_email(&mut tx, EmailKind::SeatReminder, &ticket_id, &source_id).await?;
                queued += 1;
            }
            tx.commit().await?;
        }
        Ok(queued)
    }
}

fn desk_columns() -> String {
    SESSION_COLUMNS.replacen(
        "COALESCE(c.taken, 0) AS taken",
        "COALESCE(c.taken, 0) AS taken,
            (SELECT COUNT(*) FROM workshop_queue q WHERE q.session_source_id = s.source_id) AS waiting,
            (SELECT COUNT(*) FROM workshop_seats w
             WHERE w.session_source_id = s.source_id AND w.checked_in_at IS NOT NULL) AS checked_in",
        1,
    )
}

fn desk_from_row(row: &sqlx::any::AnyRow) -> Result<DeskSession, sqlx::Error> {
    Ok(DeskSession {
        session: session_from_row(row)?,
        waiting: row.try_get("waiting")?,
        checked_in: row.try_get("checked_in")?,
    })
}

async fn insert_message(
    tx: &mut Tx,
    id: &str,
    source_id: &str,
    subject: &str,
    body: &str,
    actor: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO session_messages (id, session_source_id, subject, body, sent_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(source_id)
    .bind(subject)
    .bind(body)
    .bind(actor)
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn seat_recipient(tx: &mut Tx, ticket_id: &str) -> Result<String, sqlx::Error> {
    sqlx::query(
        "SELECT COALESCE(t.attendee_email, o.buyer_email) AS email FROM tickets t JOIN orders o ON o.id = t.order_id
         WHERE t.id = $1",
    )
    .bind(ticket_id)
    .fetch_one(&mut **tx)
    .await?
    .try_get("email")
}
