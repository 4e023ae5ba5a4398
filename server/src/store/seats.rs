//! Workshop seats as attendees hold them: reserving, cancelling, the sessions' waiting lists and the promotion of
//! the first eligible ticket in line when a seat frees. Every limit holds under races on both databases because it
//! is raised by one conditional UPDATE on a counter row (the ticket's `ticket_seat_counts.held`, taken first, then
//! the session's `session_seats.taken`), never by reading and then inserting: the row lock orders the racers, and
//! PostgreSQL's READ COMMITTED re-reads the row after waiting for it.

use sqlx::Row;
use sqlx::any::AnyRow;
use time::OffsetDateTime;

use super::Tx;
use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};
use crate::event::Event;
use crate::programme::SessionKind;
use crate::seats::{self, Override, SessionFacts, Window};

/// A session as a seat's rules read it, with the back office's choices and its counters.
#[derive(Debug, Clone)]
pub struct SeatSession {
    pub source_id: String,
    pub slug: String,
    pub title: String,
    pub kind: SessionKind,
    /// Unix milliseconds.
    pub starts_at: i64,
    pub ends_at: i64,
    pub room: Option<String>,
    pub room_capacity: Option<u32>,
    pub cancelled: bool,
    pub chosen: Override,
    pub taken: i64,
}

impl SeatSession {
    fn facts(&self) -> SessionFacts {
        SessionFacts {
            kind: self.kind,
            room_capacity: self.room_capacity,
            start: instant(self.starts_at),
            end: instant(self.ends_at),
        }
    }

    /// The seats it has, when it takes sign-ups.
    pub fn limit(&self) -> Option<u32> {
        seats::seat_limit(&self.facts(), self.chosen)
    }
}

/// A seat a ticket holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldSeat {
    pub session_source_id: String,
    pub slug: String,
    pub title: String,
    /// Unix milliseconds.
    pub starts_at: i64,
    pub ends_at: i64,
    pub room: Option<String>,
}

/// A place in a session's waiting list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedPlace {
    pub slug: String,
    /// 1-based.
    pub place: i64,
}

/// Why a seat, a place or a cancellation was refused.
#[derive(Debug, thiserror::Error)]
pub enum SeatError {
    #[error("the ticket's type includes no workshop seats")]
    NoWorkshops,
    #[error("no such ticket or session")]
    NotFound,
    #[error("sign-up is not open for this session")]
    Closed(Closed),
    #[error("the ticket holds a seat in an overlapping session")]
    Clash(HeldSeat),
    #[error("the ticket holds as many seats as its type allows")]
    Limit(u32),
    #[error("the session is full")]
    Full,
    /// Joining a waiting list while seats are free.
    #[error("seats are free")]
    Available,
    /// Joining the waiting list of a session the ticket holds a seat in.
    #[error("the ticket holds a seat there already")]
    Reserved,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Why a session's sign-up is closed to this call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    NotYet(OffsetDateTime),
    Over,
    NoSignUp,
    Cancelled,
    Refunded,
    /// Cancelling once the session has started.
    Started,
}

/// What reserving answered: the seat, and whether this call took it (false: the ticket held it already).
#[derive(Debug, Clone)]
pub struct Reserved {
    pub seat: HeldSeat,
    pub new: bool,
}

impl Store {
    /// The session whose source id is `source_id`, on the programme or cancelled.
    pub async fn seat_session(&self, source_id: &str) -> Result<Option<SeatSession>, sqlx::Error> {
        let mut connection = self.connections.acquire().await?;
        let session = read_session(&mut connection, source_id).await;
        connection.answered(session)
    }

