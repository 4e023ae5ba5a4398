//! The waitlist's draw, as recorded: its seed, its candidates' count and its winners, each
//! given a free single-use code by email in the transaction that records the draw.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::admin::record_audit;
use super::codes::CodeKind;
use super::outbox::EmailKind;
use super::presales::{PersonalCode, SharedTerms, insert_personal_codes, is_audience, join_areas};
use super::waitlist::split_areas;
use super::{Store, StoredRegistration, now_millis};

/// A draw about to be made.
#[derive(Debug, Clone)]
pub struct NewDraw {
    pub seed: String,
    /// The stock key of what the winners get free.
    pub item: String,
    pub item_name: String,
    pub interest_areas: Vec<String>,
    pub winners: usize,
}

/// One winner and their code.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DrawWinner)]
pub struct Winner {
    pub name: String,
    pub email: String,
    pub code: String,
}

/// A draw as recorded.
#[derive(Debug, Clone)]
pub struct Draw {
    pub id: String,
    pub seed: String,
    pub item: String,
    pub item_name: String,
    pub interest_areas: Vec<String>,
    /// The subscribed registrations it drew from.
    pub candidates: i64,
    /// In the order drawn: the smallest ticket first.
    pub winners: Vec<Winner>,
    pub created_at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// Fewer people may be drawn than winners asked for.
    #[error("only {candidates} candidates")]
    TooFewCandidates { candidates: usize },
    /// Fewer units of the prize are left than winners asked for.
    #[error("only {left} left to give")]
    TooFewToHold { left: i64 },
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

fn draw_from_row(row: &AnyRow) -> Result<Draw, sqlx::Error> {
    let areas: String = row.try_get("interest_areas")?;
    let winners: String = row.try_get("winners")?;
    Ok(Draw {
        id: row.try_get("id")?,
        seed: row.try_get("seed")?,
        item: row.try_get("item")?,
        item_name: row.try_get("item_name")?,
        interest_areas: split_areas(&areas),
        candidates: row.try_get("candidates")?,
        winners: serde_json::from_str(&winners).map_err(|error| sqlx::Error::ColumnDecode {
            index: "winners".into(),
            source: error.into(),
        })?,
        created_at: row.try_get("created_at")?,
    })
}

impl Store {
    /// Draws `draw.winners` distinct winners among the subscribed registrations (interested in
    /// one of its areas, if it names any) by `crate::draws`' rule, records the draw and queues
    /// each winner's free code by email, in one transaction.
    pub async fn make_draw(&self, draw: &NewDraw, actor: &str) -> Result<Draw, DrawError> {
        let now = now_millis();
        let candidates: Vec<StoredRegistration> = self
            .all_waitlist_registrations()
            .await?
            .into_iter()
            .filter(|registration| is_audience(registration, &draw.interest_areas))
            .collect();
        if candidates.len() < draw.winners {
            return Err(DrawError::TooFewCandidates {
                candidates: candidates.len(),
            });
        }
        let emails: Vec<&str> = candidates
            .iter()
            .map(|registration| registration.email.as_str())
            .collect();
        let id = uuid::Uuid::new_v4().to_string();
        let tag = format!("draw-{}", &id[..8]);
        let drawn: Vec<&StoredRegistration> = crate::draws::draw(&draw.seed, &emails, draw.winners)
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
        let mut tx = self.pool.begin().await?;
        // Each winner's ticket is held for them, out of what the public may buy: a prize that
        // sold out before it was claimed would be no prize. Written first, so SQLite takes its
        // write lock before anything else.
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
                return Err(DrawError::TooFewToHold { left: left.max(0) });
            }
        }
        sqlx::query(
            "INSERT INTO draws (id, seed, item, item_name, interest_areas, candidates, winners, tag, created_by,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&id)
        .bind(&draw.seed)
        .bind(&draw.item)
        .bind(&draw.item_name)
        .bind(join_areas(&draw.interest_areas))
        .bind(candidates.len() as i64)
        .bind(&winners_json)
        .bind(&tag)
        .bind(actor)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let note = format!("Won in the draw seeded {:?}", draw.seed);
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
            &serde_json::json!({ "drawId": id, "seed": draw.seed, "item": draw.item, "candidates": candidates.len() }),
        )
        .await?;
        tx.commit().await?;
        self.stock_changed();
        Ok(self.draw(&id).await?.ok_or(sqlx::Error::RowNotFound)?)
    }

    pub async fn draw(&self, id: &str) -> Result<Option<Draw>, sqlx::Error> {
        let row = sqlx::query("SELECT * FROM draws WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(draw_from_row).transpose()
    }

    /// The draw whose codes carry `tag`.
    pub async fn draw_tagged(&self, tag: &str) -> Result<Option<Draw>, sqlx::Error> {
        let row = sqlx::query("SELECT * FROM draws WHERE tag = $1")
            .bind(tag)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(draw_from_row).transpose()
    }

    /// Every draw, the latest first.
    pub async fn draws(&self) -> Result<Vec<Draw>, sqlx::Error> {
        let rows = sqlx::query("SELECT * FROM draws ORDER BY created_at DESC, id DESC")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(draw_from_row).collect()
    }
}
