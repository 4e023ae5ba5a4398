//! The door without the network: the check-in list devices keep, the scans they queued
//! offline, the duplicates two devices made of one ticket, and finding an attendee by name.

use serde::Serialize;
use sqlx::Row;

use super::admin::record_audit;
use super::{Store, now_millis};

/// One ticket as a door device keeps it: never its code, only a digest of it.
#[derive(Debug, Clone)]
pub struct ListedTicket {
    /// The stored code (digested by the caller before it leaves the server).
    pub code: String,
    pub attendee_name: String,
    pub ticket_type: String,
    pub refunded: bool,
    pub checked_in_at: Option<i64>,
}

/// A scan a device made while offline, sent later.
#[derive(Debug, Clone)]
pub struct OfflineScan {
    /// The stored form of the code (normalized).
    pub code: String,
    /// The device's clock at the scan, Unix milliseconds (never later than its arrival).
    pub scanned_at: i64,
}

/// What an offline scan turned out to be.
#[derive(Debug, Clone)]
pub enum OfflineCheckIn {
    /// The earliest scan of the ticket: it is checked in with this scan's time and device.
    Admitted {
        attendee_name: String,
        ticket_type: String,
    },
    /// This device admitted the ticket earlier: the same person scanned again.
    AlreadyCheckedIn {
        attendee_name: String,
        ticket_type: String,
        first_at: i64,
    },
    /// Another device (or the online check-in) admitted the ticket earlier; this scan is
    /// recorded as a duplicate.
    Duplicate {
        attendee_name: String,
        ticket_type: String,
        first_at: i64,
        first_by: String,
    },
    Refunded {
        attendee_name: String,
        ticket_type: String,
    },
    Transferred {
        ticket_type: String,
    },
    Unknown,
}

/// A ticket scanned twice: who let it in first, and the later scan.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicateScan {
    pub attendee_name: String,
    pub ticket_type: String,
    /// The admitting scan: when (Unix milliseconds), by whom, on which device.
    pub first_at: i64,
    pub first_by: String,
    pub first_device: String,
    /// The later scan of the same ticket.
    pub scanned_at: i64,
    pub scanned_by: String,
    pub device_id: String,
}

/// An attendee found by name at the door.
#[derive(Debug, Clone)]
pub struct FoundAttendee {
    pub code: String,
    pub attendee_name: String,
    pub ticket_type: String,
    pub refunded: bool,
    pub checked_in_at: Option<i64>,
}

/// Tickets a seat's holder is known by: the attendee's name, else the buyer's.
const NAMED_TICKETS: &str = "SELECT tickets.id, tickets.code, tickets.ticket_type, tickets.status,
        tickets.checked_in_at, tickets.checked_in_by, tickets.checked_in_device,
        COALESCE(tickets.attendee_name, orders.buyer_name) AS holder
     FROM tickets JOIN orders ON orders.id = tickets.order_id";

