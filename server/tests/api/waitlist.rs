use crate::helpers::{TestApp, on_both_databases};
use serde_json::{Value, json};

const CONFIRM_LINK: &str = "/waitlist/confirm?token=";

/// Follows the confirmation link emailed to `email`, as its owner does.
async fn confirm(app: &TestApp, email: &str) {
    let token = app.links_to(email, CONFIRM_LINK, 1).await.remove(0);
    let confirmed = app
        .client
        .post(app.url(&format!("{CONFIRM_LINK}{token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(confirmed.status(), 200);
}

fn valid_registration() -> Value {
    json!({
        "fullName": "Ana Diaz",
        "email": "ana@example.com",
        "jobTitle": "Staff Engineer",
        "interestAreas": ["web", "ai"],
        "subscribe": true
    })
}

on_both_databases! {
    async fn a_valid_registration_is_stored(app) {
        let response = app.post_json("/api/register-waitlist", &valid_registration()).await;

        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "You're on the waitlist!");
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert_eq!(stored.full_name, "Ana Diaz");
        assert_eq!(stored.job_title.as_deref(), Some("Staff Engineer"));
        assert_eq!(stored.interest_areas, "web,ai");
        assert!(stored.subscribe);
        assert!(stored.created_at > 1_700_000_000_000);
    }
}

on_both_databases! {
    async fn a_two_character_name_is_refused_with_the_brief_message(app) {
        let mut body = valid_registration();
        body["fullName"] = json!("Al");

        let response = app.post_json("/api/register-waitlist", &body).await;

        assert_eq!(response.status(), 422);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["message"], "Full name must be at least 3 characters.");
        assert_eq!(error["fieldErrors"], json!({ "fullName": "Full name must be at least 3 characters." }));
        assert_eq!(app.store.count_waitlist_registrations().await.unwrap(), 0);
    }
}

on_both_databases! {
    async fn every_invalid_field_gets_the_form_message(app) {
        let response = app
            .post_json("/api/register-waitlist", &json!({ "fullName": "  A ", "email": "ana@example", "interestAreas": ["gaming"] }))
            .await;

        assert_eq!(response.status(), 422);
        let error: Value = response.json().await.unwrap();
        assert_eq!(
            error["fieldErrors"],
            json!({
                "fullName": "Full name must be at least 3 characters.",
                "email": "Please enter a valid email address.",
                "interestAreas": "Please choose interest areas from the list."
            })
        );
    }
}

on_both_databases! {
    async fn missing_fields_are_reported_as_field_errors(app) {
        let response = app.post_json("/api/register-waitlist", &json!({})).await;

        assert_eq!(response.status(), 422);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["fieldErrors"]["fullName"], "Full name must be at least 3 characters.");
        assert_eq!(error["fieldErrors"]["email"], "Please enter a valid email address.");
    }
}

on_both_databases! {
    /// Anyone can type any address: a second sign-up of it, whatever it says, must not become a
    /// way to unsubscribe its owner, rename them, change their interests or subscribe them.
    async fn a_repeated_registration_never_changes_the_stored_one(app) {
        let first = app.post_json("/api/register-waitlist", &valid_registration()).await;
        let first_answer: Value = first.json().await.unwrap();
        let before = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();

        let stranger = app
            .post_json(
                "/api/register-waitlist",
                &json!({ "fullName": "Someone Else", "email": "ANA@Example.com", "interestAreas": ["security"], "subscribe": false }),
            )
            .await;

        assert_eq!(stranger.status(), 200);
        assert_eq!(stranger.json::<Value>().await.unwrap(), first_answer, "the answer reveals nothing");
        assert_eq!(app.store.count_waitlist_registrations().await.unwrap(), 1);
        let after = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert_eq!(after.id, before.id);
        assert_eq!(after.full_name, "Ana Diaz");
        assert_eq!(after.job_title.as_deref(), Some("Staff Engineer"));
        assert_eq!(after.interest_areas, "web,ai");
        assert!(after.subscribe, "still subscribed");
        assert_eq!(after.updated_at, before.updated_at);
    }
}

