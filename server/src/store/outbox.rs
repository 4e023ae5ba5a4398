//! The email outbox. Rows are claimed with a lease so several workers, in one
//! process or several, never send the same email at the same time.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::{Backend, Store, now_millis, placeholders};

#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum EmailKind {
    WaitlistConfirmation,
    OrderConfirmation,
    /// Subject: the refund's id.
    RefundConfirmation,
    /// One attendee's ticket, to its holder. Subject: the ticket's id.
    AttendeeTicket,
    /// A corrected invoice and the credit note of the one it replaces. Subject: the new invoice's id.
    InvoiceCorrection,
    /// A link to set a back-office password. Subject: the person's staff id.
    StaffInvitation,
    /// The organizer's review of a sponsor's profile. Subject: the sponsorship's order id.
    SponsorReview,
    /// A place on the waiting list for what sold out. Subject: the entry's id.
    WaitingListJoined,
    /// Units held for someone on the waiting list, with their code. Subject: the entry's id.
    WaitingListOffer,
    /// Units that came back went to someone behind an entry who asked for fewer; it keeps its
    /// place. Subject: the entry's id.
    WaitingListPassedOver,
    /// A presale's priority link to a waitlist registration. Subject: the link's code's id.
    PresaleLink,
    /// A free code for a draw's winner. Subject: the code's id.
    DrawPrize,
    /// A workshop seat reserved, with the session's calendar. Subject: the seat's id.
    SeatConfirmed,
    /// A workshop seat freed and given to the next in its waiting list. Subject: the seat's id.
    SeatOffered,
    /// The evening before a workshop, with its room. Subject: the seat's id.
    SeatReminder,
    /// The organizer's message to a session's holders. Subject: the message's id.
    SessionMessage,
    /// The organizer's message to a segment (`messages`). Subject: the message's id.
    Message,
    /// A named holder's required questions are unanswered: once, with their link. Subject: the ticket's id.
    AnswersReminder,
    /// The day before the event, to each holder: their QR codes, the venue, the doors. Subject: the holder's email.
    DayBefore,
}

impl EmailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WaitlistConfirmation => "waitlist_confirmation",
            Self::OrderConfirmation => "order_confirmation",
            Self::RefundConfirmation => "refund_confirmation",
            Self::AttendeeTicket => "attendee_ticket",
            Self::InvoiceCorrection => "invoice_correction",
            Self::StaffInvitation => "staff_invitation",
            Self::SponsorReview => "sponsor_review",
            Self::WaitingListJoined => "waiting_list_joined",
            Self::WaitingListOffer => "waiting_list_offer",
            Self::WaitingListPassedOver => "waiting_list_passed_over",
            Self::PresaleLink => "presale_link",
            Self::DrawPrize => "draw_prize",
            Self::SeatConfirmed => "seat_confirmed",
            Self::SeatOffered => "seat_offered",
            Self::SeatReminder => "seat_reminder",
            Self::SessionMessage => "session_message",
            Self::Message => "message",
            Self::AnswersReminder => "answers_reminder",
            Self::DayBefore => "day_before",
        }
    }

    /// Lower is sent first: a buyer waiting for a receipt comes before a newsletter sign-up.
    pub(super) fn priority(self) -> i64 {
        match self {
            Self::OrderConfirmation
            | Self::RefundConfirmation
            | Self::AttendeeTicket
            | Self::InvoiceCorrection
            | Self::StaffInvitation
            | Self::SponsorReview
            | Self::WaitingListJoined
            | Self::WaitingListOffer
            | Self::WaitingListPassedOver
            | Self::DrawPrize
            | Self::SeatConfirmed
            | Self::SeatOffered
            | Self::SeatReminder
            | Self::SessionMessage
            | Self::AnswersReminder
            | Self::DayBefore => 0,
            Self::WaitlistConfirmation | Self::PresaleLink | Self::Message => 1,
        }
    }

    fn parse(value: &str) -> Option<Self> {
        Some(match value {
            "waitlist_confirmation" => Self::WaitlistConfirmation,
            "order_confirmation" => Self::OrderConfirmation,
            "refund_confirmation" => Self::RefundConfirmation,
            "attendee_ticket" => Self::AttendeeTicket,
            "invoice_correction" => Self::InvoiceCorrection,
            "staff_invitation" => Self::StaffInvitation,
            "sponsor_review" => Self::SponsorReview,
            "waiting_list_joined" => Self::WaitingListJoined,
            "waiting_list_offer" => Self::WaitingListOffer,
            "waiting_list_passed_over" => Self::WaitingListPassedOver,
            "presale_link" => Self::PresaleLink,
            "draw_prize" => Self::DrawPrize,
            "seat_confirmed" => Self::SeatConfirmed,
            "seat_offered" => Self::SeatOffered,
            "seat_reminder" => Self::SeatReminder,
            "session_message" => Self::SessionMessage,
            "message" => Self::Message,
            "answers_reminder" => Self::AnswersReminder,
            "day_before" => Self::DayBefore,
            _ => return None,
        })
    }
}

