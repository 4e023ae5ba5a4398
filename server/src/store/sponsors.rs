//! Sponsors' profiles and logos. A paid sponsorship opens a profile from its order (the
//! company's name and website); the sponsor's changes are a draft that counts revisions,
//! the organizer's review decides one revision, and approving copies the draft into the
//! approved columns, which alone the wall, `/api/sponsors` and the public logo URLs read.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::manage_link::renew_manage_link;
use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};
use crate::sponsors::{Logo, LogoFormat};

/// A logo as stored, without its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogoInfo {
    pub id: String,
    pub format: LogoFormat,
    pub width: i64,
    pub height: i64,
}

/// What the organizer approved: the sponsor as the public sees them.
#[derive(Debug, Clone)]
pub struct ApprovedProfile {
    pub name: String,
    pub website: Option<String>,
    pub description: Option<String>,
    pub logo: LogoInfo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewOutcome {
    Approved,
    Rejected,
}

/// Where a profile stands, as the sponsor and the organizer see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProfileState {
    /// No logo yet: nothing to review.
    Incomplete,
    /// Waiting for the organizer (a change after approval too).
    InReview,
    Approved,
    /// The organizer asked for changes; `reviewReason` says why.
    Rejected,
}

#[derive(Debug, Clone)]
pub struct SponsorProfile {
    pub order_id: String,
    pub display_name: String,
    pub website: Option<String>,
    pub description: Option<String>,
    pub logo: Option<LogoInfo>,
    pub revision: i64,
    pub reviewed_revision: Option<i64>,
    pub review_outcome: Option<ReviewOutcome>,
    pub review_reason: Option<String>,
    pub reviewed_at: Option<i64>,
    pub approved: Option<ApprovedProfile>,
    pub updated_at: i64,
}

impl SponsorProfile {
    pub fn state(&self) -> ProfileState {
        if self.logo.is_none() {
            return ProfileState::Incomplete;
        }
        match (self.reviewed_revision == Some(self.revision), self.review_outcome) {
            (true, Some(ReviewOutcome::Approved)) => ProfileState::Approved,
            (true, Some(ReviewOutcome::Rejected)) => ProfileState::Rejected,
            _ => ProfileState::InReview,
        }
    }
}

/// One sponsor on the wall: an approved profile of a paid sponsorship.
#[derive(Debug, Clone)]
pub struct WallEntry {
    pub order_id: String,
    /// The tier's value, from the order.
    pub tier: String,
    pub profile: ApprovedProfile,
    pub paid_at: i64,
}

/// A profile change the sponsor sends.
#[derive(Debug, Clone, Copy)]
pub struct ProfileText<'a> {
    pub display_name: &'a str,
    pub website: Option<&'a str>,
    pub description: Option<&'a str>,
}

/// What a review did.
#[derive(Debug)]
pub enum Review {
    Done(Box<SponsorProfile>),
    /// There is no logo yet, so nothing to decide.
    Incomplete,
    /// The sponsor changed the profile since the revision the organizer decided on.
    Stale,
    /// The sponsorship was refunded, or never paid.
    NotPaid,
    NotFound,
}

/// Passes of one sponsorship: issued (valid), named, and used at the door.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PassCounts {
    pub issued: i64,
    pub named: i64,
    pub used: i64,
}

const PROFILE_COLUMNS: &str = "p.order_id, p.display_name, p.website, p.description, p.revision, p.reviewed_revision,
    p.review_outcome, p.review_reason, p.reviewed_at, p.approved_name, p.approved_website, p.approved_description,
    p.updated_at,
    d.id AS draft_id, d.format AS draft_format, d.width AS draft_width, d.height AS draft_height,
    a.id AS approved_id, a.format AS approved_format, a.width AS approved_width, a.height AS approved_height";

const PROFILE_FROM: &str = "sponsor_profiles p
    LEFT JOIN sponsor_logos d ON d.id = p.logo_id
    LEFT JOIN sponsor_logos a ON a.id = p.approved_logo_id";

