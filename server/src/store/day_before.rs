//! The day-before email: once per holder (the attendee's address, else the buyer's for a seat nobody was named
//! to), with every valid ticket they hold. Refunded tickets are not valid; a seat given away is held by its new
//! holder, under a new code.

use sqlx::Row;
use time::OffsetDateTime;

use super::outbox::{EmailKind, queue_email};
use super::tickets::{COLUMNS, TicketRecord, ticket_from_row};
use super::{Store, placeholders};
use crate::clock::unix_millis;

impl Store {
    /// Queues the day-before email of every holder of a valid ticket not yet sent one, from `from` until `until`:
    /// the holder's tickets are marked in the transaction that queues it, and the outbox keeps one per address, so
    /// several instances or a restart queue it once. Answers how many were queued.
    pub async fn queue_day_before_emails(
        &self,
        from: OffsetDateTime,
        until: OffsetDateTime,
        now: OffsetDateTime,
    ) -> Result<usize, sqlx::Error> {
        if now < from || now >= until {
            return Ok(0);
        }
        let rows = sqlx::query(
            "SELECT t.id, COALESCE(t.attendee_email, o.buyer_email) AS holder
             FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE t.status = 'valid' AND t.day_before_sent_at IS NULL
             ORDER BY holder, t.id",
        )
        .fetch_all(&self.connections)
        .await?;
        let mut holders: Vec<(String, Vec<String>)> = Vec::new();
        for row in &rows {
            let (ticket_id, holder): (String, String) = (row.try_get("id")?, row.try_get("holder")?);
            match holders.last_mut() {
                Some((last, tickets)) if *last == holder => tickets.push(ticket_id),
                _ => holders.push((holder, vec![ticket_id])),
            }
        }
        let now_ms = unix_millis(now);
        let mut queued = 0;
        for (holder, tickets) in holders {
            let mut tx = self.begin_write().await?;
            let ids = placeholders(2, tickets.len());
            let sql = format!(
                "UPDATE tickets SET day_before_sent_at = $1
                 WHERE id IN ({ids}) AND day_before_sent_at IS NULL AND status = 'valid'"
            );
            let mut mark = sqlx::query(&sql).bind(now_ms);
            for ticket in &tickets {
                mark = mark.bind(ticket);
            }
            if mark.execute(&mut *tx).await?.rows_affected() > 0 {
                queue_email(
                    &mut tx,
                    EmailKind::DayBefore,
                    &format!("day-before:{holder}"),
                    &holder,
                    &holder,
                )
                .await?;
                queued += 1;
            }
            tx.commit().await?;
        }
        Ok(queued)
    }

    /// The valid tickets `email` holds: named to them, or theirs as the buyer of a seat nobody was named to; by
    /// order and place.
    pub async fn tickets_held_by(&self, email: &str) -> Result<Vec<TicketRecord>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tickets
             WHERE status = 'valid' AND (attendee_email = $1
                 OR (attendee_email IS NULL AND order_id IN (SELECT id FROM orders WHERE buyer_email = $1)))
             ORDER BY order_id, position"
        ))
        .bind(email)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(ticket_from_row).collect()
    }
}
