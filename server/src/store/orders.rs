//! Orders, stock and handled webhook events. Every change of an order's status
//! is a compare-and-set on its current status inside a transaction, and stock is
//! reserved with a conditional update, so concurrent requests and several server
//! instances never oversell or fulfil twice.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::answers::insert_answers;
use super::codes::{CodeUse, give_back, held_keys, return_code_use, take_code_use};
use super::invoices::issue_invoice;
use super::outbox::{EmailKind, queue_email_with_link};
use super::reserve_error::ReserveError;
use super::tickets::{issue_tickets_of_paid, issues_tickets};
use super::{Backend, Store, now_millis};
use crate::domain::{HoldCap, Money, NewOrder, Order, OrderKind, OrderStatus};
use crate::event::HoldLimits;
use crate::secrets;

/// What the store needs, beyond the order itself, to hold a new pending order.
#[derive(Debug, Clone)]
pub struct NewPendingOrder<'a> {
    pub id: &'a str,
    pub reference: &'a str,
    pub pickup_code: Option<&'a str>,
    pub expires_at: i64,
    pub gateway: &'a str,
    pub client_address: &'a str,
    /// `None` when the caps are off (`RATE_LIMITS=off`).
    pub caps: Option<HoldLimits>,
    /// The create call's idempotency key and request hash, claimed with the order.
    pub idempotency: Option<(&'a str, &'a str)>,
    /// The code the order uses, one use per unit.
    pub code: Option<CodeUse>,
}

/// A pending order whose reservation ran out.
#[derive(Debug, Clone)]
pub struct OverdueOrder {
    pub id: String,
    pub gateway: String,
    pub payment_id: Option<String>,
}

/// What marking an order paid did.
#[derive(Debug)]
pub enum PaidTransition {
    /// This call marked it paid.
    Paid(Order),
    /// It was already paid (or refunded) by an earlier call.
    AlreadyPaid(Order),
    NotFound,
}

pub(super) const ORDER_COLUMNS: &str = "id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name,
    unit_price, quantity, options, amount, refunded_amount, currency, gateway, payment_id, client_secret_hash, client_address,
    units_held, pickup_code, last_payment_error, refund_reason, manage_token_hash, picked_up_at, picked_up_by, created_at,
    updated_at, expires_at, paid_at, phase, discounts, code, tax, billing, billing_corrected_at,
    client_secret_retired_at";

pub(super) fn order_from_row(row: &AnyRow) -> Result<Order, sqlx::Error> {
    let decode_error = |column: &str, value: &str| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unexpected value {value:?}").into(),
    };
    let kind: String = row.try_get("kind")?;
    let status: String = row.try_get("status")?;
    let options: String = row.try_get("options")?;
    let discounts: String = row.try_get("discounts")?;
    Ok(Order {
        id: row.try_get("id")?,
        reference: row.try_get("reference")?,
        kind: OrderKind::parse(&kind).ok_or_else(|| decode_error("kind", &kind))?,
        status: OrderStatus::parse(&status).ok_or_else(|| decode_error("status", &status))?,
        buyer_name: row.try_get("buyer_name")?,
        buyer_email: row.try_get("buyer_email")?,
        sku: row.try_get("sku")?,
        variant_sku: row.try_get("variant_sku")?,
        item_name: row.try_get("item_name")?,
        unit_price: Money::from_cents(row.try_get("unit_price")?),
        quantity: row.try_get("quantity")?,
        options: serde_json::from_str(&options).map_err(|_| decode_error("options", &options))?,
        amount: Money::from_cents(row.try_get("amount")?),
        refunded_amount: Money::from_cents(row.try_get("refunded_amount")?),
        currency: row.try_get("currency")?,
        gateway: row.try_get("gateway")?,
        payment_id: row.try_get("payment_id")?,
        client_secret_hash: row.try_get("client_secret_hash")?,
        client_secret_retired_at: row.try_get("client_secret_retired_at")?,
        client_address: row.try_get("client_address")?,
        units_held: row.try_get("units_held")?,
        pickup_code: row.try_get("pickup_code")?,
        last_payment_error: row.try_get("last_payment_error")?,
        refund_reason: row.try_get("refund_reason")?,
        manage_token_hash: row.try_get("manage_token_hash")?,
        picked_up_at: row.try_get("picked_up_at")?,
        picked_up_by: row.try_get("picked_up_by")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        expires_at: row.try_get("expires_at")?,
        paid_at: row.try_get("paid_at")?,
        phase: row.try_get("phase")?,
        discounts: serde_json::from_str(&discounts).map_err(|_| decode_error("discounts", &discounts))?,
        code: row.try_get("code")?,
        tax: json_column(row, "tax")?,
        billing: json_column(row, "billing")?,
        billing_corrected_at: row.try_get("billing_corrected_at")?,
    })
}