    /// Takes a seat in the session for the ticket: one per session, none overlapping another of its seats, at most
    /// its type's number, at most the session's limit, while sign-up is open.
    pub async fn reserve_seat(
        &self,
        event: &Event,
        ticket_id: &str,
        source_id: &str,
        now: OffsetDateTime,
    ) -> Result<Reserved, SeatError> {
        let _turn = self.seat_turn().await;
        let mut tx = self.begin_write().await?;
        let ticket = lock_ticket(&mut tx, ticket_id).await?.ok_or(SeatError::NotFound)?;
        let allowed = seats::seats_per_ticket(event, &ticket.ticket_type);
        if allowed == 0 {
            return Err(SeatError::NoWorkshops);
        }
        let session = read_session(&mut tx, source_id).await?.ok_or(SeatError::NotFound)?;
        if let Some(seat) = held_seats(&mut tx, ticket_id)
            .await?
            .into_iter()
            .find(|seat| seat.session_source_id == source_id)
        {
            return Ok(Reserved { seat, new: false });
        }
        let limit = open_for_sign_up(&mut tx, event, &session, ticket.valid, now).await?;
        let seat = take_seat(&mut tx, ticket_id, allowed, &session, limit, false).await?;
        sqlx::query("DELETE FROM workshop_queue WHERE session_source_id = $1 AND ticket_id = $2")
            .bind(source_id)
            .bind(ticket_id)
            .execute(&mut *tx)
            .await?;
        queue_seat_email(&mut tx, EmailKind::SeatConfirmed, ticket_id, source_id).await?;
        tx.commit().await?;
        Ok(Reserved { seat, new: true })
    }

    /// Gives up the ticket's seat in the session (and its place in the session's waiting list), until the session
    /// starts; a freed seat goes to the first eligible ticket in line.
    pub async fn cancel_seat(
        &self,
        event: &Event,
        ticket_id: &str,
        source_id: &str,
        now: OffsetDateTime,
    ) -> Result<(), SeatError> {
        let _turn = self.seat_turn().await;
        let mut tx = self.begin_write().await?;
        lock_ticket(&mut tx, ticket_id).await?.ok_or(SeatError::NotFound)?;
        let session = read_session(&mut tx, source_id).await?.ok_or(SeatError::NotFound)?;
        if now >= instant(session.starts_at) {
            return Err(SeatError::Closed(Closed::Started));
        }
        let left_queue = sqlx::query("DELETE FROM workshop_queue WHERE session_source_id = $1 AND ticket_id = $2")
            .bind(source_id)
            .bind(ticket_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let freed = give_back_seat(&mut tx, ticket_id, source_id).await?;
        if freed {
            promote(&mut tx, event, source_id, now).await?;
        } else if left_queue == 0 {
            return Err(SeatError::NotFound);
        }
        tx.commit().await?;
        Ok(())
    }

    /// Puts the ticket in the session's waiting list (where it is already: its place), and answers its place.
    /// A ticket at its limit or with a clash may wait: the promotion passes over it while it is not eligible.
    pub async fn join_seat_queue(
        &self,
        event: &Event,
        ticket_id: &str,
        source_id: &str,
        now: OffsetDateTime,
    ) -> Result<i64, SeatError> {
        let _turn = self.seat_turn().await;
        let mut tx = self.begin_write().await?;
        let ticket = lock_ticket(&mut tx, ticket_id).await?.ok_or(SeatError::NotFound)?;
        if seats::seats_per_ticket(event, &ticket.ticket_type) == 0 {
            return Err(SeatError::NoWorkshops);
        }
        let session = read_session(&mut tx, source_id).await?.ok_or(SeatError::NotFound)?;
        let limit = open_for_sign_up(&mut tx, event, &session, ticket.valid, now).await?;
        if held_seats(&mut tx, ticket_id)
            .await?
            .iter()
            .any(|seat| seat.session_source_id == source_id)
        {
            return Err(SeatError::Reserved);
        }
        let session_row = lock_session(&mut tx, source_id).await?;
        if session_row < i64::from(limit) {
            return Err(SeatError::Available);
        }
        sqlx::query(
            "INSERT INTO workshop_queue (session_source_id, ticket_id, rank, joined_at)
             SELECT $1, $2, COALESCE(MAX(rank), 0) + 1, $3 FROM workshop_queue WHERE session_source_id = $1
             ON CONFLICT (session_source_id, ticket_id) DO NOTHING",
        )
        .bind(source_id)
        .bind(ticket_id)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        let place = queue_place(&mut tx, ticket_id, source_id)
            .await?
            .ok_or(SeatError::NotFound)?;
        tx.commit().await?;
        Ok(place)
    }

    /// The ticket's seats, by start, and its places in waiting lists.
    pub async fn seats_of_ticket(&self, ticket_id: &str) -> Result<(Vec<HeldSeat>, Vec<QueuedPlace>), sqlx::Error> {
        let mut connection = self.connections.acquire().await?;
        let seats = held_seats(&mut connection, ticket_id).await?;
        let rows = sqlx::query(
            "SELECT s.slug,
                    (SELECT COUNT(*) FROM workshop_queue a
                     WHERE a.session_source_id = q.session_source_id
                       AND (a.rank < q.rank OR (a.rank = q.rank AND a.ticket_id <= q.ticket_id))) AS place
             FROM workshop_queue q JOIN programme_sessions s ON s.source_id = q.session_source_id
             WHERE q.ticket_id = $1 ORDER BY s.starts_at, s.slug",
        )
        .bind(ticket_id)
        .fetch_all(&mut *connection)
        .await;
        let rows = connection.answered(rows)?;
        let queued = rows
            .iter()
            .map(|row| {
                Ok(QueuedPlace {
                    slug: row.try_get("slug")?,
                    place: row.try_get("place")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok((seats, queued))
    }

    /// Every session's seats taken, waiting list and people admitted, by source id: what the pages poll.
    pub async fn seat_counts(&self) -> Result<Vec<SeatCount>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT c.session_source_id, c.taken,
                    (SELECT COUNT(*) FROM workshop_queue q WHERE q.session_source_id = c.session_source_id) AS waiting,
                    (SELECT COUNT(*) FROM workshop_seats w
                     WHERE w.session_source_id = c.session_source_id AND w.checked_in_at IS NOT NULL) AS checked_in
             FROM session_seats c",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(SeatCount {
                    source_id: row.try_get("session_source_id")?,
                    taken: row.try_get("taken")?,
                    waiting: row.try_get("waiting")?,
                    checked_in: row.try_get("checked_in")?,
                })
            })
            .collect()
    }

