//! Tickets per attendee: one row per seat, issued when a ticket order is paid, named and
//! handed over by whoever holds it, and checked in at the door once. Every change is a
//! compare-and-set on the seat's code, which every hand-over replaces, so two devices or
//! two tabs never both win; a hand-over also locks the order's row, so it cannot slip
//! past a refund that cancels the order.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::answers::clear_answers;
use super::manage_link::set_manage_token;
use super::outbox::{EmailKind, queue_email_with_link};
use super::sponsors::open_sponsor_profile;
use super::{Prefixed, Store, now_millis};
use crate::domain::{Order, OrderKind};
use crate::event::Event;
use crate::secrets;
use crate::tickets::{HandoverCaps, new_ticket_code};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TicketStatus {
    Valid,
    /// Its order was cancelled by a refund: it admits no one.
    Refunded,
}

impl TicketStatus {
    fn parse(value: &str) -> Option<Self> {
        match value {
            "valid" => Some(Self::Valid),
            "refunded" => Some(Self::Refunded),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TicketRecord {
    pub id: String,
    pub order_id: String,
    pub position: i64,
    pub ticket_type: String,
    /// As stored: 20 characters, no prefix or dashes.
    pub code: String,
    pub attendee_name: Option<String>,
    pub attendee_email: Option<String>,
    pub status: TicketStatus,
    /// The digest of the holder's own link, once the seat was given to someone other than
    /// the buyer; `None` while the buyer holds it.
    #[serde(skip)]
    pub holder_token_hash: Option<String>,
    pub checked_in_at: Option<i64>,
    pub checked_in_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl TicketRecord {
    /// Whether someone other than the buyer holds the seat, with their own link.
    pub fn given_away(&self) -> bool {
        self.holder_token_hash.is_some()
    }
}

pub(super) const COLUMNS: &str = "id, order_id, position, ticket_type, code, attendee_name, attendee_email, status,
    holder_token_hash, checked_in_at, checked_in_by, created_at, updated_at";

pub(super) fn ticket_from_row(row: &AnyRow) -> Result<TicketRecord, sqlx::Error> {
    ticket_from_columns(row, &Prefixed(""))
}

/// The ticket in `row`, its columns named `COLUMNS` with `names`' prefix.
pub(super) fn ticket_from_columns(row: &AnyRow, names: &Prefixed) -> Result<TicketRecord, sqlx::Error> {
    let status: String = row.try_get(&*names.of("status"))?;
    Ok(TicketRecord {
        id: row.try_get(&*names.of("id"))?,
        order_id: row.try_get(&*names.of("order_id"))?,
        position: row.try_get(&*names.of("position"))?,
        ticket_type: row.try_get(&*names.of("ticket_type"))?,
        code: row.try_get(&*names.of("code"))?,
        attendee_name: row.try_get(&*names.of("attendee_name"))?,
        attendee_email: row.try_get(&*names.of("attendee_email"))?,
        status: TicketStatus::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "status".into(),
            source: format!("unexpected ticket status {status:?}").into(),
        })?,
        holder_token_hash: row.try_get(&*names.of("holder_token_hash"))?,
        checked_in_at: row.try_get(&*names.of("checked_in_at"))?,
        checked_in_by: row.try_get(&*names.of("checked_in_by"))?,
        created_at: row.try_get(&*names.of("created_at"))?,
        updated_at: row.try_get(&*names.of("updated_at"))?,
    })
}

/// The ticket type a sponsorship's passes are issued as.
pub const SPONSOR_PASS_TYPE: &str = "vip";

/// Issues a paid order's tickets, inside the transaction that marks it paid: a ticket
/// order's seats (the first is the buyer's, the others wait for a name), or a sponsorship's
/// VIP passes (its tier's number in `event`, all waiting for a name, counted apart from the
/// public VIP limit), with the sponsor's profile. Also gives the order the secret of its
/// private link ("Manage your tickets", or the sponsor's page), kept only as a digest: the
/// secret is answered, for the receipt that carries it. Does nothing (and answers `None`)
/// for merchandise, or an order that has its link already.
pub(super) async fn issue_tickets(
    tx: &mut Tx,
    event: Option<&Event>,
    order_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT kind, quantity, options, buyer_name, buyer_email, manage_token_hash,
                (SELECT COUNT(*) FROM tickets WHERE order_id = orders.id) AS issued
         FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let has_link = row.try_get::<Option<String>, _>("manage_token_hash")?.is_some();
    if has_link || row.try_get::<i64, _>("issued")? > 0 {
        return Ok(None);
    }
    let options: String = row.try_get("options")?;
    let options = serde_json::from_str::<serde_json::Value>(&options).unwrap_or_default();
    let (buyer_name, buyer_email): (String, String) = (row.try_get("buyer_name")?, row.try_get("buyer_email")?);
    let kind: String = row.try_get("kind")?;
    let quantity: i64 = row.try_get("quantity")?;
    let buyer = Buyer {
        kind: &kind,
        quantity,
        options: &options,
        name: &buyer_name,
        email: &buyer_email,
    };
    if !issue_seats(tx, event, order_id, &buyer).await? {
        return Ok(None);
    }
    let token = secrets::random_token();
    set_manage_token(tx, order_id, &token).await?;
    Ok(Some(token))
}

/// Whether paying an order of `kind` issues tickets (a sponsorship's passes count) and a private link.
pub(super) fn issues_tickets(kind: OrderKind) -> bool {
    matches!(kind, OrderKind::Ticket | OrderKind::Sponsorship)
}

/// [`issue_tickets`] for an order this transaction has just marked paid, as the update answered it, and given its
/// private link in that update: it has no tickets yet, so nothing needs reading or writing but the tickets.
pub(super) async fn issue_tickets_of_paid(
    tx: &mut Tx,
    event: Option<&Event>,
    order: &Order,
) -> Result<(), sqlx::Error> {
    let buyer = Buyer {
        kind: order.kind.as_str(),
        quantity: order.quantity,
        options: &order.options,
        name: &order.buyer_name,
        email: &order.buyer_email,
    };
    issue_seats(tx, event, &order.id, &buyer).await.map(drop)
}

/// What issuing an order's tickets needs of it.
struct Buyer<'a> {
    kind: &'a str,
    quantity: i64,
    options: &'a serde_json::Value,
    name: &'a str,
    email: &'a str,
}

/// Issues the order's tickets, and opens a sponsorship's profile; false (and nothing done) for an order of
/// merchandise.
async fn issue_seats(
    tx: &mut Tx,
    event: Option<&Event>,
    order_id: &str,
    buyer: &Buyer<'_>,
) -> Result<bool, sqlx::Error> {
    let options = buyer.options;
    let (ticket_type, seats, buyer_seat) = match buyer.kind {
        "ticket" => (
            options["ticketType"].as_str().unwrap_or_default().to_owned(),
            buyer.quantity,
            Some((buyer.name, buyer.email)),
        ),
        "sponsorship" => {
            let tier = options["tier"].as_str().unwrap_or_default();
            let passes = event
                .and_then(|event| event.sponsorship_tiers.iter().find(|candidate| candidate.value == tier))
                .map_or(0, |tier| tier.vip_passes);
            open_sponsor_profile(tx, order_id, options).await?;
            (SPONSOR_PASS_TYPE.to_owned(), i64::from(passes), None)
        }
        _ => return Ok(false),
    };
    let now = now_millis();
    for position in 1..=seats {
        let (name, email) = match buyer_seat {
            Some((name, email)) if position == 1 => (Some(name), Some(email)),
            _ => (None, None),
        };
        sqlx::query(
            "INSERT INTO tickets (id, order_id, position, ticket_type, code, attendee_name, attendee_email, status,
                 created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'valid', $8, $8)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(order_id)
        .bind(position)
        .bind(&ticket_type)
        .bind(new_ticket_code())
        .bind(name)
        .bind(email)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(true)
}

/// Who asks to change a seat.
#[derive(Debug, Clone, Copy)]
pub enum TicketManager<'a> {
    /// The buyer, from the order's link: seats nobody else holds.
    Buyer,
    /// The person the seat was given to, from their own link (its digest).
    Holder { token_hash: &'a str },
}

impl TicketManager<'_> {
    fn holds(&self, ticket: &TicketRecord) -> bool {
        match self {
            Self::Buyer => ticket.holder_token_hash.is_none(),
            Self::Holder { token_hash } => ticket.holder_token_hash.as_deref() == Some(*token_hash),
        }
    }

    fn as_str(&self) -> &'static str {
        match self {
            Self::Buyer => "buyer",
            Self::Holder { .. } => "holder",
        }
    }

