//! Wallet passes: a ticket as a signed Apple Wallet pass and a Google Wallet save link, from the manage link or the
//! ticket email's links; a ticket that changes hands gets a new pass and its old code is refused at the door;
//! without the settings nothing about wallets answers; half the settings stop a live site, a wrong file any site.

use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::process::Command;

use conference::passes::SAVE_URL;
use serde_json::{Value, json};
use sha1::{Digest, Sha1};
use time::format_description::well_known::Rfc3339;
use time::macros::datetime;

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};
use crate::wallet_credentials::{self, GOOGLE_ISSUER_ID, PASS_TYPE_ID, TEAM_ID, credentials};

/// Both wallets on, the back office open, and the date a month and a half before the event, when tickets change
/// hands.
fn with_wallets() -> TestOptions {
    TestOptions {
        env: credentials().env(),
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::default()
    }
    .with_admin()
}

async fn my_tickets(app: &TestApp, token: &str) -> Value {
    let response = app
        .client
        .get(app.url("/api/my-tickets"))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn wallet(app: &TestApp, token: &str, ticket_id: &str, which: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/api/my-tickets/{ticket_id}/wallet/{which}")))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

/// A GET without following redirects, as a test must to see a 303.
async fn get_unfollowed(url: &str) -> reqwest::Response {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(url)
        .send()
        .await
        .unwrap()
}

/// The files of a `.pkpass` by name.
fn unzip(pass: &[u8]) -> HashMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(Cursor::new(pass)).expect("a .pkpass is a zip");
    (0..archive.len())
        .map(|index| {
            let mut file = archive.by_index(index).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().expect("a file name").to_string(), bytes)
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

on_both_databases! {
    async fn a_ticket_is_a_signed_pass_with_its_code_day_and_place(app, with_wallets()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let token = app.buyer_manage_token(&order_id).await;
        let page = my_tickets(&app, &token).await;
        let ticket = &page["tickets"][0];
        let (ticket_id, code) = (ticket["id"].as_str().unwrap(), ticket["code"].as_str().unwrap());

        let answer = wallet(&app, &token, ticket_id, "apple").await;

        assert_eq!(page["wallet"], json!({ "apple": true, "google": true }));
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "application/vnd.apple.pkpass");
        let files = unzip(&answer.bytes().await.unwrap());
        let manifest: HashMap<String, String> = serde_json::from_slice(&files["manifest.json"]).unwrap();
        let mut listed: Vec<&str> = manifest.keys().map(String::as_str).collect();
        listed.sort_unstable();
        assert_eq!(listed, ["icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "logo@3x.png", "pass.json"]);
        for (name, digest) in &manifest {
            assert_eq!(*digest, hex(&Sha1::digest(&files[name])), "the manifest's SHA-1 of {name}");
        }
        assert_eq!(files.len(), manifest.len() + 2, "the pass holds the manifest, its signature and what it lists");
        wallet_credentials::verify_detached(&files["signature"], &files["manifest.json"], &credentials().root);

        let pass: Value = serde_json::from_slice(&files["pass.json"]).unwrap();
        assert_eq!((pass["passTypeIdentifier"].as_str(), pass["teamIdentifier"].as_str()), (Some(PASS_TYPE_ID), Some(TEAM_ID)));
        assert_eq!(pass["barcodes"][0]["message"], code);
        assert_eq!(pass["barcodes"][0]["format"], "PKBarcodeFormatQR");
        assert_eq!(pass["relevantDate"], app.event.doors_open.format(&Rfc3339).unwrap());
        assert_eq!(pass["eventTicket"]["headerFields"][0]["value"], app.event.starts_at.format(&Rfc3339).unwrap());
        assert_eq!(pass["locations"][0]["latitude"], json!(25.7953));
        assert_eq!(pass["locations"][0]["longitude"], json!(-80.1340));
        let back = pass["eventTicket"]["backFields"].as_array().unwrap();
        assert!(back.iter().any(|field| field["value"].as_str().unwrap().contains(&app.event.venue.address)), "{back:?}");
        let secondary = &pass["eventTicket"]["secondaryFields"];
        assert_eq!((secondary[0]["value"].as_str(), secondary[1]["value"].as_str()), (Some("Ana Diaz"), Some("Developer Pass")));
        assert_eq!(pass["backgroundColor"], "rgb(11, 27, 51)");

        // The ticket email's link needs no header; a key for another ticket opens nothing.
        let key = ticket["walletKey"].as_str().unwrap();
        let keyed = app.get(&format!("/api/my-tickets/{ticket_id}/wallet/apple?key={key}")).await;
        assert_eq!(keyed.status(), 200);
        let forged = app.get(&format!("/api/my-tickets/{ticket_id}/wallet/apple?key={}", "0".repeat(64))).await;
        assert_eq!(forged.status(), 404);
        assert_eq!(app.get(&format!("/api/my-tickets/{ticket_id}/wallet/apple")).await.status(), 404, "no link, no pass");
        assert_eq!(wallet(&app, "not-the-token", ticket_id, "apple").await.status(), 404);
    }
}

on_both_databases! {
    /// A seat given to someone else gets a new code, so a new pass; the pass the buyer saved keeps the old code,
    /// which the door refuses.
    async fn a_ticket_that_changes_hands_gets_a_new_pass_and_the_old_code_is_refused_at_the_door(app, with_wallets()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@acme.dev").await;
        let token = app.buyer_manage_token(&order_id).await;
        let before = my_tickets(&app, &token).await;
        let seat = before["tickets"][1]["id"].as_str().unwrap().to_owned();
        let old_key = before["tickets"][1]["walletKey"].as_str().unwrap().to_owned();
        let old_pass = unzip(&wallet(&app, &token, &seat, "apple").await.bytes().await.unwrap());
        let old_pass: Value = serde_json::from_slice(&old_pass["pass.json"]).unwrap();

        let given = app.client.post(app.url(&format!("/api/my-tickets/{seat}/attendee")))
            .header("X-Manage-Token", &token)
            .json(&json!({ "name": "Bo Lee", "email": "bo@acme.dev" }))
            .send().await.unwrap();

        assert_eq!(given.status(), 200);
        assert_eq!(wallet(&app, &token, &seat, "apple").await.status(), 409, "the buyer's link no longer has the pass");
        let stale = app.get(&format!("/api/my-tickets/{seat}/wallet/apple?key={old_key}")).await;
        assert_eq!(stale.status(), 404, "the old email's link ends with the old code");
        let bo = app.manage_links_to("bo@acme.dev", 1).await.remove(0);
        let new_pass = unzip(&wallet(&app, &bo, &seat, "apple").await.bytes().await.unwrap());
        let new_pass: Value = serde_json::from_slice(&new_pass["pass.json"]).unwrap();
        assert_ne!(new_pass["serialNumber"], old_pass["serialNumber"], "a new pass, not an update of the old");
        assert_ne!(new_pass["barcodes"][0]["message"], old_pass["barcodes"][0]["message"]);
        assert_eq!(new_pass["eventTicket"]["secondaryFields"][0]["value"], "Bo Lee");
        let old_code = app.admin_post("/api/admin/check-in", &json!({ "code": old_pass["barcodes"][0]["message"] })).await;
        assert_eq!(old_code.status(), 410);
        assert_eq!(old_code.json::<Value>().await.unwrap()["result"], "transferred");
        let new_code = app.admin_post("/api/admin/check-in", &json!({ "code": new_pass["barcodes"][0]["message"] })).await;
        assert_eq!(new_code.status(), 200);
    }
}

on_both_databases! {
    async fn the_google_link_carries_the_ticket_object_signed_by_the_service_account(app, with_wallets()) {
        let order_id = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        let token = app.buyer_manage_token(&order_id).await;
        let ticket = my_tickets(&app, &token).await["tickets"][0].clone();
        let ticket_id = ticket["id"].as_str().unwrap();

        let answer = wallet(&app, &token, ticket_id, "google").await;

        assert_eq!(answer.status(), 200);
        let url = answer.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
        let jwt = url.strip_prefix(SAVE_URL).expect("a Save to Google Wallet link");
        let claims = wallet_credentials::verified_claims(jwt, &credentials().google_public);
        assert_eq!((claims["aud"].as_str(), claims["typ"].as_str()), (Some("google"), Some("savetowallet")));
        assert_eq!(claims["iss"], "wallet@codewave-test.iam.gserviceaccount.com");
        assert_eq!(claims["origins"], json!(["http://codewave.test"]));
        let object = &claims["payload"]["eventTicketObjects"][0];
        let class = &claims["payload"]["eventTicketClasses"][0];
        assert_eq!(object["barcode"], json!({ "type": "QR_CODE", "value": ticket["code"], "alternateText": ticket["code"] }));
        assert_eq!(object["ticketHolderName"], "Ana Diaz");
        assert_eq!(object["ticketType"]["defaultValue"]["value"], "VIP Pass");
        assert_eq!(object["state"], "ACTIVE");
        assert!(object["id"].as_str().unwrap().starts_with(&format!("{GOOGLE_ISSUER_ID}.{ticket_id}-")));
        assert_eq!(object["classId"], class["id"]);
        assert_eq!(class["id"], format!("{GOOGLE_ISSUER_ID}.codewave-miami-2026"));
        assert_eq!(class["eventName"]["defaultValue"]["value"], app.event.name);
        assert_eq!(class["dateTime"]["start"], app.event.starts_at.format(&Rfc3339).unwrap());

        let key = ticket["walletKey"].as_str().unwrap();
        let from_email = get_unfollowed(&app.url(&format!("/api/my-tickets/{ticket_id}/wallet/google?key={key}"))).await;
        assert_eq!(from_email.status(), 303, "one tap from the email saves the pass");
        assert!(from_email.headers()["location"].to_str().unwrap().starts_with(SAVE_URL));
    }
}

on_both_databases! {
    async fn the_ticket_email_links_to_both_wallets_without_the_manage_link(app, with_wallets()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;

        let email = app.email_to_containing("ana@example.com", "Add to Apple Wallet").await;

        let link = |label: &str| {
            let line = email.lines().find(|line| line.starts_with(label)).unwrap_or_else(|| panic!("{label} in {email}"));
            line[label.len()..].trim().replace("http://codewave.test", &app.address)
        };
        let apple = app.client.get(link("Add to Apple Wallet:")).send().await.unwrap();
        assert_eq!(apple.status(), 200);
        assert_eq!(apple.headers()["content-type"], "application/vnd.apple.pkpass");
        let google = get_unfollowed(&link("Save to Google Wallet:")).await;
        assert_eq!(google.status(), 303);
        let tickets = app.store.tickets_of_order(&order_id).await.unwrap();
        assert!(!email.contains(&tickets[0].code), "the email's links carry a key, not the code's stored form");
    }
}

on_both_databases! {
    async fn without_the_settings_no_wallet_shows_and_no_wallet_call_answers(app, TestOptions {
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::default()
    }) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let token = app.buyer_manage_token(&order_id).await;
        let page = my_tickets(&app, &token).await;
        let ticket_id = page["tickets"][0]["id"].as_str().unwrap();

        let apple = wallet(&app, &token, ticket_id, "apple").await;
        let google = wallet(&app, &token, ticket_id, "google").await;

        assert_eq!(page["wallet"], json!({ "apple": false, "google": false }));
        assert!(page["tickets"][0]["walletKey"].is_null());
        assert_eq!(apple.status(), 404);
        assert_eq!(apple.json::<Value>().await.unwrap()["message"], "Apple Wallet passes are not offered for this event.");
        assert_eq!(google.status(), 404);
        let email = app.email_to_containing("ana@example.com", "YOUR TICKET CODE").await;
        assert!(!email.contains("Wallet"), "{email}");
    }
}

on_both_databases! {
    async fn one_wallet_alone_offers_that_wallet_only(app, TestOptions {
        env: credentials().google_env(),
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::default()
    }) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let token = app.buyer_manage_token(&order_id).await;
        let page = my_tickets(&app, &token).await;
        let ticket_id = page["tickets"][0]["id"].as_str().unwrap();

        assert_eq!(page["wallet"], json!({ "apple": false, "google": true }));
        assert_eq!(wallet(&app, &token, ticket_id, "apple").await.status(), 404);
        assert_eq!(wallet(&app, &token, ticket_id, "google").await.status(), 200);
        let email = app.email_to_containing("ana@example.com", "Save to Google Wallet").await;
        assert!(!email.contains("Apple Wallet"), "{email}");
    }
}

/// The real binary, as an organizer would start it; it must stop on its own.
fn start_refused(env: &[(&str, String)]) -> String {
    let data = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_conference"));
    command
        .arg("serve")
        .env_clear()
        .env("DATA_DIR", data.path())
        .env("PORT", "0")
        .env(
            "CONFERENCE_FILE",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"),
        );
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().expect("the binary runs");
    assert!(!output.status.success(), "the server started");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_live_site_with_half_a_wallet_refuses_to_start_naming_what_is_missing() {
    let mut env: Vec<(&str, String)> = [
        ("PUBLIC_URL", "https://codewave.events"),
        ("STRIPE_SECRET_KEY", "sk_live_123"),
        ("STRIPE_PUBLISHABLE_KEY", "pk_live_123"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_123"),
        ("SMTP_URL", "smtp://127.0.0.1:1"),
    ]
    .map(|(name, value)| (name, value.to_owned()))
    .to_vec();
    env.extend(credentials().apple_env().into_iter().take(3));
    env.push(("GOOGLE_WALLET_ISSUER_ID", GOOGLE_ISSUER_ID.to_owned()));

    let stderr = start_refused(&env);

    assert!(
        stderr.contains("Apple Wallet is half configured: APPLE_PASS_KEY, APPLE_WWDR_CERT are not set"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Google Wallet is half configured: GOOGLE_WALLET_KEY is not set"),
        "{stderr}"
    );
}

#[test]
fn a_wallet_file_that_does_not_fit_stops_the_start_naming_its_setting() {
    let mut wrong_key = credentials().apple_env();
    wrong_key[3].1 = credentials().file("stranger.key");
    let mut missing = credentials().google_env();
    missing[1].1 = credentials().file("no-such-key.json");

    let wrong_key = start_refused(&wrong_key);
    let missing = start_refused(&missing);

    assert!(
        wrong_key.contains("APPLE_PASS_KEY") && wrong_key.contains("is not the private key of APPLE_PASS_CERT"),
        "{wrong_key}"
    );
    assert!(missing.contains("cannot read GOOGLE_WALLET_KEY"), "{missing}");
}
