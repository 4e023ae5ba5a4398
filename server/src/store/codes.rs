//! Codes: what they give, who may use them, and their uses and holds. A use is one unit
//! of an order, taken in the transaction that reserves the order's stock
//! (`take_code_use`) and given back when the order expires or is cancelled
//! (`return_code_use`), so a single-use code raced by many buyers makes one order.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::reserve_error::ReserveError;
use super::{Store, now_millis};
use crate::domain::Money;

/// What a code does to the price of each unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", tag = "kind", content = "value")]
pub enum CodeKind {
    /// A whole percentage off.
    PercentOff(i64),
    /// An amount off each unit.
    AmountOff(Money),
    /// Each unit at this price.
    FixedPrice(Money),
}

impl CodeKind {
    /// Whether its value is one a code may have: a whole percentage up to 100, an amount up to
    /// the most a unit may cost. Codes made before the bounds keep their value, and stop working.
    pub fn within_bounds(self) -> bool {
        match self {
            Self::PercentOff(percent) => (0..=100).contains(&percent),
            Self::AmountOff(amount) | Self::FixedPrice(amount) => {
                (Money::ZERO..=Money::MAX_UNIT_PRICE).contains(&amount)
            }
        }
    }

    /// The orders one buyer's email may place with a code of this kind unless its maker says
    /// otherwise: one for a code that makes every unit free (shared, it would go whole to whoever
    /// orders again and again), any number for the rest.
    pub fn default_orders_per_email(self) -> Option<i64> {
        matches!(self, Self::PercentOff(100) | Self::FixedPrice(Money::ZERO)).then_some(1)
    }

    pub(super) fn as_parts(self) -> (&'static str, i64) {
        match self {
            Self::PercentOff(percent) => ("percent_off", percent),
            Self::AmountOff(amount) => ("amount_off", amount.cents()),
            Self::FixedPrice(price) => ("fixed_price", price.cents()),
        }
    }

    fn from_parts(kind: &str, value: i64) -> Option<Self> {
        Some(match kind {
            "percent_off" => Self::PercentOff(value),
            "amount_off" => Self::AmountOff(Money::from_cents(value)),
            "fixed_price" => Self::FixedPrice(Money::from_cents(value)),
            _ => return None,
        })
    }
}