    /// The digest of the holder's link; `None` for the buyer.
    pub fn holder_token_hash(&self) -> Option<&str> {
        match self {
            Self::Buyer => None,
            Self::Holder { token_hash } => Some(token_hash),
        }
    }
}

/// A new name, and email, for a seat.
#[derive(Debug, Clone, Copy)]
pub struct NewHolder<'a> {
    pub name: &'a str,
    pub email: &'a str,
    /// The order's buyer: a seat given to them comes back under their link.
    pub buyer_email: &'a str,
}

/// What naming a seat did.
#[derive(Debug)]
pub enum Naming {
    /// The holder's name was corrected; same person, same code.
    Renamed(TicketRecord),
    /// Someone else holds it now, with a new code; the old one admits no one. They were
    /// sent their ticket (and, if they are not the buyer, their own link).
    HandedOver(TicketRecord),
    /// It was used at the door already.
    CheckedIn,
    /// It changed meanwhile (handed over by someone else, or refunded).
    Changed,
    /// The caller does not hold it: it was given to someone else.
    NotYours,
    /// The order was cancelled.
    OrderNotPaid,
    /// It, or its order, changed hands as often today as the caps allow; try again then (Unix ms).
    TooManyToday { next_at: i64 },
}

/// What the door checks a ticket in by: the code it scanned or typed (stored form), or the
/// ticket's id from a name search.
#[derive(Debug, Clone, Copy)]
pub enum TicketKey<'a> {
    Code(&'a str),
    Id(&'a str),
}

/// What the door learnt from a code or a ticket id.
#[derive(Debug)]
pub enum CheckIn {
    Admitted(TicketRecord),
    AlreadyCheckedIn(TicketRecord),
    Refunded(TicketRecord),
    /// A code the seat had before it was handed over, and whose it was.
    Transferred(RetiredCode),
    Unknown,
}

/// A code retired by a hand-over.
#[derive(Debug, Clone)]
pub struct RetiredCode {
    pub code: String,
    pub ticket_type: String,
    /// Who held the seat under that code.
    pub attendee_name: Option<String>,
}

impl Store {
    pub async fn tickets_of_order(&self, order_id: &str) -> Result<Vec<TicketRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tickets WHERE order_id = $1 ORDER BY position"
        ))
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(ticket_from_row).collect()
    }

    pub async fn ticket(&self, id: &str) -> Result<Option<TicketRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(ticket_from_row).transpose()
    }

    pub async fn ticket_by_code(&self, code: &str) -> Result<Option<TicketRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets WHERE code = $1"))
            .bind(code)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(ticket_from_row).transpose()
    }

    /// The order whose "Manage your tickets" link (or sponsor page's link) has this digest.
    pub async fn order_id_by_manage_token(&self, token_hash: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT id FROM orders WHERE manage_token_hash = $1 OR (page_token_hash = $1 AND page_token_hash <> 'revoked')",
        )
            .bind(token_hash)
            .fetch_optional(&self.connections)
            .await
    }

    /// The seat whose holder's link has this digest.
    pub async fn ticket_by_holder_token(&self, token_hash: &str) -> Result<Option<TicketRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets WHERE holder_token_hash = $1"))
            .bind(token_hash)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(ticket_from_row).transpose()
    }

    /// Issues the tickets of paid ticket orders that have none: orders paid before
    /// tickets per attendee existed. Answers how many orders got tickets.
    pub async fn issue_missing_tickets(&self) -> Result<usize, sqlx::Error> {
        let orders: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM orders WHERE kind = 'ticket' AND status = 'paid' AND refund_reason IS NULL
               AND NOT EXISTS (SELECT 1 FROM tickets WHERE tickets.order_id = orders.id)",
        )
        .fetch_all(&self.connections)
        .await?;
        for order_id in &orders {
            let mut tx = self.begin_write().await?;
            issue_tickets(&mut tx, self.event.as_deref(), order_id).await?;
            tx.commit().await?;
        }
        Ok(orders.len())
    }

    /// Keeps manage links of orders from before they were digested only as digests; a
    /// receipt still waiting to go out keeps the secret it will carry. Answers how many.
    pub async fn digest_plain_manage_tokens(&self) -> Result<usize, sqlx::Error> {
        let rows = sqlx::query("SELECT id, manage_token FROM orders WHERE manage_token IS NOT NULL")
            .fetch_all(&self.connections)
            .await?;
        for row in &rows {
            let (order_id, token): (String, String) = (row.try_get("id")?, row.try_get("manage_token")?);
            let mut tx = self.begin_write().await?;
            sqlx::query(
                "UPDATE outbox SET link_secret = $2
                 WHERE subject_id = $1 AND kind = 'order_confirmation' AND status IN ('queued', 'failed')",
            )
            .bind(&order_id)
            .bind(&token)
            .execute(&mut *tx)
            .await?;
            set_manage_token(&mut tx, &order_id, &token).await?;
            tx.commit().await?;
        }
        Ok(rows.len())
    }

    /// Gives the seat a holder, for whoever holds it now (`manager`). The same email
    /// corrects the name and keeps the code. Another email hands the seat over: a new
    /// code (the old one, which the giver has seen, stops working), the new holder's ticket
    /// by email, and, unless it goes back to the buyer, the holder's own link, after which
    /// only they can pass it on. Hand-overs are capped per seat and per order each day.
    pub async fn name_ticket(
        &self,
        ticket_id: &str,
        manager: TicketManager<'_>,
        holder: NewHolder<'_>,
        caps: HandoverCaps,
    ) -> Result<Naming, sqlx::Error> {
        let Some(ticket) = self.ticket(ticket_id).await? else {
            return Ok(Naming::Changed);
        };
        if !manager.holds(&ticket) {
            return Ok(Naming::NotYours);
        }
        if ticket.status != TicketStatus::Valid {
            return Ok(Naming::Changed);
        }
        if ticket.checked_in_at.is_some() {
            return Ok(Naming::CheckedIn);
        }
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        // First, and a write: it locks the order's row against a refund cancelling it meanwhile
        // (and takes SQLite's write lock at once).
        let paid = sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1 AND status = 'paid'")
            .bind(&ticket.order_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if !paid {
            return Ok(Naming::OrderNotPaid);
        }
        if ticket.attendee_email.as_deref() == Some(holder.email) {
            let renamed = sqlx::query(
                "UPDATE tickets SET attendee_name = $3, updated_at = $4
                 WHERE id = $1 AND code = $2 AND status = 'valid' AND checked_in_at IS NULL",
            )
            .bind(ticket_id)
            .bind(&ticket.code)
            .bind(holder.name)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if renamed.rows_affected() == 0 {
                return Ok(Naming::Changed);
            }
            let detail =
                serde_json::json!({ "ticketId": ticket_id, "position": ticket.position, "attendeeName": holder.name });
            record_audit(
                &mut *tx,
                manager.as_str(),
                "ticket_renamed",
                Some(&ticket.order_id),
                &detail,
            )
            .await?;
            tx.commit().await?;
            let ticket = self.ticket(ticket_id).await?.ok_or(sqlx::Error::RowNotFound)?;
            return Ok(Naming::Renamed(ticket));
        }
        if let Some(next_at) = handovers_capped(&mut tx, &ticket, caps, now).await? {
            return Ok(Naming::TooManyToday { next_at });
        }
        let code = new_ticket_code();
        let holder_token = (holder.email != holder.buyer_email).then(secrets::random_token);
        let handed = sqlx::query(
            "UPDATE tickets SET code = $3, attendee_name = $4, attendee_email = $5, holder_token_hash = $6, updated_at = $7
             WHERE id = $1 AND code = $2 AND status = 'valid' AND checked_in_at IS NULL",
        )
        .bind(ticket_id)
        .bind(&ticket.code)
        .bind(&code)
        .bind(holder.name)
        .bind(holder.email)
        .bind(holder_token.as_deref().map(secrets::digest))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if handed.rows_affected() == 0 {
            return Ok(Naming::Changed);
        }
        // The answers were the previous holder's.
        clear_answers(&mut tx, &ticket.order_id, ticket.position).await?;
        sqlx::query(
            "INSERT INTO ticket_handovers (id, ticket_id, order_id, retired_code, from_name, from_email, to_name, to_email,
                 made_by, at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(ticket_id)
        .bind(&ticket.order_id)
        .bind(&ticket.code)
        .bind(ticket.attendee_name.as_deref())
        .bind(ticket.attendee_email.as_deref())
        .bind(holder.name)
        .bind(holder.email)
        .bind(manager.as_str())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // The previous holder's ticket email, if it has not gone out yet, would carry a dead code.
        sqlx::query(
            "UPDATE outbox SET status = 'cancelled', link_secret = NULL,
                 last_error = 'The ticket changed hands before this email went out.'
             WHERE subject_id = $1 AND kind = 'attendee_ticket' AND status IN ('queued', 'failed')",
        )
        .bind(ticket_id)
        .execute(&mut *tx)
        .await?;
        queue_email_with_link(
            &mut tx,
            EmailKind::AttendeeTicket,
            &format!("ticket:{ticket_id}:{code}"),
            ticket_id,
            holder.email,
            holder_token.as_deref(),
        )
        .await?;
        let detail = serde_json::json!({ "ticketId": ticket_id, "position": ticket.position, "attendeeName": holder.name, "attendeeEmail": holder.email });
        record_audit(
            &mut *tx,
            manager.as_str(),
            "ticket_named",
            Some(&ticket.order_id),
            &detail,
        )
        .await?;
        tx.commit().await?;
        let ticket = self.ticket(ticket_id).await?.ok_or(sqlx::Error::RowNotFound)?;
        Ok(Naming::HandedOver(ticket))
    }

    /// Admits the ticket `key` names once: the conditional update lets exactly one of two
    /// devices scanning at the same moment through.
    pub async fn check_in(&self, key: TicketKey<'_>, actor: &str) -> Result<CheckIn, sqlx::Error> {
        let (column, value) = match key {
            TicketKey::Code(code) => ("code", code),
            TicketKey::Id(id) => ("id", id),
        };
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let admitted = sqlx::query(&format!(
            "UPDATE tickets SET checked_in_at = $2, checked_in_by = $3, updated_at = $2
             WHERE {column} = $1 AND status = 'valid' AND checked_in_at IS NULL"
        ))
        .bind(value)
        .bind(now)
        .bind(actor)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if admitted {
            let order_id: String = sqlx::query_scalar(&format!("SELECT order_id FROM tickets WHERE {column} = $1"))
                .bind(value)
                .fetch_one(&mut *tx)
                .await?;
            // A check-in from a name search is logged by the ticket, as it was asked: the
            // door never had the code.
            let detail = match key {
                TicketKey::Code(code) => serde_json::json!({ "code": code }),
                TicketKey::Id(id) => serde_json::json!({ "ticketId": id }),
            };
            record_audit(&mut *tx, actor, "check_in", Some(&order_id), &detail).await?;
        }
        tx.commit().await?;
        let ticket = match key {
            TicketKey::Code(code) => self.ticket_by_code(code).await?,
            TicketKey::Id(id) => self.ticket(id).await?,
        };
        let Some(ticket) = ticket else {
            return Ok(match key {
                TicketKey::Code(code) => self
                    .retired_code(code)
                    .await?
                    .map_or(CheckIn::Unknown, CheckIn::Transferred),
                TicketKey::Id(_) => CheckIn::Unknown,
            });
        };
        Ok(match ticket.status {
            TicketStatus::Refunded => CheckIn::Refunded(ticket),
            TicketStatus::Valid if admitted => CheckIn::Admitted(ticket),
            TicketStatus::Valid => {
                self.record_rescan(&ticket.id, now).await?;
                CheckIn::AlreadyCheckedIn(ticket)
            }
        })
    }

    async fn retired_code(&self, code: &str) -> Result<Option<RetiredCode>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT ticket_handovers.from_name, tickets.ticket_type FROM ticket_handovers
             JOIN tickets ON tickets.id = ticket_handovers.ticket_id
             WHERE ticket_handovers.retired_code = $1",
        )
        .bind(code)
        .fetch_optional(&self.connections)
        .await?;
        row.map(|row| {
            Ok(RetiredCode {
                code: code.to_owned(),
                ticket_type: row.try_get("ticket_type")?,
                attendee_name: row.try_get("from_name")?,
            })
        })
        .transpose()
    }

    /// Every ticket, by order and seat.
    pub async fn current_tickets(&self) -> Result<Vec<TicketRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets ORDER BY order_id, position"))
            .fetch_all(&self.connections)
            .await?;
        rows.iter().map(ticket_from_row).collect()
    }

    /// Per ticket type: valid tickets, and how many of them came through the door.
    pub async fn check_in_counts(&self) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT ticket_type, COUNT(*) AS expected, COUNT(checked_in_at) AS checked_in FROM tickets
             WHERE status = 'valid' GROUP BY ticket_type ORDER BY ticket_type",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    row.try_get("ticket_type")?,
                    row.try_get("expected")?,
                    row.try_get("checked_in")?,
                ))
            })
            .collect()
    }
}

