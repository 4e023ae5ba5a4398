//! The merchandise pickup desk: each paid order is handed over once.

use sqlx::Row;

use super::admin::record_audit;
use super::orders::{ORDER_COLUMNS, order_from_row};
use super::{Store, now_millis};
use crate::domain::{Order, OrderStatus};

/// What the desk learnt from a pickup code.
#[derive(Debug)]
pub enum Handover {
    HandedOver(Order),
    AlreadyHandedOver(Order),
    Refunded(Order),
    /// The order exists but was never paid.
    NotPaid(Order),
    Unknown,
}

/// One line of the pick list: an item in one size and colour, and how many to prepare.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickLine {
    pub item_name: String,
    #[schema(required = true)]
    pub size: Option<String>,
    #[schema(required = true)]
    pub color: Option<String>,
    pub quantity: i64,
    pub orders: i64,
}

impl Store {
    pub async fn order_by_pickup_code(&self, code: &str) -> Result<Option<Order>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE pickup_code = $1"))
            .bind(code)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(order_from_row).transpose()
    }

    /// Marks the order behind `code` collected, once: of two desks handing it over at
    /// the same moment, one wins and the other is told when it was.
    pub async fn hand_over(&self, code: &str, actor: &str) -> Result<Handover, sqlx::Error> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let handed = sqlx::query(
            "UPDATE orders SET picked_up_at = $2, picked_up_by = $3, updated_at = $2
             WHERE pickup_code = $1 AND status = 'paid' AND picked_up_at IS NULL
             RETURNING id",
        )
        .bind(code)
        .bind(now)
        .bind(actor)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = &handed {
            let order_id: String = row.try_get("id")?;
            record_audit(
                &mut *tx,
                actor,
                "pickup",
                Some(&order_id),
                &serde_json::json!({ "code": code }),
            )
            .await?;
        }
        tx.commit().await?;
        let Some(order) = self.order_by_pickup_code(code).await? else {
            return Ok(Handover::Unknown);
        };
        Ok(match order.status {
            OrderStatus::Refunded => Handover::Refunded(order),
            OrderStatus::Paid if handed.is_some() => Handover::HandedOver(order),
            OrderStatus::Paid => Handover::AlreadyHandedOver(order),
            _ => Handover::NotPaid(order),
        })
    }

    /// Paid (or refunded) merchandise orders whose pickup code or buyer's name contains `search`.
    pub async fn search_pickups(&self, search: &str) -> Result<Vec<Order>, sqlx::Error> {
        let pattern = format!(
            "%{}%",
            search
                .trim()
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders
             WHERE kind = 'merchandise' AND paid_at IS NOT NULL
               AND (LOWER(COALESCE(pickup_code, '')) LIKE $1 ESCAPE '\\' OR LOWER(buyer_name) LIKE $1 ESCAPE '\\')
             ORDER BY buyer_name, created_at LIMIT 50"
        ))
        .bind(pattern)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(order_from_row).collect()
    }

    /// What to prepare for the desk: paid merchandise not yet handed over, by item, size and colour.
    pub async fn pick_list(&self) -> Result<Vec<PickLine>, sqlx::Error> {
        let orders = self.settled_orders(crate::domain::OrderKind::Merchandise).await?;
        let mut lines: Vec<PickLine> = Vec::new();
        for order in orders
            .iter()
            .filter(|order| order.status == OrderStatus::Paid && order.picked_up_at.is_none())
        {
            let option = |name: &str| {
                order.options[name]
                    .as_str()
                    .filter(|value| !value.is_empty())
                    .map(str::to_owned)
            };
            let (size, color) = (option("size"), option("color"));
            match lines
                .iter_mut()
                .find(|line| line.item_name == order.item_name && line.size == size && line.color == color)
            {
                Some(line) => {
                    line.quantity += order.quantity;
                    line.orders += 1;
                }
                None => lines.push(PickLine {
                    item_name: order.item_name.clone(),
                    size,
                    color,
                    quantity: order.quantity,
                    orders: 1,
                }),
            }
        }
        lines.sort_by(|a, b| (&a.item_name, &a.size, &a.color).cmp(&(&b.item_name, &b.size, &b.color)));
        Ok(lines)
    }
}