/// A code as stored. Times are Unix milliseconds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Code)]
pub struct CodeRecord {
    pub id: String,
    /// As buyers type it, in upper case (they may type it in any case).
    pub code: String,
    /// The items it applies to ("ticket:developer", "merchandise:1"); empty: every item.
    pub applies_to: Vec<String>,
    #[serde(flatten)]
    #[schema(inline)]
    pub kind: CodeKind,
    /// Units it may be used for, in all.
    pub max_uses: i64,
    pub uses: i64,
    #[schema(required = true)]
    pub valid_from: Option<i64>,
    #[schema(required = true)]
    pub valid_until: Option<i64>,
    /// Units of its item held for its holders when it was made.
    #[schema(required = true)]
    pub reserve: Option<i64>,
    /// Of those, the units still held.
    pub reserved_left: i64,
    /// The hidden item it lists and sells.
    #[schema(required = true)]
    pub unlocks: Option<String>,
    /// It can be used before its items' public sales open: a presale's priority link, a draw's prize.
    pub early_access: bool,
    /// Orders one buyer's email may place with it; null: any number.
    #[schema(required = true, minimum = 1)]
    pub orders_per_email: Option<i64>,
    #[schema(required = true)]
    pub tag: Option<String>,
    #[schema(required = true)]
    pub note: Option<String>,
    pub disabled: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A code about to be made.
#[derive(Debug, Clone)]
pub struct NewCode {
    pub code: String,
    pub applies_to: Vec<String>,
    pub kind: CodeKind,
    pub max_uses: i64,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    /// Units of the one item in `applies_to` to hold out of its stock.
    pub reserve: Option<i64>,
    pub unlocks: Option<String>,
    /// Usable before the items' public sales open.
    pub early_access: bool,
    /// Orders one buyer's email may place with it; `None`: any number.
    pub orders_per_email: Option<i64>,
    pub tag: Option<String>,
    pub note: Option<String>,
}

/// What an organizer may change of a code: its limits, dates, labels and whether it works.
#[derive(Debug, Clone, Default)]
pub struct CodeChange {
    pub max_uses: Option<i64>,
    pub orders_per_email: Option<Option<i64>>,
    pub valid_from: Option<Option<i64>>,
    pub valid_until: Option<Option<i64>>,
    pub tag: Option<Option<String>>,
    pub note: Option<Option<String>>,
    pub disabled: Option<bool>,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateCodesError {
    #[error("the code {0} exists already")]
    Taken(String),
    /// Too few units are left of the item to hold what the code reserves.
    #[error("only {left} units are left to hold")]
    TooFewToHold { left: i64 },
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Uses of codes with a tag: the codes and units used.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagUses {
    #[schema(required = true)]
    pub tag: Option<String>,
    pub codes: i64,
    pub uses: i64,
}

const COLUMNS: &str =
    "id, code, applies_to, kind, value, max_uses, uses, valid_from, valid_until, reserve, reserved_left,
    unlocks, CASE WHEN early_access THEN 1 ELSE 0 END AS early_access, orders_per_email, tag, note,
    CASE WHEN disabled THEN 1 ELSE 0 END AS disabled, created_at, updated_at";

fn code_from_row(row: &AnyRow) -> Result<CodeRecord, sqlx::Error> {
    let decode_error = |column: &str, value: &str| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unexpected value {value:?}").into(),
    };
    let kind: String = row.try_get("kind")?;
    let applies_to: String = row.try_get("applies_to")?;
    Ok(CodeRecord {
        id: row.try_get("id")?,
        code: row.try_get("code")?,
        applies_to: serde_json::from_str(&applies_to).map_err(|_| decode_error("applies_to", &applies_to))?,
        kind: CodeKind::from_parts(&kind, row.try_get("value")?).ok_or_else(|| decode_error("kind", &kind))?,
        max_uses: row.try_get("max_uses")?,
        uses: row.try_get("uses")?,
        valid_from: row.try_get("valid_from")?,
        valid_until: row.try_get("valid_until")?,
        reserve: row.try_get("reserve")?,
        reserved_left: row.try_get("reserved_left")?,
        unlocks: row.try_get("unlocks")?,
        early_access: row.try_get::<i64, _>("early_access")? != 0,
        orders_per_email: row.try_get("orders_per_email")?,
        tag: row.try_get("tag")?,
        note: row.try_get("note")?,
        disabled: row.try_get::<i64, _>("disabled")? != 0,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

impl Store {
    /// Makes `codes` in one transaction: all or none. A code that holds units takes them
    /// out of its item's stock now.
    pub async fn create_codes(&self, codes: &[NewCode], actor: &str) -> Result<Vec<CodeRecord>, CreateCodesError> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let mut ids = Vec::with_capacity(codes.len());
        for code in codes {
            let id = uuid::Uuid::new_v4().to_string();
            if let (Some(units), [sku]) = (code.reserve, code.applies_to.as_slice()) {
                // Units the waiting list is owed are not the organizer's to hold either.
                let held = sqlx::query(
                    "UPDATE stock SET taken = taken + $2 WHERE sku = $1 AND taken + $2 + queued <= capacity",
                )
                .bind(sku)
                .bind(units)
                .execute(&mut *tx)
                .await?;
                if held.rows_affected() == 0 {
                    let left: Option<i64> =
                        sqlx::query_scalar("SELECT capacity - taken - queued FROM stock WHERE sku = $1")
                            .bind(sku)
                            .fetch_optional(&mut *tx)
                            .await?;
                    return Err(CreateCodesError::TooFewToHold {
                        left: left.unwrap_or(0).max(0),
                    });
                }
            }
            let inserted = insert_code(&mut tx, &id, code, None, now).await;
            match inserted {
                Ok(_) => {}
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                    return Err(CreateCodesError::Taken(code.code.clone()));
                }
                Err(error) => return Err(error.into()),
            }
            ids.push(id);
        }
        record_audit(
            &mut *tx,
            actor,
            "codes_created",
            None,
            &serde_json::json!({ "codes": codes.iter().map(|code| &code.code).collect::<Vec<_>>() }),
        )
        .await?;
        tx.commit().await?;
        if codes.iter().any(|code| code.reserve.is_some()) {
            self.stock_changed();
        }
        let mut made = Vec::with_capacity(ids.len());
        for id in &ids {
            made.push(self.code(id).await?.ok_or(sqlx::Error::RowNotFound)?);
        }
        Ok(made)
    }

    pub async fn code(&self, id: &str) -> Result<Option<CodeRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM codes WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(code_from_row).transpose()
    }

    /// The code a buyer typed, in any case.
    pub async fn code_by_text(&self, code: &str) -> Result<Option<CodeRecord>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM codes WHERE code = $1"))
            .bind(code.trim().to_uppercase())
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(code_from_row).transpose()
    }

