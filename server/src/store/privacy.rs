//! Forgetting on time: the retention job erases every person's data once the event is long enough over, and an owner
//! erases one person's on request. Erasing overwrites a personal field with NULL or the neutral `erased` (`erased:<id>`
//! where a column must stay unique), and never deletes a row that amounts or counts depend on; answers, which are
//! nothing but the person's, are deleted. Invoices stay as issued: the law keeps them.
//!
//! Every table with a column that can hold a person's name, email, phone, address or answers is handled here; the
//! README's "What is kept and what is erased" lists each, and the API tests check the schema against that list.

use serde::Serialize;
use serde_json::Value;
use sqlx::Row;

use super::Tx;
use super::admin::record_audit;
use super::waiting_list_desk::DeskError;
use super::{Store, now_millis};

/// The neutral value a personal field that may not be NULL is overwritten with.
pub const ERASED: &str = "erased";

/// Keys of an order's options that hold the sponsor contact's own details (the company's stay).
const PERSONAL_OPTIONS: [&str; 3] = ["contactName", "phone", "additionalInfo"];
/// Keys of audit entries' details that hold an attendee's name or address, or an organizer's note about them.
const PERSONAL_AUDIT_KEYS: [&str; 4] = ["attendeeName", "attendeeEmail", "email", "text"];
/// The audit entries that carry such details.
const PERSONAL_AUDIT_ACTIONS: &str = "'ticket_named', 'ticket_renamed', 'note', 'waiting_list_moved_up', \
                                      'waiting_list_offered_by_hand', 'waiting_list_removed'";

/// What an erasure overwrote: orders (their buyer), tickets (their holder), waitlist registrations and
/// waiting-list entries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = ErasedCounts)]
pub struct Erased {
    pub orders: i64,
    pub tickets: i64,
    pub registrations: i64,
    pub entries: i64,
}

/// `text` with each of `needles` (and its form inside a JSON string) replaced by `erased`.
fn scrubbed(text: &str, needles: &[String]) -> String {
    let mut text = text.to_owned();
    for needle in needles {
        text = text.replace(needle.as_str(), ERASED);
        let escaped = serde_json::to_string(needle).unwrap_or_default();
        let escaped = escaped.trim_matches('"');
        if escaped != needle {
            text = text.replace(escaped, ERASED);
        }
    }
    text
}

