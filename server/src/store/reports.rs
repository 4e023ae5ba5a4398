//! What the back office reads: totals, stock levels, searches and listings. Sums are
//! cast to BIGINT because PostgreSQL sums BIGINTs as NUMERIC.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;

use super::manage_link::renew_manage_link;
use super::orders::{ORDER_COLUMNS, order_from_row};
use super::outbox::{EmailKind, outbox_from_row, queue_email};
use super::waitlist::WAITLIST_COLUMNS;
use super::{OutboxEmail, Store, StoredRegistration, admin::record_audit, now_millis};
use crate::domain::{Order, OrderKind, OrderStatus};

/// Orders of one kind and status: how many, and their money in cents.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTotals {
    #[schema(value_type = OrderKind)]
    pub kind: String,
    #[schema(value_type = OrderStatus)]
    pub status: String,
    pub count: i64,
    pub amount: i64,
    pub refunded: i64,
}

/// One limited item: its limit, and the units sold, held by unpaid checkouts, and left.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StockLevel {
    pub sku: String,
    pub capacity: i64,
    pub sold: i64,
    pub held: i64,
    pub left: i64,
}

/// A sale for the per-day chart.
#[derive(Debug, Clone)]
pub struct Sale {
    pub paid_at: i64,
    pub kind: String,
    pub amount: i64,
}

/// Which orders to list; all fields optional.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub kind: Option<OrderKind>,
    pub status: Option<OrderStatus>,
    /// A stock keeping unit: the item (or one size/colour of it).
    pub sku: Option<String>,
    /// Name, email, reference or pickup code, any part of it, any case.
    pub search: Option<String>,
}

/// One page of a listing and how many rows the whole listing has.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
}

enum Bind {
    Text(String),
    Number(i64),
}

fn bind_all<'q>(
    mut query: Query<'q, sqlx::Any, AnyArguments<'q>>,
    binds: &'q [Bind],
) -> Query<'q, sqlx::Any, AnyArguments<'q>> {
    for bind in binds {
        query = match bind {
            Bind::Text(text) => query.bind(text.as_str()),
            Bind::Number(number) => query.bind(*number),
        };
    }
    query
}

/// `%text%` for LIKE, with LIKE's own wildcards taken literally.
fn contains_pattern(text: &str) -> String {
    let escaped = text
        .trim()
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

impl OrderFilter {
    fn where_clause(&self, binds: &mut Vec<Bind>) -> String {
        let mut conditions = Vec::new();
        let mut add = |condition: &str, values: Vec<Bind>| {
            let mut condition = condition.to_owned();
            for value in values {
                binds.push(value);
                condition = condition.replacen('?', &format!("${}", binds.len()), 1);
            }
            conditions.push(condition);
        };
        if let Some(kind) = self.kind {
            add("kind = ?", vec![Bind::Text(kind.as_str().into())]);
        }
        if let Some(status) = self.status {
            add("status = ?", vec![Bind::Text(status.as_str().into())]);
        }
        if let Some(sku) = &self.sku {
            add(
                "(sku = ? OR variant_sku = ?)",
                vec![Bind::Text(sku.clone()), Bind::Text(sku.clone())],
            );
        }
        if let Some(search) = self.search.as_deref().filter(|search| !search.trim().is_empty()) {
            let pattern = contains_pattern(search);
            add(
                "(LOWER(buyer_name) LIKE ? ESCAPE '\\' OR LOWER(buyer_email) LIKE ? ESCAPE '\\'
                  OR LOWER(reference) LIKE ? ESCAPE '\\' OR LOWER(COALESCE(pickup_code, '')) LIKE ? ESCAPE '\\')",
                (0..4).map(|_| Bind::Text(pattern.clone())).collect(),
            );
        }
        if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        }
    }
}

