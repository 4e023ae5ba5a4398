//! What a paid order's receipt shows, read in one statement: the mail worker sends a receipt per purchase, and
//! reading the order, its tickets and its invoice apart was three round trips of a purchase's twenty. A batch of
//! receipts is read in one statement too.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::LazyLock;

use sqlx::Row;

use super::invoices::{COLUMNS as INVOICE_COLUMNS, invoice_from_columns};
use super::orders::{ORDER_COLUMNS, order_from_row};
use super::tickets::{COLUMNS as TICKET_COLUMNS, ticket_from_columns};
use super::{InvoiceRecord, Prefixed, Store, TicketRecord, placeholders};
use crate::domain::Order;

const TICKET: Prefixed = Prefixed("t_");
const INVOICE: Prefixed = Prefixed("i_");

/// One row per ticket (one, with no ticket, for an order without), each with the order and its latest invoice: an
/// order has a handful of tickets at most, so repeating the rest costs less than another round trip.
/// Without its `WHERE`, which lists the orders.
static RECEIPTS_QUERY: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {order}, {tickets}, {invoice}
         FROM orders o
         LEFT JOIN tickets t ON t.order_id = o.id
         LEFT JOIN invoices i ON i.id = (
             SELECT id FROM invoices WHERE order_id = o.id AND kind = 'invoice'
             ORDER BY issued_at DESC, number DESC LIMIT 1)",
        order = Prefixed("").select("o", ORDER_COLUMNS),
        tickets = TICKET.select("t", TICKET_COLUMNS),
        invoice = INVOICE.select("i", INVOICE_COLUMNS),
    )
});

/// A paid order as its receipt shows it.
#[derive(Debug, Clone)]
pub struct Receipt {
    pub order: Order,
    /// By position; none for merchandise.
    pub tickets: Vec<TicketRecord>,
    /// The latest invoice (not credit note) of the order, if it has one.
    pub invoice: Option<InvoiceRecord>,
}

impl Store {
    /// The order `order_id` with its tickets and latest invoice; `None` if there is no such order.
    pub async fn receipt(&self, order_id: &str) -> Result<Option<Receipt>, sqlx::Error> {
        Ok(self.receipts(&[order_id]).await?.remove(order_id))
    }

    /// The receipts of the orders `order_ids` that exist, by order id.
    pub async fn receipts(&self, order_ids: &[&str]) -> Result<HashMap<String, Receipt>, sqlx::Error> {
        if order_ids.is_empty() {
            return Ok(HashMap::new());
        }
        let statement = format!(
            "{} WHERE o.id IN ({}) ORDER BY o.id, t.position",
            *RECEIPTS_QUERY,
            placeholders(1, order_ids.len())
        );
        let mut query = sqlx::query(&statement);
        for order_id in order_ids {
            query = query.bind(*order_id);
        }
        let rows = query.fetch_all(&self.connections).await?;
        let mut receipts: HashMap<String, Receipt> = HashMap::with_capacity(order_ids.len());
        for row in &rows {
            let order_id: String = row.try_get("id")?;
            let receipt = match receipts.entry(order_id) {
                Entry::Occupied(known) => known.into_mut(),
                Entry::Vacant(first) => {
                    let invoice = match row.try_get::<Option<String>, _>("i_id")? {
                        Some(_) => Some(invoice_from_columns(row, &INVOICE)?),
                        None => None,
                    };
                    first.insert(Receipt {
                        order: order_from_row(row)?,
                        tickets: Vec::new(),
                        invoice,
                    })
                }
            };
            if row.try_get::<Option<String>, _>("t_id")?.is_some() {
                receipt.tickets.push(ticket_from_columns(row, &TICKET)?);
            }
        }
        Ok(receipts)
    }
}
