//! The door's devices: each belongs to the session that first named it, and the server
//! remembers when it first downloaded the check-in list, the earliest its offline scans can
//! be believed.

use sqlx::Row;

use super::Store;
use super::Tx;

/// A door device as the server knows it when one of its batches arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DoorDevice {
    /// This session's device, with its first download of the list (Unix milliseconds), if any.
    Ours { first_list_at: Option<i64> },
    /// The device id was first used by another session.
    Theirs,
}

impl Store {
    /// Records that `device_id` downloaded the check-in list at `at`, naming it for `owner`
    /// (a session's key) if no one has. Answers `false`, recording nothing, when the device
    /// belongs to another session.
    pub async fn record_list_download(&self, device_id: &str, owner: &str, at: i64) -> Result<bool, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        claim(&mut tx, device_id, owner).await?;
        let recorded = sqlx::query(
            "UPDATE door_devices SET first_list_at = COALESCE(first_list_at, $3), last_list_at = $3
             WHERE device_id = $1 AND owner = $2",
        )
        .bind(device_id)
        .bind(owner)
        .bind(at)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        tx.commit().await?;
        Ok(recorded)
    }

    /// The device a batch of offline scans came from, seen by `owner`: a device id no one used
    /// before becomes theirs, with no list downloaded yet.
    pub async fn door_device(&self, device_id: &str, owner: &str) -> Result<DoorDevice, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        claim(&mut tx, device_id, owner).await?;
        let row = sqlx::query("SELECT owner, first_list_at FROM door_devices WHERE device_id = $1")
            .bind(device_id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(if row.try_get::<String, _>("owner")? == owner {
            DoorDevice::Ours {
                first_list_at: row.try_get("first_list_at")?,
            }
        } else {
            DoorDevice::Theirs
        })
    }
}

/// Names the device for `owner` unless someone did first: two sessions naming one id at the
/// same moment meet on its primary key, and the first keeps it.
async fn claim(tx: &mut Tx, device_id: &str, owner: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO door_devices (device_id, owner) VALUES ($1, $2) ON CONFLICT (device_id) DO NOTHING")
        .bind(device_id)
        .bind(owner)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
