//! The door without the network: the check-in list devices keep, the scans the organizer
//! should see (duplicates, and scans whose time was not believed), and finding an attendee by
//! name.

use serde::Serialize;
use sqlx::Row;

use super::Store;
use super::door_scans::ScanDoubt;

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

/// A scan of an admitted ticket after the one that let it in, or a scan whose time was not
/// believed: who let the ticket in, and the scan.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicateScan {
    pub attendee_name: String,
    pub ticket_type: String,
    /// The admitting scan: when (Unix milliseconds), by whom, on which device.
    pub first_at: i64,
    pub first_by: String,
    pub first_device: String,
    /// The other scan of the same ticket, at the time its device gave it.
    pub scanned_at: i64,
    pub scanned_by: String,
    pub device_id: String,
    /// Why the scan's time was not believed; absent when it was. Such a scan never admits over
    /// an existing admission; one that found the ticket not yet admitted admitted it at its
    /// arrival (`firstAt`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub doubt: Option<ScanDoubt>,
}

/// An attendee found by name at the door: by the ticket's id, never its code.
#[derive(Debug, Clone)]
pub struct FoundAttendee {
    pub ticket_id: String,
    pub attendee_name: String,
    pub ticket_type: String,
    pub refunded: bool,
    pub checked_in_at: Option<i64>,
}

/// Tickets a seat's holder is known by: the attendee's name, else the buyer's.
const NAMED_TICKETS: &str =
    "SELECT tickets.id, tickets.code, tickets.ticket_type, tickets.status, tickets.checked_in_at,
        COALESCE(tickets.attendee_name, orders.buyer_name) AS holder
     FROM tickets JOIN orders ON orders.id = tickets.order_id";

impl Store {
    /// Every ticket of the event and every code retired by a hand-over (as refused codes).
    pub async fn check_in_list(&self) -> Result<(Vec<ListedTicket>, Vec<(String, String)>), sqlx::Error> {
        let rows = sqlx::query(&format!("{NAMED_TICKETS} ORDER BY tickets.id"))
            .fetch_all(&self.connections)
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
        .fetch_all(&self.connections)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("retired_code")?, row.try_get("ticket_type")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok((tickets, retired))
    }

    /// Every duplicate scan and every scan not believed, newest first.
    pub async fn duplicate_scans(&self) -> Result<Vec<DuplicateScan>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT COALESCE(tickets.attendee_name, orders.buyer_name) AS holder, tickets.ticket_type,
                    tickets.checked_in_at, tickets.checked_in_by, tickets.checked_in_device,
                    check_in_duplicates.scanned_at, check_in_duplicates.scanned_by, check_in_duplicates.device_id,
                    check_in_duplicates.doubt
             FROM check_in_duplicates
             JOIN tickets ON tickets.id = check_in_duplicates.ticket_id
             JOIN orders ON orders.id = tickets.order_id
             ORDER BY check_in_duplicates.scanned_at DESC, check_in_duplicates.id",
        )
        .fetch_all(&self.connections)
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
                    doubt: row
                        .try_get::<Option<String>, _>("doubt")?
                        .map(|doubt| {
                            ScanDoubt::parse(&doubt).ok_or_else(|| sqlx::Error::ColumnDecode {
                                index: "doubt".into(),
                                source: format!("unexpected scan doubt {doubt:?}").into(),
                            })
                        })
                        .transpose()?,
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
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(FoundAttendee {
                    ticket_id: row.try_get("id")?,
                    attendee_name: row.try_get("holder")?,
                    ticket_type: row.try_get("ticket_type")?,
                    refunded: row.try_get::<String, _>("status")? == "refunded",
                    checked_in_at: row.try_get("checked_in_at")?,
                })
            })
            .collect()
    }
}

/// `%` and `_` typed into a search are letters, not wildcards.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
