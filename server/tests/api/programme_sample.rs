//! The shipped event's sample programme, fed at first start to a site that has none.

use conference::startup::feed_sample_programme;

use crate::helpers::{on_both_databases, shipped_event};

on_both_databases! {
    /// A new site gets the sample as version 1, and a restart feeds nothing again.
    async fn a_site_without_a_programme_gets_the_sample_once(app) {
        let event = shipped_event();

        feed_sample_programme(&app.store, &event).await.unwrap();
        feed_sample_programme(&app.store, &event).await.unwrap();

        let versions = app.store.programme_versions().await.unwrap();
        assert_eq!(versions.len(), 1);
        assert_eq!(versions[0].applied_by, "sample programme");
        let programme = app.store.programme().await.unwrap();
        assert!(programme.sessions.len() >= 50, "{} sessions", programme.sessions.len());
        assert!(programme.speakers.len() >= 20, "{} speakers", programme.speakers.len());
    }
}

on_both_databases! {
    /// A site whose organizer has imported a programme keeps it: the sample never replaces it.
    async fn a_site_with_a_programme_keeps_it(app) {
        let mut event = shipped_event();
        feed_sample_programme(&app.store, &event).await.unwrap();
        let imported = app.store.programme().await.unwrap();
        let mut edited = imported.clone();
        edited.sessions.truncate(3);
        app.store.apply_programme(&edited, "pretalx", "olga@example.com").await.unwrap();

        feed_sample_programme(&app.store, &event).await.unwrap();
        event.programme_sample = None;
        feed_sample_programme(&app.store, &event).await.unwrap();

        assert_eq!(app.store.programme().await.unwrap().sessions.len(), 3);
        assert_eq!(app.store.programme_versions().await.unwrap().len(), 2);
    }
}

on_both_databases! {
    /// A sample that cannot be read stops the start-up, naming the file.
    async fn a_missing_sample_is_named(app) {
        let mut event = shipped_event();
        event.programme_sample = Some("/nonexistent/programme.json".into());

        let error = feed_sample_programme(&app.store, &event).await.unwrap_err();

        assert!(format!("{error:#}").contains("/nonexistent/programme.json"), "{error:#}");
        assert!(app.store.programme_versions().await.unwrap().is_empty());
    }
}