on_both_databases! {
    /// Someone who declined updates is not subscribed by a stranger's sign-up of their address.
    async fn a_repeated_registration_does_not_subscribe_an_address_that_declined(app) {
        let mut declined = valid_registration();
        declined["subscribe"] = json!(false);
        assert_eq!(app.post_json("/api/register-waitlist", &declined).await.status(), 200);

        assert_eq!(app.post_json("/api/register-waitlist", &valid_registration()).await.status(), 200);

        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(!stored.subscribe);
    }
}

on_both_databases! {
    /// Double opt-in: the email's link opens a page whose button confirms; opening it does not.
    async fn a_registration_is_confirmed_only_by_the_link_its_address_was_sent(app) {
        assert_eq!(app.post_json("/api/register-waitlist", &valid_registration()).await.status(), 200);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(stored.subscribe && stored.confirmed_at.is_none(), "asked for updates, not confirmed yet");

        let token = app.links_to("ana@example.com", CONFIRM_LINK, 1).await.remove(0);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert_eq!(stored.confirm_token_hash.as_deref(), Some(conference::secrets::digest(&token).as_str()), "kept as a digest");

        let offer = app.get(&format!("{CONFIRM_LINK}{token}")).await;
        assert_eq!(offer.status(), 200);
        assert!(offer.text().await.unwrap().contains(&format!("action=\"{CONFIRM_LINK}{token}\"")));
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert_eq!(stored.confirmed_at, None, "opening the link only offers");

        let confirmed = app.client.post(app.url(&format!("{CONFIRM_LINK}{token}"))).send().await.unwrap();
        assert_eq!(confirmed.status(), 200);
        assert!(confirmed.text().await.unwrap().contains("Your address is confirmed"));
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        let confirmed_at = stored.confirmed_at.expect("confirmed");
        assert!(stored.receives_updates());

        let again = app.client.post(app.url(&format!("{CONFIRM_LINK}{token}"))).send().await.unwrap();
        assert_eq!(again.status(), 200, "following the link twice is harmless");
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert_eq!(stored.confirmed_at, Some(confirmed_at));
        let forged = app.client.post(app.url(&format!("{CONFIRM_LINK}forged"))).send().await.unwrap();
        assert_eq!(forged.status(), 404);
    }
}

on_both_databases! {
    /// Once a day an unconfirmed address may be sent its confirmation again, with a new link
    /// that retires the old one; a confirmed address is never written to by the form.
    async fn a_repeated_registration_resends_only_an_unconfirmed_addresss_link(app) {
        let mut bo = valid_registration();
        bo["email"] = json!("bo@example.com");
        for body in [&valid_registration(), &bo] {
            assert_eq!(app.post_json("/api/register-waitlist", body).await.status(), 200);
        }
        let old_link = app.links_to("ana@example.com", CONFIRM_LINK, 1).await.remove(0);
        confirm(&app, "bo@example.com").await;
        let database = app.database().await;
        sqlx::query("UPDATE waitlist_registrations SET confirmation_queued_at = confirmation_queued_at - 2 * 86400000")
            .execute(&database)
            .await
            .unwrap();

        for body in [&valid_registration(), &bo] {
            assert_eq!(app.post_json("/api/register-waitlist", body).await.status(), 200);
        }

        let recipients: Vec<String> = app.store.list_outbox().await.unwrap().into_iter().map(|email| email.recipient).collect();
        assert_eq!(recipients.iter().filter(|to| *to == "ana@example.com").count(), 2, "{recipients:?}");
        assert_eq!(recipients.iter().filter(|to| *to == "bo@example.com").count(), 1, "{recipients:?}");
        let links = app.links_to("ana@example.com", CONFIRM_LINK, 2).await;
        let new_link = links.iter().find(|link| **link != old_link).expect("a new link");
        let stale = app.client.post(app.url(&format!("{CONFIRM_LINK}{old_link}"))).send().await.unwrap();
        assert_eq!(stale.status(), 404);
        let fresh = app.client.post(app.url(&format!("{CONFIRM_LINK}{new_link}"))).send().await.unwrap();
        assert_eq!(fresh.status(), 200);
    }
}

