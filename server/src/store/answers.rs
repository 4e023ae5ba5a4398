//! Attendees' answers (`ticket_answers`), by place in an order: the buyer's written with their order, each seat's
//! replaced from its manage link, cleared when the seat is given to someone else; read per order, per place, for the
//! door by code, and all at once for the totals and the attendees' export, each in one query; and the reminder to
//! answer, queued once per holder.

use std::collections::HashMap;

use sqlx::Row;
use time::OffsetDateTime;

use super::Tx;
use super::outbox::{EmailKind, queue_email_with_link};
use super::{Store, now_millis, placeholders};
use crate::clock::unix_millis;
use crate::event::Event;
use crate::questions::misses_required;
use crate::secrets;

/// A place's answers: each question's id and the answer as stored (JSON text).
pub type StoredAnswers = Vec<(String, String)>;

/// What replacing a seat's answers did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswersSaved {
    Saved,
    /// The seat changed hands, or was refunded, since it was read.
    Changed,
    /// The order was cancelled.
    OrderNotPaid,
}

/// How long a newly named holder has to answer before they are reminded.
const REMINDER_GRACE_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// Writes a place's answers in one statement (nothing at all when there are none): the purchase path pays one
/// INSERT for its buyer's answers.
pub(super) async fn insert_answers(
    tx: &mut Tx,
    order_id: &str,
    position: i64,
    answers: &[(String, String)],
    now: i64,
) -> Result<(), sqlx::Error> {
    if answers.is_empty() {
        return Ok(());
    }
    let rows: Vec<String> = (0..answers.len())
        .map(|index| format!("($1, $2, ${}, ${}, $3)", 4 + 2 * index, 5 + 2 * index))
        .collect();
    let sql = format!(
        "INSERT INTO ticket_answers (order_id, position, question_id, value, answered_at) VALUES {}",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(order_id).bind(position).bind(now);
    for (question_id, value) in answers {
        query = query.bind(question_id).bind(value);
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

/// Forgets a place's answers, and that its holder was reminded, when the seat goes to someone else: the new holder
/// answers, and is reminded, afresh.
pub(super) async fn clear_answers(tx: &mut Tx, order_id: &str, position: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM ticket_answers WHERE order_id = $1 AND position = $2")
        .bind(order_id)
        .bind(position)
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE tickets SET answers_reminded_at = NULL WHERE order_id = $1 AND position = $2")
        .bind(order_id)
        .bind(position)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

fn answer_from_row(row: &sqlx::any::AnyRow) -> Result<(String, String), sqlx::Error> {
    Ok((row.try_get("question_id")?, row.try_get("value")?))
}

impl Store {
    /// An order's answers by place, each place's in no particular order.
    pub async fn answers_of_order(&self, order_id: &str) -> Result<HashMap<i64, StoredAnswers>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT position, question_id, value FROM ticket_answers WHERE order_id = $1 ORDER BY position, question_id",
        )
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        let mut places: HashMap<i64, StoredAnswers> = HashMap::new();
        for row in &rows {
            places
                .entry(row.try_get("position")?)
                .or_default()
                .push(answer_from_row(row)?);
        }
        Ok(places)
    }

    /// One place's answers.
    pub async fn answers_of_place(&self, order_id: &str, position: i64) -> Result<StoredAnswers, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT question_id, value FROM ticket_answers WHERE order_id = $1 AND position = $2 ORDER BY question_id",
        )
        .bind(order_id)
        .bind(position)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(answer_from_row).collect()
    }

    /// Every ticket's answers, by its order and place: for the totals and the attendees' export.
    pub async fn answers_of_tickets(&self) -> Result<HashMap<(String, i64), StoredAnswers>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT a.order_id, a.position, a.question_id, a.value FROM ticket_answers a
             JOIN tickets t ON t.order_id = a.order_id AND t.position = a.position
             ORDER BY a.order_id, a.position, a.question_id",
        )
        .fetch_all(&self.connections)
        .await?;
        let mut places: HashMap<(String, i64), StoredAnswers> = HashMap::new();
        for row in &rows {
            places
                .entry((row.try_get("order_id")?, row.try_get("position")?))
                .or_default()
                .push(answer_from_row(row)?);
        }
        Ok(places)
    }

    /// The answers to `questions` of the tickets whose stored codes are `codes` (every ticket when `None`), by code:
    /// what the door shows beside a name.
    pub async fn answers_by_code(
        &self,
        questions: &[&str],
        codes: Option<&[String]>,
    ) -> Result<HashMap<String, StoredAnswers>, sqlx::Error> {
        if questions.is_empty() || codes.is_some_and(<[String]>::is_empty) {
            return Ok(HashMap::new());
        }
        let of_codes = codes.map_or_else(String::new, |codes| {
            format!(" AND t.code IN ({})", placeholders(questions.len() + 1, codes.len()))
        });
        let sql = format!(
            "SELECT t.code, a.question_id, a.value FROM ticket_answers a
             JOIN tickets t ON t.order_id = a.order_id AND t.position = a.position
             WHERE a.question_id IN ({}){of_codes}",
            placeholders(1, questions.len())
        );
        let mut query = sqlx::query(&sql);
        for question in questions {
            query = query.bind(*question);
        }
        for code in codes.unwrap_or_default() {
            query = query.bind(code);
        }
        let mut by_code: HashMap<String, StoredAnswers> = HashMap::new();
        for row in &query.fetch_all(&self.connections).await? {
            by_code
                .entry(row.try_get("code")?)
                .or_default()
                .push(answer_from_row(row)?);
        }
        Ok(by_code)
    }

    /// Replaces a seat's answers with `answers`, for whoever manages it (the digest of its holder's link, `None` for
    /// the buyer), if the seat is still as it was read (its `code`, which every hand-over changes) and its order is
    /// paid; the order's row is locked first, as a hand-over does.
    pub async fn replace_answers(
        &self,
        ticket_id: &str,
        code: &str,
        holder_token_hash: Option<&str>,
        answers: &[(String, String)],
    ) -> Result<AnswersSaved, sqlx::Error> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let paid = sqlx::query(
            "UPDATE orders SET updated_at = $2
             WHERE id = (SELECT order_id FROM tickets WHERE id = $1) AND status = 'paid'",
        )
        .bind(ticket_id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !paid {
            return Ok(AnswersSaved::OrderNotPaid);
        }
        let holder = match holder_token_hash {
            None => "holder_token_hash IS NULL",
            Some(_) => "holder_token_hash = $4",
        };
        let sql = format!(
            "UPDATE tickets SET updated_at = $3 WHERE id = $1 AND code = $2 AND status = 'valid' AND {holder}
             RETURNING order_id, position"
        );
        let mut claim = sqlx::query(&sql).bind(ticket_id).bind(code).bind(now);
        if let Some(token_hash) = holder_token_hash {
            claim = claim.bind(token_hash);
        }
        let Some(place) = claim.fetch_optional(&mut *tx).await? else {
            return Ok(AnswersSaved::Changed);
        };
        let (order_id, position): (String, i64) = (place.try_get("order_id")?, place.try_get("position")?);
        sqlx::query("DELETE FROM ticket_answers WHERE order_id = $1 AND position = $2")
            .bind(&order_id)
            .bind(position)
            .execute(&mut *tx)
            .await?;
        insert_answers(&mut tx, &order_id, position, answers, now).await?;
        tx.commit().await?;
        Ok(AnswersSaved::Saved)
    }

    /// Queues, once per holder, the reminder to answer the required questions: for every valid named ticket whose
    /// holder has had a day since it was named and still leaves a required question open, from `reminders_from`
    /// until the end of the last day for changes. A seat under its holder's own link gets a new link in the email
    /// (the old one is known only as a digest); the buyer's own seats point to their receipt's link. The ticket is
    /// marked in the transaction that queues the email, so several instances or a restart queue it once. Answers
    /// how many were queued.
    pub async fn queue_answer_reminders(
        &self,
        event: &Event,
        reminders_from: OffsetDateTime,
        changes_until: OffsetDateTime,
        now: OffsetDateTime,
    ) -> Result<usize, sqlx::Error> {
        if now < reminders_from || now >= changes_until || !event.questions.iter().any(|question| question.required) {
            return Ok(0);
        }
        let now_ms = unix_millis(now);
        let rows = sqlx::query(
            "SELECT t.id, t.code, t.ticket_type, t.attendee_email, t.holder_token_hash, a.question_id
             FROM tickets t LEFT JOIN ticket_answers a ON a.order_id = t.order_id AND a.position = t.position
             WHERE t.status = 'valid' AND t.attendee_email IS NOT NULL AND t.answers_reminded_at IS NULL
               AND t.checked_in_at IS NULL AND t.updated_at <= $1
             ORDER BY t.id",
        )
        .bind(now_ms - REMINDER_GRACE_MILLIS)
        .fetch_all(&self.connections)
        .await?;
        let mut due: Vec<Unanswered> = Vec::new();
        for row in &rows {
            let id: String = row.try_get("id")?;
            if due.last().is_none_or(|last| last.ticket_id != id) {
                due.push(Unanswered {
                    ticket_id: id,
                    code: row.try_get("code")?,
                    ticket_type: row.try_get("ticket_type")?,
                    email: row.try_get("attendee_email")?,
                    own_link: row.try_get::<Option<String>, _>("holder_token_hash")?.is_some(),
                    answered: Vec::new(),
                });
            }
            if let (Some(last), Some(question)) = (due.last_mut(), row.try_get::<Option<String>, _>("question_id")?) {
                last.answered.push(question);
            }
        }
        let mut queued = 0;
        for ticket in due {
            let answered: Vec<&str> = ticket.answered.iter().map(String::as_str).collect();
            if !misses_required(event, &ticket.ticket_type, &answered) {
                continue;
            }
            let mut tx = self.begin_write().await?;
            let link = ticket.own_link.then(secrets::random_token);
            let (holder, new_link) = match &link {
                Some(_) => ("holder_token_hash IS NOT NULL", ", holder_token_hash = $4"),
                None => ("holder_token_hash IS NULL", ""),
            };
            let sql = format!(
                "UPDATE tickets SET answers_reminded_at = $3{new_link}
                 WHERE id = $1 AND code = $2 AND answers_reminded_at IS NULL AND status = 'valid' AND {holder}"
            );
            let mut mark = sqlx::query(&sql)
                .bind(&ticket.ticket_id)
                .bind(&ticket.code)
                .bind(now_ms);
            if let Some(link) = &link {
                mark = mark.bind(secrets::digest(link));
            }
            let marked = mark.execute(&mut *tx).await?.rows_affected();
            if marked == 1 {
                queue_email_with_link(
                    &mut tx,
                    EmailKind::AnswersReminder,
                    &format!("answers-reminder:{}:{}", ticket.ticket_id, ticket.code),
                    &ticket.ticket_id,
                    &ticket.email,
                    link.as_deref(),
                )
                .await?;
                queued += 1;
            }
            tx.commit().await?;
        }
        Ok(queued)
    }
}

/// A named ticket not yet reminded, with the questions it has answered.
struct Unanswered {
    ticket_id: String,
    code: String,
    ticket_type: String,
    email: String,
    /// Whether its holder has a link of their own (the seat was given to them), rather than the buyer's.
    own_link: bool,
    answered: Vec<String>,
}