    /// Every code, newest first; with `tag`, those with that tag.
    pub async fn list_codes(&self, tag: Option<&str>) -> Result<Vec<CodeRecord>, sqlx::Error> {
        let rows = match tag {
            Some(tag) => {
                sqlx::query(&format!(
                    "SELECT {COLUMNS} FROM codes WHERE tag = $1 ORDER BY created_at DESC, code"
                ))
                .bind(tag)
                .fetch_all(&self.connections)
                .await?
            }
            None => {
                sqlx::query(&format!("SELECT {COLUMNS} FROM codes ORDER BY created_at DESC, code"))
                    .fetch_all(&self.connections)
                    .await?
            }
        };
        rows.iter().map(code_from_row).collect()
    }

    /// Codes and units used, by tag.
    pub async fn code_uses_by_tag(&self) -> Result<Vec<TagUses>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT tag, COUNT(*) AS codes, CAST(COALESCE(SUM(uses), 0) AS BIGINT) AS uses FROM codes
             GROUP BY tag ORDER BY tag",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(TagUses {
                    tag: row.try_get("tag")?,
                    codes: row.try_get("codes")?,
                    uses: row.try_get("uses")?,
                })
            })
            .collect()
    }

    /// Changes a code; disabling it gives the units it still holds back to the stock.
    pub async fn change_code(
        &self,
        id: &str,
        change: &CodeChange,
        actor: &str,
    ) -> Result<Option<CodeRecord>, sqlx::Error> {
        let Some(code) = self.code(id).await? else {
            return Ok(None);
        };
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "UPDATE codes SET max_uses = $2, valid_from = $3, valid_until = $4, tag = $5, note = $6, disabled = $7,
                 updated_at = $8, orders_per_email = $9
             WHERE id = $1",
        )
        .bind(id)
        .bind(change.max_uses.unwrap_or(code.max_uses))
        .bind(change.valid_from.unwrap_or(code.valid_from))
        .bind(change.valid_until.unwrap_or(code.valid_until))
        .bind(change.tag.clone().unwrap_or(code.tag.clone()))
        .bind(change.note.clone().unwrap_or(code.note.clone()))
        .bind(change.disabled.unwrap_or(code.disabled))
        .bind(now_millis())
        .bind(change.orders_per_email.unwrap_or(code.orders_per_email))
        .execute(&mut *tx)
        .await?;
        let released = if change.disabled == Some(true) {
            release_code_hold(&mut tx, id).await?
        } else {
            false
        };
        let detail = serde_json::json!({ "codeId": id, "code": code.code, "disabled": change.disabled });
        record_audit(&mut *tx, actor, "code_changed", None, &detail).await?;
        tx.commit().await?;
        if released {
            self.stock_changed();
            // Units a disabled code gave back go to anyone waiting for them first.
            self.pass_freed_units().await;
        }
        self.code(id).await
    }

    /// Gives the units that expired codes still hold back to the stock; answers how many codes.
    pub async fn release_expired_code_holds(&self, now: i64) -> Result<usize, sqlx::Error> {
        let expired: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM codes WHERE reserved_left > 0 AND valid_until IS NOT NULL AND valid_until < $1",
        )
        .bind(now)
        .fetch_all(&self.connections)
        .await?;
        for id in &expired {
            let mut tx = self.begin_write().await?;
            release_code_hold(&mut tx, id).await?;
            tx.commit().await?;
        }
        if !expired.is_empty() {
            self.stock_changed();
        }
        Ok(expired.len())
    }
}

/// Stores a new code; a code with a `reserve` has taken its units out of the stock already, from
/// `held_keys` (by default, the one item it applies to).
pub(super) async fn insert_code(
    tx: &mut Tx,
    id: &str,
    code: &NewCode,
    held_keys: Option<&[String]>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (kind, value) = code.kind.as_parts();
    sqlx::query(
        "INSERT INTO codes (id, code, applies_to, kind, value, max_uses, uses, valid_from, valid_until, reserve,
             reserved_left, unlocks, tag, note, created_at, updated_at, held_keys, early_access, orders_per_email)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17)",
    )
    .bind(id)
    .bind(&code.code)
    .bind(serde_json::to_string(&code.applies_to).unwrap_or_else(|_| "[]".into()))
    .bind(kind)
    .bind(value)
    .bind(code.max_uses)
    .bind(code.valid_from)
    .bind(code.valid_until)
    .bind(code.reserve)
    .bind(code.reserve.unwrap_or(0))
    .bind(code.unlocks.as_deref())
    .bind(code.tag.as_deref())
    .bind(code.note.as_deref())
    .bind(now)
    .bind(held_keys.map(|keys| serde_json::to_string(keys).unwrap_or_else(|_| "[]".into())))
    .bind(code.early_access)
    .bind(code.orders_per_email)
    .execute(&mut **tx)
    .await
    .map(drop)
}