/// A nullable column holding JSON.
fn json_column<T: serde::de::DeserializeOwned>(row: &AnyRow, column: &str) -> Result<Option<T>, sqlx::Error> {
    let Some(json) = row.try_get::<Option<String>, _>(column)? else {
        return Ok(None);
    };
    serde_json::from_str(&json)
        .map(Some)
        .map_err(|_| sqlx::Error::ColumnDecode {
            index: column.to_owned(),
            source: format!("unexpected value {json:?}").into(),
        })
}

/// Takes `quantity` units of every limited key in `skus`, or none if any has
/// too few left: `Ok(false)` then.
async fn reserve(tx: &mut Tx, skus: &[&str], quantity: i64) -> Result<bool, sqlx::Error> {
    for (index, sku) in skus.iter().enumerate() {
        // The first statement of the transaction writes, so SQLite takes its write
        // lock at once (waiting out the busy timeout) instead of failing later. Units the
        // waiting list is owed stay free for its offers.
        let taken =
            sqlx::query("UPDATE stock SET taken = taken + $2 WHERE sku = $1 AND taken + $2 + queued <= capacity")
                .bind(sku)
                .bind(quantity)
                .execute(&mut **tx)
                .await?;
        if taken.rows_affected() == 0 {
            let limited = sqlx::query("SELECT 1 FROM stock WHERE sku = $1")
                .bind(sku)
                .fetch_optional(&mut **tx)
                .await?;
            if limited.is_some() {
                // Give back what this call already took: a caller may go on with the transaction.
                release(tx, &skus[..index], quantity).await?;
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Gives `units` back to every limited key in `skus`.
async fn release(tx: &mut Tx, skus: &[&str], units: i64) -> Result<(), sqlx::Error> {
    if units > 0 {
        for sku in skus {
            sqlx::query("UPDATE stock SET taken = taken - $2 WHERE sku = $1")
                .bind(sku)
                .bind(units)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// How long an order with nothing to pay counts against its buyer's caps. It is paid at once, so
/// it never counts as an open checkout; without this, one buyer could take a free code's every
/// use, a checkout at a time.
const FREE_ORDERS_COUNT_FOR_MS: i64 = 24 * 60 * 60 * 1000;

/// What one buyer (an email, or a client address) holds in open checkouts, and has taken in
/// orders with nothing to pay over the last day.
struct OpenHolds {
    checkouts: i64,
    units: i64,
    /// Units of the item being bought.
    item_units: i64,
    sponsorships: i64,
    /// Units, and units of the item being bought, of its free orders of the last day.
    free_units: i64,
    free_item_units: i64,
    /// When the first of these stops counting (Unix ms): an open checkout expires, or a free
    /// order's day ends.
    next_release: Option<i64>,
}

impl OpenHolds {
    /// The first cap that one more checkout of `order` would pass, if any.
    fn cap_passed_by(
        &self,
        order: &NewOrder,
        checkouts: u32,
        units_per_item: u32,
        units: u32,
        sponsorships: u32,
    ) -> Option<HoldCap> {
        let quantity = order.quantity;
        if self.checkouts >= i64::from(checkouts) {
            Some(HoldCap::Checkouts(checkouts))
        } else if order.kind == OrderKind::Sponsorship && self.sponsorships >= i64::from(sponsorships) {
            Some(HoldCap::Sponsorships(sponsorships))
        } else if self.item_units + quantity > i64::from(units_per_item) {
            Some(HoldCap::UnitsOfItem(units_per_item))
        } else if self.units + quantity > i64::from(units) {
            Some(HoldCap::Units(units))
        } else if self.item_units + self.free_item_units + quantity > i64::from(units_per_item) {
            Some(HoldCap::FreeUnitsOfItem(units_per_item))
        } else if self.units + self.free_units + quantity > i64::from(units) {
            Some(HoldCap::FreeUnits(units))
        } else {
            None
        }
    }
}

/// What the buyer whose `column` is `value` holds in open (pending, unexpired) checkouts, and
/// has taken in free orders since a day before `now`.
async fn open_holds(
    tx: &mut Tx,
    column: HoldOwner,
    value: &str,
    sku: &str,
    now: i64,
) -> Result<OpenHolds, sqlx::Error> {
    let column = match column {
        HoldOwner::Email => "buyer_email",
        HoldOwner::Address => "client_address",
    };
    // PostgreSQL sums BIGINTs as NUMERIC, which the `Any` driver cannot read as an integer.
    let open = sqlx::query(&format!(
        "SELECT COUNT(*) AS checkouts,
                CAST(COALESCE(SUM(quantity), 0) AS BIGINT) AS units,
                CAST(COALESCE(SUM(CASE WHEN sku = $3 THEN quantity ELSE 0 END), 0) AS BIGINT) AS item_units,
                CAST(COALESCE(SUM(CASE WHEN kind = 'sponsorship' THEN 1 ELSE 0 END), 0) AS BIGINT) AS sponsorships,
                MIN(expires_at) AS next_expiry
         FROM orders WHERE {column} = $1 AND status = 'pending' AND expires_at > $2"
    ))
    .bind(value)
    .bind(now)
    .bind(sku)
    .fetch_one(&mut **tx)
    .await?;
    let free = sqlx::query(&format!(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) AS units,
                CAST(COALESCE(SUM(CASE WHEN sku = $3 THEN quantity ELSE 0 END), 0) AS BIGINT) AS item_units,
                MIN(created_at) AS first_at
         FROM orders WHERE {column} = $1 AND amount = 0 AND status = 'paid' AND created_at > $2"
    ))
    .bind(value)
    .bind(now - FREE_ORDERS_COUNT_FOR_MS)
    .bind(sku)
    .fetch_one(&mut **tx)
    .await?;
    let next_expiry: Option<i64> = open.try_get("next_expiry")?;
    let free_lapses = free
        .try_get::<Option<i64>, _>("first_at")?
        .map(|first_at| first_at + FREE_ORDERS_COUNT_FOR_MS);
    Ok(OpenHolds {
        checkouts: open.try_get("checkouts")?,
        units: open.try_get("units")?,
        item_units: open.try_get("item_units")?,
        sponsorships: open.try_get("sponsorships")?,
        free_units: free.try_get("units")?,
        free_item_units: free.try_get("item_units")?,
        next_release: next_expiry.into_iter().chain(free_lapses).min(),
    })
}

#[derive(Clone, Copy)]
enum HoldOwner {
    Email,
    Address,
}

/// Refuses a checkout that would take its buyer's email or address past the caps on what open
/// checkouts and the day's free orders may hold; the caller's transaction then rolls back.
async fn check_open_holds(
    tx: &mut Tx,
    limits: HoldLimits,
    order: &NewOrder,
    client_address: &str,
    now: i64,
) -> Result<(), ReserveError> {
    let email = open_holds(tx, HoldOwner::Email, &order.buyer_email, &order.sku, now).await?;
    if let Some(cap) = email.cap_passed_by(
        order,
        limits.checkouts_per_email,
        limits.units_per_email_per_item,
        limits.units_per_email,
        limits.sponsorships_per_buyer,
    ) {
        return Err(ReserveError::EmailHolds(cap));
    }
    let address = open_holds(tx, HoldOwner::Address, client_address, &order.sku, now).await?;
    if let Some(cap) = address.cap_passed_by(
        order,
        limits.checkouts_per_address,
        limits.units_per_address_per_item,
        limits.units_per_address,
        limits.sponsorships_per_buyer,
    ) {
        return Err(ReserveError::AddressHolds {
            cap,
            next_release: address.next_release.unwrap_or(now),
        });
    }
    Ok(())
}

/// Why an order gives its units back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Release {
    /// Its checkout lapsed or failed: the buyer may try again with the same code.
    Lapsed,
    /// It was refunded after it was paid.
    Refunded,
}

/// Gives back the units an order holds, inside the caller's transaction: to the stock, or
/// to its code's hold when they came from it; and its uses of its code. An order holds
/// its stock and its code's uses together, so this happens once however it ends. A
/// refunded order made from a waiting-list offer gives its units to the stock and never
/// revives the offer: the next person waiting gets them.
pub(super) async fn release_order_units(tx: &mut Tx, order_id: &str, why: Release) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT sku, variant_sku, phase_sku, units_held, code_id, code_units, quantity FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let units_held: i64 = row.try_get("units_held")?;
    if units_held == 0 {
        return Ok(());
    }
    let (sku, variant_sku, phase_sku): (String, Option<String>, Option<String>) = (
        row.try_get("sku")?,
        row.try_get("variant_sku")?,
        row.try_get("phase_sku")?,
    );
    let code_id: Option<String> = row.try_get("code_id")?;
    let code_units: i64 = row.try_get("code_units")?;
    let offer = match &code_id {
        Some(code_id) if why == Release::Refunded => super::waiting_list::is_offer(tx, code_id).await?,
        _ => false,
    };
    let held = match &code_id {
        Some(code_id) if code_units > 0 && !offer => held_keys(tx, code_id).await?,
        _ => Vec::new(),
    };
    let mut keys = stock_keys(&sku, variant_sku.as_deref(), phase_sku.as_deref());
    keys.retain(|key| !held.iter().any(|held| held == key));
    release(tx, &keys, units_held).await?;
    if let Some(code_id) = code_id.filter(|_| !offer) {
        let back_to_stock = return_code_use(tx, &code_id, row.try_get("quantity")?, code_units).await?;
        give_back(tx, &held, back_to_stock).await?;
    }
    sqlx::query("UPDATE orders SET units_held = 0, code_units = 0 WHERE id = $1")
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Counts an order's uses of its code again, when it is paid after they were given back.
async fn retake_code_use(tx: &mut Tx, order_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE codes SET uses = uses + (SELECT quantity FROM orders WHERE id = $1)
         WHERE id = (SELECT code_id FROM orders WHERE id = $1)",
    )
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The stock keys an order counts against: its item, its variant, its price phase.
fn stock_keys<'a>(sku: &'a str, variant_sku: Option<&'a str>, phase_sku: Option<&'a str>) -> Vec<&'a str> {
    std::iter::once(sku).chain(variant_sku).chain(phase_sku).collect()
}

impl Store {
    /// Makes the stock table match the event file's limits. A new limit starts
    /// from the units that orders already hold.
    pub async fn sync_stock(&self, limits: &[(String, i64)]) -> Result<(), sqlx::Error> {
        for (sku, capacity) in limits {
            sqlx::query(
                "INSERT INTO stock (sku, capacity, taken)
                 VALUES ($1, $2, (SELECT COALESCE(SUM(units_held), 0) FROM orders
                                  WHERE sku = $1 OR variant_sku = $1 OR phase_sku = $1))
                 ON CONFLICT (sku) DO UPDATE SET capacity = excluded.capacity",
            )
            .bind(sku)
            .bind(capacity)
            .execute(&self.connections)
            .await?;
        }
        let stored: Vec<String> = sqlx::query_scalar("SELECT sku FROM stock")
            .fetch_all(&self.connections)
            .await?;
        for sku in stored
            .iter()
            .filter(|sku| !limits.iter().any(|(limited, _)| limited == *sku))
        {
            sqlx::query("DELETE FROM stock WHERE sku = $1")
                .bind(sku)
                .execute(&self.connections)
                .await?;
        }
        self.stock_changed();
        // A raised limit frees units the waiting list is owed.
        self.pass_freed_units().await;
        Ok(())
    }

    /// Units left of each limited item for anyone to buy: those owed to the waiting list are not.
    pub async fn stock_remaining(&self) -> Result<HashMap<String, i64>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT sku, CASE WHEN capacity - taken - queued > 0 THEN capacity - taken - queued ELSE 0 END AS remaining
             FROM stock",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("sku")?, row.try_get("remaining")?)))
            .collect()
    }

    /// Reserves the stock and stores the pending order in one transaction, unless it
    /// would take the buyer's email or client address past the caps on what open
    /// checkouts may hold.
    pub async fn create_pending_order(
        &self,
        order: &NewOrder,
        pending: &NewPendingOrder<'_>,
    ) -> Result<Order, ReserveError> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        if let Some((key, request_hash)) = pending.idempotency {
            // First, so a retry waits for the original's transaction and then finds its order.
            if !super::idempotency::claim_key(&mut tx, key, request_hash, pending.id, now).await? {
                return Err(ReserveError::KeyTaken);
            }
        }
        if let (Some(_), Backend::Postgres) = (pending.caps, self.backend) {
            // Counting open reservations and adding one must not interleave with another
            // checkout for the same buyer or network. SQLite has one writer at a time already.
            for key in [&order.buyer_email, pending.client_address] {
                sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                    .bind(key)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        // The code's use first: a code that holds units gives the order its item's unit out of
        // that hold, so the item's own stock is not taken twice.
        let code_units = match &pending.code {
            Some(code) => take_code_use(&mut tx, code, &order.buyer_email, now).await?,
            None => 0,
        };
        let phase_key = order.quote.phase_key.as_deref();
        let held = match (&pending.code, code_units) {
            (Some(code), 1..) => held_keys(&mut tx, &code.id).await?,
            _ => Vec::new(),
        };
        let mut keys = stock_keys(&order.sku, order.variant_sku.as_deref(), None);
        keys.retain(|key| !held.iter().any(|held| held == key));
        if !reserve(&mut tx, &keys, order.quantity).await? {
            return Err(ReserveError::SoldOut);
        }
        if let Some(phase_key) = phase_key
            && !reserve(&mut tx, &[phase_key], order.quantity).await?
        {
            return Err(ReserveError::PhaseEnded);
        }
        if let Some(caps) = pending.caps {
            check_open_holds(&mut tx, caps, order, pending.client_address, now).await?;
        }
        // The stored order comes back from the insert itself, not from a second read.
        let row = sqlx::query(&format!(
            "INSERT INTO orders (id, reference, kind, status, buyer_name, buyer_email, sku, variant_sku, item_name,
                 unit_price, quantity, options, amount, currency, units_held, pickup_code, created_at, updated_at,
                 expires_at, gateway, client_address, phase, phase_sku, discounts, code_id, code, code_units, tax,
                 billing)
             VALUES ($1, $2, $3, 'pending', $4, $5, $6, $16, $7, $8, $9, $10, $11, $12, $13, $17, $14, $14, $15, $18, $19,
                 $20, $21, $22, $23, $24, $25, $26, $27)
             RETURNING {ORDER_COLUMNS}"
        ))
        .bind(pending.id)
        .bind(pending.reference)
        .bind(order.kind.as_str())
        .bind(&order.buyer_name)
        .bind(&order.buyer_email)
        .bind(&order.sku)
        .bind(&order.item_name)
        .bind(order.unit_price().cents())
        .bind(order.quantity)
        .bind(order.options.to_string())
        .bind(order.amount().cents())
        .bind(crate::payments::CURRENCY)
        .bind(order.quantity)
        .bind(now)
        .bind(pending.expires_at)
        .bind(order.variant_sku.as_deref())
        .bind(pending.pickup_code)
        .bind(pending.gateway)
        .bind(pending.client_address)
        .bind(order.quote.phase.as_deref())
        .bind(phase_key)
        .bind(serde_json::to_string(&order.quote.discounts).unwrap_or_else(|_| "[]".into()))
        .bind(pending.code.as_ref().map(|code| code.id.as_str()))
        .bind(pending.code.as_ref().map(|code| code.code.as_str()))
        .bind(code_units)
        .bind(order.quote.tax.as_ref().and_then(|tax| serde_json::to_string(tax).ok()))
        .bind(order.billing.as_ref().and_then(|billing| serde_json::to_string(billing).ok()))
        .fetch_one(&mut *tx)
        .await?;
        let placed = order_from_row(&row)?;
        insert_answers(&mut tx, pending.id, 1, &order.buyer_answers, now).await?;
        tx.commit().await?;
        self.stock_changed();
        Ok(placed)
    }

    /// Records the gateway's payment for an order, and a hash of its client secret.
    pub async fn attach_payment(
        &self,
        order_id: &str,
        payment_id: &str,
        client_secret_hash: &str,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE orders SET payment_id = $2, client_secret_hash = $3, updated_at = $4
             WHERE id = $1 AND payment_id IS NULL",
        )
        .bind(order_id)
        .bind(payment_id)
        .bind(client_secret_hash)
        .bind(now_millis())
        .execute(&self.connections)
        .await?;
        Ok(())
    }

    pub async fn order(&self, id: &str) -> Result<Option<Order>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(order_from_row).transpose()
    }

    pub async fn order_by_payment(&self, payment_id: &str) -> Result<Option<Order>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE payment_id = $1"))
            .bind(payment_id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(order_from_row).transpose()
    }

    /// Every order, newest first.
    pub async fn list_orders(&self) -> Result<Vec<Order>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders ORDER BY created_at DESC, id"
        ))
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(order_from_row).collect()
    }

    /// Moves a pending order to `failed` or `expired` and gives its units back.
    /// Returns whether this call closed it.
    pub async fn close_pending_order(&self, id: &str, status: OrderStatus) -> Result<bool, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let closed = sqlx::query(
            "UPDATE orders SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'
             RETURNING id",
        )
        .bind(id)
        .bind(status.as_str())
        .bind(now_millis())
        .fetch_optional(&mut *tx)
        .await?;
        if closed.is_none() {
            return Ok(false);
        }
        release_order_units(&mut tx, id, Release::Lapsed).await?;
        tx.commit().await?;
        self.stock_changed();
        self.pass_freed_units().await;
        Ok(true)
    }

    /// Pending orders whose reservation ran out by `now`, oldest first.
    pub async fn overdue_orders(&self, now: i64, limit: i64) -> Result<Vec<OverdueOrder>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, gateway, payment_id FROM orders
             WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(OverdueOrder {
                    id: row.try_get("id")?,
                    gateway: row.try_get("gateway")?,
                    payment_id: row.try_get("payment_id")?,
                })
            })
            .collect()
    }

    /// Marks an order paid exactly once. A pending order keeps its reserved
    /// units; an expired or failed one takes units again if any remain, and is
    /// flagged for refund if none do.
    pub async fn mark_order_paid(&self, id: &str) -> Result<PaidTransition, sqlx::Error> {
        self.mark_paid(id, None).await
    }

    /// [`Store::mark_order_paid`] for an order the caller has just read, which spares reading it
    /// again; if it changed meanwhile, the compare-and-set below notices and reads it afresh.
    pub async fn mark_read_order_paid(&self, order: Order) -> Result<PaidTransition, sqlx::Error> {
        let id = order.id.clone();
        self.mark_paid(&id, Some(order)).await
    }

    async fn mark_paid(&self, id: &str, mut read: Option<Order>) -> Result<PaidTransition, sqlx::Error> {
        loop {
            let order = match read.take() {
                Some(order) => order,
                None => match self.order(id).await? {
                    Some(order) => order,
                    None => return Ok(PaidTransition::NotFound),
                },
            };
            let now = now_millis();
            if matches!(order.status, OrderStatus::Paid | OrderStatus::Refunded) {
                return Ok(PaidTransition::AlreadyPaid(order));
            }
            let mut tx = self.begin_write().await?;
            let (units_held, refund_reason) = if order.status == OrderStatus::Pending {
                (order.units_held, None)
            } else {
                // Paid after its reservation lapsed (expired or failed): its units (and its code's uses) went back
                // then. They are taken again from the stock (the price phase and the code's hold have moved on; the
                // buyer keeps the price they paid), or, if none are left, the order is flagged for a refund.
                let keys = stock_keys(&order.sku, order.variant_sku.as_deref(), None);
                if reserve(&mut tx, &keys, order.quantity).await? {
                    retake_code_use(&mut tx, id).await?;
                    (order.quantity, None)
                } else {
                    (0, Some("paid after its reservation lapsed and the item sold out"))
                }
            };
            // An order whose paying issues tickets gets its private link in the update that marks it paid: the
            // secret goes to the receipt, its digest to the order (unless it has a link already).
            let link = (refund_reason.is_none() && order.manage_token_hash.is_none() && issues_tickets(order.kind))
                .then(|| {
                    let token = secrets::random_token();
                    (secrets::digest(&token), token)
                });
            let set_link = if link.is_some() {
                ", manage_token = CASE WHEN manage_token_hash IS NULL THEN NULL ELSE manage_token END,
                   manage_token_hash = COALESCE(manage_token_hash, $6)"
            } else {
                ""
            };
            let update = format!(
                "UPDATE orders SET status = 'paid', units_held = $3, refund_reason = $4, paid_at = $5, updated_at = $5,
                     phase_sku = CASE WHEN status = 'pending' THEN phase_sku END{set_link}
                 WHERE id = $1 AND status = $2
                 RETURNING {ORDER_COLUMNS}"
            );
            let mut update = sqlx::query(&update)
                .bind(id)
                .bind(order.status.as_str())
                .bind(units_held)
                .bind(refund_reason)
                .bind(now);
            if let Some((digest, _)) = &link {
                update = update.bind(digest.as_str());
            }
            let updated = update.fetch_optional(&mut *tx).await?;
            if let Some(row) = updated {
                let paid = order_from_row(&row)?;
                // The confirmation is queued in the transaction that marks the order paid:
                // both happen, or neither. An order that cannot be honoured confirms nothing.
                if refund_reason.is_none() {
                    // Only an order bought with a code can use a waiting-list offer (its code).
                    if order.code.is_some() {
                        super::waiting_list::mark_offer_used(&mut tx, id, now).await?;
                    }
                    issue_invoice(&mut tx, self.event.as_deref(), &order, now).await?;
                    // Tickets come with the link this update gave: an order that had one has its tickets.
                    let manage_token = link
                        .filter(|(digest, _)| paid.manage_token_hash.as_deref() == Some(digest.as_str()))
                        .map(|(_, token)| token);
                    if manage_token.is_some() {
                        issue_tickets_of_paid(&mut tx, self.event.as_deref(), &paid).await?;
                    }
                    queue_email_with_link(
                        &mut tx,
                        EmailKind::OrderConfirmation,
                        &format!("order-paid:{id}"),
                        id,
                        &order.buyer_email,
                        manage_token.as_deref(),
                    )
                    .await?;
                }
                tx.commit().await?;
                self.stock_changed();
                if let Some(reason) = refund_reason {
                    tracing::warn!(order = %id, reason, "order paid but flagged for refund");
                }
                return Ok(PaidTransition::Paid(paid));
            }
            // Another request changed the order first: drop this attempt and look again.
            tx.rollback().await?;
        }
    }

    /// Notes why the buyer's last payment attempt failed; the order stays pending.
    pub async fn record_payment_error(&self, payment_id: &str, message: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE orders SET last_payment_error = $2, updated_at = $3 WHERE payment_id = $1 AND status = 'pending'",
        )
        .bind(payment_id)
        .bind(message)
        .bind(now_millis())
        .execute(&self.connections)
        .await?;
        Ok(())
    }

    pub async fn webhook_event_seen(&self, id: &str) -> Result<bool, sqlx::Error> {
        let seen = sqlx::query("SELECT 1 FROM webhook_events WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        Ok(seen.is_some())
    }

    pub async fn record_webhook_event(&self, id: &str, event_type: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO webhook_events (id, event_type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(event_type)
        .bind(now_millis())
        .execute(&self.connections)
        .await?;
        Ok(())
    }
}
