//! The presale: every confirmed, subscribed registration of the waitlist (or those interested in
//! chosen areas) gets a personal priority link once, a code that opens an item's sales to them before
//! the public's, until a deadline. Launched in one transaction, so a presale is sent to all of
//! its recipients or to none; the outbox then delivers the links at the mail worker's pace.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::codes::CodeKind;
use super::outbox::EmailKind;
use super::waitlist::split_areas;
use super::{Store, StoredRegistration, now_millis};

/// Rows written per statement at launch: few round trips, well under both databases' limits
/// on bound parameters.
const ROWS_PER_STATEMENT: usize = 200;

/// A presale about to be launched.
#[derive(Debug, Clone)]
pub struct NewPresale {
    /// `tickets` for every ticket type, or one ticket's stock key.
    pub item: String,
    pub item_name: String,
    /// The stock keys its codes apply to.
    pub applies_to: Vec<String>,
    /// Unix ms; before the item's public sales open.
    pub deadline: i64,
    /// A registration needs one of these; empty: every confirmed, subscribed registration.
    pub interest_areas: Vec<String>,
    pub units_per_person: i64,
}

/// A presale as launched, with how far its links have gone.
#[derive(Debug, Clone)]
pub struct Presale {
    pub id: String,
    pub item: String,
    pub item_name: String,
    pub deadline: i64,
    pub interest_areas: Vec<String>,
    pub units_per_person: i64,
    /// Links queued: one per recipient.
    pub recipients: i64,
    /// Of those, emails delivered.
    pub sent: i64,
    /// Units bought with its links.
    pub used: i64,
    pub created_at: i64,
}

/// Whether a registration is one a mailing to `areas` goes to: its owner confirmed the address
/// and wants updates (an unsubscribe link ends that), and is interested in one of them (or
/// `areas` is empty).
pub fn is_audience(registration: &StoredRegistration, areas: &[String]) -> bool {
    registration.receives_updates()
        && (areas.is_empty() || registration.interests().iter().any(|chosen| areas.contains(chosen)))
}

/// The comma-separated form the tables keep interest areas in.
pub(super) fn join_areas(areas: &[String]) -> String {
    areas.join(",")
}

