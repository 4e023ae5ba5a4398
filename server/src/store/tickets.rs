//! Tickets per attendee: issued when a ticket order is paid, named and transferred
//! by the buyer, and checked in at the door once. Every change is a compare-and-set
//! on the ticket's state, so two devices or two tabs never both win.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::admin::record_audit;
use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};
use crate::tickets::new_ticket_code;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TicketStatus {
    Valid,
    /// Given to someone else: this code no longer admits anyone.
    Transferred,
    /// Its order was refunded in full.
    Refunded,
}

impl TicketStatus {
    fn parse(value: &str) -> Option<Self> {
        match value {
            "valid" => Some(Self::Valid),
            "transferred" => Some(Self::Transferred),
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
    pub replaced_by: Option<String>,
    pub checked_in_at: Option<i64>,
    pub checked_in_by: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, order_id, position, ticket_type, code, attendee_name, attendee_email, status, replaced_by,
    checked_in_at, checked_in_by, created_at, updated_at";

fn ticket_from_row(row: &AnyRow) -> Result<TicketRecord, sqlx::Error> {
    let status: String = row.try_get("status")?;
    Ok(TicketRecord {
        id: row.try_get("id")?,
        order_id: row.try_get("order_id")?,
        position: row.try_get("position")?,
        ticket_type: row.try_get("ticket_type")?,
        code: row.try_get("code")?,
        attendee_name: row.try_get("attendee_name")?,
        attendee_email: row.try_get("attendee_email")?,
        status: TicketStatus::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "status".into(),
            source: format!("unexpected ticket status {status:?}").into(),
        })?,
        replaced_by: row.try_get("replaced_by")?,
        checked_in_at: row.try_get("checked_in_at")?,
        checked_in_by: row.try_get("checked_in_by")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// Who a new ticket is for, if anyone yet.
struct Holder<'a> {
    name: Option<&'a str>,
    email: Option<&'a str>,
}

async fn insert_ticket(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    position: i64,
    ticket_type: &str,
    holder: &Holder<'_>,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = now_millis();
    sqlx::query(
        "INSERT INTO tickets (id, order_id, position, ticket_type, code, attendee_name, attendee_email, status,
             created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'valid', $8, $8)",
    )
    .bind(&id)
    .bind(order_id)
    .bind(position)
    .bind(ticket_type)
    .bind(new_ticket_code())
    .bind(holder.name)
    .bind(holder.email)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Issues a paid ticket order's tickets, inside the transaction that marks it paid:
/// the first is the buyer's, the others wait for a name. Also gives the order the
/// secret of its "Manage your tickets" link. Does nothing for an order that has them.
pub(super) async fn issue_tickets(tx: &mut Transaction<'_, Any>, order_id: &str) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT kind, quantity, options, buyer_name, buyer_email,
                (SELECT COUNT(*) FROM tickets WHERE order_id = orders.id) AS issued
         FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    if row.try_get::<String, _>("kind")? != "ticket" || row.try_get::<i64, _>("issued")? > 0 {
        return Ok(());
    }
    let options: String = row.try_get("options")?;
    let ticket_type = serde_json::from_str::<serde_json::Value>(&options)
        .ok()
        .and_then(|options| options["ticketType"].as_str().map(str::to_owned))
        .unwrap_or_default();
    let (buyer_name, buyer_email): (String, String) = (row.try_get("buyer_name")?, row.try_get("buyer_email")?);
    for position in 1..=row.try_get::<i64, _>("quantity")? {
        let holder = if position == 1 {
            Holder {
                name: Some(&buyer_name),
                email: Some(&buyer_email),
            }
        } else {
            Holder {
                name: None,
                email: None,
            }
        };
        insert_ticket(tx, order_id, position, &ticket_type, &holder).await?;
    }
    sqlx::query("UPDATE orders SET manage_token = $2 WHERE id = $1 AND manage_token IS NULL")
        .bind(order_id)
        .bind(crate::secrets::random_token())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// What naming a ticket did.
#[derive(Debug)]
pub enum Naming {
    /// An unnamed ticket got its holder, with the same code.
    Named(TicketRecord),
    /// The holder's name was corrected; same person, same code.
    Renamed(TicketRecord),
    /// Someone else holds it now, with a new code; the old one no longer admits anyone.
    Transferred(TicketRecord),
    /// It was used at the door already.
    CheckedIn,
    /// It is not valid any more (transferred meanwhile, or refunded).
    NotValid,
}

/// What the door learnt from a code.
#[derive(Debug)]
pub enum CheckIn {
    Admitted(TicketRecord),
    AlreadyCheckedIn(TicketRecord),
    Refunded(TicketRecord),
    Transferred(TicketRecord),
    Unknown,
}

impl Store {
    pub async fn tickets_of_order(&self, order_id: &str) -> Result<Vec<TicketRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tickets WHERE order_id = $1 ORDER BY position, created_at"
        ))
        .bind(order_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ticket_from_row).collect()
    }

    pub async fn ticket(&self, id: &str) -> Result<Option<TicketRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(ticket_from_row).transpose()
    }

