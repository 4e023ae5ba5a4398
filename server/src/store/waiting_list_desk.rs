//! The organizer's hands on the waiting list: every queue with its entries and why no offer
//! went out, moving an entry up, sending an offer by hand and taking an entry off.

use sqlx::Row;

use super::admin::record_audit;
use super::codes::release_code_hold;
use super::waiting_list::{ENTRY_COLUMNS, Waiting, entry_from_row, keys_of, owe};
use super::{Store, now_millis};
use crate::store::{EntryState, WaitingListEntry};

/// One item's (or merchandise variant's) queue.
#[derive(Debug, Clone)]
pub struct Queue {
    /// The stock key the queue waits on: the variant's, or the item's.
    pub key: String,
    /// Units free of that key now (neither sold nor held), counting those owed to the queue;
    /// `None` for an item without a limit.
    pub free: Option<i64>,
    /// Waiting entries first, by place; then the rest, the latest change first.
    pub entries: Vec<WaitingListEntry>,
}

impl Queue {
    pub fn waiting(&self) -> impl Iterator<Item = &WaitingListEntry> {
        self.entries.iter().filter(|entry| entry.state == EntryState::Waiting)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error("no such entry")]
    NotFound,
    /// The entry is not waiting (offered, used, over or removed).
    #[error("the entry is not waiting")]
    NotWaiting(EntryState),
    #[error("the entry is first already")]
    FirstAlready,
    /// Fewer units are free than the entry wants.
    #[error("only {free} free")]
    TooFewFree { free: i64 },
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

impl Store {
    /// Every queue that has or had entries, the items' in the order their first entry came.
    pub async fn waiting_list_queues(&self) -> Result<Vec<Queue>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {ENTRY_COLUMNS} FROM waiting_list_entries e
             LEFT JOIN codes c ON c.id = e.code_id
             ORDER BY CASE WHEN e.state = 'waiting' THEN 0 ELSE 1 END, e.place, e.updated_at DESC, e.id"
        ))
        .fetch_all(&self.connections)
        .await?;
        let mut queues: Vec<Queue> = Vec::new();
        for row in &rows {
            let entry = entry_from_row(row)?;
            let key = entry.variant_sku.clone().unwrap_or_else(|| entry.sku.clone());
            match queues.iter_mut().find(|queue| queue.key == key) {
                Some(queue) => queue.entries.push(entry),
                None => {
                    let free = self
                        .free_units(&keys_of(&entry.sku, entry.variant_sku.as_deref()))
                        .await?;
                    queues.push(Queue {
                        key,
                        free,
                        entries: vec![entry],
                    });
                }
            }
        }
        Ok(queues)
    }

    /// The fewest units free over `keys`: neither sold nor held, those owed to the queue
    /// included. `None` when none of them has a limit.
    async fn free_units(&self, keys: &[String]) -> Result<Option<i64>, sqlx::Error> {
        let mut free: Option<i64> = None;
        for key in keys {
            let left: Option<i64> = sqlx::query_scalar("SELECT capacity - taken FROM stock WHERE sku = $1")
                .bind(key)
                .fetch_optional(&self.connections)
                .await?;
            if let Some(left) = left {
                free = Some(free.map_or(left, |free| free.min(left)).max(0));
            }
        }
        Ok(free)
    }

    async fn entry_for_desk(&self, id: &str) -> Result<WaitingListEntry, DeskError> {
        self.waiting_list_entry(id).await?.ok_or(DeskError::NotFound)
    }

    /// Swaps a waiting entry with the one before it in its queue; answers its new place.
    pub async fn move_entry_up(&self, id: &str, actor: &str) -> Result<i64, DeskError> {
        let entry = self.entry_for_desk(id).await?;
        if entry.state != EntryState::Waiting {
            return Err(DeskError::NotWaiting(entry.state));
        }
        let mut tx = self.begin_write().await?;
        let mine: i64 = sqlx::query_scalar("SELECT place FROM waiting_list_entries WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let ahead = sqlx::query(
            "SELECT id, place FROM waiting_list_entries
             WHERE state = 'waiting' AND sku = $1 AND COALESCE(variant_sku, '') = COALESCE($2, '') AND place < $3
             ORDER BY place DESC LIMIT 1",
        )
        .bind(&entry.sku)
        .bind(entry.variant_sku.as_deref())
        .bind(mine)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(DeskError::FirstAlready)?;
        let ahead_id: String = ahead.try_get("id")?;
        let ahead_place: i64 = ahead.try_get("place")?;
        let now = now_millis();
        for (entry_id, place) in [(id, ahead_place), (ahead_id.as_str(), mine)] {
            sqlx::query("UPDATE waiting_list_entries SET place = $2, updated_at = $3 WHERE id = $1")
                .bind(entry_id)
                .bind(place)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        record_audit(
            &mut *tx,
            actor,
            "waiting_list_moved_up",
            None,
            &serde_json::json!({ "entryId": id, "email": entry.email, "item": entry.item_name }),
        )
        .await?;
        tx.commit().await?;
        // The first in line may now be someone the free units suffice for.
        self.pass_freed_units().await;
        Ok(self.waiting_list_place(id).await?)
    }

    /// Offers a waiting entry its units now, out of turn, if they are free.
    pub async fn offer_by_hand(&self, id: &str, actor: &str) -> Result<WaitingListEntry, DeskError> {
        let entry = self.entry_for_desk(id).await?;
        if entry.state != EntryState::Waiting {
            return Err(DeskError::NotWaiting(entry.state));
        }
        let waiting = Waiting {
            id: entry.id.clone(),
            sku: entry.sku.clone(),
            variant_sku: entry.variant_sku.clone(),
            quantity: entry.quantity,
            email: entry.email.clone(),
        };
        let now = now_millis();
        if !self.make_offer(&waiting, now, self.offer_until(now)).await? {
            let latest = self.entry_for_desk(id).await?;
            if latest.state != EntryState::Waiting {
                return Err(DeskError::NotWaiting(latest.state));
            }
            let free = self.free_units(&waiting.keys()).await?.unwrap_or(0);
            return Err(DeskError::TooFewFree { free });
        }
        self.stock_changed();
        self.record_audit(
            actor,
            "waiting_list_offered_by_hand",
            None,
            &serde_json::json!({ "entryId": id, "email": entry.email, "item": entry.item_name }),
        )
        .await?;
        self.entry_for_desk(id).await
    }

    /// Takes an entry off its queue: a waiting one's units are no longer owed to it, an
    /// offered one's code stops working and its held units go to the next entry.
    pub async fn remove_entry(&self, id: &str, actor: &str) -> Result<(), DeskError> {
        let entry = self.entry_for_desk(id).await?;
        let mut tx = self.begin_write().await?;
        let removed = sqlx::query(
            "UPDATE waiting_list_entries SET state = 'removed', updated_at = $3
             WHERE id = $1 AND state = $2 AND state IN ('waiting', 'offered')",
        )
        .bind(id)
        .bind(entry.state.as_str())
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        if removed.rows_affected() == 0 {
            tx.rollback().await?;
            let latest = self.entry_for_desk(id).await?;
            return Err(DeskError::NotWaiting(latest.state));
        }
        match entry.state {
            EntryState::Waiting => {
                owe(
                    &mut tx,
                    &keys_of(&entry.sku, entry.variant_sku.as_deref()),
                    -entry.quantity,
                )
                .await?;
            }
            _ => {
                let code_id: Option<String> =
                    sqlx::query_scalar("SELECT code_id FROM waiting_list_entries WHERE id = $1")
                        .bind(id)
                        .fetch_one(&mut *tx)
                        .await?;
                if let Some(code_id) = code_id {
                    sqlx::query("UPDATE codes SET disabled = TRUE WHERE id = $1")
                        .bind(&code_id)
                        .execute(&mut *tx)
                        .await?;
                    release_code_hold(&mut tx, &code_id).await?;
                }
            }
        }
        record_audit(
            &mut *tx,
            actor,
            "waiting_list_removed",
            None,
            &serde_json::json!({ "entryId": id, "email": entry.email, "item": entry.item_name }),
        )
        .await?;
        tx.commit().await?;
        self.stock_changed();
        self.pass_freed_units().await;
        Ok(())
    }
}
