//! After an import is applied: fetching the photos its speakers' sources name that the site has not got, at most
//! four at a time, within a bound on the whole, and reporting those that failed (their speakers show initials).

use std::time::Duration;

use futures_util::StreamExt;
use serde::Serialize;

use super::fetch::{FetchPolicy, fetch_photo};
use crate::store::{Store, WantedPhoto};

/// How many photos are fetched at once: enough to be quick, few enough not to hammer the source's server.
const AT_ONCE: usize = 4;
/// The longest the fetching may take in all, so an import of many speakers on a slow host still answers before
/// the request's time limit; what is left is reported, and fetched by the next apply.
const ALL_WITHIN: Duration = Duration::from_secs(40);

/// What the import's fetching of photos did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PhotoReport {
    /// Photos fetched and stored.
    pub fetched: usize,
    /// Photos that could not be fetched: their speakers show initials until an apply fetches them.
    pub failed: Vec<FailedPhoto>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FailedPhoto {
    /// The speaker's name.
    pub speaker: String,
    /// The address the source names.
    pub url: String,
    /// Why, e.g. "only https:// addresses are fetched" or "10.0.0.7 is not a public address".
    pub reason: String,
}

/// Fetches the photos the programme's speakers' sources name and the site has not got (a photo fetched before from
/// the same address is not fetched again; an upload is never replaced), and forgets those the sources dropped.
pub async fn fetch_missing(store: &Store, policy: FetchPolicy) -> Result<PhotoReport, sqlx::Error> {
    store.forget_photos_without_avatar().await?;
    let wanted = store.photos_to_fetch().await?;
    let deadline = tokio::time::Instant::now() + ALL_WITHIN;
    let results: Vec<(WantedPhoto, Result<_, String>)> = futures_util::stream::iter(wanted)
        .map(|photo| async move {
            let fetched = match tokio::time::timeout_at(deadline, fetch_photo(&photo.url, policy)).await {
                Ok(fetched) => fetched.map_err(|error| error.to_string()),
                Err(_) => Err("the import's time for photos ran out first; apply again to fetch it".to_owned()),
            };
            (photo, fetched)
        })
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    let mut report = PhotoReport::default();
    for (wanted, fetched) in results {
        let failed = |reason: String| FailedPhoto {
            speaker: wanted.name.clone(),
            url: wanted.url.clone(),
            reason,
        };
        match fetched {
            Ok(photo) => match store
                .save_fetched_photo(&wanted.speaker_source_id, &wanted.url, &photo)
                .await
            {
                Ok(true) => report.fetched += 1,
                // The organizer uploaded one meanwhile, which stays.
                Ok(false) => {}
                Err(error) => {
                    // The programme is applied; the answer says which photos are missing rather than failing it.
                    tracing::error!(%error, speaker = %wanted.speaker_source_id, "a fetched photo could not be stored");
                    report
                        .failed
                        .push(failed("it could not be stored; apply again to retry".to_owned()));
                }
            },
            Err(reason) => report.failed.push(failed(reason)),
        }
    }
    // Finished in any order; reported by name, so the same import reads the same.
    report.failed.sort_by(|a, b| a.speaker.cmp(&b.speaker));
    Ok(report)
}