impl Store {
    pub async fn order_totals(&self) -> Result<Vec<OrderTotals>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT kind, status, COUNT(*) AS count, CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS amount,
                    CAST(COALESCE(SUM(refunded_amount), 0) AS BIGINT) AS refunded
             FROM orders GROUP BY kind, status ORDER BY kind, status",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(OrderTotals {
                    kind: row.try_get("kind")?,
                    status: row.try_get("status")?,
                    count: row.try_get("count")?,
                    amount: row.try_get("amount")?,
                    refunded: row.try_get("refunded")?,
                })
            })
            .collect()
    }

    pub async fn stock_levels(&self) -> Result<Vec<StockLevel>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT stock.sku, stock.capacity, stock.taken, stock.queued,
                    CAST(COALESCE(SUM(CASE WHEN orders.status = 'paid' THEN orders.units_held ELSE 0 END), 0) AS BIGINT) AS sold,
                    CAST(COALESCE(SUM(CASE WHEN orders.status = 'pending' THEN orders.units_held ELSE 0 END), 0) AS BIGINT) AS held
             FROM stock LEFT JOIN orders ON orders.sku = stock.sku OR orders.variant_sku = stock.sku
             GROUP BY stock.sku, stock.capacity, stock.taken, stock.queued ORDER BY stock.sku",
        )
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                let (capacity, taken, queued): (i64, i64, i64) =
                    (row.try_get("capacity")?, row.try_get("taken")?, row.try_get("queued")?);
                Ok(StockLevel {
                    sku: row.try_get("sku")?,
                    capacity,
                    sold: row.try_get("sold")?,
                    held: row.try_get("held")?,
                    // as the public sees it: units owed to the waiting list are not for sale
                    left: (capacity - taken - queued).max(0),
                })
            })
            .collect()
    }

    /// Every sale that was paid, refunded or not.
    pub async fn sales(&self) -> Result<Vec<Sale>, sqlx::Error> {
        let rows = sqlx::query("SELECT paid_at, kind, amount FROM orders WHERE paid_at IS NOT NULL ORDER BY paid_at")
            .fetch_all(&self.connections)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(Sale {
                    paid_at: row.try_get("paid_at")?,
                    kind: row.try_get("kind")?,
                    amount: row.try_get("amount")?,
                })
            })
            .collect()
    }

    /// Paid orders flagged for a refund that has not been made.
    pub async fn orders_flagged_for_refund(&self) -> Result<Vec<Order>, sqlx::Error> {
        self.orders_where("WHERE status = 'paid' AND refund_reason IS NOT NULL", &[])
            .await
    }

    /// Pending orders whose reservation ran out more than a sweep ago: stuck.
    pub async fn orders_stuck_pending(&self, now: i64) -> Result<Vec<Order>, sqlx::Error> {
        self.orders_where(
            "WHERE status = 'pending' AND expires_at < $1",
            &[Bind::Number(now - 5 * 60 * 1000)],
        )
        .await
    }

    async fn orders_where(&self, clause: &str, binds: &[Bind]) -> Result<Vec<Order>, sqlx::Error> {
        let sql = format!("SELECT {ORDER_COLUMNS} FROM orders {clause} ORDER BY created_at DESC, id");
        let rows = bind_all(sqlx::query(&sql), binds).fetch_all(&self.connections).await?;
        rows.iter().map(order_from_row).collect()
    }

    /// One page of the orders that match, newest first.
    pub async fn search_orders(
        &self,
        filter: &OrderFilter,
        page: i64,
        page_size: i64,
    ) -> Result<Page<Order>, sqlx::Error> {
        let mut binds = Vec::new();
        let clause = filter.where_clause(&mut binds);
        let total: i64 = bind_all(
            sqlx::query(&format!("SELECT COUNT(*) AS total FROM orders {clause}")),
            &binds,
        )
        .fetch_one(&self.connections)
        .await?
        .try_get("total")?;
        let limit = format!("LIMIT {page_size} OFFSET {}", (page - 1).max(0) * page_size);
        let sql = format!("SELECT {ORDER_COLUMNS} FROM orders {clause} ORDER BY created_at DESC, id {limit}");
        let rows = bind_all(sqlx::query(&sql), &binds).fetch_all(&self.connections).await?;
        Ok(Page {
            items: rows.iter().map(order_from_row).collect::<Result<_, _>>()?,
            page,
            page_size,
            total,
        })
    }

    /// The emails about an order: its confirmations and its refunds' emails.
    pub async fn emails_about_order(&self, order_id: &str) -> Result<Vec<OutboxEmail>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, kind, subject_id, recipient, status, attempts, last_error, created_at, sent_at FROM outbox
             WHERE subject_id = $1 OR subject_id IN (SELECT id FROM refunds WHERE order_id = $1)
             ORDER BY created_at, id",
        )
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(outbox_from_row).collect()
    }

    /// One page of the outbox, newest first, optionally of one status.
    pub async fn outbox_page(
        &self,
        status: Option<&str>,
        page: i64,
        page_size: i64,
    ) -> Result<Page<OutboxEmail>, sqlx::Error> {
        let (clause, binds) = match status {
            Some(status) => ("WHERE status = $1", vec![Bind::Text(status.to_owned())]),
            None => ("", Vec::new()),
        };
        let total: i64 = bind_all(
            sqlx::query(&format!("SELECT COUNT(*) AS total FROM outbox {clause}")),
            &binds,
        )
        .fetch_one(&self.connections)
        .await?
        .try_get("total")?;
        let sql = format!(
            "SELECT id, kind, subject_id, recipient, status, attempts, last_error, created_at, sent_at FROM outbox {clause}
             ORDER BY created_at DESC, id LIMIT {page_size} OFFSET {}",
            (page - 1).max(0) * page_size
        );
        let rows = bind_all(sqlx::query(&sql), &binds).fetch_all(&self.connections).await?;
        Ok(Page {
            items: rows.iter().map(outbox_from_row).collect::<Result<_, _>>()?,
            page,
            page_size,
            total,
        })
    }

    pub async fn outbox_email(&self, id: &str) -> Result<Option<OutboxEmail>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, kind, subject_id, recipient, status, attempts, last_error, created_at, sent_at FROM outbox WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref().map(outbox_from_row).transpose()
    }

    /// Puts a failed email back in the queue with fresh attempts; `false` if it had not failed.
    pub async fn retry_failed_email(&self, id: &str, actor: &str, order_id: Option<&str>) -> Result<bool, sqlx::Error> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let retried = sqlx::query(
            "UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = $2, claimed_until = 0, last_error = NULL
             WHERE id = $1 AND status = 'failed'",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if retried {
            record_audit(
                &mut *tx,
                actor,
                "retry_email",
                order_id,
                &serde_json::json!({ "emailId": id }),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(retried)
    }

    /// Cents taken off paid and refunded orders by discounts: their phases' prices less what they cost.
    pub async fn discounts_given(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(unit_price * quantity - amount), 0) AS BIGINT) FROM orders
             WHERE status IN ('paid', 'refunded')",
        )
        .fetch_one(&self.connections)
        .await
    }

    /// Queues the order's confirmation again, as a new email. A ticket order's receipt
    /// carries a new "Manage your tickets" link: the old one is kept nowhere to resend.
    pub async fn resend_order_confirmation(&self, order: &Order, actor: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let dedupe_key = format!("order-paid:{}:resent:{}", order.id, uuid::Uuid::new_v4().simple());
        if order.manage_token_hash.is_some() {
            renew_manage_link(&mut tx, &order.id, &order.buyer_email, &dedupe_key).await?;
        } else {
            queue_email(
                &mut tx,
                EmailKind::OrderConfirmation,
                &dedupe_key,
                &order.id,
                &order.buyer_email,
            )
            .await?;
        }
        record_audit(
            &mut *tx,
            actor,
            "resend_confirmation",
            Some(&order.id),
            &serde_json::json!({ "newManageLink": order.manage_token_hash.is_some() }),
        )
        .await?;
        tx.commit().await
    }

    /// Adds a note to an order's history.
    pub async fn add_order_note(&self, order_id: &str, actor: &str, text: &str) -> Result<(), sqlx::Error> {
        record_audit(
            &self.connections,
            actor,
            "note",
            Some(order_id),
            &serde_json::json!({ "text": text }),
        )
        .await
    }

    /// The latest note of each order that has one.
    pub async fn latest_notes(&self, kind: OrderKind) -> Result<Vec<(String, String, String, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT audit_log.order_id, audit_log.detail, audit_log.actor, audit_log.at FROM audit_log
             JOIN orders ON orders.id = audit_log.order_id
             WHERE audit_log.action = 'note' AND orders.kind = $1 ORDER BY audit_log.at",
        )
        .bind(kind.as_str())
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| {
                let detail: String = row.try_get("detail")?;
                let text = serde_json::from_str::<serde_json::Value>(&detail)
                    .ok()
                    .and_then(|detail| detail["text"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                Ok((
                    row.try_get("order_id")?,
                    text,
                    row.try_get("actor")?,
                    row.try_get("at")?,
                ))
            })
            .collect()
    }

    /// Paid or refunded orders of a kind, oldest first: what exports and the sponsor list show.
    pub async fn settled_orders(&self, kind: OrderKind) -> Result<Vec<Order>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders WHERE kind = $1 AND paid_at IS NOT NULL ORDER BY paid_at, id"
        ))
        .bind(kind.as_str())
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(order_from_row).collect()
    }

    /// One page of the waitlist, newest first, searched by name or email.
    pub async fn waitlist_page(
        &self,
        search: Option<&str>,
        page: i64,
        page_size: i64,
    ) -> Result<Page<StoredRegistration>, sqlx::Error> {
        let (clause, binds) = match search.filter(|search| !search.trim().is_empty()) {
            Some(search) => (
                "WHERE LOWER(full_name) LIKE $1 ESCAPE '\\' OR LOWER(email) LIKE $1 ESCAPE '\\'",
                vec![Bind::Text(contains_pattern(search))],
            ),
            None => ("", Vec::new()),
        };
        let total: i64 = bind_all(
            sqlx::query(&format!(
                "SELECT COUNT(*) AS total FROM waitlist_registrations {clause}"
            )),
            &binds,
        )
        .fetch_one(&self.connections)
        .await?
        .try_get("total")?;
        let sql = format!(
            "SELECT {WAITLIST_COLUMNS} FROM waitlist_registrations {clause} ORDER BY created_at DESC, id DESC
             LIMIT {page_size} OFFSET {}",
            (page - 1).max(0) * page_size
        );
        let rows = bind_all(sqlx::query(&sql), &binds).fetch_all(&self.connections).await?;
        Ok(Page {
            items: rows
                .iter()
                .map(|row: &AnyRow| sqlx::FromRow::from_row(row))
                .collect::<Result<_, _>>()?,
            page,
            page_size,
            total,
        })
    }

    /// Every registration, oldest first, for the export and the interest counts.
    pub async fn all_waitlist_registrations(&self) -> Result<Vec<StoredRegistration>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {WAITLIST_COLUMNS} FROM waitlist_registrations ORDER BY created_at, id"
        ))
        .fetch_all(&self.connections)
        .await
    }
}
