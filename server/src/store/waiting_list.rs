//! The waiting list for what sold out (not to be confused with the waitlist, the landing page's
//! sign-ups). An entry queues a buyer for some units of one item, or of one merchandise variant.
//! While entries wait, the units they want are counted in `stock.queued` and a public order
//! must leave them free, so units that come back (a lapsed checkout, a refund, a raised limit)
//! are never sold to whoever reloads first. `offer_freed_units` offers them to the entries in
//! queue order, each as a personal single-use code that holds the units until it is used,
//! declined or expires; then the units come back once more and go to the next entry.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::codes::{CodeKind, NewCode, insert_code, release_code_hold};
use super::outbox::{EmailKind, queue_email, queue_email_with_link};
use super::{Store, now_millis};
use crate::domain::OrderKind;

/// Offer codes are recognisable in the back office's list of codes by this tag.
pub const OFFER_TAG: &str = "waiting-list";

/// Someone about to join a queue.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub kind: OrderKind,
    pub sku: String,
    pub variant_sku: Option<String>,
    pub item_name: String,
    /// As the checkout takes them: the size and colour of a merchandise variant.
    pub options: serde_json::Value,
    pub name: String,
    pub email: String,
    pub quantity: i64,
}

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryState {
    Waiting,
    /// Its code holds the units now.
    Offered,
    /// Bought with its code.
    Used,
    /// Its code ran out unused; the units went to the next entry.
    Expired,
    /// Its person said "No thanks"; the units went to the next entry.
    Declined,
    /// The organizer took it off the queue.
    Removed,
}

impl EntryState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Waiting => "waiting",
            Self::Offered => "offered",
            Self::Used => "used",
            Self::Expired => "expired",
            Self::Declined => "declined",
            Self::Removed => "removed",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "waiting" => Self::Waiting,
            "offered" => Self::Offered,
            "used" => Self::Used,
            "expired" => Self::Expired,
            "declined" => Self::Declined,
            "removed" => Self::Removed,
            _ => return None,
        })
    }
}

/// An entry as stored.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: String,
    pub kind: OrderKind,
    pub sku: String,
    pub variant_sku: Option<String>,
    pub item_name: String,
    pub options: serde_json::Value,
    pub name: String,
    pub email: String,
    pub quantity: i64,
    pub state: EntryState,
    /// The offer's code, once one went out.
    pub code: Option<String>,
    /// When the offer went out (Unix ms).
    pub offered_at: Option<i64>,
    /// When the offer's hold ends (Unix ms).
    pub offer_expires_at: Option<i64>,
    pub created_at: i64,
}

