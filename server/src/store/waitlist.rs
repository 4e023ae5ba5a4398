use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use crate::domain::WaitlistRegistration;

use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};

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
        })
    }
}

impl Store {
    /// Saves a registration and queues its confirmation email in one
    /// transaction; a second one for the same email replaces the preferences
    /// of the first and keeps its creation time and unsubscribe token.
    #[tracing::instrument(skip_all)]
    pub async fn save_waitlist_registration(&self, registration: &WaitlistRegistration) -> Result<(), sqlx::Error> {
        let interest_areas: Vec<&str> = registration.interest_areas.iter().map(|area| area.value()).collect();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO waitlist_registrations
                 (email, full_name, job_title, interest_areas, subscribe, created_at, updated_at, unsubscribe_token)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
             ON CONFLICT (email) DO UPDATE SET
                 full_name = excluded.full_name,
                 job_title = excluded.job_title,
                 interest_areas = excluded.interest_areas,
                 subscribe = excluded.subscribe,
                 updated_at = excluded.updated_at,
                 unsubscribe_token = COALESCE(waitlist_registrations.unsubscribe_token, excluded.unsubscribe_token)",
        )
        .bind(registration.email.as_str())
        .bind(registration.full_name.as_str())
        .bind(registration.job_title.as_deref())
        .bind(interest_areas.join(","))
        .bind(registration.subscribe)
        .bind(now_millis())
        .bind(uuid::Uuid::new_v4().simple().to_string())
        .execute(&mut *tx)
        .await?;
        let email = registration.email.as_str();
        // Every sign-up is confirmed, a repeated one too: the visitor just asked for it.
        let dedupe_key = format!("waitlist:{email}:{}", uuid::Uuid::new_v4().simple());
        queue_email(&mut tx, EmailKind::WaitlistConfirmation, &dedupe_key, email, email).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Turns off updates for the registration with this unsubscribe token;
    /// `false` when no registration has it.
    pub async fn unsubscribe(&self, token: &str) -> Result<bool, sqlx::Error> {
        let updated = sqlx::query(
            "UPDATE waitlist_registrations SET subscribe = $2, updated_at = $3 WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .bind(false)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    pub async fn find_waitlist_registration(&self, email: &str) -> Result<Option<StoredRegistration>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, email, full_name, job_title, interest_areas,
                    CASE WHEN subscribe THEN 1 ELSE 0 END AS subscribe, created_at, updated_at, unsubscribe_token
             FROM waitlist_registrations WHERE email = $1",
        )
        .bind(email.trim().to_lowercase())
        .fetch_optional(&self.pool)
        .await
    }

    pub async fn count_waitlist_registrations(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM waitlist_registrations")
            .fetch_one(&self.pool)
            .await
    }
}