    pub async fn ticket_by_code(&self, code: &str) -> Result<Option<TicketRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tickets WHERE code = $1"))
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(ticket_from_row).transpose()
    }

    /// The order a "Manage your tickets" link belongs to.
    pub async fn order_id_by_manage_token(&self, token: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM orders WHERE manage_token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await
    }

    /// Issues the tickets of paid ticket orders that have none: orders paid before
    /// tickets per attendee existed. Answers how many orders got tickets.
    pub async fn issue_missing_tickets(&self) -> Result<usize, sqlx::Error> {
        let orders: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM orders WHERE kind = 'ticket' AND status = 'paid' AND refund_reason IS NULL
               AND NOT EXISTS (SELECT 1 FROM tickets WHERE tickets.order_id = orders.id)",
        )
        .fetch_all(&self.pool)
        .await?;
        for order_id in &orders {
            let mut tx = self.pool.begin().await?;
            issue_tickets(&mut tx, order_id).await?;
            tx.commit().await?;
        }
        Ok(orders.len())
    }

    /// Gives a valid ticket a holder. A ticket without one keeps its code; a ticket
    /// given to a different email is transferred: a new code for the new holder, and
    /// the old one stops working. The new holder's ticket email is queued either way.
    pub async fn name_ticket(&self, ticket_id: &str, name: &str, email: &str) -> Result<Naming, sqlx::Error> {
        let Some(ticket) = self.ticket(ticket_id).await? else {
            return Ok(Naming::NotValid);
        };
        if ticket.status != TicketStatus::Valid {
            return Ok(Naming::NotValid);
        }
        if ticket.checked_in_at.is_some() {
            return Ok(Naming::CheckedIn);
        }
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        let same_holder = ticket.attendee_email.as_deref() == Some(email);
        let (outcome_id, naming): (String, fn(TicketRecord) -> Naming) = if ticket.attendee_email.is_none()
            || same_holder
        {
            let named = sqlx::query(
                "UPDATE tickets SET attendee_name = $2, attendee_email = $3, updated_at = $4
                 WHERE id = $1 AND status = 'valid' AND checked_in_at IS NULL",
            )
            .bind(ticket_id)
            .bind(name)
            .bind(email)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if named.rows_affected() == 0 {
                return Ok(Naming::NotValid);
            }
            (
                ticket_id.to_owned(),
                if same_holder { Naming::Renamed } else { Naming::Named },
            )
        } else {
            let retired = sqlx::query(
                "UPDATE tickets SET status = 'transferred', updated_at = $2
                 WHERE id = $1 AND status = 'valid' AND checked_in_at IS NULL",
            )
            .bind(ticket_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if retired.rows_affected() == 0 {
                return Ok(Naming::NotValid);
            }
            let holder = Holder {
                name: Some(name),
                email: Some(email),
            };
            let inserted =
                insert_ticket(&mut tx, &ticket.order_id, ticket.position, &ticket.ticket_type, &holder).await?;
            sqlx::query("UPDATE tickets SET replaced_by = $2 WHERE id = $1")
                .bind(ticket_id)
                .bind(&inserted)
                .execute(&mut *tx)
                .await?;
            // The old holder's ticket email, if it has not gone out yet, would carry a dead code.
            sqlx::query(
                "UPDATE outbox SET status = 'cancelled', last_error = 'The ticket was transferred before this email went out.'
                 WHERE subject_id = $1 AND status = 'queued'",
            )
            .bind(ticket_id)
            .execute(&mut *tx)
            .await?;
            (inserted, Naming::Transferred)
        };
        if !same_holder {
            queue_email(
                &mut tx,
                EmailKind::AttendeeTicket,
                &format!("ticket:{outcome_id}:{email}"),
                &outcome_id,
                email,
            )
            .await?;
        }
        let detail = serde_json::json!({ "ticketId": outcome_id, "position": ticket.position, "attendeeName": name, "attendeeEmail": email });
        record_audit(&mut *tx, "buyer", "ticket_named", Some(&ticket.order_id), &detail).await?;
        tx.commit().await?;
        let ticket = self.ticket(&outcome_id).await?.ok_or(sqlx::Error::RowNotFound)?;
        Ok(naming(ticket))
    }

    /// Admits the holder of `code` once: the conditional update lets exactly one of
    /// two devices scanning at the same moment through.
    pub async fn check_in(&self, code: &str, actor: &str) -> Result<CheckIn, sqlx::Error> {
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        let admitted = sqlx::query(
            "UPDATE tickets SET checked_in_at = $2, checked_in_by = $3, updated_at = $2
             WHERE code = $1 AND status = 'valid' AND checked_in_at IS NULL",
        )
        .bind(code)
        .bind(now)
        .bind(actor)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if admitted {
            let order_id: String = sqlx::query_scalar("SELECT order_id FROM tickets WHERE code = $1")
                .bind(code)
                .fetch_one(&mut *tx)
                .await?;
            record_audit(
                &mut *tx,
                actor,
                "check_in",
                Some(&order_id),
                &serde_json::json!({ "code": code }),
            )
            .await?;
        }
        tx.commit().await?;
        let Some(ticket) = self.ticket_by_code(code).await? else {
            return Ok(CheckIn::Unknown);
        };
        Ok(match ticket.status {
            TicketStatus::Refunded => CheckIn::Refunded(ticket),
            TicketStatus::Transferred => CheckIn::Transferred(ticket),
            TicketStatus::Valid if admitted => CheckIn::Admitted(ticket),
            TicketStatus::Valid => CheckIn::AlreadyCheckedIn(ticket),
        })
    }

    /// Every ticket that is or was someone's (transferred ones excluded), oldest order first.
    pub async fn current_tickets(&self) -> Result<Vec<TicketRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tickets WHERE status <> 'transferred' ORDER BY order_id, position"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ticket_from_row).collect()
    }

    /// Per ticket type: valid tickets, and how many of them came through the door.
    pub async fn check_in_counts(&self) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT ticket_type, COUNT(*) AS expected, COUNT(checked_in_at) AS checked_in FROM tickets
             WHERE status = 'valid' GROUP BY ticket_type ORDER BY ticket_type",
        )
        .fetch_all(&self.pool)
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

/// A refunded order's tickets stop admitting anyone.
pub(super) async fn refund_tickets(tx: &mut Transaction<'_, Any>, order_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tickets SET status = 'refunded', updated_at = $2 WHERE order_id = $1 AND status = 'valid'")
        .bind(order_id)
        .bind(now_millis())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