/// The rows of a multi-row `VALUES`: `rows` rows of `columns` parameters each, numbered after
/// the `shared` parameters every row refers to.
fn row_placeholders(rows: usize, columns: usize, shared: usize, row: impl Fn(&[String]) -> String) -> String {
    (0..rows)
        .map(|index| {
            let params: Vec<String> = (0..columns)
                .map(|column| format!("${}", shared + index * columns + column + 1))
                .collect();
            row(&params)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One personal code, and the email that carries it.
pub(super) struct PersonalCode {
    pub id: String,
    pub code: String,
    pub email: String,
    /// The outbox's dedupe key: the same person is never sent the same link twice.
    pub dedupe_key: String,
}

/// The terms every code of one presale or draw shares.
pub(super) struct SharedTerms<'a> {
    pub applies_to: &'a [String],
    pub kind: CodeKind,
    pub max_uses: i64,
    pub valid_until: Option<i64>,
    /// Units each code holds out of the stock, taken by the caller already.
    pub reserve: Option<i64>,
    pub tag: &'a str,
    pub note: &'a str,
    pub email: EmailKind,
}

/// Stores `codes`, each usable early by its person alone, and queues the email that carries
/// each, a few hundred rows per statement.
pub(super) async fn insert_personal_codes(
    tx: &mut Tx,
    codes: &[PersonalCode],
    terms: &SharedTerms<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (kind, value) = terms.kind.as_parts();
    let applies_to = serde_json::to_string(terms.applies_to).unwrap_or_else(|_| "[]".into());
    for chunk in codes.chunks(ROWS_PER_STATEMENT) {
        // $1..$11 are shared by every row.
        let rows = row_placeholders(chunk.len(), 2, 11, |params| {
            format!(
                "({}, {}, $1, $2, $3, $4, 0, NULL, $5, $9, $10, NULL, $6, $7, $8, $8, NULL, TRUE, $11)",
                params[0], params[1]
            )
        });
        let sql = format!(
            "INSERT INTO codes (id, code, applies_to, kind, value, max_uses, uses, valid_from, valid_until, reserve,
                 reserved_left, unlocks, tag, note, created_at, updated_at, held_keys, early_access, orders_per_email)
             VALUES {rows}"
        );
        let mut query = sqlx::query(&sql)
            .bind(&applies_to)
            .bind(kind)
            .bind(value)
            .bind(terms.max_uses)
            .bind(terms.valid_until)
            .bind(terms.tag)
            .bind(terms.note)
            .bind(now)
            .bind(terms.reserve)
            .bind(terms.reserve.unwrap_or(0))
            .bind(terms.kind.default_orders_per_email());
        for code in chunk {
            query = query.bind(&code.id).bind(&code.code);
        }
        query.execute(&mut **tx).await?;

        // $1..$3 are shared by every row.
        let rows = row_placeholders(chunk.len(), 4, 3, |params| {
            format!(
                "({}, {}, $1, {}, {}, 'queued', 0, $2, 0, $2, $3, NULL)",
                params[0], params[1], params[2], params[3]
            )
        });
        let sql = format!(
            "INSERT INTO outbox (id, dedupe_key, kind, subject_id, recipient, status, attempts, next_attempt_at,
                 claimed_until, created_at, priority, link_secret)
             VALUES {rows}
             ON CONFLICT (dedupe_key) DO NOTHING"
        );
        let mut query = sqlx::query(&sql)
            .bind(terms.email.as_str())
            .bind(now)
            .bind(terms.email.priority());
        for code in chunk {
            query = query
                .bind(uuid::Uuid::new_v4().to_string())
                .bind(&code.dedupe_key)
                .bind(&code.id)
                .bind(&code.email);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

const PRESALE_COLUMNS: &str =
    "p.id, p.item, p.item_name, p.deadline, p.interest_areas, p.units_per_person, p.recipients,
    p.created_at,
    (SELECT CAST(COALESCE(SUM(c.uses), 0) AS BIGINT) FROM codes c WHERE c.tag = p.tag) AS used,
    (SELECT COUNT(*) FROM outbox o
     WHERE o.dedupe_key LIKE 'presale:' || p.id || ':%' AND o.status = 'sent') AS sent";

fn presale_from_row(row: &AnyRow) -> Result<Presale, sqlx::Error> {
    let areas: String = row.try_get("interest_areas")?;
    Ok(Presale {
        id: row.try_get("id")?,
        item: row.try_get("item")?,
        item_name: row.try_get("item_name")?,
        deadline: row.try_get("deadline")?,
        interest_areas: split_areas(&areas),
        units_per_person: row.try_get("units_per_person")?,
        recipients: row.try_get("recipients")?,
        sent: row.try_get("sent")?,
        used: row.try_get("used")?,
        created_at: row.try_get("created_at")?,
    })
}

impl Store {
    /// Launches a presale: a personal early-access code for every registration in its audience,
    /// each queued for email with its link, in one transaction.
    pub async fn launch_presale(&self, presale: &NewPresale, actor: &str) -> Result<Presale, sqlx::Error> {
        let now = now_millis();
        let id = uuid::Uuid::new_v4().to_string();
        let tag = format!("presale-{}", &id[..8]);
        let audience: Vec<StoredRegistration> = self
            .all_waitlist_registrations()
            .await?
            .into_iter()
            .filter(|registration| is_audience(registration, &presale.interest_areas))
            .collect();
        let codes: Vec<PersonalCode> = audience
            .iter()
            .map(|registration| PersonalCode {
                id: uuid::Uuid::new_v4().to_string(),
                code: crate::pricing::codes::generate_code("PRE-"),
                email: registration.email.clone(),
                dedupe_key: format!("presale:{id}:{}", registration.id),
            })
            .collect();
        let note = format!("Presale priority link ({})", presale.item_name);
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO presales (id, item, item_name, deadline, interest_areas, units_per_person, tag, recipients,
                 created_by, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&id)
        .bind(&presale.item)
        .bind(&presale.item_name)
        .bind(presale.deadline)
        .bind(join_areas(&presale.interest_areas))
        .bind(presale.units_per_person)
        .bind(&tag)
        .bind(codes.len() as i64)
        .bind(actor)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let terms = SharedTerms {
            applies_to: &presale.applies_to,
            kind: CodeKind::PercentOff(0),
            max_uses: presale.units_per_person,
            valid_until: Some(presale.deadline),
            reserve: None,
            tag: &tag,
            note: &note,
            email: EmailKind::PresaleLink,
        };
        insert_personal_codes(&mut tx, &codes, &terms, now).await?;
        record_audit(
            &mut *tx,
            actor,
            "presale_launched",
            None,
            &serde_json::json!({ "presaleId": id, "item": presale.item, "recipients": codes.len() }),
        )
        .await?;
        tx.commit().await?;
        self.presale(&id).await?.ok_or(sqlx::Error::RowNotFound)
    }

    pub async fn presale(&self, id: &str) -> Result<Option<Presale>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {PRESALE_COLUMNS} FROM presales p WHERE p.id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(presale_from_row).transpose()
    }

    /// The presale whose codes carry `tag`.
    pub async fn presale_tagged(&self, tag: &str) -> Result<Option<Presale>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {PRESALE_COLUMNS} FROM presales p WHERE p.tag = $1"))
            .bind(tag)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(presale_from_row).transpose()
    }

    /// Every presale, the latest first.
    pub async fn presales(&self) -> Result<Vec<Presale>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {PRESALE_COLUMNS} FROM presales p ORDER BY p.created_at DESC, p.id DESC"
        ))
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(presale_from_row).collect()
    }
}