impl Store {
    /// Every ticket of the event and every code retired by a hand-over (as refused codes).
    pub async fn check_in_list(&self) -> Result<(Vec<ListedTicket>, Vec<(String, String)>), sqlx::Error> {
        let rows = sqlx::query(&format!("{NAMED_TICKETS} ORDER BY tickets.id"))
            .fetch_all(&self.pool)
            .await?;
        let tickets = rows
            .iter()
            .map(|row| {
                Ok(ListedTicket {
                    code: row.try_get("code")?,
                    attendee_name: row.try_get("holder")?,
                    ticket_type: row.try_get("ticket_type")?,
                    refunded: row.try_get::<String, _>("status")? == "refunded",
                    checked_in_at: row.try_get("checked_in_at")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let retired = sqlx::query(
            "SELECT ticket_handovers.retired_code, tickets.ticket_type FROM ticket_handovers
             JOIN tickets ON tickets.id = ticket_handovers.ticket_id ORDER BY ticket_handovers.retired_code",
        )
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("retired_code")?, row.try_get("ticket_type")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok((tickets, retired))
    }

    /// Records one offline scan: the earliest scan of a ticket admits it, whichever device
    /// sends first; a later one is a duplicate, or, from the device that admitted it, a
    /// second scan of the same person. Sending the same scan again answers the same.
    pub async fn record_offline_scan(
        &self,
        scan: &OfflineScan,
        device_id: &str,
        actor: &str,
    ) -> Result<OfflineCheckIn, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        // A write first: SQLite takes its write lock now rather than failing when the read
        // below turns into a write; PostgreSQL locks the ticket's row, so two devices' scans
        // of one ticket take turns.
        sqlx::query("UPDATE tickets SET updated_at = updated_at WHERE code = $1")
            .bind(&scan.code)
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query(&format!("{NAMED_TICKETS} WHERE tickets.code = $1"))
            .bind(&scan.code)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            let retired: Option<String> = sqlx::query_scalar(
                "SELECT tickets.ticket_type FROM ticket_handovers JOIN tickets ON tickets.id = ticket_handovers.ticket_id
                 WHERE ticket_handovers.retired_code = $1",
            )
            .bind(&scan.code)
            .fetch_optional(&mut *tx)
            .await?;
            return Ok(
                retired.map_or(OfflineCheckIn::Unknown, |ticket_type| OfflineCheckIn::Transferred {
                    ticket_type,
                }),
            );
        };
        let ticket_id: String = row.try_get("id")?;
        let attendee_name: String = row.try_get("holder")?;
        let ticket_type: String = row.try_get("ticket_type")?;
        if row.try_get::<String, _>("status")? == "refunded" {
            return Ok(OfflineCheckIn::Refunded {
                attendee_name,
                ticket_type,
            });
        }
        let first_at: Option<i64> = row.try_get("checked_in_at")?;
        let first_device: Option<String> = row.try_get("checked_in_device")?;
        let first_by: Option<String> = row.try_get("checked_in_by")?;
        let same_scan = first_at == Some(scan.scanned_at) && first_device.as_deref() == Some(device_id);
        if same_scan {
            return Ok(OfflineCheckIn::Admitted {
                attendee_name,
                ticket_type,
            });
        }
        let earliest = first_at.is_none_or(|first_at| scan.scanned_at < first_at);
        if earliest {
            // A compare-and-set on the admitting scan: of two devices sending at once, one wins
            // and the other reads the winner on its retry below.
            let taken = sqlx::query(
                "UPDATE tickets SET checked_in_at = $1, checked_in_by = $2, checked_in_device = $3, updated_at = $4
                 WHERE id = $5 AND status = 'valid'
                   AND (checked_in_at IS NULL OR checked_in_at = $6)",
            )
            .bind(scan.scanned_at)
            .bind(actor)
            .bind(device_id)
            .bind(now_millis())
            .bind(&ticket_id)
            .bind(first_at.unwrap_or(i64::MIN))
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if taken {
                if let (Some(first_at), Some(first_by)) = (first_at, &first_by) {
                    // The scan admitted before was later than this one: it becomes the duplicate.
                    insert_duplicate(
                        &mut tx,
                        &ticket_id,
                        first_device.as_deref().unwrap_or("online"),
                        first_by,
                        first_at,
                    )
                    .await?;
                }
                let order_id: String = sqlx::query_scalar("SELECT order_id FROM tickets WHERE id = $1")
                    .bind(&ticket_id)
                    .fetch_one(&mut *tx)
                    .await?;
                record_audit(
                    &mut *tx,
                    actor,
                    "check_in",
                    Some(&order_id),
                    &serde_json::json!({ "code": scan.code, "device": device_id, "scannedAt": scan.scanned_at }),
                )
                .await?;
                tx.commit().await?;
                return Ok(OfflineCheckIn::Admitted {
                    attendee_name,
                    ticket_type,
                });
            }
            tx.rollback().await?;
            return Box::pin(self.record_offline_scan(scan, device_id, actor)).await;
        }
        let first_at = first_at.unwrap_or_default();
        if first_device.as_deref() == Some(device_id) {
            return Ok(OfflineCheckIn::AlreadyCheckedIn {
                attendee_name,
                ticket_type,
                first_at,
            });
        }
        insert_duplicate(&mut tx, &ticket_id, device_id, actor, scan.scanned_at).await?;
        tx.commit().await?;
        Ok(OfflineCheckIn::Duplicate {
            attendee_name,
            ticket_type,
            first_at,
            first_by: first_by.unwrap_or_default(),
        })
    }

    /// Every duplicate scan, newest first.
    pub async fn duplicate_scans(&self) -> Result<Vec<DuplicateScan>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT COALESCE(tickets.attendee_name, orders.buyer_name) AS holder, tickets.ticket_type,
                    tickets.checked_in_at, tickets.checked_in_by, tickets.checked_in_device,
                    check_in_duplicates.scanned_at, check_in_duplicates.scanned_by, check_in_duplicates.device_id
             FROM check_in_duplicates
             JOIN tickets ON tickets.id = check_in_duplicates.ticket_id
             JOIN orders ON orders.id = tickets.order_id
             ORDER BY check_in_duplicates.scanned_at DESC, check_in_duplicates.id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DuplicateScan {
                    attendee_name: row.try_get("holder")?,
                    ticket_type: row.try_get("ticket_type")?,
                    first_at: row.try_get::<Option<i64>, _>("checked_in_at")?.unwrap_or_default(),
                    first_by: row.try_get::<Option<String>, _>("checked_in_by")?.unwrap_or_default(),
                    first_device: row
                        .try_get::<Option<String>, _>("checked_in_device")?
                        .unwrap_or_else(|| "online".to_owned()),
                    scanned_at: row.try_get("scanned_at")?,
                    scanned_by: row.try_get("scanned_by")?,
                    device_id: row.try_get("device_id")?,
                })
            })
            .collect()
    }

    /// Up to `limit` tickets whose holder's name contains `query` (any case), by name.
    pub async fn find_attendees(&self, query: &str, limit: i64) -> Result<Vec<FoundAttendee>, sqlx::Error> {
        let pattern = format!("%{}%", escape_like(&query.to_lowercase()));
        let rows = sqlx::query(&format!(
            "{NAMED_TICKETS} WHERE LOWER(COALESCE(tickets.attendee_name, orders.buyer_name)) LIKE $1 ESCAPE '\\'
             ORDER BY holder, tickets.id LIMIT $2"
        ))
        .bind(pattern)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(FoundAttendee {
                    code: row.try_get("code")?,
                    attendee_name: row.try_get("holder")?,
                    ticket_type: row.try_get("ticket_type")?,
                    refunded: row.try_get::<String, _>("status")? == "refunded",
                    checked_in_at: row.try_get("checked_in_at")?,
                })
            })
            .collect()
    }
}

async fn insert_duplicate(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    ticket_id: &str,
    device_id: &str,
    scanned_by: &str,
    scanned_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO check_in_duplicates (id, ticket_id, device_id, scanned_by, scanned_at, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (ticket_id, device_id, scanned_at) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(ticket_id)
    .bind(device_id)
    .bind(scanned_by)
    .bind(scanned_at)
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// `%` and `_` typed into a search are letters, not wildcards.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
