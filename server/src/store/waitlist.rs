use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use crate::domain::WaitlistRegistration;
use crate::secrets;

use super::outbox::{EmailKind, queue_email_with_link};
use super::{Store, now_millis};

// `subscribe` as 0 or 1: SQLite keeps booleans as integers, which the `Any` driver will
// not decode as `bool`.
pub(super) const WAITLIST_COLUMNS: &str = "id, email, full_name, job_title, interest_areas,
    CASE WHEN subscribe THEN 1 ELSE 0 END AS subscribe, created_at, updated_at, unsubscribe_token, unsubscribed_at,
    confirmed_at, confirm_token_hash";

/// A repeated registration sends no second confirmation within a day.
const CONFIRMATION_EVERY_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// A waitlist registration as stored.
#[derive(Debug, Clone)]
pub struct StoredRegistration {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub job_title: Option<String>,
    pub interest_areas: String,
    pub subscribe: bool,
    pub created_at: i64,
    pub updated_at: i64,
    pub unsubscribe_token: Option<String>,
    /// Set by the unsubscribe link; only the address's own link clears it.
    pub unsubscribed_at: Option<i64>,
    /// When the address's owner followed a link only they were sent, asking for updates:
    /// until then nothing but the confirmation email is sent to the address.
    pub confirmed_at: Option<i64>,
    /// The SHA-256 of the secret of the confirmation link last emailed.
    pub confirm_token_hash: Option<String>,
}

/// Where a registration stands on updates, which decides what its confirmation email asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Updates {
    /// Asked for updates and confirmed the address: presales and draws reach it.
    Confirmed,
    /// Asked for updates on the form; the address's owner has not confirmed yet.
    AwaitingConfirmation,
    /// Did not ask for updates.
    Declined,
    /// Turned updates off with the unsubscribe link.
    Unsubscribed,
}

impl StoredRegistration {
    /// The interest areas chosen ("web", "ai"), in the order stored.
    pub fn interests(&self) -> Vec<String> {
        split_areas(&self.interest_areas)
    }

    pub fn updates(&self) -> Updates {
        match (self.subscribe, self.confirmed_at, self.unsubscribed_at) {
            (true, Some(_), _) => Updates::Confirmed,
            (true, None, _) => Updates::AwaitingConfirmation,
            (false, _, Some(_)) => Updates::Unsubscribed,
            (false, _, None) => Updates::Declined,
        }
    }

    /// Whether presales and draws may write to it: its owner asked for updates and confirmed.
    pub fn receives_updates(&self) -> bool {
        self.updates() == Updates::Confirmed
    }
}

/// Interest areas as the tables keep them: comma-separated, empty for none.
pub(super) fn split_areas(text: &str) -> Vec<String> {
    text.split(',')
        .filter(|area| !area.is_empty())
        .map(str::to_owned)
        .collect()
}

impl FromRow<'_, AnyRow> for StoredRegistration {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            email: row.try_get("email")?,
            full_name: row.try_get("full_name")?,
            job_title: row.try_get("job_title")?,
            interest_areas: row.try_get("interest_areas")?,
            // Selected as `CASE WHEN subscribe THEN 1 ELSE 0 END`: SQLite keeps booleans as
            // integers, which the `Any` driver will not decode as `bool`.
            subscribe: row.try_get::<i64, _>("subscribe")? != 0,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            unsubscribe_token: row.try_get("unsubscribe_token")?,
            unsubscribed_at: row.try_get("unsubscribed_at")?,
            confirmed_at: row.try_get("confirmed_at")?,
            confirm_token_hash: row.try_get("confirm_token_hash")?,
        })
    }
}

