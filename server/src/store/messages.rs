//! The organizer's messages to a segment. A message's recipients are resolved when it goes out, one query per kind
//! of segment, and get one outbox email each: addresses are compared lowercased and the email's dedupe key names the
//! message and the address, so a person matching twice gets one. A scheduled message is claimed by a conditional
//! update in the transaction that queues its emails, so it goes out once whatever the instances and restarts.

use std::collections::BTreeSet;

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use super::Tx;
use super::admin::record_audit;
use super::outbox::EmailKind;
use super::{Store, now_millis};
use crate::domain::EmailAddress;
use crate::event::sku;
use crate::messages::Segment;

/// Where a message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = MessageStatus)]
pub enum MessageStatus {
    /// Waits for its time.
    Scheduled,
    /// Its emails are queued, some not yet sent.
    Sending,
    /// None of its emails is waiting any more.
    Sent,
    /// One copy went to the staff member who wrote it.
    Test,
    /// Called off before its time.
    Cancelled,
}

/// A message with its delivery counts, from the outbox rows it queued. Times are Unix milliseconds.
#[derive(Debug, Clone)]
pub struct MessageRecord {
    pub id: String,
    pub segment: Segment,
    pub subject: String,
    pub body: String,
    pub status: MessageStatus,
    pub send_at: Option<i64>,
    pub created_at: i64,
    /// The staff member's email, or the name of a sign-in without an account.
    pub created_by: String,
    /// Emails queued (for a scheduled message: none yet).
    pub queued: i64,
    pub sent: i64,
    pub failed: i64,
    pub pending: i64,
}

/// A message the back office writes.
#[derive(Debug, Clone, Copy)]
pub struct NewMessage<'a> {
    pub segment: &'a Segment,
    pub subject: &'a str,
    /// Markdown.
    pub body: &'a str,
    /// The staff member's email, or the name of a sign-in without an account.
    pub created_by: &'a str,
    /// Who the audit log names.
    pub actor: &'a str,
}

/// When and to whom a new message goes.
#[derive(Debug, Clone, Copy)]
pub enum Dispatch<'a> {
    /// To its segment, now.
    Now,
    /// To its segment at this time (Unix milliseconds), resolved then.
    At(i64),
    /// One copy to this address (the staff member who writes it), now.
    TestTo(&'a str),
}

/// What cancelling a message did.
#[derive(Debug)]
pub enum Cancel {
    Cancelled(MessageRecord),
    /// It is no longer scheduled: it went out, or was cancelled before.
    NotScheduled(MessageRecord),
    Unknown,
}

/// What the email worker renders one of a message's emails from.
#[derive(Debug, Clone)]
pub struct MessageLetter {
    pub segment: Segment,
    pub subject: String,
    /// Markdown.
    pub body: String,
    /// A copy to the staff member who wrote it.
    pub test: bool,
}

const MESSAGE_COLUMNS: &str = "m.id, m.segment, m.subject, m.body, m.status, m.send_at, m.created_at, m.created_by,
    COUNT(x.id) AS queued,
    COALESCE(SUM(CASE WHEN x.status = 'sent' THEN 1 ELSE 0 END), 0) AS sent,
    COALESCE(SUM(CASE WHEN x.status = 'failed' THEN 1 ELSE 0 END), 0) AS failed,
    COALESCE(SUM(CASE WHEN x.status = 'queued' THEN 1 ELSE 0 END), 0) AS pending";

fn stored_segment(row: &AnyRow) -> Result<Segment, sqlx::Error> {
    let segment: String = row.try_get("segment")?;
    serde_json::from_str(&segment).map_err(|error| sqlx::Error::ColumnDecode {
        index: "segment".into(),
        source: Box::new(error),
    })
}

fn message_from_row(row: &AnyRow) -> Result<MessageRecord, sqlx::Error> {
    let stored: String = row.try_get("status")?;
    let pending: i64 = row.try_get("pending")?;
    let status = match stored.as_str() {
        "scheduled" => MessageStatus::Scheduled,
        "sending" if pending > 0 => MessageStatus::Sending,
        "sending" => MessageStatus::Sent,
        "test" => MessageStatus::Test,
        "cancelled" => MessageStatus::Cancelled,
        _ => {
            return Err(sqlx::Error::ColumnDecode {
                index: "status".into(),
                source: format!("unexpected message status {stored:?}").into(),
            });
        }
    };
    Ok(MessageRecord {
        id: row.try_get("id")?,
        segment: stored_segment(row)?,
        subject: row.try_get("subject")?,
        body: row.try_get("body")?,
        status,
        send_at: row.try_get("send_at")?,
        created_at: row.try_get("created_at")?,
        created_by: row.try_get("created_by")?,
        queued: row.try_get("queued")?,
        sent: row.try_get("sent")?,
        failed: row.try_get("failed")?,
        pending,
    })
}

