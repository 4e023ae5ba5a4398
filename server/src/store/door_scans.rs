//! The scans a door device made offline, sent later: which ones the server believes, and what
//! each does to the door's record. The earliest believed scan of a ticket admits it, whichever
//! device sends first; an online admission is never moved; a scan whose time is not believed
//! is recorded and flagged, and never admits over an existing admission.

use serde::Serialize;
use sqlx::Row;

use super::Store;
use super::Tx;
use super::admin::record_audit;

/// How far a device's clock may run behind the server's: a scan up to this much before a
/// bound is still believed.
pub const CLOCK_SKEW_MILLIS: i64 = 5 * 60 * 1000;

/// Why the time a device gave a scan is not believed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScanDoubt {
    /// The device id was first used by another session.
    DeviceOfAnotherSession,
    /// Before the device first downloaded the check-in list, or it never did.
    BeforeListDownload,
    /// Before the ticket's current code was issued (bought, or given to its holder).
    BeforeCodeIssued,
    /// Before the doors opened (`[event] doors_open`).
    BeforeDoorsOpen,
}

impl ScanDoubt {
    const ALL: [Self; 4] = [
        Self::DeviceOfAnotherSession,
        Self::BeforeListDownload,
        Self::BeforeCodeIssued,
        Self::BeforeDoorsOpen,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::DeviceOfAnotherSession => "device_of_another_session",
            Self::BeforeListDownload => "before_list_download",
            Self::BeforeCodeIssued => "before_code_issued",
            Self::BeforeDoorsOpen => "before_doors_open",
        }
    }

    pub(super) fn parse(stored: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|doubt| doubt.as_str() == stored)
    }
}

/// What the server believes of one device's offline scans, decided when its batch arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanWindow {
    /// The device's first download of the list (Unix milliseconds), or why none of its scans
    /// can be believed.
    pub listed_at: Result<i64, ScanDoubt>,
    pub doors_open: i64,
    /// When the batch arrived: a scan is never later, and one not believed admits at it.
    pub arrival: i64,
}

