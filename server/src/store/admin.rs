//! The back office's own records: sign-in sessions and the audit log.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use super::{Store, now_millis};

/// What a session was signed in with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignedInWith {
    Account {
        staff_id: String,
    },
    /// The shared password, by the digest of the `ADMIN_PASSWORD_HASH` it was checked against.
    SharedPassword {
        setting_digest: String,
    },
}

/// One entry of the audit log: who changed what, and when.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: String,
    pub at: i64,
    pub actor: String,
    pub action: String,
    pub order_id: Option<String>,
    pub detail: serde_json::Value,
}

fn audit_from_row(row: &AnyRow) -> Result<AuditEntry, sqlx::Error> {
    let detail: String = row.try_get("detail")?;
    Ok(AuditEntry {
        id: row.try_get("id")?,
        at: row.try_get("at")?,
        actor: row.try_get("actor")?,
        action: row.try_get("action")?,
        order_id: row.try_get("order_id")?,
        detail: serde_json::from_str(&detail).unwrap_or(serde_json::Value::Null),
    })
}

/// Writes an audit entry through `executor`: the pool, or the transaction of the change it records.
pub(super) async fn record_audit<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    actor: &str,
    action: &str,
    order_id: Option<&str>,
    detail: &serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO audit_log (id, at, actor, action, order_id, detail) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(now_millis())
        .bind(actor)
        .bind(action)
        .bind(order_id)
        .bind(detail.to_string())
        .execute(executor)
        .await?;
    Ok(())
}

impl Store {
    /// Starts a session for `name` (the account `staff_id`, or the owner with the shared
    /// password), known by the digest of its cookie token.
    pub async fn create_admin_session(
        &self,
        token_hash: &str,
        name: &str,
        signed_in: &SignedInWith,
        expires_at: i64,
    ) -> Result<(), sqlx::Error> {
        let (staff_id, shared_password_digest) = match signed_in {
            SignedInWith::Account { staff_id } => (Some(staff_id.as_str()), None),
            SignedInWith::SharedPassword { setting_digest } => (None, Some(setting_digest.as_str())),
        };
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        // Signing in is rare: a good moment to forget sessions that ended.
        sqlx::query("DELETE FROM admin_sessions WHERE expires_at <= $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO admin_sessions (token_hash, name, staff_id, shared_password_digest, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(token_hash)
        .bind(name)
        .bind(staff_id)
        .bind(shared_password_digest)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        record_audit(&mut *tx, name, "sign_in", None, &serde_json::json!({})).await?;
        tx.commit().await
    }

    pub async fn end_admin_session(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM admin_sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.connections)
            .await?;
        Ok(())
    }

    /// Records a back-office change that has no transaction of its own.
    pub async fn record_audit(
        &self,
        actor: &str,
        action: &str,
        order_id: Option<&str>,
        detail: &serde_json::Value,
    ) -> Result<(), sqlx::Error> {
        record_audit(&self.connections, actor, action, order_id, detail).await
    }

    /// What the back office did to one order, oldest first.
    pub async fn audit_for_order(&self, order_id: &str) -> Result<Vec<AuditEntry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, at, actor, action, order_id, detail FROM audit_log WHERE order_id = $1 ORDER BY at, id",
        )
        .bind(order_id)
        .fetch_all(&self.connections)
        .await?;
        rows.iter().map(audit_from_row).collect()
    }
}