impl Store {
    /// Adds a registration and, at most once a day per address, queues its confirmation
    /// email, in one transaction. Anyone can type any address into the form, so a second
    /// registration of an address changes nothing stored: it may only send the address's
    /// owner the confirmation again (with a new link), never while the registration is
    /// confirmed and receiving updates, so the form cannot be used to write to them.
    #[tracing::instrument(skip_all)]
    pub async fn save_waitlist_registration(&self, registration: &WaitlistRegistration) -> Result<(), sqlx::Error> {
        let interest_areas: Vec<&str> = registration.interest_areas.iter().map(|area| area.value()).collect();
        let email = registration.email.as_str();
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO waitlist_registrations
                 (email, full_name, job_title, interest_areas, subscribe, created_at, updated_at, unsubscribe_token)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
             ON CONFLICT (email) DO NOTHING",
        )
        .bind(email)
        .bind(registration.full_name.as_str())
        .bind(registration.job_title.as_deref())
        .bind(interest_areas.join(","))
        .bind(registration.subscribe)
        .bind(now)
        .bind(uuid::Uuid::new_v4().simple().to_string())
        .execute(&mut *tx)
        .await?;
        // The conditional update decides under the row lock, so racing registrations queue one
        // email. Its link retires the one before: an email still queued with that is cancelled
        // when its turn comes, and a sent one's page says the link was replaced.
        let confirm_token = secrets::random_token();
        let confirmation_due = sqlx::query(
            "UPDATE waitlist_registrations SET confirmation_queued_at = $2, confirm_token_hash = $4
             WHERE email = $1 AND (confirmation_queued_at IS NULL OR confirmation_queued_at <= $3)
               AND NOT (subscribe AND confirmed_at IS NOT NULL)",
        )
        .bind(email)
        .bind(now)
        .bind(now - CONFIRMATION_EVERY_MILLIS)
        .bind(secrets::digest(&confirm_token))
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if confirmation_due {
            queue_email_with_link(
                &mut tx,
                EmailKind::WaitlistConfirmation,
                &format!("waitlist:{email}:{now}"),
                email,
                email,
                Some(&confirm_token),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Confirms the registration whose confirmation link has this token: its owner wants
    /// updates. Following the link again changes nothing; `false` when no registration has it.
    pub async fn confirm_waitlist_registration(&self, token: &str) -> Result<bool, sqlx::Error> {
        let now = now_millis();
        let updated = sqlx::query(
            "UPDATE waitlist_registrations
             SET subscribe = $2, unsubscribed_at = NULL, confirmed_at = COALESCE(confirmed_at, $3),
                 updated_at = CASE WHEN subscribe AND confirmed_at IS NOT NULL THEN updated_at ELSE $3 END
             WHERE confirm_token_hash = $1",
        )
        .bind(secrets::digest(token))
        .bind(true)
        .bind(now)
        .execute(&self.connections)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Turns off updates for the registration with this unsubscribe token, and retires its
    /// confirmation link, so an old email cannot undo this; `false` when no registration has it.
    pub async fn unsubscribe(&self, token: &str) -> Result<bool, sqlx::Error> {
        let now = now_millis();
        let updated = sqlx::query(
            "UPDATE waitlist_registrations
             SET subscribe = $2, unsubscribed_at = $3, updated_at = $3, confirm_token_hash = NULL
             WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .bind(false)
        .bind(now)
        .execute(&self.connections)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Turns updates back on for the registration with this token: the address's own link is
    /// the only way back after an unsubscribe, and it confirms the address as well.
    pub async fn resubscribe(&self, token: &str) -> Result<bool, sqlx::Error> {
        let now = now_millis();
        let updated = sqlx::query(
            "UPDATE waitlist_registrations
             SET subscribe = $2, unsubscribed_at = NULL, confirmed_at = COALESCE(confirmed_at, $3), updated_at = $3
             WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .bind(true)
        .bind(now)
        .execute(&self.connections)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    pub async fn find_waitlist_registration(&self, email: &str) -> Result<Option<StoredRegistration>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {WAITLIST_COLUMNS} FROM waitlist_registrations WHERE email = $1"
        ))
        .bind(email.trim().to_lowercase())
        .fetch_optional(&self.connections)
        .await
    }

    pub async fn count_waitlist_registrations(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM waitlist_registrations")
            .fetch_one(&self.connections)
            .await
    }
}
