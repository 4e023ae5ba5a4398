use crate::domain::{InterestArea, WaitlistRegistration};

use super::{Store, now_millis};

/// A waitlist registration as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredRegistration {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub job_title: Option<String>,
    pub interest_areas: String,
    pub subscribe: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

impl StoredRegistration {
    pub fn interest_areas(&self) -> Vec<InterestArea> {
        self.interest_areas.split(',').filter_map(InterestArea::from_value).collect()
    }
}

impl Store {
    /// Saves a registration; a second one for the same email replaces the
    /// preferences of the first and keeps its creation time.
    #[tracing::instrument(skip_all)]
    pub async fn save_waitlist_registration(&self, registration: &WaitlistRegistration) -> Result<(), sqlx::Error> {
        let interest_areas: Vec<&str> = registration.interest_areas.iter().map(|area| area.value()).collect();
        sqlx::query(
            "INSERT INTO waitlist_registrations
                 (email, full_name, job_title, interest_areas, subscribe, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)
             ON CONFLICT (email) DO UPDATE SET
                 full_name = excluded.full_name,
                 job_title = excluded.job_title,
                 interest_areas = excluded.interest_areas,
                 subscribe = excluded.subscribe,
                 updated_at = excluded.updated_at",
        )
        .bind(registration.email.as_str())
        .bind(registration.full_name.as_str())
        .bind(registration.job_title.as_deref())
        .bind(interest_areas.join(","))
        .bind(registration.subscribe)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn find_waitlist_registration(&self, email: &str) -> Result<Option<StoredRegistration>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, email, full_name, job_title, interest_areas, subscribe, created_at, updated_at
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