impl Entry {
    /// "Hackathon Tee (M, Black)": the item, and the variant it waits for.
    pub fn item_label(&self) -> String {
        let variant: Vec<&str> = ["size", "color"]
            .iter()
            .filter_map(|key| self.options.get(key)?.as_str())
            .collect();
        if variant.is_empty() {
            self.item_name.clone()
        } else {
            format!("{} ({})", self.item_name, variant.join(", "))
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The email is in this queue already, waiting or with an offer.
    #[error("already in the queue")]
    AlreadyQueued,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// What "No thanks" did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declined {
    /// This call gave the units up; they go to the next entry.
    Now,
    /// The offer was declined, used or over already.
    Before,
}

pub(super) const ENTRY_COLUMNS: &str =
    "e.id, e.kind, e.sku, e.variant_sku, e.item_name, e.options, e.name, e.email, e.quantity,
    e.state, e.created_at, e.offered_at, c.code, c.valid_until";

pub(super) fn entry_from_row(row: &AnyRow) -> Result<Entry, sqlx::Error> {
    let decode_error = |column: &str, value: &str| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unexpected value {value:?}").into(),
    };
    let kind: String = row.try_get("kind")?;
    let state: String = row.try_get("state")?;
    let options: String = row.try_get("options")?;
    Ok(Entry {
        id: row.try_get("id")?,
        kind: OrderKind::parse(&kind).ok_or_else(|| decode_error("kind", &kind))?,
        sku: row.try_get("sku")?,
        variant_sku: row.try_get("variant_sku")?,
        item_name: row.try_get("item_name")?,
        options: serde_json::from_str(&options).map_err(|_| decode_error("options", &options))?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        quantity: row.try_get("quantity")?,
        state: EntryState::parse(&state).ok_or_else(|| decode_error("state", &state))?,
        code: row.try_get("code")?,
        offered_at: row.try_get("offered_at")?,
        offer_expires_at: row.try_get("valid_until")?,
        created_at: row.try_get("created_at")?,
    })
}

/// A waiting entry, as the offers see it.
pub(super) struct Waiting {
    pub id: String,
    pub sku: String,
    /// The stock keys it waits on: the item's, and its variant's.
    pub keys: Vec<String>,
    pub quantity: i64,
    pub email: String,
}

/// The stock keys an entry waits on.
pub(super) fn keys_of(sku: &str, variant_sku: Option<&str>) -> Vec<String> {
    std::iter::once(sku).chain(variant_sku).map(str::to_owned).collect()
}

/// Counts `units` more (or, negative, fewer) as owed to the waiting list on each of `keys`.
pub(super) async fn owe(tx: &mut Transaction<'_, Any>, keys: &[String], units: i64) -> Result<(), sqlx::Error> {
    for key in keys {
        sqlx::query("UPDATE stock SET queued = CASE WHEN queued + $2 > 0 THEN queued + $2 ELSE 0 END WHERE sku = $1")
            .bind(key)
            .bind(units)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Whether `code_id` is a waiting-list offer's code.
pub(super) async fn is_offer(tx: &mut Transaction<'_, Any>, code_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM waiting_list_entries WHERE code_id = $1")
        .bind(code_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.is_some())
}

/// Marks the offer an order was made with as used, as the order is paid.
pub(super) async fn mark_offer_used(
    tx: &mut Transaction<'_, Any>,
    order_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE waiting_list_entries SET state = 'used', updated_at = $2
         WHERE state IN ('offered', 'expired') AND code_id = (SELECT code_id FROM orders WHERE id = $1)",
    )
    .bind(order_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Queues `entry` behind everyone waiting for the same item and emails its place; answers
    /// the place (1 for the first in line).
    pub async fn join_waiting_list(&self, entry: &NewEntry) -> Result<i64, JoinError> {
        let now = now_millis();
        let id = uuid::Uuid::new_v4().to_string();
        let keys = keys_of(&entry.sku, entry.variant_sku.as_deref());
        let mut tx = self.pool.begin().await?;
        // Writes first, so SQLite takes its write lock before anything is read.
        owe(&mut tx, &keys, entry.quantity).await?;
        let inserted = sqlx::query(
            "INSERT INTO waiting_list_entries (id, kind, sku, variant_sku, item_name, options, name, email, quantity,
                 place, state, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                 (SELECT COALESCE(MAX(place), 0) + 1 FROM waiting_list_entries), 'waiting', $10, $10)",
        )
        .bind(&id)
        .bind(entry.kind.as_str())
        .bind(&entry.sku)
        .bind(entry.variant_sku.as_deref())
        .bind(&entry.item_name)
        .bind(entry.options.to_string())
        .bind(&entry.name)
        .bind(&entry.email)
        .bind(entry.quantity)
        .bind(now)
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => return Err(JoinError::AlreadyQueued),
            Err(error) => return Err(error.into()),
        }
        queue_email(
            &mut tx,
            EmailKind::WaitingListJoined,
            &format!("waiting-joined:{id}"),
            &id,
            &entry.email,
        )
        .await?;
        let place = place_in_queue(&mut tx, &id).await?;
        tx.commit().await?;
        self.stock_changed();
        Ok(place)
    }

    /// An entry, with its offer's code.
    pub async fn waiting_list_entry(&self, id: &str) -> Result<Option<Entry>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {ENTRY_COLUMNS} FROM waiting_list_entries e LEFT JOIN codes c ON c.id = e.code_id WHERE e.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(entry_from_row).transpose()
    }

