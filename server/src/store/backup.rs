//! A consistent copy of a live SQLite database, taken while the site runs.

use std::path::Path;

use super::{Backend, Store};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists: choose a new file, a backup never overwrites one")]
    Exists(String),
    #[error("the backup path is not valid UTF-8")]
    NotUtf8,
    #[error(
        "PostgreSQL is backed up with its own tools: pg_dump --format=custom --file=PATH \"$DATABASE_URL\" (see README.md)"
    )]
    Postgres,
    #[error("cannot write the backup: {0}")]
    Database(#[from] sqlx::Error),
}

impl Store {
    /// Writes the whole database to `path` as it is at one moment (`VACUUM INTO` reads one
    /// snapshot, so writes made meanwhile are either all in the copy or not at all).
    pub async fn backup_to(&self, path: &Path) -> Result<(), BackupError> {
        if self.backend == Backend::Postgres {
            return Err(BackupError::Postgres);
        }
        if path.exists() {
            return Err(BackupError::Exists(path.display().to_string()));
        }
        let target = path.to_str().ok_or(BackupError::NotUtf8)?;
        sqlx::query("VACUUM INTO $1")
            .bind(target)
            .execute(&self.connections)
            .await?;
        Ok(())
    }
}