/// The segment's addresses, lowercased, each once, in order; rows whose address was erased or is not an address
/// are left out.
async fn recipients<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    segment: &Segment,
) -> Result<Vec<String>, sqlx::Error> {
    let mut binds: Vec<String> = Vec::new();
    let mut placeholders = |values: &[String]| {
        let start = binds.len();
        binds.extend(values.iter().cloned());
        (start + 1..=binds.len())
            .map(|number| format!("${number}"))
            .collect::<Vec<_>>()
    };
    let sql = match segment {
        Segment::TicketHolders {
            ticket_types,
            checked_in,
        } => {
            let mut sql = "SELECT COALESCE(t.attendee_email, o.buyer_email) AS email
                 FROM tickets t JOIN orders o ON o.id = t.order_id
                 WHERE t.status = 'valid' AND o.status = 'paid'"
                .to_owned();
            if let Some(types) = ticket_types {
                sql.push_str(&format!(" AND t.ticket_type IN ({})", placeholders(types).join(", ")));
            }
            match checked_in {
                Some(true) => sql.push_str(" AND t.checked_in_at IS NOT NULL"),
                Some(false) => sql.push_str(" AND t.checked_in_at IS NULL"),
                None => {}
            }
            sql
        }
        Segment::Session { session } => format!(
            "SELECT COALESCE(t.attendee_email, o.buyer_email) AS email
             FROM workshop_seats w JOIN programme_sessions s ON s.source_id = w.session_source_id
                 JOIN tickets t ON t.id = w.ticket_id JOIN orders o ON o.id = t.order_id
             WHERE s.slug = {} AND t.status = 'valid'",
            placeholders(std::slice::from_ref(session))[0]
        ),
        Segment::Sponsors => {
            "SELECT buyer_email AS email FROM orders WHERE kind = 'sponsorship' AND status = 'paid'".to_owned()
        }
        Segment::MerchandiseNotPickedUp { item } => {
            let mut sql = "SELECT buyer_email AS email FROM orders
                 WHERE kind = 'merchandise' AND status = 'paid' AND picked_up_at IS NULL"
                .to_owned();
            if let Some(id) = item.as_ref().and_then(|item| item.id()) {
                sql.push_str(&format!(" AND sku = {}", placeholders(&[sku::merchandise(id)])[0]));
            }
            sql
        }
        Segment::Waitlist { interest_areas } => {
            let mut sql = "SELECT email FROM waitlist_registrations
                 WHERE subscribe AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL"
                .to_owned();
            if let Some(areas) = interest_areas {
                // The table keeps the areas comma-separated: ",web,ai," holds ",ai,".
                let patterns: Vec<String> = areas.iter().map(|area| format!("%,{area},%")).collect();
                let matches: Vec<String> = placeholders(&patterns)
                    .into_iter()
                    .map(|placeholder| format!("(',' || interest_areas || ',') LIKE {placeholder}"))
                    .collect();
                sql.push_str(&format!(" AND ({})", matches.join(" OR ")));
            }
            sql
        }
    };
    let mut query = sqlx::query(&sql);
    for value in &binds {
        query = query.bind(value.as_str());
    }
    let rows = query.fetch_all(executor).await?;
    let mut addresses = BTreeSet::new();
    for row in &rows {
        let email: Option<String> = row.try_get("email")?;
        if let Some(address) = email.as_deref().and_then(EmailAddress::parse) {
            addresses.insert(address.as_str().to_owned());
        }
    }
    Ok(addresses.into_iter().collect())
}

