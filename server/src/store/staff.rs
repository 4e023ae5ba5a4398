//! The organizer's crew: accounts with roles, invitations that set a password once, and
//! the sessions each account signs in with.

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::admin::record_audit;
use super::outbox::{EmailKind, queue_email_with_link};
use super::{Backend, Store, now_millis};
use crate::admin::roles::Role;

/// One person of the crew, as the Staff screen lists them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// `invited` until the person sets a password, then `active`; `deactivated` signs in no more.
    pub status: StaffStatus,
    /// Unix milliseconds.
    pub created_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StaffStatus {
    Invited,
    Active,
    Deactivated,
}

/// An account as sign-in reads it.
#[derive(Debug, Clone)]
pub struct StaffAccount {
    pub member: StaffMember,
    pub password_hash: Option<String>,
}

/// The signed-in person behind a session: an account, or the owner with the shared password.
#[derive(Debug, Clone)]
pub struct SessionHolder {
    pub name: String,
    pub staff_id: Option<String>,
    pub role: Role,
}

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("{0} has an account already")]
    EmailTaken(String),
    #[error("there is no such person")]
    NotFound,
    /// The change would leave the back office without an active owner.
    #[error("the last owner")]
    LastOwner,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum AcceptInvitationError {
    /// Unknown, used, expired, or its person deactivated: all look the same to the caller.
    #[error("the invitation does not work")]
    NotValid,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// A change to a person: a role, or whether they may sign in.
#[derive(Debug, Clone, Default)]
pub struct StaffChange {
    pub role: Option<Role>,
    pub active: Option<bool>,
}

const MEMBER_COLUMNS: &str = "id, email, name, role, password_hash, created_at, deactivated_at";

fn account_from_row(row: &AnyRow) -> Result<StaffAccount, sqlx::Error> {
    let role: String = row.try_get("role")?;
    let password_hash: Option<String> = row.try_get("password_hash")?;
    let deactivated_at: Option<i64> = row.try_get("deactivated_at")?;
    let status = match (deactivated_at, &password_hash) {
        (Some(_), _) => StaffStatus::Deactivated,
        (None, None) => StaffStatus::Invited,
        (None, Some(_)) => StaffStatus::Active,
    };
    Ok(StaffAccount {
        member: StaffMember {
            id: row.try_get("id")?,
            email: row.try_get("email")?,
            name: row.try_get("name")?,
            role: Role::parse(&role).ok_or_else(|| sqlx::Error::Decode(format!("unknown role {role:?}").into()))?,
            status,
            created_at: row.try_get("created_at")?,
        },
        password_hash,
    })
}

impl Store {
    /// Whether anyone has set a password: from then on people sign in with their email,
    /// and the shared password no longer opens the back office.
    pub async fn staff_accounts_exist(&self) -> Result<bool, sqlx::Error> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM staff WHERE password_hash IS NOT NULL")
            .fetch_one(&self.connections)
            .await?;
        Ok(count > 0)
    }

    /// Whether an active owner has an account: until then, the shared password with an email
    /// makes one (so an owner who invited the crew first is never locked out).
    pub async fn owner_account_exists(&self) -> Result<bool, sqlx::Error> {
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM staff WHERE role = 'owner' AND password_hash IS NOT NULL AND deactivated_at IS NULL",
        )
        .fetch_one(&self.connections)
        .await?;
        Ok(count > 0)
    }

    pub async fn staff_account_by_email(&self, email: &str) -> Result<Option<StaffAccount>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {MEMBER_COLUMNS} FROM staff WHERE email = $1"))
            .bind(email.to_lowercase())
            .fetch_optional(&self.connections)
            .await?;
        row.as_ref().map(account_from_row).transpose()
    }

    pub async fn staff_member(&self, id: &str) -> Result<Option<StaffMember>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {MEMBER_COLUMNS} FROM staff WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.connections)
            .await?;
        Ok(row
            .as_ref()
            .map(account_from_row)
            .transpose()?
            .map(|account| account.member))
    }

    /// Everyone, owners first, then by name.
    pub async fn staff(&self) -> Result<Vec<StaffMember>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {MEMBER_COLUMNS} FROM staff
             ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 WHEN 'support' THEN 2 ELSE 3 END, name, email"
        ))
        .fetch_all(&self.connections)
        .await?;
        rows.iter()
            .map(|row| account_from_row(row).map(|account| account.member))
            .collect()
    }

    /// An owner account with its password set: from `conference admin create-owner`, or the
    /// first sign-in with an email and the shared password.
    pub async fn create_owner(
        &self,
        email: &str,
        name: &str,
        password_hash: &str,
        actor: &str,
    ) -> Result<StaffMember, StaffError> {
        let mut tx = self.begin_write().await?;
        let id = uuid::Uuid::new_v4().to_string();
        let inserted = sqlx::query(
            "INSERT INTO staff (id, email, name, role, password_hash, created_at) VALUES ($1, $2, $3, 'owner', $4, $5)
             ON CONFLICT (email) DO NOTHING",
        )
        .bind(&id)
        .bind(email.to_lowercase())
        .bind(name)
        .bind(password_hash)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(StaffError::EmailTaken(email.to_owned()));
        }
        record_audit(
            &mut *tx,
            actor,
            "staff_owner_created",
            None,
            &serde_json::json!({ "email": email.to_lowercase(), "name": name }),
        )
        .await?;
        tx.commit().await?;
        self.staff_member(&id).await?.ok_or(StaffError::NotFound)
    }

    /// Invites a person, or invites again someone who has not set a password yet (the earlier
    /// links stop working). Queues the invitation email, which carries `token` until it is sent.
    #[allow(clippy::too_many_arguments)]
    pub async fn invite_staff(
        &self,
        email: &str,
        name: &str,
        role: Role,
        token_hash: &str,
        token: &str,
        expires_at: i64,
        actor: &str,
    ) -> Result<StaffMember, StaffError> {
        let email = email.to_lowercase();
        let now = now_millis();
        let mut tx = self.begin_write().await?;
        take_write_lock(&mut tx, &email).await?;
        let existing = sqlx::query(&format!("SELECT {MEMBER_COLUMNS} FROM staff WHERE email = $1"))
            .bind(&email)
            .fetch_optional(&mut *tx)
            .await?;
        let id = match existing.as_ref().map(account_from_row).transpose()? {
            Some(account) if account.member.status != StaffStatus::Invited => {
                return Err(StaffError::EmailTaken(email));
            }
            Some(account) => {
                sqlx::query("UPDATE staff SET name = $1, role = $2 WHERE id = $3")
                    .bind(name)
                    .bind(role.as_str())
                    .bind(&account.member.id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("UPDATE staff_invitations SET used_at = $1 WHERE staff_id = $2 AND used_at IS NULL")
                    .bind(now)
                    .bind(&account.member.id)
                    .execute(&mut *tx)
                    .await?;
                account.member.id
            }
            None => {
                let id = uuid::Uuid::new_v4().to_string();
                sqlx::query("INSERT INTO staff (id, email, name, role, created_at) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&id)
                    .bind(&email)
                    .bind(name)
                    .bind(role.as_str())
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                id
            }
        };
        sqlx::query(
            "INSERT INTO staff_invitations (token_hash, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(&id)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        queue_email_with_link(
            &mut tx,
            EmailKind::StaffInvitation,
            &format!("staff-invitation:{token_hash}"),
            &id,
            &email,
            Some(token),
        )
        .await?;
        record_audit(
            &mut *tx,
            actor,
            "staff_invited",
            None,
            &serde_json::json!({ "email": email, "name": name, "role": role.as_str() }),
        )
        .await?;
        tx.commit().await?;
        self.staff_member(&id).await?.ok_or(StaffError::NotFound)
    }

    /// Sets the invited person's password, once: the invitation must be unused, unexpired at
    /// `now` and its person not deactivated.
    pub async fn accept_invitation(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<StaffMember, AcceptInvitationError> {
        let mut tx = self.begin_write().await?;
        let staff_id: Option<String> = sqlx::query_scalar(
            "UPDATE staff_invitations SET used_at = $1
             WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
               AND staff_id IN (SELECT id FROM staff WHERE deactivated_at IS NULL)
             RETURNING staff_id",
        )
        .bind(now)
        .bind(token_hash)
        .fetch_optional(&mut *tx)
        .await?;
        let staff_id = staff_id.ok_or(AcceptInvitationError::NotValid)?;
        sqlx::query("UPDATE staff SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(&staff_id)
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query(&format!("SELECT {MEMBER_COLUMNS} FROM staff WHERE id = $1"))
            .bind(&staff_id)
            .fetch_one(&mut *tx)
            .await?;
        let member = account_from_row(&row)?.member;
        record_audit(
            &mut *tx,
            &member.name,
            "staff_invitation_accepted",
            None,
            &serde_json::json!({ "email": member.email }),
        )
        .await?;
        tx.commit().await?;
        Ok(member)
    }

    /// Changes a person's role or whether they may sign in. Deactivating ends their sessions
    /// in the same transaction; a role counts from their next call. The back office always
    /// keeps one active owner.
    pub async fn change_staff(&self, id: &str, change: &StaffChange, actor: &str) -> Result<StaffMember, StaffError> {
        let mut tx = self.begin_write().await?;
        // A write first, for the reason `take_write_lock` gives.
        sqlx::query("UPDATE staff SET id = id WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query(&format!("SELECT {MEMBER_COLUMNS} FROM staff WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(StaffError::NotFound)?;
        let before = account_from_row(&row)?.member;
        let stays_owner = change.role.unwrap_or(before.role) == Role::Owner && change.active != Some(false);
        if before.role == Role::Owner && before.status == StaffStatus::Active && !stays_owner {
            // Serialises two owners demoting each other at once (PostgreSQL locks the rows).
            let lock = if self.backend == Backend::Postgres {
                " FOR UPDATE"
            } else {
                ""
            };
            let others: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT id FROM staff WHERE role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL
                   AND id <> $1{lock}"
            ))
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
            if others.is_empty() {
                return Err(StaffError::LastOwner);
            }
        }
        let now = now_millis();
        if let Some(role) = change.role {
            sqlx::query("UPDATE staff SET role = $1 WHERE id = $2")
                .bind(role.as_str())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        match change.active {
            Some(false) => {
                sqlx::query("UPDATE staff SET deactivated_at = COALESCE(deactivated_at, $1) WHERE id = $2")
                    .bind(now)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM admin_sessions WHERE staff_id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            Some(true) => {
                sqlx::query("UPDATE staff SET deactivated_at = NULL WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            None => {}
        }
        record_audit(
            &mut *tx,
            actor,
            "staff_changed",
            None,
            &serde_json::json!({
                "email": before.email,
                "role": change.role.map(Role::as_str),
                "active": change.active,
            }),
        )
        .await?;
        tx.commit().await?;
        self.staff_member(id).await?.ok_or(StaffError::NotFound)
    }

    /// The person behind an unexpired session: an active account (its current name and
    /// role), or the owner signed in with the shared password. A shared-password session
    /// holds only while no owner has an account and `shared_password_setting` (the digest of
    /// `ADMIN_PASSWORD_HASH` as set now) is the one it signed in with: it ends when the first
    /// owner's account is made, however it is made, and when the setting is removed or changed.
    pub async fn admin_session(
        &self,
        token_hash: &str,
        shared_password_setting: Option<&str>,
    ) -> Result<Option<SessionHolder>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT s.name AS session_name, s.staff_id, s.shared_password_digest, p.name AS staff_name, p.role,
                    p.deactivated_at
             FROM admin_sessions s LEFT JOIN staff p ON p.id = s.staff_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now_millis())
        .fetch_optional(&self.connections)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let staff_id: Option<String> = row.try_get("staff_id")?;
        if staff_id.is_none() {
            let signed_in_with: Option<String> = row.try_get("shared_password_digest")?;
            let same_setting = signed_in_with.is_some() && signed_in_with.as_deref() == shared_password_setting;
            if !same_setting || self.owner_account_exists().await? {
                return Ok(None);
            }
            return Ok(Some(SessionHolder {
                name: row.try_get("session_name")?,
                staff_id,
                role: Role::Owner,
            }));
        }
        let deactivated_at: Option<i64> = row.try_get("deactivated_at")?;
        let role: Option<String> = row.try_get("role")?;
        let (Some(name), Some(role), None) = (row.try_get::<Option<String>, _>("staff_name")?, role, deactivated_at)
        else {
            return Ok(None);
        };
        Ok(Role::parse(&role).map(|role| SessionHolder { name, staff_id, role }))
    }

    /// The email of the account a session is signed in with; `None` for the shared password or an ended session.
    pub async fn session_staff_email(&self, token_hash: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT p.email FROM admin_sessions s JOIN staff p ON p.id = s.staff_id
             WHERE s.token_hash = $1 AND p.deactivated_at IS NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.connections)
        .await
    }
}

/// The first statement of a transaction that reads before it writes is a write, so SQLite
/// takes its write lock at once (waiting out the busy timeout) instead of failing when the
/// read turns into a write; PostgreSQL locks the person's row, if there is one.
async fn take_write_lock(tx: &mut Tx, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE staff SET email = email WHERE email = $1")
        .bind(email)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
