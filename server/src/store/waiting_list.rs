//! The waiting list for what sold out (not to be confused with the waitlist, the landing page's
//! sign-ups). An entry queues a buyer for some units of one item, or of one merchandise variant.
//! While entries wait, the units they want are counted in `stock.queued` and a public order
//! must leave them free, so units that come back (a lapsed checkout, a refund, a raised limit)
//! are never sold to whoever reloads first. `offer_freed_units` offers them to the entries in
//! queue order, each as a personal single-use code that holds the units until it is used,
//! declined or expires; then the units come back once more and go to the next entry
//! (`waiting_list_offers`). What one person or network may queue is capped as what their open
//! checkouts may hold is: queued units keep freed units from the public as held ones do.

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use super::Tx;
use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};
use crate::domain::OrderKind;
use crate::event::HoldLimits;

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
    /// The client address it joins from (an IPv6 client's /64), for the caps on units queued.
    pub client_address: String,
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
    /// When units it wanted more of than were free first went, as an offer, to someone behind
    /// it in its queue who asked for fewer (Unix ms); it kept its place.
    pub passed_over_at: Option<i64>,
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
    /// The queues hold as many units for this email as the cap allows.
    #[error("this email has as many units queued as it may")]
    EmailQueued(QueuedCap),
    /// The queues hold as many units for this client address as the cap allows.
    #[error("this network has as many units queued as it may")]
    AddressQueued(QueuedCap),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Which unit cap of `[limits]` a join would pass, with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueuedCap {
    /// Units of the item being waited for, all its variants together.
    UnitsOfItem(u32),
    /// Units of everything.
    Units(u32),
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
    e.state, e.created_at, e.offered_at, e.passed_over_at, c.code, c.valid_until";

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
        passed_over_at: row.try_get("passed_over_at")?,
        created_at: row.try_get("created_at")?,
    })
}

/// A waiting entry, as the offers see it.
pub(super) struct Waiting {
    pub id: String,
    pub sku: String,
    pub variant_sku: Option<String>,
    pub quantity: i64,
    pub email: String,
}

impl Waiting {
    /// The stock keys it waits on: the item's, and its variant's.
    pub fn keys(&self) -> Vec<String> {
        keys_of(&self.sku, self.variant_sku.as_deref())
    }
}

/// The stock keys an entry waits on.
pub(super) fn keys_of(sku: &str, variant_sku: Option<&str>) -> Vec<String> {
    std::iter::once(sku).chain(variant_sku).map(str::to_owned).collect()
}

