//! The waitlist's draws, as recorded. A draw is announced first, committed to a seed the server
//! drew and keeps to itself (only its SHA-256 is shown); when it is made, the seed is revealed,
//! the candidates are the registrations confirmed by the announcement and still subscribed, and
//! each winner is given a free single-use code by email in the transaction that records it.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::codes::CodeKind;
use super::outbox::EmailKind;
use super::presales::{PersonalCode, SharedTerms, insert_personal_codes, is_audience, join_areas};
use super::waitlist::{WAITLIST_COLUMNS, split_areas};
use super::{Store, StoredRegistration, now_millis};

/// A draw about to be announced.
#[derive(Debug, Clone)]
pub struct NewDraw {
    /// The stock key of what the winners get free.
    pub item: String,
    pub item_name: String,
    pub interest_areas: Vec<String>,
    /// How many distinct winners it draws.
    pub prizes: usize,
}

/// One winner and their code.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DrawWinner)]
pub struct Winner {
    pub name: String,
    pub email: String,
    pub code: String,
}

/// A draw as recorded: announced, and made once `result` is there.
#[derive(Debug, Clone)]
pub struct Draw {
    pub id: String,
    pub item: String,
    pub item_name: String,
    pub interest_areas: Vec<String>,
    pub prizes: i64,
    /// The SHA-256 of the seed, published when announced; `None` for draws made before draws
    /// were announced, which committed to nothing.
    pub seed_hash: Option<String>,
    pub announced_at: i64,
    pub result: Option<DrawResult>,
}

/// What a draw revealed and gave when it was made.
#[derive(Debug, Clone)]
pub struct DrawResult {
    pub seed: String,
    pub drawn_at: i64,
    /// The registrations it drew from.
    pub candidates: i64,
    /// `crate::draws::candidates_hash` of their emails; `None` for draws made before draws
    /// were announced.
    pub candidates_hash: Option<String>,
    /// In the order drawn: the smallest ticket first.
    pub winners: Vec<Winner>,
}

#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// Fewer people may take part than winners asked for.
    #[error("only {candidates} candidates")]
    TooFewCandidates { candidates: usize },
    /// Fewer units of the prize (named) are left than winners drawn.
    #[error("only {left} of the {prize} left to give")]
    TooFewToHold { left: i64, prize: String },
    #[error("no such draw")]
    NotFound,
    #[error("drawn already")]
    AlreadyDrawn,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

fn draw_from_row(row: &AnyRow) -> Result<Draw, sqlx::Error> {
    let areas: String = row.try_get("interest_areas")?;
    let drawn_at: Option<i64> = row.try_get("drawn_at")?;
    // The seed stays out of a draw not made yet: nothing built from this row can show it.
    let result = match drawn_at {
        Some(drawn_at) => {
            let winners: String = row.try_get("winners")?;
            Some(DrawResult {
                seed: row.try_get("seed")?,
                drawn_at,
                candidates: row.try_get("candidates")?,
                candidates_hash: row.try_get("candidates_hash")?,
                winners: serde_json::from_str(&winners).map_err(|error| sqlx::Error::ColumnDecode {
                    index: "winners".into(),
                    source: error.into(),
                })?,
            })
        }
        None => None,
    };
    Ok(Draw {
        id: row.try_get("id")?,
        item: row.try_get("item")?,
        item_name: row.try_get("item_name")?,
        interest_areas: split_areas(&areas),
        prizes: row.try_get("prizes")?,
        seed_hash: row.try_get("seed_hash")?,
        announced_at: row.try_get("created_at")?,
        result,
    })
}

/// The draw's candidates: registrations in its areas whose owners confirmed them by the
/// announcement, when the seed was fixed (one added later could be picked to win by whoever
/// can read the seed), and that still want updates.
async fn candidates(tx: &mut Tx, announced_at: i64, areas: &[String]) -> Result<Vec<StoredRegistration>, sqlx::Error> {
    let confirmed: Vec<StoredRegistration> = sqlx::query_as(&format!(
        "SELECT {WAITLIST_COLUMNS} FROM waitlist_registrations WHERE confirmed_at <= $1 ORDER BY id"
    ))
    .bind(announced_at)
    .fetch_all(&mut **tx)
    .await?;
    Ok(confirmed
        .into_iter()
        .filter(|registration| is_audience(registration, areas))
        .collect())
}