    /// Where a waiting entry stands in its queue now (1 for the first); 0 once it is no longer waiting.
    pub async fn waiting_list_place(&self, id: &str) -> Result<i64, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let place = place_in_queue(&mut tx, id).await?;
        tx.commit().await?;
        Ok(place)
    }

    /// Offers the units that are free to the entries waiting for them, in queue order: each
    /// offer a code holding its entry's units for `offer_hours`, emailed with a link to the
    /// checkout and one to decline it (the event file's `offer_hours`). An entry whose units are not all free yet holds up the
    /// entries behind it on the same item. Offers that ran out unused are marked expired first
    /// (their units came back when their codes' holds were released). Answers how many offers
    /// went out.
    pub async fn offer_freed_units(&self, now: i64) -> Result<usize, sqlx::Error> {
        sqlx::query(
            "UPDATE waiting_list_entries SET state = 'expired', updated_at = $1
             WHERE state = 'offered'
               AND code_id IN (SELECT id FROM codes WHERE valid_until < $1 AND uses = 0 AND reserved_left = 0)",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        let waiting = sqlx::query(
            "SELECT id, sku, variant_sku, quantity, email FROM waiting_list_entries
             WHERE state = 'waiting' ORDER BY place, created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut held_up: Vec<String> = Vec::new();
        let mut offered = 0;
        for row in &waiting {
            let sku: String = row.try_get("sku")?;
            let variant_sku: Option<String> = row.try_get("variant_sku")?;
            let waiting = Waiting {
                id: row.try_get("id")?,
                keys: keys_of(&sku, variant_sku.as_deref()),
                sku,
                quantity: row.try_get("quantity")?,
                email: row.try_get("email")?,
            };
            if waiting.keys.iter().any(|key| held_up.contains(key)) {
                continue;
            }
            if self.make_offer(&waiting, now, self.offer_until(now)).await? {
                offered += 1;
            } else {
                held_up.extend(waiting.keys);
            }
        }
        if offered > 0 {
            self.stock_changed();
        }
        Ok(offered)
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
    /// they are not all free (or another instance made the offer first).
    pub(super) async fn make_offer(&self, waiting: &Waiting, now: i64, until: i64) -> Result<bool, sqlx::Error> {
        let Waiting {
            id,
            sku,
            keys,
            quantity,
            email,
        } = waiting;
        let quantity = *quantity;
        let mut tx = self.pool.begin().await?;
        for key in keys {
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
        insert_code(&mut tx, &code_id, &code, Some(keys), now).await?;
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
        tx.commit().await?;
        Ok(true)
    }

    /// "No thanks": ends the offer whose decline link carries `token` and gives its units
    /// back, for the next entry. `None`: no offer has this token.
    pub async fn decline_offer(&self, token: &str) -> Result<Option<(Entry, Declined)>, sqlx::Error> {
        let hash = crate::secrets::digest(token);
        let mut tx = self.pool.begin().await?;
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
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref()
            .map(entry_from_row)
            .transpose()
            .map(|entry| entry.map(|entry| (entry, outcome)))
    }
}

/// Where a waiting entry stands in its queue (1 for the first); 0 once it is no longer waiting.
async fn place_in_queue(tx: &mut Transaction<'_, Any>, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM waiting_list_entries ahead, waiting_list_entries me
         WHERE me.id = $1 AND me.state = 'waiting' AND ahead.state = 'waiting' AND ahead.sku = me.sku
           AND COALESCE(ahead.variant_sku, '') = COALESCE(me.variant_sku, '')
           AND (ahead.place < me.place OR (ahead.place = me.place AND ahead.id <= me.id))",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await
}