impl ScanWindow {
    /// Why a scan at `scanned_at` of a ticket whose code was issued at `code_issued_at` is not
    /// believed, or `None` when it is.
    pub fn doubt(&self, scanned_at: i64, code_issued_at: i64) -> Option<ScanDoubt> {
        let listed_at = match self.listed_at {
            Ok(at) => at,
            Err(doubt) => return Some(doubt),
        };
        let before = |bound: i64| scanned_at < bound.saturating_sub(CLOCK_SKEW_MILLIS);
        [
            (listed_at, ScanDoubt::BeforeListDownload),
            (code_issued_at, ScanDoubt::BeforeCodeIssued),
            (self.doors_open, ScanDoubt::BeforeDoorsOpen),
        ]
        .into_iter()
        .find_map(|(bound, doubt)| before(bound).then_some(doubt))
    }
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
    /// The ticket was not checked in, or this believed scan is earlier than another device's
    /// admission: it is checked in with this scan's time (the arrival's, for a scan not
    /// believed) and device.
    Admitted {
        attendee_name: String,
        ticket_type: String,
        at: i64,
    },
    /// This device admitted the ticket before: the same person scanned again, or the same
    /// scan sent again.
    AlreadyCheckedIn {
        attendee_name: String,
        ticket_type: String,
        first_at: i64,
    },
    /// Another device (or the online check-in) admitted the ticket; this scan is recorded as
    /// a duplicate.
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

/// An offline scan as recorded: what it did, and why its time was not believed, if it was not.
#[derive(Debug, Clone)]
pub struct RecordedScan {
    pub check_in: OfflineCheckIn,
    pub doubt: Option<ScanDoubt>,
}

impl From<OfflineCheckIn> for RecordedScan {
    fn from(check_in: OfflineCheckIn) -> Self {
        Self { check_in, doubt: None }
    }
}

/// The ticket a scan names, read under its row's lock.
struct Scanned {
    id: String,
    order_id: String,
    holder: String,
    ticket_type: String,
    refunded: bool,
    code_issued_at: i64,
    /// The admitting scan: when, by whom, on which device (`None`: the online check-in).
    admitted: Option<(i64, String, Option<String>)>,
}

impl Store {
    /// Records one offline scan of `device_id`, sent by `actor`, judged by `window`. Sending
    /// the same scan again changes nothing and answers `AlreadyCheckedIn` (or `Duplicate`).
    pub async fn record_offline_scan(
        &self,
        scan: &OfflineScan,
        window: &ScanWindow,
        device_id: &str,
        actor: &str,
    ) -> Result<RecordedScan, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        // A write first: SQLite takes its write lock now rather than failing when the read
        // below turns into a write; PostgreSQL locks the ticket's row, so two devices' scans
        // of one ticket take turns and the reads below stay true until the commit.
        sqlx::query("UPDATE tickets SET updated_at = updated_at WHERE code = $1")
            .bind(&scan.code)
            .execute(&mut *tx)
            .await?;
        let Some(ticket) = scanned(&mut tx, &scan.code).await? else {
            let retired: Option<String> = sqlx::query_scalar(
                "SELECT tickets.ticket_type FROM ticket_handovers JOIN tickets ON tickets.id = ticket_handovers.ticket_id
                 WHERE ticket_handovers.retired_code = $1",
            )
            .bind(&scan.code)
            .fetch_optional(&mut *tx)
            .await?;
            return Ok(retired
                .map_or(OfflineCheckIn::Unknown, |ticket_type| OfflineCheckIn::Transferred {
                    ticket_type,
                })
                .into());
        };
        if ticket.refunded {
            return Ok(OfflineCheckIn::Refunded {
                attendee_name: ticket.holder,
                ticket_type: ticket.ticket_type,
            }
            .into());
        }
        let doubt = window.doubt(scan.scanned_at, ticket.code_issued_at);
        let recorded = match &ticket.admitted {
            None => {
                // Someone was let in on this scan: the admission stands, but at a time the
                // server saw when the scan's own is not believed, so it can never be earlier
                // than a believed scan of another device.
                let at = if doubt.is_some() {
                    window.arrival
                } else {
                    scan.scanned_at
                };
                admit(&mut tx, &ticket, at, device_id, actor, scan, doubt).await?;
                OfflineCheckIn::Admitted {
                    attendee_name: ticket.holder,
                    ticket_type: ticket.ticket_type,
                    at,
                }
            }
            Some((first_at, first_by, first_device)) => {
                let (first_at, first_by) = (*first_at, first_by.clone());
                if let (None, Some(previous_device)) = (doubt, first_device)
                    && scan.scanned_at < first_at
                {
                    // Two devices both scanned plausibly: the earlier admits, and the scan that
                    // admitted before becomes the duplicate. An online admission is never moved.
                    admit(&mut tx, &ticket, scan.scanned_at, device_id, actor, scan, None).await?;
                    record_scan(&mut tx, &ticket.id, previous_device, &first_by, first_at, None).await?;
                    OfflineCheckIn::Admitted {
                        attendee_name: ticket.holder,
                        ticket_type: ticket.ticket_type,
                        at: scan.scanned_at,
                    }
                } else {
                    let ours = first_device.as_deref() == Some(device_id);
                    // A believed second scan on the admitting device is the same person again
                    // (or the same scan sent again); anything else is kept for the organizer.
                    if doubt.is_some() || !ours {
                        record_scan(&mut tx, &ticket.id, device_id, actor, scan.scanned_at, doubt).await?;
                    }
                    if ours {
                        OfflineCheckIn::AlreadyCheckedIn {
                            attendee_name: ticket.holder,
                            ticket_type: ticket.ticket_type,
                            first_at,
                        }
                    } else {
                        OfflineCheckIn::Duplicate {
                            attendee_name: ticket.holder,
                            ticket_type: ticket.ticket_type,
                            first_at,
                            first_by,
                        }
                    }
                }
            }
        };
        tx.commit().await?;
        Ok(RecordedScan {
            check_in: recorded,
            doubt,
        })
    }
}