/// Queues one email of the message to each address; an address already queued for it is skipped.
async fn queue_message_emails(
    tx: &mut Tx,
    message_id: &str,
    addresses: &[String],
    priority: i64,
) -> Result<(), sqlx::Error> {
    let now = now_millis();
    for address in addresses {
        sqlx::query(
            "INSERT INTO outbox (id, dedupe_key, kind, subject_id, recipient, status, attempts, next_attempt_at,
                 claimed_until, created_at, priority, message_id)
             VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6, 0, $6, $7, $4)
             ON CONFLICT (dedupe_key) DO NOTHING",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(format!("message:{message_id}:{address}"))
        .bind(EmailKind::Message.as_str())
        .bind(message_id)
        .bind(address.as_str())
        .bind(now)
        .bind(priority)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

impl Store {
    /// Who `segment` reaches now: addresses lowercased, each once.
    pub async fn segment_recipients(&self, segment: &Segment) -> Result<Vec<String>, sqlx::Error> {
        recipients(&self.connections, segment).await
    }

    /// Stores a message and, unless it is scheduled, queues its emails in the same transaction.
    pub async fn create_message(
        &self,
        message: &NewMessage<'_>,
        dispatch: Dispatch<'_>,
    ) -> Result<MessageRecord, sqlx::Error> {
        let id = uuid::Uuid::new_v4().to_string();
        let now = now_millis();
        let (status, send_at) = match dispatch {
            Dispatch::Now => ("sending", None),
            Dispatch::At(at) => ("scheduled", Some(at)),
            Dispatch::TestTo(_) => ("test", None),
        };
        let segment = serde_json::to_string(message.segment).map_err(|error| sqlx::Error::Encode(Box::new(error)))?;
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO messages (id, segment, subject, body, status, send_at, queued_at, created_by, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&id)
        .bind(&segment)
        .bind(message.subject)
        .bind(message.body)
        .bind(status)
        .bind(send_at)
        .bind((status != "scheduled").then_some(now))
        .bind(message.created_by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        match dispatch {
            Dispatch::Now => {
                let addresses = recipients(&mut *tx, message.segment).await?;
                queue_message_emails(&mut tx, &id, &addresses, EmailKind::Message.priority()).await?;
                let detail =
                    serde_json::json!({ "messageId": id, "subject": message.subject, "recipients": addresses.len() });
                record_audit(&mut *tx, message.actor, "message_sent", None, &detail).await?;
            }
            Dispatch::At(at) => {
                let detail = serde_json::json!({ "messageId": id, "subject": message.subject, "sendAt": at });
                record_audit(&mut *tx, message.actor, "message_scheduled", None, &detail).await?;
            }
            // The person waits for it at their desk: it goes before bulk mail.
            Dispatch::TestTo(address) => queue_message_emails(&mut tx, &id, &[address.to_lowercase()], 0).await?,
        }
        tx.commit().await?;
        self.message(&id).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// Queues the emails of every scheduled message due at `now`; answers how many messages went out.
    pub async fn send_due_messages(&self, now: i64) -> Result<usize, sqlx::Error> {
        let due: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM messages WHERE status = 'scheduled' AND send_at <= $1 ORDER BY send_at, id",
        )
        .bind(now)
        .fetch_all(&self.connections)
        .await?;
        let mut sent = 0;
        for id in due {
            let mut tx = self.begin_write().await?;
            // Another instance that claimed it first leaves nothing to claim; on PostgreSQL this waits for its commit.
            let claimed = sqlx::query(
                "UPDATE messages SET status = 'sending', queued_at = $2 WHERE id = $1 AND status = 'scheduled'
                 RETURNING segment, subject, created_by",
            )
            .bind(&id)
            .bind(now_millis())
            .fetch_optional(&mut *tx)
            .await?;
            let Some(row) = claimed else {
                tx.rollback().await?;
                continue;
            };
            let segment = stored_segment(&row)?;
            let (subject, created_by): (String, String) = (row.try_get("subject")?, row.try_get("created_by")?);
            let addresses = recipients(&mut *tx, &segment).await?;
            queue_message_emails(&mut tx, &id, &addresses, EmailKind::Message.priority()).await?;
            let detail = serde_json::json!({ "messageId": id, "subject": subject, "recipients": addresses.len() });
            record_audit(&mut *tx, &created_by, "message_sent", None, &detail).await?;
            tx.commit().await?;
            sent += 1;
        }
        Ok(sent)
    }

    /// Calls off a scheduled message.
    pub async fn cancel_message(&self, id: &str, actor: &str) -> Result<Cancel, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let cancelled = sqlx::query("UPDATE messages SET status = 'cancelled' WHERE id = $1 AND status = 'scheduled'")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if cancelled {
            record_audit(
                &mut *tx,
                actor,
                "message_cancelled",
                None,
                &serde_json::json!({ "messageId": id }),
            )
            .await?;
            tx.commit().await?;
        } else {
            tx.rollback().await?;
        }
        Ok(match self.message(id).await? {
            Some(message) if cancelled => Cancel::Cancelled(message),
            Some(message) => Cancel::NotScheduled(message),
            None => Cancel::Unknown,
        })
    }

    pub async fn message(&self, id: &str) -> Result<Option<MessageRecord>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages m LEFT JOIN outbox x ON x.message_id = m.id
             WHERE m.id = $1 GROUP BY m.id"
        ))
        .bind(id)
        .fetch_optional(&self.connections)
        .await?
        .as_ref()
        .map(message_from_row)
        .transpose()
    }

    /// Every message, newest first.
    pub async fn messages(&self) -> Result<Vec<MessageRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages m LEFT JOIN outbox x ON x.message_id = m.id
             GROUP BY m.id ORDER BY m.created_at DESC, m.id DESC"
        ))
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(message_from_row).collect()
    }

    /// A message as its emails are rendered.
    pub async fn message_letter(&self, id: &str) -> Result<Option<MessageLetter>, sqlx::Error> {
        sqlx::query("SELECT segment, subject, body, status FROM messages WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?
            .map(|row| {
                Ok(MessageLetter {
                    segment: stored_segment(&row)?,
                    subject: row.try_get("subject")?,
                    body: row.try_get("body")?,
                    test: row.try_get::<String, _>("status")? == "test",
                })
            })
            .transpose()
    }
}