fn logo_from_row(row: &AnyRow, prefix: &str) -> Result<Option<LogoInfo>, sqlx::Error> {
    let Some(id) = row.try_get::<Option<String>, _>(format!("{prefix}_id").as_str())? else {
        return Ok(None);
    };
    let format: String = row.try_get(format!("{prefix}_format").as_str())?;
    Ok(Some(LogoInfo {
        id,
        format: LogoFormat::from_stored(&format).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "format".into(),
            source: format!("unexpected logo format {format:?}").into(),
        })?,
        width: row.try_get(format!("{prefix}_width").as_str())?,
        height: row.try_get(format!("{prefix}_height").as_str())?,
    }))
}

fn approved_from_row(row: &AnyRow) -> Result<Option<ApprovedProfile>, sqlx::Error> {
    let (Some(name), Some(logo)) = (
        row.try_get::<Option<String>, _>("approved_name")?,
        logo_from_row(row, "approved")?,
    ) else {
        return Ok(None);
    };
    Ok(Some(ApprovedProfile {
        name,
        website: row.try_get("approved_website")?,
        description: row.try_get("approved_description")?,
        logo,
    }))
}

fn profile_from_row(row: &AnyRow) -> Result<SponsorProfile, sqlx::Error> {
    let outcome: Option<String> = row.try_get("review_outcome")?;
    Ok(SponsorProfile {
        order_id: row.try_get("order_id")?,
        display_name: row.try_get("display_name")?,
        website: row.try_get("website")?,
        description: row.try_get("description")?,
        logo: logo_from_row(row, "draft")?,
        revision: row.try_get("revision")?,
        reviewed_revision: row.try_get("reviewed_revision")?,
        review_outcome: match outcome.as_deref() {
            Some("approved") => Some(ReviewOutcome::Approved),
            Some("rejected") => Some(ReviewOutcome::Rejected),
            _ => None,
        },
        review_reason: row.try_get("review_reason")?,
        reviewed_at: row.try_get("reviewed_at")?,
        approved: approved_from_row(row)?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// Opens the profile of a sponsorship being paid, from what the buyer entered at checkout.
pub(super) async fn open_sponsor_profile(
    tx: &mut Tx,
    order_id: &str,
    options: &serde_json::Value,
) -> Result<(), sqlx::Error> {
    let text = |name: &str| options[name].as_str().map(str::trim).filter(|value| !value.is_empty());
    sqlx::query(
        "INSERT INTO sponsor_profiles (order_id, display_name, website, revision, updated_at)
         VALUES ($1, $2, $3, 0, $4) ON CONFLICT (order_id) DO NOTHING",
    )
    .bind(order_id)
    .bind(text("companyName").unwrap_or_default())
    .bind(text("website"))
    .bind(now_millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    pub async fn sponsor_profile(&self, order_id: &str) -> Result<Option<SponsorProfile>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {PROFILE_COLUMNS} FROM {PROFILE_FROM} WHERE p.order_id = $1"
        ))
        .bind(order_id)
        .fetch_optional(&self.connections)
        .await?;
        row.as_ref().map(profile_from_row).transpose()
    }

    /// Every sponsor's profile by order, for the back office.
    pub async fn sponsor_profiles(&self) -> Result<HashMap<String, SponsorProfile>, sqlx::Error> {
        let rows = sqlx::query(&format!("SELECT {PROFILE_COLUMNS} FROM {PROFILE_FROM}"))
            .fetch_all(&self.connections)
            .await?;
        rows.iter()
            .map(|row| profile_from_row(row).map(|profile| (profile.order_id.clone(), profile)))
            .collect()
    }

    /// Changes the profile's text; a change counts a revision, which needs a review. `None`
    /// when the sponsorship is not paid (refunded) or has no profile.
    pub async fn update_sponsor_profile(
        &self,
        order_id: &str,
        text: ProfileText<'_>,
    ) -> Result<Option<SponsorProfile>, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        // A write first: it takes SQLite's write lock, and PostgreSQL's row lock on the
        // profile, before anything is read.
        let changed = sqlx::query(
            "UPDATE sponsor_profiles
             SET revision = revision + 1, display_name = $2, website = $3, description = $4, updated_at = $5
             WHERE order_id = $1 AND EXISTS (SELECT 1 FROM orders WHERE orders.id = $1 AND orders.status = 'paid')
               AND (display_name <> $2 OR COALESCE(website, '') <> COALESCE($3, '')
                    OR COALESCE(description, '') <> COALESCE($4, ''))",
        )
        .bind(order_id)
        .bind(text.display_name)
        .bind(text.website)
        .bind(text.description)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if changed {
            record_audit(
                &mut *tx,
                "sponsor",
                "sponsor_profile_changed",
                Some(order_id),
                &serde_json::json!({ "displayName": text.display_name, "website": text.website }),
            )
            .await?;
        }
        tx.commit().await?;
        self.paid_sponsor_profile(order_id).await
    }

    /// Makes `logo` the profile's logo (a new revision). A draft logo it replaces that was
    /// never approved is deleted. `None` when the sponsorship is not paid or has no profile.
    pub async fn replace_sponsor_logo(
        &self,
        order_id: &str,
        logo: &Logo,
    ) -> Result<Option<SponsorProfile>, sqlx::Error> {
        let id = uuid::Uuid::new_v4().to_string();
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let previous: Option<Option<String>> = sqlx::query_scalar(
            "UPDATE sponsor_profiles SET updated_at = $2
             WHERE order_id = $1 AND EXISTS (SELECT 1 FROM orders WHERE orders.id = $1 AND orders.status = 'paid')
             RETURNING logo_id",
        )
        .bind(order_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(previous) = previous else {
            return Ok(None);
        };
        sqlx::query(
            "INSERT INTO sponsor_logos (id, order_id, format, bytes, width, height, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(order_id)
        .bind(logo.format.stored())
        .bind(logo.bytes.as_slice())
        .bind(i64::from(logo.width))
        .bind(i64::from(logo.height))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE sponsor_profiles SET logo_id = $2, revision = revision + 1 WHERE order_id = $1")
            .bind(order_id)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        if let Some(previous) = previous {
            sqlx::query(
                "DELETE FROM sponsor_logos WHERE id = $1
                   AND NOT EXISTS (SELECT 1 FROM sponsor_profiles WHERE approved_logo_id = $1)",
            )
            .bind(previous)
            .execute(&mut *tx)
            .await?;
        }
        record_audit(
            &mut *tx,
            "sponsor",
            "sponsor_logo_changed",
            Some(order_id),
            &serde_json::json!({ "format": logo.format.stored(), "width": logo.width, "height": logo.height }),
        )
        .await?;
        tx.commit().await?;
        self.paid_sponsor_profile(order_id).await
    }

    async fn paid_sponsor_profile(&self, order_id: &str) -> Result<Option<SponsorProfile>, sqlx::Error> {
        let paid = self
            .order(order_id)
            .await?
            .is_some_and(|order| order.status == crate::domain::OrderStatus::Paid);
        if !paid {
            return Ok(None);
        }
        self.sponsor_profile(order_id).await
    }

    /// Approves `revision`, the one the organizer saw (it goes on the wall as it is), or rejects
    /// it with `reason`; either way the sponsor is told by email. Nothing is decided when the
    /// sponsor changed the profile since: what goes on the wall is only ever what was seen.
    pub async fn review_sponsor_profile(
        &self,
        order_id: &str,
        revision: i64,
        approve: bool,
        reason: Option<&str>,
        actor: &str,
    ) -> Result<Review, sqlx::Error> {
        let Some(order) = self.order(order_id).await? else {
            return Ok(Review::NotFound);
        };
        if order.kind != crate::domain::OrderKind::Sponsorship {
            return Ok(Review::NotFound);
        }
        if order.status != crate::domain::OrderStatus::Paid {
            return Ok(Review::NotPaid);
        }
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        let outcome = if approve { "approved" } else { "rejected" };
        let reviewed = sqlx::query(
            "UPDATE sponsor_profiles
             SET reviewed_revision = revision, review_outcome = $2, review_reason = $3, reviewed_by = $4, reviewed_at = $5,
                 approved_name = CASE WHEN $2 = 'approved' THEN display_name ELSE approved_name END,
                 approved_website = CASE WHEN $2 = 'approved' THEN website ELSE approved_website END,
                 approved_description = CASE WHEN $2 = 'approved' THEN description ELSE approved_description END,
                 approved_logo_id = CASE WHEN $2 = 'approved' THEN logo_id ELSE approved_logo_id END
             WHERE order_id = $1 AND logo_id IS NOT NULL AND revision = $6",
        )
        .bind(order_id)
        .bind(outcome)
        .bind(reason.filter(|_| !approve))
        .bind(actor)
        .bind(now)
        .bind(revision)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if reviewed == 0 {
            drop(tx);
            let has_logo = self
                .sponsor_profile(order_id)
                .await?
                .is_some_and(|profile| profile.logo.is_some());
            return Ok(if has_logo { Review::Stale } else { Review::Incomplete });
        }
        // A logo that was approved before and is neither the draft nor approved now serves no one.
        sqlx::query(
            "DELETE FROM sponsor_logos WHERE order_id = $1
               AND id NOT IN (SELECT logo_id FROM sponsor_profiles WHERE order_id = $1 AND logo_id IS NOT NULL)
               AND id NOT IN (SELECT approved_logo_id FROM sponsor_profiles
                              WHERE order_id = $1 AND approved_logo_id IS NOT NULL)",
        )
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
        queue_email(
            &mut tx,
            EmailKind::SponsorReview,
            &format!("sponsor-review:{order_id}:{revision}:{outcome}"),
            order_id,
            &order.buyer_email,
        )
        .await?;
        record_audit(
            &mut *tx,
            actor,
            if approve {
                "sponsor_approved"
            } else {
                "sponsor_rejected"
            },
            Some(order_id),
            &serde_json::json!({ "revision": revision, "reason": reason.filter(|_| !approve) }),
        )
        .await?;
        tx.commit().await?;
        // The wall is part of what pages and the catalogue show.
        self.stock_changed();
        let profile = self.sponsor_profile(order_id).await?.ok_or(sqlx::Error::RowNotFound)?;
        Ok(Review::Done(Box::new(profile)))
    }

    /// The approved profiles of paid sponsorships, in the order they paid.
    pub async fn sponsor_wall(&self) -> Result<Vec<WallEntry>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {PROFILE_COLUMNS}, o.options, o.paid_at FROM {PROFILE_FROM}
             JOIN orders o ON o.id = p.order_id
             WHERE o.status = 'paid' AND p.approved_logo_id IS NOT NULL
             ORDER BY o.paid_at, o.id"
        ))
        .fetch_all(&self.connections)
        .await?;
        let mut wall = Vec::with_capacity(rows.len());
        for row in &rows {
            let Some(profile) = approved_from_row(row)? else {
                continue;
            };
            let options: String = row.try_get("options")?;
            let tier = serde_json::from_str::<serde_json::Value>(&options)
                .ok()
                .and_then(|options| options["tier"].as_str().map(str::to_owned))
                .unwrap_or_default();
            wall.push(WallEntry {
                order_id: row.try_get("order_id")?,
                tier,
                profile,
                paid_at: row.try_get::<Option<i64>, _>("paid_at")?.unwrap_or_default(),
            });
        }
        Ok(wall)
    }

    /// A logo's bytes, whoever's it is: for its sponsor and the back office.
    pub async fn sponsor_logo(&self, id: &str) -> Result<Option<(LogoInfo, Vec<u8>)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id AS logo_id, format AS logo_format, width AS logo_width, height AS logo_height, bytes
             FROM sponsor_logos WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.connections)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let Some(info) = logo_from_row(&row, "logo")? else {
            return Ok(None);
        };
        Ok(Some((info, row.try_get("bytes")?)))
    }

    /// A logo the public may see: the approved logo of a paid sponsorship.
    pub async fn public_sponsor_logo(&self, id: &str) -> Result<Option<(LogoInfo, Vec<u8>)>, sqlx::Error> {
        let public = sqlx::query(
            "SELECT 1 FROM sponsor_profiles p JOIN orders o ON o.id = p.order_id
             WHERE p.approved_logo_id = $1 AND o.status = 'paid'",
        )
        .bind(id)
        .fetch_optional(&self.connections)
        .await?
        .is_some();
        if !public {
            return Ok(None);
        }
        self.sponsor_logo(id).await
    }

    /// Per sponsorship: its passes issued (still valid), named and used.
    pub async fn sponsor_pass_counts(&self) -> Result<HashMap<String, PassCounts>, sqlx::Error> {
        self.pass_counts("o.kind = 'sponsorship'", None).await
    }

    /// One sponsorship's passes.
    pub async fn sponsor_passes_of(&self, order_id: &str) -> Result<PassCounts, sqlx::Error> {
        Ok(self
            .pass_counts("o.id = $1", Some(order_id))
            .await?
            .remove(order_id)
            .unwrap_or_default())
    }

    async fn pass_counts(
        &self,
        which: &str,
        order_id: Option<&str>,
    ) -> Result<HashMap<String, PassCounts>, sqlx::Error> {
        let sql = format!(
            "SELECT t.order_id, COUNT(*), COUNT(t.attendee_email), COUNT(t.checked_in_at)
             FROM tickets t JOIN orders o ON o.id = t.order_id
             WHERE {which} AND t.status = 'valid'
             GROUP BY t.order_id"
        );
        let mut query = sqlx::query_as::<_, (String, i64, i64, i64)>(&sql);
        if let Some(order_id) = order_id {
            query = query.bind(order_id);
        }
        Ok(query
            .fetch_all(&self.connections)
            .await?
            .into_iter()
            .map(|(order_id, issued, named, used)| (order_id, PassCounts { issued, named, used }))
            .collect())
    }

    /// The order the confirmation page's sponsor link opens, by its digest.
    pub async fn order_id_by_page_token(&self, token_hash: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM orders WHERE page_token_hash = $1 AND page_token_hash <> 'revoked'")
            .bind(token_hash)
            .fetch_optional(&self.connections)
            .await
    }

    /// Records the confirmation page's link of a paid sponsorship unless it has one (or the
    /// organizer revoked it); answers whether `token_hash` is now the link's digest.
    pub async fn claim_page_token(&self, order_id: &str, token_hash: &str) -> Result<bool, sqlx::Error> {
        sqlx::query(
            "UPDATE orders SET page_token_hash = $2
             WHERE id = $1 AND kind = 'sponsorship' AND status = 'paid' AND page_token_hash IS NULL",
        )
        .bind(order_id)
        .bind(token_hash)
        .execute(&self.connections)
        .await?;
        let stored: Option<Option<String>> = sqlx::query_scalar("SELECT page_token_hash FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&self.connections)
            .await?;
        Ok(stored.flatten().as_deref() == Some(token_hash))
    }

    /// A new link to the sponsor's page, emailed to them with their receipt; every earlier
    /// link (the receipt's and the confirmation page's) stops working. Answers the secret.
    pub async fn renew_sponsor_page_link(
        &self,
        order_id: &str,
        buyer_email: &str,
        actor: &str,
    ) -> Result<String, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let dedupe_key = format!("order-paid:{order_id}:page-link:{}", uuid::Uuid::new_v4().simple());
        let token = renew_manage_link(&mut tx, order_id, buyer_email, &dedupe_key).await?;
        record_audit(
            &mut *tx,
            actor,
            "sponsor_page_link",
            Some(order_id),
            &serde_json::json!({}),
        )
        .await?;
        tx.commit().await?;
        Ok(token)
    }
}