/// An email a worker has claimed and must now send.
#[derive(Debug, Clone)]
pub struct ClaimedEmail {
    pub id: String,
    pub kind: EmailKind,
    pub subject_id: String,
    pub recipient: String,
    /// Including the one under way.
    pub attempts: i64,
    /// The secret of the private link the email carries, if any: kept nowhere else in clear.
    pub link_secret: Option<String>,
}

/// An outbox row as the organizer would see it. Times are Unix milliseconds.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEmail {
    pub id: String,
    #[schema(value_type = EmailKind)]
    pub kind: String,
    /// The registration's email, the order's id, the refund's id or the ticket's id.
    pub subject_id: String,
    pub recipient: String,
    #[schema(schema_with = email_status)]
    pub status: String,
    pub attempts: i64,
    #[schema(required = true)]
    pub last_error: Option<String>,
    pub created_at: i64,
    #[schema(required = true)]
    pub sent_at: Option<i64>,
}

/// Every status an outbox row can have.
pub const EMAIL_STATUSES: [&str; 4] = ["queued", "sent", "failed", "cancelled"];

fn email_status() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some(EMAIL_STATUSES))
        .description(Some(
            "queued until sent; failed once its attempts are spent; cancelled when no longer worth sending.",
        ))
        .build()
}

/// Queues an email inside the caller's transaction; a second call with the same
/// `dedupe_key` queues nothing.
pub(super) async fn queue_email(
    tx: &mut Tx,
    kind: EmailKind,
    dedupe_key: &str,
    subject_id: &str,
    recipient: &str,
) -> Result<(), sqlx::Error> {
    queue_email_with_link(tx, kind, dedupe_key, subject_id, recipient, None).await
}

/// As `queue_email`, for an email that carries the private link `link_secret` opens. The
/// secret stays on the row only until the email is sent or cancelled.
pub(super) async fn queue_email_with_link(
    tx: &mut Tx,
    kind: EmailKind,
    dedupe_key: &str,
    subject_id: &str,
    recipient: &str,
    link_secret: Option<&str>,
) -> Result<(), sqlx::Error> {
    let now = now_millis();
    sqlx::query(
        "INSERT INTO outbox (id, dedupe_key, kind, subject_id, recipient, status, attempts, next_attempt_at,
             claimed_until, created_at, priority, link_secret)
         VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6, 0, $6, $7, $8)
         ON CONFLICT (dedupe_key) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(dedupe_key)
    .bind(kind.as_str())
    .bind(subject_id)
    .bind(recipient)
    .bind(now)
    .bind(kind.priority())
    .bind(link_secret)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) fn outbox_from_row(row: &AnyRow) -> Result<OutboxEmail, sqlx::Error> {
    Ok(OutboxEmail {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        subject_id: row.try_get("subject_id")?,
        recipient: row.try_get("recipient")?,
        status: row.try_get("status")?,
        attempts: row.try_get("attempts")?,
        last_error: row.try_get("last_error")?,
        created_at: row.try_get("created_at")?,
        sent_at: row.try_get("sent_at")?,
    })
}

fn claimed_from_row(row: &AnyRow) -> Result<ClaimedEmail, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    Ok(ClaimedEmail {
        id: row.try_get("id")?,
        kind: EmailKind::parse(&kind).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "kind".into(),
            source: format!("unexpected email kind {kind:?}").into(),
        })?,
        subject_id: row.try_get("subject_id")?,
        recipient: row.try_get("recipient")?,
        attempts: row.try_get("attempts")?,
        link_secret: row.try_get("link_secret")?,
    })
}

