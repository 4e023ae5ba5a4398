//! Speakers' photos, by the speaker's source id: both sizes' bytes, where an import fetched them from, and whether
//! the organizer uploaded them (then no import replaces them).

use std::collections::HashMap;

use sqlx::Row;

use super::admin::record_audit;
use super::{Store, now_millis};
use crate::speaker_photos::encode::{CONTENT_TYPE, Photo};
use crate::speaker_photos::paths::{PhotoFile, PhotoSize, PhotoUrls};

/// A speaker whose source names a photo the site has not got yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WantedPhoto {
    pub speaker_source_id: String,
    pub name: String,
    pub url: String,
}

/// What the organizer's upload or removal found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhotoChange<T> {
    Done(T),
    /// The programme has no speaker of that slug.
    UnknownSpeaker,
}

impl Store {
    /// The speakers, in the programme's order, whose source names a photo that is not stored, or was fetched from
    /// another address; an uploaded photo is never wanted again.
    pub async fn photos_to_fetch(&self) -> Result<Vec<WantedPhoto>, sqlx::Error> {
        sqlx::query(
            "SELECT s.source_id, s.name, s.avatar_url FROM programme_speakers s
             LEFT JOIN speaker_photos p ON p.speaker_source_id = s.source_id
             WHERE s.avatar_url IS NOT NULL
               AND (p.speaker_source_id IS NULL OR (NOT p.uploaded AND p.source_url <> s.avatar_url))
             ORDER BY s.position",
        )
        .fetch_all(&self.connections)
        .await?
        .iter()
        .map(|row| {
            Ok(WantedPhoto {
                speaker_source_id: row.try_get("source_id")?,
                name: row.try_get("name")?,
                url: row.try_get("avatar_url")?,
            })
        })
        .collect()
    }

    /// Forgets the fetched photos of speakers whose source no longer names one: they show their initials, as the
    /// source does. Uploads stay.
    pub async fn forget_photos_without_avatar(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "DELETE FROM speaker_photos WHERE NOT uploaded AND speaker_source_id IN
                 (SELECT source_id FROM programme_speakers WHERE avatar_url IS NULL)",
        )
        .execute(&self.connections)
        .await?;
        self.programme_changed();
        Ok(())
    }

    /// Keeps the photo fetched from `url` as the speaker's, unless the organizer uploaded one meanwhile; whether it
    /// was kept.
    pub async fn save_fetched_photo(
        &self,
        speaker_source_id: &str,
        url: &str,
        photo: &Photo,
    ) -> Result<bool, sqlx::Error> {
        let saved = sqlx::query(
            "INSERT INTO speaker_photos (speaker_source_id, small, large, content_type, hash, source_url, uploaded,
                 updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (speaker_source_id) DO UPDATE
             SET small = excluded.small, large = excluded.large, content_type = excluded.content_type,
                 hash = excluded.hash, source_url = excluded.source_url, updated_at = excluded.updated_at
             WHERE NOT speaker_photos.uploaded",
        )
        .bind(speaker_source_id)
        .bind(photo.small.as_slice())
        .bind(photo.large.as_slice())
        .bind(CONTENT_TYPE)
        .bind(&photo.hash)
        .bind(url)
        .bind(false)
        .bind(now_millis())
        .execute(&self.connections)
        .await?;
        self.programme_changed();
        Ok(saved.rows_affected() > 0)
    }

    /// Makes `photo` the speaker's, replacing any, as the organizer's (no import replaces it); logged as `actor`'s.
    pub async fn upload_speaker_photo(
        &self,
        slug: &str,
        photo: &Photo,
        actor: &str,
    ) -> Result<PhotoChange<PhotoUrls>, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let Some(source_id) = speaker_source_id(&mut tx, slug).await? else {
            return Ok(PhotoChange::UnknownSpeaker);
        };
        sqlx::query(
            "INSERT INTO speaker_photos (speaker_source_id, small, large, content_type, hash, source_url, uploaded,
                 updated_at)
             VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)
             ON CONFLICT (speaker_source_id) DO UPDATE
             SET small = excluded.small, large = excluded.large, content_type = excluded.content_type,
                 hash = excluded.hash, source_url = NULL, uploaded = excluded.uploaded,
                 updated_at = excluded.updated_at",
        )
        .bind(&source_id)
        .bind(photo.small.as_slice())
        .bind(photo.large.as_slice())
        .bind(CONTENT_TYPE)
        .bind(&photo.hash)
        .bind(true)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        let detail = serde_json::json!({ "speaker": slug, "hash": photo.hash });
        record_audit(&mut *tx, actor, "speaker_photo_uploaded", None, &detail).await?;
        tx.commit().await?;
        self.programme_changed();
        Ok(PhotoChange::Done(PhotoUrls::new(slug, &photo.hash)))
    }

    /// Removes the speaker's photo, whether fetched or uploaded: they show their initials. Whether there was one.
    pub async fn remove_speaker_photo(&self, slug: &str, actor: &str) -> Result<PhotoChange<bool>, sqlx::Error> {
        let mut tx = self.begin_write().await?;
        let Some(source_id) = speaker_source_id(&mut tx, slug).await? else {
            return Ok(PhotoChange::UnknownSpeaker);
        };
        let removed = sqlx::query("DELETE FROM speaker_photos WHERE speaker_source_id = $1")
            .bind(&source_id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            > 0;
        if removed {
            let detail = serde_json::json!({ "speaker": slug });
            record_audit(&mut *tx, actor, "speaker_photo_removed", None, &detail).await?;
        }
        tx.commit().await?;
        self.programme_changed();
        Ok(PhotoChange::Done(removed))
    }

    /// Every speaker of the programme who has a photo, by the speaker's source id, with its addresses.
    pub async fn speaker_photos(&self) -> Result<HashMap<String, PhotoUrls>, sqlx::Error> {
        sqlx::query(
            "SELECT s.source_id, s.slug, p.hash FROM speaker_photos p
             JOIN programme_speakers s ON s.source_id = p.speaker_source_id",
        )
        .fetch_all(&self.connections)
        .await?
        .iter()
        .map(|row| {
            let slug: String = row.try_get("slug")?;
            let hash: String = row.try_get("hash")?;
            Ok((row.try_get("source_id")?, PhotoUrls::new(&slug, &hash)))
        })
        .collect()
    }

    /// The bytes a photo's address names, while they are that speaker's photo.
    pub async fn speaker_photo_file(&self, file: &PhotoFile) -> Result<Option<Vec<u8>>, sqlx::Error> {
        let column = match file.size {
            PhotoSize::Small => "small",
            PhotoSize::Large => "large",
        };
        sqlx::query(&format!(
            "SELECT p.{column} AS bytes FROM speaker_photos p
             JOIN programme_speakers s ON s.source_id = p.speaker_source_id
             WHERE s.slug = $1 AND p.hash = $2
             LIMIT 1"
        ))
        .bind(&file.slug)
        .bind(&file.hash)
        .fetch_optional(&self.connections)
        .await?
        .map(|row| row.try_get("bytes"))
        .transpose()
    }
}

/// The source id of the speaker of `slug`, the first in the programme's order should two share it.
async fn speaker_source_id(connection: &mut sqlx::AnyConnection, slug: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query("SELECT source_id FROM programme_speakers WHERE slug = $1 ORDER BY position LIMIT 1")
        .bind(slug)
        .fetch_optional(connection)
        .await?
        .map(|row| row.try_get("source_id"))
        .transpose()
}
