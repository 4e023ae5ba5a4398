//! Offers from the waiting list: units that are free go to the waiting entries in queue order,
//! each as a personal single-use code that holds them until it is used, declined or expires.
//! Each queue (an item's, or a merchandise variant's) is served from the units of its own stock
//! keys, and an entry that wants more units than are free holds up nobody: the first behind it
//! who wants few enough gets them, and it keeps its place.

use std::collections::HashMap;

use sqlx::Row;

use super::Tx;
use super::codes::{CodeKind, NewCode, insert_code, release_code_hold};
use super::outbox::{EmailKind, queue_email, queue_email_with_link};
use super::waiting_list::{Declined, ENTRY_COLUMNS, Entry, OFFER_TAG, Waiting, entry_from_row};
use super::{Store, now_millis};

impl Store {
    /// Offers the units that are free to the entries waiting for them, in queue order: each
    /// offer a code holding its entry's units for the event file's `offer_hours`, emailed with
    /// a link to the checkout and one to decline it. An entry whose units are not all free
    /// keeps its place and holds up nobody: neither the entries behind it, nor the queues of
    /// its item's other variants. Offers that ran out unused are marked expired first (their
    /// units came back when their codes' holds were released). Answers how many offers went out.
    pub async fn offer_freed_units(&self, now: i64) -> Result<usize, sqlx::Error> {
        sqlx::query(
            "UPDATE waiting_list_entries SET state = 'expired', updated_at = $1
             WHERE state = 'offered'
               AND code_id IN (SELECT id FROM codes WHERE valid_until < $1 AND uses = 0 AND reserved_left = 0)",
        )
        .bind(now)
        .execute(&self.connections)
        .await?;
        let waiting = sqlx::query(
            "SELECT id, sku, variant_sku, quantity, email FROM waiting_list_entries
             WHERE state = 'waiting' ORDER BY place, created_at, id",
        )
        .fetch_all(&self.connections)
        .await?;
        let mut free = self.units_free_for_offers().await?;
        let mut offered = 0;
        for row in &waiting {
            let waiting = Waiting {
                id: row.try_get("id")?,
                sku: row.try_get("sku")?,
                variant_sku: row.try_get("variant_sku")?,
                quantity: row.try_get("quantity")?,
                email: row.try_get("email")?,
            };
            let keys = waiting.keys();
            let fits = keys
                .iter()
                .all(|key| free.get(key).is_none_or(|left| *left >= waiting.quantity));
            if !fits {
                continue;
            }
            if self.make_offer(&waiting, now, self.offer_until(now)).await? {
                offered += 1;
                for key in &keys {
                    if let Some(left) = free.get_mut(key) {
                        *left -= waiting.quantity;
                    }
                }
            } else {
                // A checkout, or another instance's offer, took units since they were counted.
                free = self.units_free_for_offers().await?;
            }
        }
        if offered > 0 {
            self.stock_changed();
        }
        Ok(offered)
    }