on_both_databases! {
    async fn subscribe_defaults_to_true_and_interests_are_deduplicated(app) {
        let body = json!({ "fullName": "Bo Lee", "email": "bo@example.org", "interestAreas": ["cloud", "web", "cloud"] });

        assert_eq!(app.post_json("/api/register-waitlist", &body).await.status(), 200);

        let stored = app.store.find_waitlist_registration("bo@example.org").await.unwrap().unwrap();
        assert!(stored.subscribe);
        assert_eq!(stored.interest_areas, "web,cloud");
    }
}

on_both_databases! {
    async fn a_registration_survives_a_restart(app) {
        assert_eq!(app.post_json("/api/register-waitlist", &valid_registration()).await.status(), 200);

        let app = app.restart().await;

        assert_eq!(app.get("/readyz").await.status(), 200);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap();
        assert_eq!(stored.map(|registration| registration.full_name), Some("Ana Diaz".to_owned()));
    }
}

on_both_databases! {
    /// Anyone can type any address: repeating the form must not become a way to mail someone.
    async fn a_repeated_registration_sends_no_second_confirmation_within_a_day(app) {
        for _ in 0..3 {
            assert_eq!(app.post_json("/api/register-waitlist", &valid_registration()).await.status(), 200);
        }

        let emails = app.store.list_outbox().await.unwrap();

        assert_eq!(emails.len(), 1, "{emails:?}");
        assert_eq!(emails[0].recipient, "ana@example.com");
    }
}

on_both_databases! {
    async fn an_unsubscribed_address_is_subscribed_again_only_by_its_own_link(app) {
        app.post_json("/api/register-waitlist", &valid_registration()).await;
        let token = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap().unsubscribe_token.unwrap();
        assert_eq!(app.get(&format!("/unsubscribe?token={token}")).await.status(), 200);

        let again = app.post_json("/api/register-waitlist", &valid_registration()).await;

        assert_eq!(again.status(), 200);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(!stored.subscribe, "the form cannot undo an unsubscribe");
        assert_eq!(stored.full_name, "Ana Diaz");

        let offer = app.get(&format!("/resubscribe?token={token}")).await;
        assert_eq!(offer.status(), 200);
        assert!(offer.text().await.unwrap().contains(&format!("action=\"/resubscribe?token={token}\"")));
        assert!(!app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap().subscribe, "opening the link only offers");

        let confirmed = app.client.post(app.url(&format!("/resubscribe?token={token}"))).send().await.unwrap();
        assert_eq!(confirmed.status(), 200);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(stored.subscribe);
        assert_eq!(stored.unsubscribed_at, None);
        assert!(stored.confirmed_at.is_some(), "only the address's owner has its link");
        assert_eq!(app.client.post(app.url("/resubscribe?token=forged")).send().await.unwrap().status(), 404);
    }
}

on_both_databases! {
    /// An unsubscribe outlives the confirmation link of an email sent before it.
    async fn an_unsubscribe_retires_the_confirmation_link(app) {
        app.post_json("/api/register-waitlist", &valid_registration()).await;
        let link = app.links_to("ana@example.com", CONFIRM_LINK, 1).await.remove(0);
        let token = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap().unsubscribe_token.unwrap();
        assert_eq!(app.client.post(app.url(&format!("/unsubscribe?token={token}"))).send().await.unwrap().status(), 200);

        let stale = app.client.post(app.url(&format!("{CONFIRM_LINK}{link}"))).send().await.unwrap();

        assert_eq!(stale.status(), 404);
        let stored = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(!stored.subscribe && stored.confirmed_at.is_none());
    }
}

on_both_databases! {
    async fn receipts_are_sent_before_waitlist_confirmations(app, crate::helpers::TestOptions {
        env: vec![("MAIL_WORKER", "false".to_owned())],
        ..Default::default()
    }) {
        app.post_json("/api/register-waitlist", &valid_registration()).await;
        let order: Value = app.create_ticket_payment("developer", 1, "bo@example.com").await.json().await.unwrap();
        app.pay_with_card(order["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        let now = conference::store::now_millis();
        let first = app.store.claim_due_emails(now, now + 60_000, 1).await.unwrap();

        assert_eq!(first.len(), 1);
        assert_eq!(first[0].kind, conference::store::EmailKind::OrderConfirmation);
    }
}
