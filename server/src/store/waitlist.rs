use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use crate::domain::WaitlistRegistration;

use super::outbox::{EmailKind, queue_email};
use super::{Store, now_millis};

// `subscribe` as 0 or 1: SQLite keeps booleans as integers, which the `Any` driver will
// not decode as `bool`.
pub(super) const WAITLIST_COLUMNS: &str = "id, email, full_name, job_title, interest_areas,
    CASE WHEN subscribe THEN 1 ELSE 0 END AS subscribe, created_at, updated_at, unsubscribe_token, unsubscribed_at";

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
}

impl StoredRegistration {
    /// The interest areas chosen ("web", "ai"), in the order stored.
    pub fn interests(&self) -> Vec<String> {
        split_areas(&self.interest_areas)
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
        })
    }
}

impl Store {
    /// Saves a registration and, at most once a day per address, queues its
    /// confirmation email, in one transaction. A second registration for the same
    /// email replaces the preferences of the first and keeps its creation time and
    /// unsubscribe token, but never subscribes an address that unsubscribed: anyone
    /// can type any address into the form, so only the address's own link can.
    #[tracing::instrument(skip_all)]
    pub async fn save_waitlist_registration(&self, registration: &WaitlistRegistration) -> Result<(), sqlx::Error> {
        let interest_areas: Vec<&str> = registration.interest_areas.iter().map(|area| area.value()).collect();
        let email = registration.email.as_str();
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO waitlist_registrations
                 (email, full_name, job_title, interest_areas, subscribe, created_at, updated_at, unsubscribe_token)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
             ON CONFLICT (email) DO UPDATE SET
                 full_name = excluded.full_name,
                 job_title = excluded.job_title,
                 interest_areas = excluded.interest_areas,
                 subscribe = CASE WHEN waitlist_registrations.unsubscribed_at IS NULL
                     THEN excluded.subscribe ELSE waitlist_registrations.subscribe END,
                 updated_at = excluded.updated_at,
                 unsubscribe_token = COALESCE(waitlist_registrations.unsubscribe_token, excluded.unsubscribe_token)",
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
        // The conditional update decides under the row lock, so racing registrations queue one email.
        let confirmation_due = sqlx::query(
            "UPDATE waitlist_registrations SET confirmation_queued_at = $2
             WHERE email = $1 AND (confirmation_queued_at IS NULL OR confirmation_queued_at <= $3)",
        )
        .bind(email)
        .bind(now)
        .bind(now - CONFIRMATION_EVERY_MILLIS)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if confirmation_due {
            queue_email(
                &mut tx,
                EmailKind::WaitlistConfirmation,
                &format!("waitlist:{email}:{now}"),
                email,
                email,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Turns off updates for the registration with this unsubscribe token;
    /// `false` when no registration has it.
    pub async fn unsubscribe(&self, token: &str) -> Result<bool, sqlx::Error> {
        self.set_subscription(token, false).await
    }

    /// Turns updates back on for the registration with this token: the address's own
    /// link is the only way back after an unsubscribe.
    pub async fn resubscribe(&self, token: &str) -> Result<bool, sqlx::Error> {
        self.set_subscription(token, true).await
    }

    async fn set_subscription(&self, token: &str, subscribe: bool) -> Result<bool, sqlx::Error> {
        let now = now_millis();
        let updated = sqlx::query(
            "UPDATE waitlist_registrations SET subscribe = $2, unsubscribed_at = $3, updated_at = $4
             WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .bind(subscribe)
        .bind((!subscribe).then_some(now))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    pub async fn find_waitlist_registration(&self, email: &str) -> Result<Option<StoredRegistration>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {WAITLIST_COLUMNS} FROM waitlist_registrations WHERE email = $1"
        ))
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