/// The stock keys a code's hold came out of: those it was made with, or the one item it applies to.
pub(super) async fn held_keys(tx: &mut Tx, code_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let row = sqlx::query("SELECT applies_to, held_keys FROM codes WHERE id = $1")
        .bind(code_id)
        .fetch_one(&mut **tx)
        .await?;
    let held: Option<String> = row.try_get("held_keys")?;
    let applies_to: String = row.try_get("applies_to")?;
    let keys: Vec<String> = serde_json::from_str(held.as_deref().unwrap_or(&applies_to)).unwrap_or_default();
    Ok(if held.is_some() || keys.len() == 1 {
        keys
    } else {
        Vec::new()
    })
}

/// Gives `units` back to the stock of every key in `keys`.
pub(super) async fn give_back(tx: &mut Tx, keys: &[String], units: i64) -> Result<(), sqlx::Error> {
    for key in keys {
        sqlx::query("UPDATE stock SET taken = taken - $2 WHERE sku = $1")
            .bind(key)
            .bind(units)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Gives a code's held units back to its item's stock; answers whether it held any.
pub(super) async fn release_code_hold(tx: &mut Tx, id: &str) -> Result<bool, sqlx::Error> {
    // The units are read before they are zeroed: RETURNING gives the new values.
    let units: Option<i64> = sqlx::query_scalar("SELECT reserved_left FROM codes WHERE id = $1 AND reserved_left > 0")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    let Some(units) = units else {
        return Ok(false);
    };
    sqlx::query("UPDATE codes SET reserved_left = 0 WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    let keys = held_keys(tx, id).await?;
    give_back(tx, &keys, units).await?;
    Ok(true)
}

/// How a code is used by an order being placed.
#[derive(Debug, Clone)]
pub struct CodeUse {
    pub id: String,
    /// The code as typed, for the order's record.
    pub code: String,
    /// Units: one use each.
    pub units: i64,
}

/// Counts `code.units` uses of the code for an order of `buyer_email`, if it has that many left,
/// still works at `now` and has not made as many orders for that email as it may; answers how
/// many of the units come out of the code's own hold (the rest come out of the stock as usual).
pub(super) async fn take_code_use(
    tx: &mut Tx,
    code: &CodeUse,
    buyer_email: &str,
    now: i64,
) -> Result<i64, ReserveError> {
    let taken = sqlx::query(
        "UPDATE codes SET uses = uses + $2, updated_at = $3
         WHERE id = $1 AND uses + $2 <= max_uses AND NOT disabled
           AND (valid_from IS NULL OR valid_from <= $3) AND (valid_until IS NULL OR valid_until >= $3)",
    )
    .bind(&code.id)
    .bind(code.units)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    if taken.rows_affected() == 0 {
        return Err(ReserveError::CodeUsedUp);
    }
    // The update holds the code's row until this transaction ends, so the orders counted here
    // are all those made before: two checkouts at once from one email make one order.
    let orders_per_email: Option<i64> = sqlx::query_scalar("SELECT orders_per_email FROM codes WHERE id = $1")
        .bind(&code.id)
        .fetch_one(&mut **tx)
        .await?;
    if let Some(limit) = orders_per_email {
        let orders: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM orders WHERE code_id = $1 AND buyer_email = $2 AND status IN ('pending', 'paid')",
        )
        .bind(&code.id)
        .bind(buyer_email)
        .fetch_one(&mut **tx)
        .await?;
        if orders >= limit {
            return Err(ReserveError::CodeUsedByEmail);
        }
    }
    let from_hold =
        sqlx::query("UPDATE codes SET reserved_left = reserved_left - $2 WHERE id = $1 AND reserved_left >= $2")
            .bind(&code.id)
            .bind(code.units)
            .execute(&mut **tx)
            .await?;
    Ok(if from_hold.rows_affected() == 1 { code.units } else { 0 })
}

/// Gives back an order's uses of its code, and the units it took from the code's hold (while
/// the code still holds units for its holders: a disabled or expired code's go to the stock).
/// Answers the units the stock gets back instead.
pub(super) async fn return_code_use(
    tx: &mut Tx,
    code_id: &str,
    uses: i64,
    held_units: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query("UPDATE codes SET uses = CASE WHEN uses >= $2 THEN uses - $2 ELSE 0 END WHERE id = $1")
        .bind(code_id)
        .bind(uses)
        .execute(&mut **tx)
        .await?;
    if held_units == 0 {
        return Ok(0);
    }
    let kept = sqlx::query(
        "UPDATE codes SET reserved_left = reserved_left + $2
         WHERE id = $1 AND NOT disabled AND (valid_until IS NULL OR valid_until >= $3)",
    )
    .bind(code_id)
    .bind(held_units)
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    Ok(if kept.rows_affected() == 1 { 0 } else { held_units })
}