impl Store {
    /// Announces a draw: fixes its prize, areas and number of winners, and commits to a seed
    /// drawn here, of which only the SHA-256 is recorded for showing until the draw is made.
    pub async fn announce_draw(&self, draw: &NewDraw, actor: &str) -> Result<Draw, DrawError> {
        let now = now_millis();
        let candidates = self
            .all_waitlist_registrations()
            .await?
            .iter()
            .filter(|registration| is_audience(registration, &draw.interest_areas))
            .count();
        if candidates < draw.prizes {
            return Err(DrawError::TooFewCandidates { candidates });
        }
        let id = uuid::Uuid::new_v4().to_string();
        let seed = crate::draws::new_seed();
        let seed_hash = crate::draws::commitment(&seed);
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO draws (id, item, item_name, interest_areas, prizes, seed, seed_hash, tag, created_by,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&id)
        .bind(&draw.item)
        .bind(&draw.item_name)
        .bind(join_areas(&draw.interest_areas))
        .bind(draw.prizes as i64)
        .bind(&seed)
        .bind(&seed_hash)
        .bind(format!("draw-{}", &id[..8]))
        .bind(actor)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        record_audit(
            &mut *tx,
            actor,
            "draw_announced",
            None,
            &serde_json::json!({ "drawId": id, "seedHash": seed_hash, "item": draw.item, "prizes": draw.prizes }),
        )
        .await?;
        tx.commit().await?;
        Ok(self.draw(&id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    /// Makes an announced draw: reveals its seed, draws its winners among its candidates by
    /// `crate::draws`' rule (all of them, should fewer remain than it announced), holds each a
    /// ticket, records the result with the candidates' count and hash, and queues each winner's
    /// free code by email, in one transaction.
    pub async fn make_draw(&self, id: &str, actor: &str) -> Result<Draw, DrawError> {
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        // A write first: it takes SQLite's write lock, and PostgreSQL's lock on the draw's row,
        // so a second call waits and then finds the draw made.
        let undrawn = sqlx::query("UPDATE draws SET id = id WHERE id = $1 AND drawn_at IS NULL")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if !undrawn {
            let exists = sqlx::query("SELECT id FROM draws WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            return Err(if exists {
                DrawError::AlreadyDrawn
            } else {
                DrawError::NotFound
            });
        }
        let row = sqlx::query("SELECT * FROM draws WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let draw = draw_from_row(&row)?;
        let seed: String = row.try_get("seed")?;
        let tag: String = row.try_get("tag")?;
        let candidates = candidates(&mut tx, draw.announced_at, &draw.interest_areas).await?;
        let emails: Vec<&str> = candidates
            .iter()
            .map(|registration| registration.email.as_str())
            .collect();
        let candidates_hash = crate::draws::candidates_hash(&emails);
        let drawn: Vec<&StoredRegistration> =
            crate::draws::draw(&seed, &emails, usize::try_from(draw.prizes).unwrap_or_default())
                .into_iter()
                .map(|index| &candidates[index])
                .collect();
        let codes: Vec<PersonalCode> = drawn
            .iter()
            .map(|registration| PersonalCode {
                id: uuid::Uuid::new_v4().to_string(),
                code: crate::pricing::codes::generate_code("WIN-"),
                email: registration.email.clone(),
                dedupe_key: format!("draw:{id}:{}", registration.id),
            })
            .collect();
        let winners: Vec<Winner> = drawn
            .iter()
            .zip(&codes)
            .map(|(registration, code)| Winner {
                name: registration.full_name.clone(),
                email: registration.email.clone(),
                code: code.code.clone(),
            })
            .collect();
        let winners_json = serde_json::to_string(&winners).map_err(|error| sqlx::Error::Encode(error.into()))?;
        // Each winner's ticket is held for them, out of what the public may buy: a prize that
        // sold out before it was claimed would be no prize.
        let prizes = codes.len() as i64;
        let held =
            sqlx::query("UPDATE stock SET taken = taken + $2 WHERE sku = $1 AND taken + $2 + queued <= capacity")
                .bind(&draw.item)
                .bind(prizes)
                .execute(&mut *tx)
                .await?;
        if held.rows_affected() == 0 {
            let left: Option<i64> = sqlx::query_scalar("SELECT capacity - taken - queued FROM stock WHERE sku = $1")
                .bind(&draw.item)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(left) = left {
                return Err(DrawError::TooFewToHold {
                    left: left.max(0),
                    prize: draw.item_name,
                });
            }
        }
        sqlx::query(
            "UPDATE draws SET drawn_at = $2, drawn_by = $3, candidates = $4, candidates_hash = $5, winners = $6
             WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .bind(actor)
        .bind(candidates.len() as i64)
        .bind(&candidates_hash)
        .bind(&winners_json)
        .execute(&mut *tx)
        .await?;
        let note = format!("Won in the draw seeded {seed:?}");
        let terms = SharedTerms {
            applies_to: std::slice::from_ref(&draw.item),
            kind: CodeKind::PercentOff(100),
            max_uses: 1,
            valid_until: None,
            reserve: Some(1),
            tag: &tag,
            note: &note,
            email: EmailKind::DrawPrize,
        };
        insert_personal_codes(&mut tx, &codes, &terms, now).await?;
        record_audit(
            &mut *tx,
            actor,
            "draw_made",
            None,
            &serde_json::json!({
                "drawId": id,
                "seed": seed,
                "item": draw.item,
                "candidates": candidates.len(),
                "candidatesHash": candidates_hash,
            }),
        )
        .await?;
        tx.commit().await?;
        self.stock_changed();
        Ok(self.draw(id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    pub async fn draw(&self, id: &str) -> Result<Option<Draw>, sqlx::Error> {
        let row = sqlx::query("SELECT * FROM draws WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(draw_from_row).transpose()
    }

    /// The draw whose codes carry `tag`.
    pub async fn draw_tagged(&self, tag: &str) -> Result<Option<Draw>, sqlx::Error> {
        let row = sqlx::query("SELECT * FROM draws WHERE tag = $1")
            .bind(tag)
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(draw_from_row).transpose()
    }

    /// Every draw, the latest announced first.
    pub async fn draws(&self) -> Result<Vec<Draw>, sqlx::Error> {
        let rows = sqlx::query("SELECT * FROM draws ORDER BY created_at DESC, id DESC")
            .fetch_all(&self.connections)
            .await?;
        rows.iter().map(draw_from_row).collect()
    }
}