/// Counts `units` more (or, negative, fewer) as owed to the waiting list on each of `keys`.
pub(super) async fn owe(tx: &mut Tx, keys: &[String], units: i64) -> Result<(), sqlx::Error> {
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
pub(super) async fn is_offer(tx: &mut Tx, code_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM waiting_list_entries WHERE code_id = $1")
        .bind(code_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.is_some())
}

/// Marks the offer an order was made with as used, as the order is paid.
pub(super) async fn mark_offer_used(tx: &mut Tx, order_id: &str, now: i64) -> Result<(), sqlx::Error> {
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

/// Whose units queued a cap counts.
#[derive(Clone, Copy)]
enum QueuedBy {
    Email,
    Address,
}

/// The units that entries waiting or offered hold in the queues for one email or address:
/// of everything, and of the item `sku` (all its variants).
async fn queued_units(tx: &mut Tx, by: QueuedBy, value: &str, sku: &str) -> Result<(i64, i64), sqlx::Error> {
    let column = match by {
        QueuedBy::Email => "email",
        QueuedBy::Address => "client_address",
    };
    // PostgreSQL sums BIGINTs as NUMERIC, which the `Any` driver cannot read as an integer.
    let row = sqlx::query(&format!(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) AS units,
                CAST(COALESCE(SUM(CASE WHEN sku = $2 THEN quantity ELSE 0 END), 0) AS BIGINT) AS item_units
         FROM waiting_list_entries WHERE {column} = $1 AND state IN ('waiting', 'offered')"
    ))
    .bind(value)
    .bind(sku)
    .fetch_one(&mut **tx)
    .await?;
    Ok((row.try_get("units")?, row.try_get("item_units")?))
}

/// The first unit cap of `[limits]` that `entry` would take the units queued by `by` past.
async fn cap_passed(
    tx: &mut Tx,
    by: QueuedBy,
    limits: HoldLimits,
    entry: &NewEntry,
) -> Result<Option<QueuedCap>, sqlx::Error> {
    let (value, per_item, total) = match by {
        QueuedBy::Email => (&entry.email, limits.units_per_email_per_item, limits.units_per_email),
        QueuedBy::Address => (
            &entry.client_address,
            limits.units_per_address_per_item,
            limits.units_per_address,
        ),
    };
    let (units, item_units) = queued_units(tx, by, value, &entry.sku).await?;
    Ok(if item_units + entry.quantity > i64::from(per_item) {
        Some(QueuedCap::UnitsOfItem(per_item))
    } else if units + entry.quantity > i64::from(total) {
        Some(QueuedCap::Units(total))
    } else {
        None
    })
}

impl Store {
    /// Queues `entry` behind everyone waiting for the same item and emails its place; answers
    /// the place (1 for the first in line). With `caps`, refuses an entry that would take the
    /// units its email or its address has queued past `[limits]`' unit caps, counted apart from
    /// their open checkouts.
    pub async fn join_waiting_list(&self, entry: &NewEntry, caps: Option<HoldLimits>) -> Result<i64, JoinError> {
        let now = now_millis();
        let id = uuid::Uuid::new_v4().to_string();
        let keys = keys_of(&entry.sku, entry.variant_sku.as_deref());
        let mut tx = self.begin_write().await?;
        // Writes first, so SQLite takes its write lock before anything is read (and PostgreSQL
        // makes a second join for the same stock wait for this one before it counts the caps).
        owe(&mut tx, &keys, entry.quantity).await?;
        if let Some(limits) = caps {
            if let Some(cap) = cap_passed(&mut tx, QueuedBy::Email, limits, entry).await? {
                return Err(JoinError::EmailQueued(cap));
            }
            if let Some(cap) = cap_passed(&mut tx, QueuedBy::Address, limits, entry).await? {
                return Err(JoinError::AddressQueued(cap));
            }
        }
        let inserted = sqlx::query(
            "INSERT INTO waiting_list_entries (id, kind, sku, variant_sku, item_name, options, name, email, quantity,
                 place, state, created_at, updated_at, client_address)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                 (SELECT COALESCE(MAX(place), 0) + 1 FROM waiting_list_entries), 'waiting', $10, $10, $11)",
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
        .bind(&entry.client_address)
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
        let place = place_in_queue(&mut *tx, &id).await?;
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
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref().map(entry_from_row).transpose()
    }

    /// Where a waiting entry stands in its queue now (1 for the first); 0 once it is no longer waiting.
    pub async fn waiting_list_place(&self, id: &str) -> Result<i64, sqlx::Error> {
        place_in_queue(&self.connections, id).await
    }
}

/// Where a waiting entry stands in its queue (1 for the first); 0 once it is no longer waiting.
async fn place_in_queue<'e>(executor: impl Executor<'e, Database = Any>, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM waiting_list_entries ahead, waiting_list_entries me
         WHERE me.id = $1 AND me.state = 'waiting' AND ahead.state = 'waiting' AND ahead.sku = me.sku
           AND COALESCE(ahead.variant_sku, '') = COALESCE(me.variant_sku, '')
           AND (ahead.place < me.place OR (ahead.place = me.place AND ahead.id <= me.id))",
    )
    .bind(id)
    .fetch_one(executor)
    .await
}
