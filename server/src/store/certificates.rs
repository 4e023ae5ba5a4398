//! Certificates of attendance: what the door and the workshops' doors recorded of a ticket, and the certificates
//! issued from it, one per ticket, kept as issued for the page that confirms them.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Store;

/// What the doors recorded of a ticket.
#[derive(Debug, Clone, Default)]
pub struct Attendance {
    /// Every believed scan at the main door and every workshop admission, Unix milliseconds, in no order.
    pub scans: Vec<i64>,
    /// The titles of the workshops it was admitted to, by start.
    pub workshops: Vec<String>,
}

/// A certificate as issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateRecord {
    pub id: String,
    pub ticket_id: String,
    pub attendee_name: String,
    pub event_name: String,
    /// "May 18-22, 2026"
    pub event_dates: String,
    /// The venue's dates checked in on, "2026-05-18", in order.
    pub days: Vec<String>,
    pub workshops: Vec<String>,
    pub issued_at: i64,
}

const COLUMNS: &str = "id, ticket_id, attendee_name, event_name, event_dates, days, workshops, issued_at";

fn certificate_from_row(row: &AnyRow) -> Result<CertificateRecord, sqlx::Error> {
    let list = |column: &str| -> Result<Vec<String>, sqlx::Error> {
        let text: String = row.try_get(column)?;
        serde_json::from_str(&text).map_err(|error| sqlx::Error::ColumnDecode {
            index: column.into(),
            source: Box::new(error),
        })
    };
    Ok(CertificateRecord {
        id: row.try_get("id")?,
        ticket_id: row.try_get("ticket_id")?,
        attendee_name: row.try_get("attendee_name")?,
        event_name: row.try_get("event_name")?,
        event_dates: row.try_get("event_dates")?,
        days: list("days")?,
        workshops: list("workshops")?,
        issued_at: row.try_get("issued_at")?,
    })
}

impl Store {
    /// The ticket's admission, its later believed scans (online and offline) and its workshop admissions.
    pub async fn attendance(&self, ticket_id: &str) -> Result<Attendance, sqlx::Error> {
        let scans: Vec<i64> = sqlx::query_scalar(
            "SELECT checked_in_at FROM tickets WHERE id = $1 AND checked_in_at IS NOT NULL
             UNION ALL SELECT scanned_at FROM check_in_duplicates WHERE ticket_id = $1 AND doubt IS NULL
             UNION ALL SELECT scanned_at FROM ticket_rescans WHERE ticket_id = $1
             UNION ALL SELECT checked_in_at FROM workshop_seats WHERE ticket_id = $1 AND checked_in_at IS NOT NULL",
        )
        .bind(ticket_id)
        .fetch_all(&self.connections)
        .await?;
        let workshops: Vec<String> = sqlx::query_scalar(
            "SELECT s.title FROM workshop_seats w JOIN programme_sessions s ON s.source_id = w.session_source_id
             WHERE w.ticket_id = $1 AND w.checked_in_at IS NOT NULL ORDER BY s.starts_at, s.title",
        )
        .bind(ticket_id)
        .fetch_all(&self.connections)
        .await?;
        Ok(Attendance { scans, workshops })
    }

    /// Notes a door scan of a ticket admitted before: a day the attendee came back.
    pub(super) async fn record_rescan(&self, ticket_id: &str, scanned_at: i64) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO ticket_rescans (ticket_id, scanned_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(ticket_id)
            .bind(scanned_at)
            .execute(&self.connections)
            .await?;
        Ok(())
    }

    /// The ticket's certificate, issuing `draft` as it unless it has one: a certificate, once issued, stays as it
    /// was (and keeps its id), whoever asks again and however often.
    pub async fn issue_certificate(&self, draft: &CertificateRecord) -> Result<CertificateRecord, sqlx::Error> {
        let list = |values: &[String]| serde_json::to_string(values).unwrap_or_else(|_| "[]".into());
        sqlx::query(
            "INSERT INTO certificates (id, ticket_id, attendee_name, event_name, event_dates, days, workshops, issued_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (ticket_id) DO NOTHING",
        )
        .bind(&draft.id)
        .bind(&draft.ticket_id)
        .bind(&draft.attendee_name)
        .bind(&draft.event_name)
        .bind(&draft.event_dates)
        .bind(list(&draft.days))
        .bind(list(&draft.workshops))
        .bind(draft.issued_at)
        .execute(&self.connections)
        .await?;
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM certificates WHERE ticket_id = $1"))
            .bind(&draft.ticket_id)
            .fetch_one(&self.connections)
            .await?;
        certificate_from_row(&row)
    }

    /// The certificate with this id.
    pub async fn certificate(&self, id: &str) -> Result<Option<CertificateRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM certificates WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(certificate_from_row).transpose()
    }
}
