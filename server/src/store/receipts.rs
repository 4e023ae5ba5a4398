//! What a paid order's receipt shows, read in one statement: the mail worker sends a receipt per purchase, and
//! reading the order, its tickets and its invoice apart was three round trips of a purchase's twenty.

use std::sync::LazyLock;

use sqlx::Row;

use super::invoices::{COLUMNS as INVOICE_COLUMNS, invoice_from_columns};
use super::orders::{ORDER_COLUMNS, order_from_row};
use super::tickets::{COLUMNS as TICKET_COLUMNS, ticket_from_columns};
use super::{InvoiceRecord, Prefixed, Store, TicketRecord};
use crate::domain::Order;

const TICKET: Prefixed = Prefixed("t_");
const INVOICE: Prefixed = Prefixed("i_");

/// One row per ticket (one, with no ticket, for an order without), each with the order and its latest invoice: an
/// order has a handful of tickets at most, so repeating the rest costs less than another round trip.
static RECEIPT_QUERY: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {order}, {tickets}, {invoice}
         FROM orders o
         LEFT JOIN tickets t ON t.order_id = o.id
         LEFT JOIN invoices i ON i.id = (
             SELECT id FROM invoices WHERE order_id = o.id AND kind = 'invoice'
             ORDER BY issued_at DESC, number DESC LIMIT 1)
         WHERE o.id = $1
         ORDER BY t.position",
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
        let rows = sqlx::query(&RECEIPT_QUERY)
            .bind(order_id)
            .fetch_all(&self.connections)
            .await?;
        let Some(first) = rows.first() else {
            return Ok(None);
        };
        let invoice = match first.try_get::<Option<String>, _>("i_id")? {
            Some(_) => Some(invoice_from_columns(first, &INVOICE)?),
            None => None,
        };
        let mut tickets = Vec::with_capacity(rows.len());
        for row in &rows {
            if row.try_get::<Option<String>, _>("t_id")?.is_some() {
                tickets.push(ticket_from_columns(row, &TICKET)?);
            }
        }
        Ok(Some(Receipt {
            order: order_from_row(first)?,
            tickets,
            invoice,
        }))
    }
}