impl Store {
    /// Claims up to `limit` due emails until `lease_until`, counting an attempt on each.
    pub async fn claim_due_emails(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<ClaimedEmail>, sqlx::Error> {
        // PostgreSQL: rows another worker is claiming are skipped, not waited for.
        // SQLite has one writer at a time, so the UPDATE alone is atomic.
        let skip_locked = match self.backend {
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        let rows = sqlx::query(&format!(
            "UPDATE outbox SET claimed_until = $2, attempts = attempts + 1
             WHERE id IN (
                 SELECT id FROM outbox
                 WHERE status = 'queued' AND next_attempt_at <= $1 AND claimed_until <= $1
                 ORDER BY priority, created_at LIMIT $3 {skip_locked}
             )
             RETURNING id, kind, subject_id, recipient, attempts, link_secret"
        ))
        .bind(now)
        .bind(lease_until)
        .bind(limit)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(claimed_from_row).collect()
    }

    /// Marks the emails `ids` sent, in one statement.
    pub async fn mark_emails_sent(&self, ids: &[&str]) -> Result<(), sqlx::Error> {
        if ids.is_empty() {
            return Ok(());
        }
        let listed = placeholders(2, ids.len());
        let statement = format!(
            "UPDATE outbox SET status = 'sent', sent_at = $1, claimed_until = 0, last_error = NULL, link_secret = NULL
             WHERE id IN ({listed})"
        );
        let mut query = sqlx::query(&statement).bind(now_millis());
        for id in ids {
            query = query.bind(*id);
        }
        query.execute(&self.connections).await?;
        Ok(())
    }

    /// Marks an email not worth sending any more, with why.
    pub async fn mark_email_cancelled(&self, id: &str, reason: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE outbox SET status = 'cancelled', claimed_until = 0, last_error = $2, link_secret = NULL WHERE id = $1",
        )
            .bind(id)
            .bind(reason)
            .execute(&self.connections)
            .await?;
        Ok(())
    }

    /// Records a failed attempt: the email is retried at `retry_at`, or marked
    /// failed when `retry_at` is `None`.
    pub async fn mark_email_attempt_failed(
        &self,
        id: &str,
        error: &str,
        retry_at: Option<i64>,
    ) -> Result<(), sqlx::Error> {
        let (status, next_attempt_at) = match retry_at {
            Some(at) => ("queued", at),
            None => ("failed", now_millis()),
        };
        sqlx::query(
            "UPDATE outbox SET status = $2, next_attempt_at = $3, claimed_until = 0, last_error = $4 WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(next_attempt_at)
        .bind(error)
        .execute(&self.connections)
        .await?;
        Ok(())
    }

    /// How many emails are in each status.
    pub async fn outbox_totals(&self) -> Result<Vec<(String, i64)>, sqlx::Error> {
        let rows = sqlx::query("SELECT status, COUNT(*) AS count FROM outbox GROUP BY status ORDER BY status")
            .fetch_all(&self.connections)
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("status")?, row.try_get("count")?)))
            .collect()
    }

    /// Every email, newest first.
    pub async fn list_outbox(&self) -> Result<Vec<OutboxEmail>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, kind, subject_id, recipient, status, attempts, last_error, created_at, sent_at
             FROM outbox ORDER BY created_at DESC, id",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(outbox_from_row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::EmailKind;

    #[test]
    fn every_kind_of_email_reads_back_as_itself() {
        for kind in [
            EmailKind::WaitlistConfirmation,
            EmailKind::OrderConfirmation,
            EmailKind::RefundConfirmation,
            EmailKind::AttendeeTicket,
            EmailKind::InvoiceCorrection,
            EmailKind::StaffInvitation,
            EmailKind::SponsorReview,
            EmailKind::WaitingListJoined,
            EmailKind::WaitingListOffer,
            EmailKind::PresaleLink,
            EmailKind::DrawPrize,
            EmailKind::Message,
            EmailKind::AnswersReminder,
            EmailKind::DayBefore,
        ] {
            assert_eq!(EmailKind::parse(kind.as_str()), Some(kind));
        }
    }
}
