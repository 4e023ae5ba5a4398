//! Who gets a name badge: the valid tickets, with what their badges print (the holder's name, the company from
//! their answer, else from the order).

use sqlx::Row;

use super::Store;

/// The attendee question whose answer a badge prints as the company.
pub const COMPANY_QUESTION: &str = "company";

/// Which badges to print; every valid ticket's without a filter.
#[derive(Debug, Clone, Copy, Default)]
pub struct BadgeFilter<'a> {
    /// Only these ticket types.
    pub ticket_types: Option<&'a [String]>,
    /// Only tickets checked in (true), or not yet (false).
    pub checked_in: Option<bool>,
    /// Only this ticket.
    pub ticket_id: Option<&'a str>,
}

/// A ticket as its badge prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadgeHolder {
    pub ticket_id: String,
    pub ticket_type: String,
    /// As stored.
    pub code: String,
    pub attendee_name: Option<String>,
    /// The holder's answer to the company question, else the order's billing company, else a sponsor's company.
    pub company: Option<String>,
}

impl Store {
    /// The valid tickets `filter` names, by name (unnamed seats last), then order and seat.
    pub async fn badge_holders(&self, filter: BadgeFilter<'_>) -> Result<Vec<BadgeHolder>, sqlx::Error> {
        let checked_in = match filter.checked_in {
            None => "",
            Some(true) => "AND t.checked_in_at IS NOT NULL",
            Some(false) => "AND t.checked_in_at IS NULL",
        };
        let one = if filter.ticket_id.is_some() {
            "AND t.id = $2"
        } else {
            ""
        };
        let query = format!(
            "SELECT t.id, t.ticket_type, t.code, t.attendee_name, o.billing, o.options,
                    (SELECT a.value FROM ticket_answers a
                     WHERE a.order_id = t.order_id AND a.position = t.position AND a.question_id = $1) AS answer
             FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE t.status = 'valid' {checked_in} {one}
             ORDER BY CASE WHEN t.attendee_name IS NULL THEN 1 ELSE 0 END, LOWER(t.attendee_name), o.created_at,
                      t.order_id, t.position"
        );
        let mut statement = sqlx::query(&query).bind(COMPANY_QUESTION);
        if let Some(id) = filter.ticket_id {
            statement = statement.bind(id);
        }
        let rows = statement.fetch_all(&self.connections).await?;
        let mut holders = Vec::with_capacity(rows.len());
        for row in &rows {
            let ticket_type: String = row.try_get("ticket_type")?;
            if filter.ticket_types.is_some_and(|types| !types.contains(&ticket_type)) {
                continue;
            }
            let answer = json_text(row.try_get("answer")?, None);
            let billing = json_text(row.try_get("billing")?, Some("company"));
            let sponsor = json_text(row.try_get("options")?, Some("company"));
            holders.push(BadgeHolder {
                ticket_id: row.try_get("id")?,
                ticket_type,
                code: row.try_get("code")?,
                attendee_name: row.try_get("attendee_name")?,
                company: answer.or(billing).or(sponsor),
            });
        }
        Ok(holders)
    }
}

/// The non-blank text in a JSON column: the value itself, or its `key`.
fn json_text(column: Option<String>, key: Option<&str>) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(&column?).ok()?;
    let value = match key {
        Some(key) => value.get(key)?.clone(),
        None => value,
    };
    value
        .as_str()
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}