/// When the seat, or its order, has changed hands as often in the last day as `caps`
/// allow: the time the earliest of those hand-overs leaves the day.
async fn handovers_capped(
    tx: &mut Tx,
    ticket: &TicketRecord,
    caps: HandoverCaps,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let since = now - HandoverCaps::WINDOW_MILLIS;
    for (column, value, cap) in [
        ("ticket_id", ticket.id.as_str(), caps.per_ticket),
        ("order_id", ticket.order_id.as_str(), caps.per_order),
    ] {
        let row = sqlx::query(&format!(
            "SELECT COUNT(*) AS made, MIN(at) AS earliest FROM ticket_handovers WHERE {column} = $1 AND at > $2"
        ))
        .bind(value)
        .bind(since)
        .fetch_one(&mut **tx)
        .await?;
        if row.try_get::<i64, _>("made")? >= cap {
            let earliest: Option<i64> = row.try_get("earliest")?;
            return Ok(Some(earliest.unwrap_or(now) + HandoverCaps::WINDOW_MILLIS));
        }
    }
    Ok(None)
}

/// A cancelled order's tickets not yet used at the door stop admitting anyone, and their
/// holders' links stop changing them; those used stay as the record of who came in.
pub(super) async fn refund_tickets(tx: &mut Tx, order_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE tickets SET status = 'refunded', updated_at = $2
         WHERE order_id = $1 AND status = 'valid' AND checked_in_at IS NULL",
    )
    .bind(order_id)
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Whether the plain-text ticket email is still the one to send: `recipient` holds the
/// seat, and the link it carries (if any) is the holder's current one.
pub fn attendee_email_is_current(ticket: &TicketRecord, recipient: &str, link_secret: Option<&str>) -> bool {
    ticket.status == TicketStatus::Valid
        && ticket.attendee_email.as_deref() == Some(recipient)
        && match link_secret {
            Some(secret) => ticket
                .holder_token_hash
                .as_deref()
                .is_some_and(|stored| secrets::matches_digest(stored, secret)),
            None => ticket.holder_token_hash.is_none(),
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(holder_token_hash: Option<String>) -> TicketRecord {
        TicketRecord {
            id: "t1".into(),
            order_id: "o1".into(),
            position: 2,
            ticket_type: "team".into(),
            code: "7K3P9QXM7K3P9QXM7K3P".into(),
            attendee_name: Some("Bo Lee".into()),
            attendee_email: Some("bo@example.com".into()),
            status: TicketStatus::Valid,
            holder_token_hash,
            checked_in_at: None,
            checked_in_by: None,
            created_at: 0,
            updated_at: 0,
        }
    }

    #[test]
    fn only_the_current_holder_with_the_current_link_gets_the_ticket_email() {
        let token = "holder-secret";
        let held = seat(Some(secrets::digest(token)));
        assert!(attendee_email_is_current(&held, "bo@example.com", Some(token)));
        assert!(!attendee_email_is_current(
            &held,
            "bo@example.com",
            Some("an-older-secret")
        ));
        assert!(!attendee_email_is_current(&held, "cy@example.com", Some(token)));
        assert!(!attendee_email_is_current(&held, "bo@example.com", None));
        let back_with_the_buyer = seat(None);
        assert!(attendee_email_is_current(&back_with_the_buyer, "bo@example.com", None));
        let refunded = TicketRecord {
            status: TicketStatus::Refunded,
            ..seat(None)
        };
        assert!(!attendee_email_is_current(&refunded, "bo@example.com", None));
    }

    #[test]
    fn the_buyer_manages_seats_nobody_else_holds_and_a_holder_only_their_own() {
        let held = seat(Some(secrets::digest("holder-secret")));
        let digest = secrets::digest("holder-secret");
        assert!(!TicketManager::Buyer.holds(&held));
        assert!(TicketManager::Holder { token_hash: &digest }.holds(&held));
        assert!(!TicketManager::Holder { token_hash: "other" }.holds(&held));
        assert!(TicketManager::Buyer.holds(&seat(None)));
    }
}