    /// The back office's choices, by the session's source id: part of the published programme.
    pub async fn seat_overrides(&self) -> Result<Vec<(String, Override)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT session_source_id, signup, seat_limit FROM session_seats
             WHERE signup IS NOT NULL OR seat_limit IS NOT NULL",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("session_source_id")?, override_from_row(row)?)))
            .collect()
    }
}

/// One session's counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatCount {
    pub source_id: String,
    pub taken: i64,
    pub waiting: i64,
    pub checked_in: i64,
}

pub(super) struct LockedTicket {
    pub(super) ticket_type: String,
    pub(super) valid: bool,
}

/// Locks the ticket's counter row, the first row any seat change takes (a write: SQLite's write lock at once).
pub(super) async fn lock_ticket(tx: &mut Tx, ticket_id: &str) -> Result<Option<LockedTicket>, sqlx::Error> {
    // A write first: SQLite's write lock is taken before anything is read (a read first could not be upgraded
    // while another writer commits).
    sqlx::query(
        "INSERT INTO ticket_seat_counts (ticket_id, held) SELECT id, 0 FROM tickets WHERE id = $1
         ON CONFLICT (ticket_id) DO NOTHING",
    )
    .bind(ticket_id)
    .execute(&mut **tx)
    .await?;
    let locked = sqlx::query("UPDATE ticket_seat_counts SET held = held WHERE ticket_id = $1")
        .bind(ticket_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if locked == 0 {
        return Ok(None);
    }
    // Read under the lock: a refund committed meanwhile shows.
    let row = sqlx::query("SELECT ticket_type, status FROM tickets WHERE id = $1")
        .bind(ticket_id)
        .fetch_one(&mut **tx)
        .await?;
    Ok(Some(LockedTicket {
        ticket_type: row.try_get("ticket_type")?,
        valid: row.try_get::<String, _>("status")? == "valid",
    }))
}

/// Locks the session's counter row (creating it) and answers its seats taken.
pub(super) async fn lock_session(tx: &mut Tx, source_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO session_seats (session_source_id, taken, updated_at) VALUES ($1, 0, 0)
         ON CONFLICT (session_source_id) DO NOTHING",
    )
    .bind(source_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE session_seats SET taken = taken WHERE session_source_id = $1 RETURNING taken")
        .bind(source_id)
        .fetch_one(&mut **tx)
        .await?
        .try_get("taken")
}

/// The session's seat limit, when a ticket (`valid` or not) may sign up for it now.
async fn open_for_sign_up(
    tx: &mut Tx,
    event: &Event,
    session: &SeatSession,
    valid: bool,
    now: OffsetDateTime,
) -> Result<u32, SeatError> {
    if !valid {
        return Err(SeatError::Closed(Closed::Refunded));
    }
    if session.cancelled {
        return Err(SeatError::Closed(Closed::Cancelled));
    }
    let limit = session.limit().ok_or(SeatError::Closed(Closed::NoSignUp))?;
    let window = sign_up_window(tx, event, session.starts_at).await?;
    if now < window.opens_at {
        return Err(SeatError::Closed(Closed::NotYet(window.opens_at)));
    }
    if !window.is_open(now) {
        return Err(SeatError::Closed(Closed::Over));
    }
    Ok(limit)
}

/// When sign-up for a session starting at `starts_at` opens and closes; by default it opens when the programme was
/// first published.
pub(super) async fn sign_up_window(tx: &mut Tx, event: &Event, starts_at: i64) -> Result<Window, sqlx::Error> {
    let published: Option<i64> = sqlx::query("SELECT MIN(applied_at) AS published FROM programme_versions")
        .fetch_one(&mut **tx)
        .await?
        .try_get("published")?;
    Ok(seats::window(
        &event.workshops,
        instant(published.unwrap_or(0)),
        instant(starts_at),
    ))
}

/// Takes a seat under the locks, in their order (the ticket's row is locked already, the session's now): refused
/// for a clash, the ticket's limit (`allowed`) or the session's (`limit`). A walk-in at the door skips the first two.
pub(super) async fn take_seat(
    tx: &mut Tx,
    ticket_id: &str,
    allowed: u32,
    session: &SeatSession,
    limit: u32,
    walk_in: bool,
) -> Result<HeldSeat, SeatError> {
    if !walk_in {
        let held = held_seats(tx, ticket_id).await?;
        let target = (instant(session.starts_at), instant(session.ends_at));
        if let Some(other) = held
            .into_iter()
            .find(|seat| seats::clash(target, (instant(seat.starts_at), instant(seat.ends_at))))
        {
            return Err(SeatError::Clash(other));
        }
        let counted = sqlx::query("UPDATE ticket_seat_counts SET held = held + 1 WHERE ticket_id = $1 AND held < $2")
            .bind(ticket_id)
            .bind(i64::from(allowed))
            .execute(&mut **tx)
            .await?
            .rows_affected();
        if counted == 0 {
            return Err(SeatError::Limit(allowed));
        }
    } else {
        sqlx::query("UPDATE ticket_seat_counts SET held = held + 1 WHERE ticket_id = $1")
            .bind(ticket_id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "INSERT INTO session_seats (session_source_id, taken, updated_at) VALUES ($1, 0, 0)
         ON CONFLICT (session_source_id) DO NOTHING",
    )
    .bind(&session.source_id)
    .execute(&mut **tx)
    .await?;
    // The limit the back office set is read from the locked row itself, so a change committed meanwhile counts.
    let seated = sqlx::query(
        "UPDATE session_seats SET taken = taken + 1
         WHERE session_source_id = $1 AND taken < COALESCE(seat_limit, $2) AND (signup IS NULL OR signup = 1)",
    )
    .bind(&session.source_id)
    .bind(i64::from(limit))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if seated == 0 {
        return Err(SeatError::Full);
    }
    // Recorded by the machine's clock, as check-ins are: the order of reservations decides who moves back first.
    let millis = now_millis();
    sqlx::query(
        "INSERT INTO workshop_seats (id, ticket_id, session_source_id, reserved_at, walk_in, checked_in_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(ticket_id)
    .bind(&session.source_id)
    .bind(millis)
    .bind(i64::from(walk_in))
    .bind(walk_in.then_some(millis))
    .execute(&mut **tx)
    .await?;
    Ok(HeldSeat {
        session_source_id: session.source_id.clone(),
        slug: session.slug.clone(),
        title: session.title.clone(),
        starts_at: session.starts_at,
        ends_at: session.ends_at,
        room: session.room.clone(),
    })
}

/// Removes the ticket's seat in the session and counts it back on both rows; false when it held none.
pub(super) async fn give_back_seat(tx: &mut Tx, ticket_id: &str, source_id: &str) -> Result<bool, sqlx::Error> {
    let removed = sqlx::query("DELETE FROM workshop_seats WHERE ticket_id = $1 AND session_source_id = $2")
        .bind(ticket_id)
        .bind(source_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if removed == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE ticket_seat_counts SET held = held - 1 WHERE ticket_id = $1 AND held > 0")
        .bind(ticket_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE session_seats SET taken = taken - 1 WHERE session_source_id = $1 AND taken > 0")
        .bind(source_id)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// Gives the session's free seats, in the same transaction, to the first tickets in its waiting list that are
/// valid, have room in their limit and no clash; the others keep their places. Each promoted holder is emailed.
/// Nothing moves once the session has started, is cancelled or takes no sign-ups.
pub(super) async fn promote(
    tx: &mut Tx,
    event: &Event,
    source_id: &str,
    now: OffsetDateTime,
) -> Result<(), sqlx::Error> {
    let Some(session) = read_session(tx, source_id).await? else {
        return Ok(());
    };
    let Some(limit) = session.limit().filter(|_| !session.cancelled) else {
        return Ok(());
    };
    if now >= instant(session.starts_at) {
        return Ok(());
    }
    let mut free = i64::from(limit) - lock_session(tx, source_id).await?;
    if free <= 0 {
        return Ok(());
    }
    let waiting = sqlx::query(
        "SELECT q.ticket_id, t.ticket_type, t.status FROM workshop_queue q JOIN tickets t ON t.id = q.ticket_id
         WHERE q.session_source_id = $1 ORDER BY q.rank, q.ticket_id",
    )
    .bind(source_id)
    .fetch_all(&mut **tx)
    .await?;
    for row in waiting {
        let ticket_id: String = row.try_get("ticket_id")?;
        let ticket_type: String = row.try_get("ticket_type")?;
        if row.try_get::<String, _>("status")? != "valid" {
            continue;
        }
        sqlx::query(
            "INSERT INTO ticket_seat_counts (ticket_id, held) VALUES ($1, 0) ON CONFLICT (ticket_id) DO NOTHING",
        )
        .bind(&ticket_id)
        .execute(&mut **tx)
        .await?;
        let allowed = seats::seats_per_ticket(event, &ticket_type);
        match take_seat(tx, &ticket_id, allowed, &session, limit, false).await {
            Ok(_) => {}
            Err(SeatError::Clash(_) | SeatError::Limit(_)) => continue,
            Err(SeatError::Database(error)) => return Err(error),
            Err(_) => {
                // The ticket's count was raised before the session's refused.
                sqlx::query("UPDATE ticket_seat_counts SET held = held - 1 WHERE ticket_id = $1 AND held > 0")
                    .bind(&ticket_id)
                    .execute(&mut **tx)
                    .await?;
                break;
            }
        }
        sqlx::query("DELETE FROM workshop_queue WHERE session_source_id = $1 AND ticket_id = $2")
            .bind(source_id)
            .bind(&ticket_id)
            .execute(&mut **tx)
            .await?;
        queue_seat_email(tx, EmailKind::SeatOffered, &ticket_id, source_id).await?;
        free -= 1;
        if free == 0 {
            break;
        }
    }
    Ok(())
}

/// Releases the seats and waiting-list places of the order's refunded tickets, inside the refund's transaction,
/// promoting the next in line for each seat freed.
pub(super) async fn release_refunded_seats(
    tx: &mut Tx,
    event: Option<&Event>,
    order_id: &str,
) -> Result<(), sqlx::Error> {
    // The tickets' counter rows first: a reservation under way commits before the seats are read, or waits and then
    // finds its ticket refunded.
    sqlx::query(
        "UPDATE ticket_seat_counts SET held = held
         WHERE ticket_id IN (SELECT id FROM tickets WHERE order_id = $1 AND status = 'refunded')",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "DELETE FROM workshop_queue WHERE ticket_id IN (SELECT id FROM tickets WHERE order_id = $1 AND status = 'refunded')",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    let seats = sqlx::query(
        "SELECT w.ticket_id, w.session_source_id FROM workshop_seats w JOIN tickets t ON t.id = w.ticket_id
         WHERE t.order_id = $1 AND t.status = 'refunded' ORDER BY w.ticket_id, w.session_source_id",
    )
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?;
    let now = OffsetDateTime::now_utc();
    for row in seats {
        let ticket_id: String = row.try_get("ticket_id")?;
        let source_id: String = row.try_get("session_source_id")?;
        if give_back_seat(tx, &ticket_id, &source_id).await?
            && let Some(event) = event
        {
            promote(tx, event, &source_id, now).await?;
        }
    }
    Ok(())
}

/// A seat email to the ticket's attendee (the buyer, for a ticket without a name), once per seat and kind.
pub(super) async fn queue_seat_email(
    tx: &mut Tx,
    kind: EmailKind,
    ticket_id: &str,
    source_id: &str,
) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT w.id, COALESCE(t.attendee_email, o.buyer_email) AS recipient
         FROM workshop_seats w JOIN tickets t ON t.id = w.ticket_id JOIN orders o ON o.id = t.order_id
         WHERE w.ticket_id = $1 AND w.session_source_id = $2",
    )
    .bind(ticket_id)
    .bind(source_id)
    .fetch_one(&mut **tx)
    .await?;
    let seat_id: String = row.try_get("id")?;
    let recipient: String = row.try_get("recipient")?;
    queue_email(tx, kind, &format!("{}:{seat_id}", kind.as_str()), &seat_id, &recipient).await
}

pub(super) async fn read_session(
    connection: &mut sqlx::AnyConnection,
    source_id: &str,
) -> Result<Option<SeatSession>, sqlx::Error> {
    sqlx::query(&format!("{SESSION_COLUMNS} WHERE s.source_id = $1"))
        .bind(source_id)
        .fetch_optional(&mut *connection)
        .await?
        .as_ref()
        .map(session_from_row)
        .transpose()
}

pub(super) const SESSION_COLUMNS: &str =
    "SELECT s.source_id, s.slug, s.title, s.kind, s.starts_at, s.ends_at, s.cancelled_in, r.name AS room_name,
            r.capacity, c.signup, c.seat_limit, COALESCE(c.taken, 0) AS taken
     FROM programme_sessions s
     LEFT JOIN programme_rooms r ON r.id = s.room_id
     LEFT JOIN session_seats c ON c.session_source_id = s.source_id";

pub(super) fn session_from_row(row: &AnyRow) -> Result<SeatSession, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    Ok(SeatSession {
        source_id: row.try_get("source_id")?,
        slug: row.try_get("slug")?,
        title: row.try_get("title")?,
        kind: SessionKind::parse(&kind).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "kind".into(),
            source: format!("unexpected session kind {kind:?}").into(),
        })?,
        starts_at: row.try_get("starts_at")?,
        ends_at: row.try_get("ends_at")?,
        room: row.try_get("room_name")?,
        room_capacity: (row.try_get::<Option<i64>, _>("capacity")?).and_then(|capacity| u32::try_from(capacity).ok()),
        cancelled: row.try_get::<Option<i64>, _>("cancelled_in")?.is_some(),
        chosen: override_from_row(row)?,
        taken: row.try_get("taken")?,
    })
}

fn override_from_row(row: &AnyRow) -> Result<Override, sqlx::Error> {
    Ok(Override {
        signup: row.try_get::<Option<i64>, _>("signup")?.map(|signup| signup == 1),
        seat_limit: (row.try_get::<Option<i64>, _>("seat_limit")?).and_then(|limit| u32::try_from(limit).ok()),
    })
}

/// The ticket's seats, by start.
pub(super) async fn held_seats(
    connection: &mut sqlx::AnyConnection,
    ticket_id: &str,
) -> Result<Vec<HeldSeat>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT w.session_source_id, s.slug, s.title, s.starts_at, s.ends_at, r.name AS room_name
         FROM workshop_seats w
         JOIN programme_sessions s ON s.source_id = w.session_source_id
         LEFT JOIN programme_rooms r ON r.id = s.room_id
         WHERE w.ticket_id = $1 ORDER BY s.starts_at, s.slug",
    )
    .bind(ticket_id)
    .fetch_all(&mut *connection)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(HeldSeat {
                session_source_id: row.try_get("session_source_id")?,
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                starts_at: row.try_get("starts_at")?,
                ends_at: row.try_get("ends_at")?,
                room: row.try_get("room_name")?,
            })
        })
        .collect()
}

async fn queue_place(tx: &mut Tx, ticket_id: &str, source_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query(
        "SELECT (SELECT COUNT(*) FROM workshop_queue a
                 WHERE a.session_source_id = q.session_source_id
                   AND (a.rank < q.rank OR (a.rank = q.rank AND a.ticket_id <= q.ticket_id))) AS place
         FROM workshop_queue q WHERE q.session_source_id = $1 AND q.ticket_id = $2",
    )
    .bind(source_id)
    .bind(ticket_id)
    .fetch_optional(&mut **tx)
    .await?
    .map(|row| row.try_get("place"))
    .transpose()
}

pub(super) fn instant(millis: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

pub(super) fn unix_millis(instant: OffsetDateTime) -> i64 {
    i64::try_from(instant.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}