/// `json` with the string values of `keys`, wherever they are, overwritten with `erased`.
fn erase_keys(json: &mut Value, keys: &[&str]) {
    match json {
        Value::Object(fields) => {
            for (key, value) in fields.iter_mut() {
                if keys.contains(&key.as_str()) && value.is_string() {
                    *value = Value::String(ERASED.to_owned());
                } else {
                    erase_keys(value, keys);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| erase_keys(item, keys)),
        _ => {}
    }
}

/// Rewrites the JSON text of `column` in the rows of `table` that `filter` picks (with `$1` bound to `bind`), by
/// `change`; answers how many rows changed.
async fn rewrite_json(
    tx: &mut Tx,
    table: &str,
    key: &str,
    column: &str,
    filter: &str,
    bind: Option<&str>,
    change: impl Fn(&mut Value),
) -> Result<u64, sqlx::Error> {
    let select = format!("SELECT {key} AS row_key, {column} AS text FROM {table} WHERE {filter}");
    let mut query = sqlx::query(&select);
    if let Some(bind) = bind {
        query = query.bind(bind);
    }
    let rows = query.fetch_all(&mut **tx).await?;
    let mut changed = 0;
    for row in &rows {
        let (row_key, text): (String, Option<String>) = (row.try_get("row_key")?, row.try_get("text")?);
        let Some(mut json) = text
            .as_deref()
            .and_then(|text| serde_json::from_str::<Value>(text).ok())
        else {
            continue;
        };
        let before = json.clone();
        change(&mut json);
        if json != before {
            sqlx::query(&format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2"))
                .bind(json.to_string())
                .bind(&row_key)
                .execute(&mut **tx)
                .await?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// Replaces `needles` in the text `column` of the rows of `table` that `filter` picks (`$1` is each needle, so a
/// filter may narrow by it).
async fn scrub_column(
    tx: &mut Tx,
    table: &str,
    key: &str,
    column: &str,
    filter: &str,
    needles: &[String],
) -> Result<(), sqlx::Error> {
    for needle in needles {
        let select = format!(
            "SELECT {key} AS row_key, {column} AS text FROM {table} WHERE {column} LIKE '%' || $1 || '%' AND ({filter})"
        );
        let rows = sqlx::query(&select).bind(needle).fetch_all(&mut **tx).await?;
        for row in &rows {
            let (row_key, text): (String, String) = (row.try_get("row_key")?, row.try_get("text")?);
            let clean = scrubbed(&text, std::slice::from_ref(needle));
            if clean != text {
                sqlx::query(&format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2"))
                    .bind(clean)
                    .bind(&row_key)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(())
}

/// A filter on `column` being one of `ids`, the server's own row ids (UUIDs, `free_…`); none: nothing matches.
fn one_of(column: &str, ids: &[String]) -> String {
    // Written into the statement, so filters bind nothing and combine freely: only letters, digits, '-' and '_',
    // which is every id the server makes, can be.
    let ids: Vec<String> = ids
        .iter()
        .filter(|id| id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .map(|id| format!("'{id}'"))
        .collect();
    if ids.is_empty() {
        return "1 = 0".to_owned();
    }
    format!("{column} IN ({})", ids.join(", "))
}

impl Store {
    /// Erases every trace of the person with `email` now, as they asked: their orders' buyer details (and billing
    /// address where no invoice was issued), the tickets they hold, their answers, their waitlist registration and
    /// waiting-list entries (taken off the queue first), the emails sent to them, and their name and address in
    /// notes, codes, draws and the audit log. Invoices stay as issued. Records who erased, with the counts.
    pub async fn erase_person(&self, email: &str, actor: &str) -> Result<Erased, sqlx::Error> {
        let email = email.trim().to_lowercase();
        self.leave_waiting_lists(&email, actor).await?;
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        // A write first: SQLite takes its lock now; the buyers' names are read before they are overwritten.
        let bought = sqlx::query(
            "UPDATE orders SET erased_at = $2 WHERE LOWER(buyer_email) = $1 RETURNING id, buyer_name, kind",
        )
        .bind(&email)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let mut orders: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for row in &bought {
            orders.push(row.try_get("id")?);
            names.push(row.try_get("buyer_name")?);
        }
        // The places that are the person's: seats they hold anywhere, and their own orders' seats nobody else holds.
        let places = sqlx::query(&format!(
            "SELECT id, order_id, position, attendee_name FROM tickets
             WHERE LOWER(attendee_email) = $1 OR (attendee_email IS NULL AND {})",
            one_of("order_id", &orders)
        ))
        .bind(&email)
        .fetch_all(&mut *tx)
        .await?;
        let mut held_orders = orders.clone();
        for row in &places {
            names.extend(row.try_get::<Option<String>, _>("attendee_name")?);
            let order_id: String = row.try_get("order_id")?;
            if !held_orders.contains(&order_id) {
                held_orders.push(order_id);
            }
        }
        for column in ["from", "to"] {
            let handed: Vec<Option<String>> = sqlx::query_scalar(&format!(
                "SELECT {column}_name FROM ticket_handovers WHERE LOWER({column}_email) = $1"
            ))
            .bind(&email)
            .fetch_all(&mut *tx)
            .await?;
            names.extend(handed.into_iter().flatten());
        }
        let listed: Vec<String> = sqlx::query_scalar(
            "SELECT full_name FROM waitlist_registrations WHERE email = $1
             UNION SELECT name FROM waiting_list_entries WHERE LOWER(email) = $1",
        )
        .bind(&email)
        .fetch_all(&mut *tx)
        .await?;
        names.extend(listed);
        names.retain(|name| name.chars().count() >= 3 && name != ERASED);
        names.sort();
        names.dedup();
        // Longest first, so a name inside another ("Ana" in "Ana Diaz") leaves nothing of the longer one.
        names.sort_by_key(|name| std::cmp::Reverse(name.len()));
        let mut needles = names.clone();
        needles.insert(0, email.clone());

        scrub_column(
            &mut tx,
            "audit_log",
            "id",
            "detail",
            "1 = 1",
            std::slice::from_ref(&email),
        )
        .await?;
        scrub_column(
            &mut tx,
            "audit_log",
            "id",
            "detail",
            &one_of("order_id", &held_orders),
            &names,
        )
        .await?;
        scrub_column(
            &mut tx,
            "refunds",
            "id",
            "reason",
            &one_of("order_id", &held_orders),
            &needles,
        )
        .await?;
        scrub_column(&mut tx, "codes", "id", "note", "1 = 1", std::slice::from_ref(&email)).await?;
        scrub_column(
            &mut tx,
            "outbox",
            "id",
            "last_error",
            "1 = 1",
            std::slice::from_ref(&email),
        )
        .await?;
        rewrite_json(
            &mut tx,
            "draws",
            "id",
            "winners",
            "winners LIKE '%' || $1 || '%'",
            Some(&email),
            |winners| {
                for winner in winners.as_array_mut().into_iter().flatten() {
                    if winner["email"]
                        .as_str()
                        .is_some_and(|address| address.eq_ignore_ascii_case(&email))
                    {
                        winner["name"] = Value::String(ERASED.to_owned());
                        winner["email"] = Value::String(ERASED.to_owned());
                    }
                }
            },
        )
        .await?;
        rewrite_json(
            &mut tx,
            "orders",
            "id",
            "options",
            &one_of("id", &orders),
            None,
            |options| {
                erase_keys(options, &PERSONAL_OPTIONS);
            },
        )
        .await?;
        erase_orders(&mut tx, &one_of("id", &orders)).await?;

        let place_ids: Vec<String> = places.iter().map(|row| row.try_get("id")).collect::<Result<_, _>>()?;
        for row in &places {
            sqlx::query("DELETE FROM ticket_answers WHERE order_id = $1 AND position = $2")
                .bind(row.try_get::<String, _>("order_id")?)
                .bind(row.try_get::<i64, _>("position")?)
                .execute(&mut *tx)
                .await?;
        }
        let tickets = erase_tickets(&mut tx, &one_of("id", &place_ids), now).await?;
        sqlx::query("UPDATE ticket_handovers SET from_name = NULL, from_email = NULL WHERE LOWER(from_email) = $1")
            .bind(&email)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE ticket_handovers SET to_name = $2, to_email = $2 WHERE LOWER(to_email) = $1")
            .bind(&email)
            .bind(ERASED)
            .execute(&mut *tx)
            .await?;
        let registrations = erase_registrations(&mut tx, &email, now).await?;
        let entries = erase_entries(&mut tx, &email, now).await?;
        erase_outbox(&mut tx, &email).await?;

        let erased = Erased {
            orders: i64::try_from(orders.len()).unwrap_or(i64::MAX),
            tickets,
            registrations,
            entries,
        };
        for order_id in &held_orders {
            record_audit(
                &mut *tx,
                actor,
                "personal_data_erased",
                Some(order_id),
                &serde_json::json!({}),
            )
            .await?;
        }
        record_audit(
            &mut *tx,
            actor,
            "personal_data_erased",
            None,
            &serde_json::to_value(erased).unwrap_or_default(),
        )
        .await?;
        tx.commit().await?;
        Ok(erased)
    }

    /// The retention job's run of `day` (UTC, "YYYY-MM-DD"): erases every person's data not erased yet, and answers
    /// what it erased; `None` when another instance (or an earlier start of this one) ran that day.
    pub async fn erase_personal_data(&self, day: &str, actor: &str) -> Result<Option<Erased>, sqlx::Error> {
        let ran: Option<i64> = sqlx::query_scalar("SELECT ran_at FROM retention_runs WHERE day = $1")
            .bind(day)
            .fetch_optional(&self.connections)
            .await?;
        if ran.is_some() {
            return Ok(None);
        }
        self.leave_waiting_lists("", actor).await?;
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let claimed = sqlx::query(
            "INSERT INTO retention_runs (day, ran_at, orders, tickets, registrations, entries)
             VALUES ($1, $2, 0, 0, 0, 0) ON CONFLICT (day) DO NOTHING",
        )
        .bind(day)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !claimed {
            tx.rollback().await?;
            return Ok(None);
        }
        rewrite_json(
            &mut tx,
            "orders",
            "id",
            "options",
            "erased_at IS NULL",
            None,
            |options| {
                erase_keys(options, &PERSONAL_OPTIONS);
            },
        )
        .await?;
        let orders = erase_orders(&mut tx, "erased_at IS NULL").await?;
        sqlx::query(&format!(
            "UPDATE orders SET erased_at = $1 WHERE erased_at IS NULL AND buyer_email = '{ERASED}'"
        ))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM ticket_answers").execute(&mut *tx).await?;
        let tickets = erase_tickets(&mut tx, "erased_at IS NULL", now).await?;
        sqlx::query("UPDATE ticket_handovers SET from_name = NULL, from_email = NULL, to_name = $1, to_email = $1")
            .bind(ERASED)
            .execute(&mut *tx)
            .await?;
        let registrations = erase_registrations(&mut tx, "", now).await?;
        let entries = erase_entries(&mut tx, "", now).await?;
        erase_outbox(&mut tx, "").await?;
        rewrite_json(
            &mut tx,
            "audit_log",
            "id",
            "detail",
            &format!("action IN ({PERSONAL_AUDIT_ACTIONS})"),
            None,
            |detail| erase_keys(detail, &PERSONAL_AUDIT_KEYS),
        )
        .await?;
        rewrite_json(
            &mut tx,
            "draws",
            "id",
            "winners",
            "winners IS NOT NULL",
            None,
            |winners| {
                erase_keys(winners, &["name", "email"]);
            },
        )
        .await?;
        sqlx::query("UPDATE codes SET note = $1 WHERE note LIKE '%@%'")
            .bind(ERASED)
            .execute(&mut *tx)
            .await?;
        let erased = Erased {
            orders,
            tickets,
            registrations,
            entries,
        };
        sqlx::query(
            "UPDATE retention_runs SET orders = $2, tickets = $3, registrations = $4, entries = $5 WHERE day = $1",
        )
        .bind(day)
        .bind(erased.orders)
        .bind(erased.tickets)
        .bind(erased.registrations)
        .bind(erased.entries)
        .execute(&mut *tx)
        .await?;
        record_audit(
            &mut *tx,
            actor,
            "personal_data_retention",
            None,
            &serde_json::to_value(erased).unwrap_or_default(),
        )
        .await?;
        tx.commit().await?;
        Ok(Some(erased))
    }

    /// When the retention job last erased, Unix milliseconds.
    pub async fn last_retention_run(&self) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT MAX(ran_at) FROM retention_runs")
            .fetch_one(&self.connections)
            .await
    }

    /// Takes the waiting and offered entries of `email` (of everyone, with "") off their queues, so units owed or
    /// held for them go to the next in line.
    async fn leave_waiting_lists(&self, email: &str, actor: &str) -> Result<(), sqlx::Error> {
        let active: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM waiting_list_entries
             WHERE state IN ('waiting', 'offered') AND ($1 = '' OR LOWER(email) = $1)",
        )
        .bind(email)
        .fetch_all(&self.connections)
        .await?;
        for id in active {
            match self.remove_entry(&id, actor).await {
                // Gone from the queue meanwhile: nothing more to do.
                Ok(()) | Err(DeskError::NotWaiting(_) | DeskError::NotFound) => {}
                Err(DeskError::Store(error)) => return Err(error),
                Err(error) => return Err(sqlx::Error::Protocol(error.to_string())),
            }
        }
        Ok(())
    }
}

/// Overwrites the buyer's details of the orders `filter` picks, and the billing address of those without an invoice;
/// their private links stop working. Answers how many.
async fn erase_orders(tx: &mut Tx, filter: &str) -> Result<i64, sqlx::Error> {
    let erased = sqlx::query(&format!(
        "UPDATE orders SET buyer_name = $1, buyer_email = $1, client_address = NULL, manage_token = NULL,
             manage_token_hash = NULL, client_secret_hash = NULL, page_token_hash = NULL,
             billing = CASE WHEN EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = orders.id) THEN billing ELSE NULL END
         WHERE buyer_email <> $1 AND ({filter})"
    ))
    .bind(ERASED)
    .execute(&mut **tx)
    .await?;
    Ok(i64::try_from(erased.rows_affected()).unwrap_or(i64::MAX))
}

/// Overwrites the holder's name and address of the tickets `filter` picks, and the name on their certificates of
/// attendance (whose page then confirms the attendance without naming anyone); their own links stop working.
async fn erase_tickets(tx: &mut Tx, filter: &str, now: i64) -> Result<i64, sqlx::Error> {
    // Before the tickets: `filter` may pick them by the details erased below.
    sqlx::query(&format!(
        "UPDATE certificates SET attendee_name = $1 WHERE ticket_id IN (SELECT id FROM tickets WHERE {filter})"
    ))
    .bind(ERASED)
    .execute(&mut **tx)
    .await?;
    let erased = sqlx::query(&format!(
        "UPDATE tickets SET attendee_name = CASE WHEN attendee_name IS NULL THEN NULL ELSE $1 END,
             attendee_email = CASE WHEN attendee_email IS NULL THEN NULL ELSE $1 END,
             holder_token_hash = NULL, erased_at = $2
         WHERE {filter}"
    ))
    .bind(ERASED)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(i64::try_from(erased.rows_affected()).unwrap_or(i64::MAX))
}

/// Overwrites the waitlist registrations of `email` (of everyone, with ""); they receive nothing more.
async fn erase_registrations(tx: &mut Tx, email: &str, now: i64) -> Result<i64, sqlx::Error> {
    let erased = sqlx::query(
        "UPDATE waitlist_registrations SET email = $1 || ':' || id, full_name = $1, job_title = NULL,
             subscribe = $3, unsubscribe_token = NULL, confirm_token_hash = NULL, erased_at = $4
         WHERE erased_at IS NULL AND ($2 = '' OR email = $2)",
    )
    .bind(ERASED)
    .bind(email)
    .bind(false)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(i64::try_from(erased.rows_affected()).unwrap_or(i64::MAX))
}

/// Overwrites the waiting-list entries of `email` (of everyone, with ""), already off their queues.
async fn erase_entries(tx: &mut Tx, email: &str, now: i64) -> Result<i64, sqlx::Error> {
    let erased = sqlx::query(
        "UPDATE waiting_list_entries SET name = $1, email = $1 || ':' || id, decline_token_hash = NULL,
             client_address = NULL, erased_at = $3
         WHERE erased_at IS NULL AND ($2 = '' OR LOWER(email) = $2)",
    )
    .bind(ERASED)
    .bind(email)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(i64::try_from(erased.rows_affected()).unwrap_or(i64::MAX))
}

/// Overwrites the address of the emails to `email` (to everyone, with ""), and the address some kinds name as
/// their subject; those not sent yet never will be.
async fn erase_outbox(tx: &mut Tx, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE outbox SET recipient = $1, link_secret = NULL, dedupe_key = $1 || ':' || id,
             subject_id = CASE WHEN subject_id LIKE '%@%' THEN $1 ELSE subject_id END,
             last_error = CASE WHEN status IN ('queued', 'failed') THEN 'The address was erased.' ELSE last_error END,
             status = CASE WHEN status IN ('queued', 'failed') THEN 'cancelled' ELSE status END
         WHERE recipient <> $1 AND ($2 = '' OR LOWER(recipient) = $2 OR LOWER(subject_id) = $2)",
    )
    .bind(ERASED)
    .bind(email)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