async fn scanned(tx: &mut Tx, code: &str) -> Result<Option<Scanned>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT tickets.id, tickets.order_id, tickets.ticket_type, tickets.status, tickets.checked_in_at,
                tickets.checked_in_by, tickets.checked_in_device,
                COALESCE(tickets.attendee_name, orders.buyer_name) AS holder,
                COALESCE((SELECT MAX(ticket_handovers.at) FROM ticket_handovers
                          WHERE ticket_handovers.ticket_id = tickets.id), tickets.created_at) AS code_issued_at
         FROM tickets JOIN orders ON orders.id = tickets.order_id WHERE tickets.code = $1",
    )
    .bind(code)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let checked_in_at: Option<i64> = row.try_get("checked_in_at")?;
    let admitted = match checked_in_at {
        Some(at) => Some((
            at,
            row.try_get::<Option<String>, _>("checked_in_by")?.unwrap_or_default(),
            row.try_get("checked_in_device")?,
        )),
        None => None,
    };
    Ok(Some(Scanned {
        id: row.try_get("id")?,
        order_id: row.try_get("order_id")?,
        holder: row.try_get("holder")?,
        ticket_type: row.try_get("ticket_type")?,
        refunded: row.try_get::<String, _>("status")? == "refunded",
        code_issued_at: row.try_get("code_issued_at")?,
        admitted,
    }))
}

/// Checks the ticket in at `at` on `device_id`, in the audit log with the scan as sent.
async fn admit(
    tx: &mut Tx,
    ticket: &Scanned,
    at: i64,
    device_id: &str,
    actor: &str,
    scan: &OfflineScan,
    doubt: Option<ScanDoubt>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE tickets SET checked_in_at = $1, checked_in_by = $2, checked_in_device = $3, updated_at = $4
         WHERE id = $5",
    )
    .bind(at)
    .bind(actor)
    .bind(device_id)
    .bind(super::now_millis())
    .bind(&ticket.id)
    .execute(&mut **tx)
    .await?;
    if let Some(doubt) = doubt {
        record_scan(tx, &ticket.id, device_id, actor, scan.scanned_at, Some(doubt)).await?;
    }
    record_audit(
        &mut **tx,
        actor,
        "check_in",
        Some(&ticket.order_id),
        &serde_json::json!({
            "code": scan.code,
            "device": device_id,
            "scannedAt": scan.scanned_at,
            "checkedInAt": at,
            "doubt": doubt.map(ScanDoubt::as_str),
        }),
    )
    .await
}

/// Keeps a scan the organizer should see: a later scan of an admitted ticket, or one whose
/// time was not believed. The same scan sent again is kept once.
async fn record_scan(
    tx: &mut Tx,
    ticket_id: &str,
    device_id: &str,
    scanned_by: &str,
    scanned_at: i64,
    doubt: Option<ScanDoubt>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO check_in_duplicates (id, ticket_id, device_id, scanned_by, scanned_at, recorded_at, doubt)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (ticket_id, device_id, scanned_at) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(ticket_id)
    .bind(device_id)
    .bind(scanned_by)
    .bind(scanned_at)
    .bind(super::now_millis())
    .bind(doubt.map(ScanDoubt::as_str))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: i64 = 60_000;

    fn window(listed_at: Result<i64, ScanDoubt>) -> ScanWindow {
        ScanWindow {
            listed_at,
            doors_open: 100 * MINUTE,
            arrival: 1_000 * MINUTE,
        }
    }

    #[test]
    fn a_scan_after_every_bound_is_believed_within_the_clock_skew() {
        let listed = window(Ok(200 * MINUTE));
        assert_eq!(listed.doubt(300 * MINUTE, 250 * MINUTE), None);
        assert_eq!(
            listed.doubt(245 * MINUTE, 250 * MINUTE),
            None,
            "a clock five minutes behind"
        );
        assert_eq!(
            listed.doubt(244 * MINUTE, 250 * MINUTE),
            Some(ScanDoubt::BeforeCodeIssued)
        );
        assert_eq!(listed.doubt(0, 0), Some(ScanDoubt::BeforeListDownload));
        let early_list = window(Ok(0));
        assert_eq!(early_list.doubt(90 * MINUTE, 0), Some(ScanDoubt::BeforeDoorsOpen));
    }

    #[test]
    fn no_scan_of_a_device_without_a_list_or_of_another_session_is_believed() {
        for doubt in [ScanDoubt::BeforeListDownload, ScanDoubt::DeviceOfAnotherSession] {
            assert_eq!(window(Err(doubt)).doubt(900 * MINUTE, 0), Some(doubt));
        }
    }

    #[test]
    fn a_doubt_is_stored_and_read_back_by_its_name() {
        for doubt in ScanDoubt::ALL {
            assert_eq!(ScanDoubt::parse(doubt.as_str()), Some(doubt));
        }
        assert_eq!(ScanDoubt::parse("online"), None);
    }
}