    /// The units an offer may take, by limited stock key: neither sold nor held, those owed to
    /// the queue included.
    async fn units_free_for_offers(&self) -> Result<HashMap<String, i64>, sqlx::Error> {
        let rows = sqlx::query("SELECT sku, capacity - taken AS free FROM stock")
            .fetch_all(&self.connections)
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("sku")?, row.try_get("free")?)))
            .collect()
    }

    /// When an offer made at `now` ends: the event file's `offer_hours` later.
    pub(super) fn offer_until(&self, now: i64) -> i64 {
        let offer_hours = self
            .event
            .as_ref()
            .map_or(crate::event::DEFAULT_OFFER_HOURS, |event| event.offer_hours);
        now + i64::from(offer_hours) * 60 * 60 * 1000
    }

    /// Offers what a change just freed, now rather than at the next sweep. The change itself
    /// stands either way: units owed to the queue are not sold meanwhile, and the sweep retries.
    pub(super) async fn pass_freed_units(&self) {
        if let Err(error) = self.offer_freed_units(now_millis()).await {
            tracing::warn!(%error, "could not offer freed units to the waiting list; the next sweep will");
        }
    }

    /// Takes an entry's units out of the stock for its offer, in one transaction; `false` when
    /// they are not all free (or another instance made the offer first). The entries ahead of
    /// it in its queue that want more units keep their place, and are told once that someone
    /// asking for fewer went first.
    pub(super) async fn make_offer(&self, waiting: &Waiting, now: i64, until: i64) -> Result<bool, sqlx::Error> {
        let keys = waiting.keys();
        let Waiting {
            id,
            sku,
            quantity,
            email,
            ..
        } = waiting;
        let quantity = *quantity;
        let mut tx = self.begin_write().await?;
        for key in &keys {
            // The entry's own units are among those owed to the queue: only the units other
            // orders and holds have taken count against it.
            let taken = sqlx::query(
                "UPDATE stock SET taken = taken + $2, queued = CASE WHEN queued >= $2 THEN queued - $2 ELSE 0 END
                 WHERE sku = $1 AND taken + $2 <= capacity",
            )
            .bind(key)
            .bind(quantity)
            .execute(&mut *tx)
            .await?;
            if taken.rows_affected() == 0 {
                let limited: Option<String> = sqlx::query_scalar("SELECT sku FROM stock WHERE sku = $1")
                    .bind(key)
                    .fetch_optional(&mut *tx)
                    .await?;
                if limited.is_some() {
                    tx.rollback().await?;
                    return Ok(false);
                }
            }
        }
        let code_id = uuid::Uuid::new_v4().to_string();
        let code = NewCode {
            code: crate::pricing::codes::generate_code("WAIT-"),
            applies_to: vec![sku.clone()],
            kind: CodeKind::PercentOff(0),
            max_uses: quantity,
            valid_from: None,
            valid_until: Some(until),
            reserve: Some(quantity),
            unlocks: None,
            early_access: false,
            orders_per_email: None,
            tag: Some(OFFER_TAG.to_owned()),
            note: Some(format!("Waiting-list offer to {email}")),
        };
        insert_code(&mut tx, &code_id, &code, Some(&keys), now).await?;
        let decline_token = crate::secrets::random_token();
        let updated = sqlx::query(
            "UPDATE waiting_list_entries SET state = 'offered', code_id = $2, offered_at = $3, decline_token_hash = $4,
                 updated_at = $3
             WHERE id = $1 AND state = 'waiting'",
        )
        .bind(id)
        .bind(&code_id)
        .bind(now)
        .bind(crate::secrets::digest(&decline_token))
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        queue_email_with_link(
            &mut tx,
            EmailKind::WaitingListOffer,
            &format!("waiting-offer:{id}"),
            id,
            email,
            Some(&decline_token),
        )
        .await?;
        tell_those_passed_over(&mut tx, id, quantity, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// "No thanks": ends the offer whose decline link carries `token` and gives its units
    /// back, for the next entry. `None`: no offer has this token.
    pub async fn decline_offer(&self, token: &str) -> Result<Option<(Entry, Declined)>, sqlx::Error> {
        let hash = crate::secrets::digest(token);
        let mut tx = self.begin_write().await?;
        let declined = sqlx::query(
            "UPDATE waiting_list_entries SET state = 'declined', updated_at = $2
             WHERE decline_token_hash = $1 AND state = 'offered'
               AND code_id IN (SELECT id FROM codes WHERE uses = 0)
             RETURNING id, code_id",
        )
        .bind(&hash)
        .bind(now_millis())
        .fetch_optional(&mut *tx)
        .await?;
        let outcome = match &declined {
            Some(row) => {
                let code_id: String = row.try_get("code_id")?;
                sqlx::query("UPDATE codes SET disabled = TRUE WHERE id = $1")
                    .bind(&code_id)
                    .execute(&mut *tx)
                    .await?;
                release_code_hold(&mut tx, &code_id).await?;
                Declined::Now
            }
            None => Declined::Before,
        };
        tx.commit().await?;
        if outcome == Declined::Now {
            self.stock_changed();
            self.pass_freed_units().await;
        }
        let row = sqlx::query(&format!(
            "SELECT {ENTRY_COLUMNS} FROM waiting_list_entries e LEFT JOIN codes c ON c.id = e.code_id
             WHERE e.decline_token_hash = $1"
        ))
        .bind(&hash)
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref()
            .map(entry_from_row)
            .transpose()
            .map(|entry| entry.map(|entry| (entry, outcome)))
    }
}

/// Marks the waiting entries ahead of `offered_id` in its queue that want more than the
/// `quantity` it was offered as passed over, and queues each one email saying so, once.
async fn tell_those_passed_over(tx: &mut Tx, offered_id: &str, quantity: i64, now: i64) -> Result<(), sqlx::Error> {
    let passed_over = sqlx::query(
        "UPDATE waiting_list_entries SET passed_over_at = $2
         WHERE state = 'waiting' AND passed_over_at IS NULL AND quantity > $3
           AND id IN (
               SELECT ahead.id FROM waiting_list_entries ahead, waiting_list_entries me
               WHERE me.id = $1 AND ahead.sku = me.sku
                 AND COALESCE(ahead.variant_sku, '') = COALESCE(me.variant_sku, '')
                 AND (ahead.place < me.place OR (ahead.place = me.place AND ahead.id < me.id)))
         RETURNING id, email",
    )
    .bind(offered_id)
    .bind(now)
    .bind(quantity)
    .fetch_all(&mut **tx)
    .await?;
    for row in &passed_over {
        let id: String = row.try_get("id")?;
        let email: String = row.try_get("email")?;
        queue_email(
            tx,
            EmailKind::WaitingListPassedOver,
            &format!("waiting-passed-over:{id}"),
            &id,
            &email,
        )
        .await?;
    }
    Ok(())
}
