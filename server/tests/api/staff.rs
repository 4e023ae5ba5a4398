//! The crew: invitations, roles enforced on every admin route, and deactivation (the door's
//! own calls are in door.rs).

use std::sync::Arc;

use conference::admin::roles::{self, Access, Role};
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};

pub(crate) const PASSWORD: &str = "a long door password";

fn options() -> TestOptions {
    TestOptions::default().with_admin().without_rate_limits()
}

fn on_the_clock(clock: Arc<ManualClock>) -> TestOptions {
    let mut options = options();
    options.clock = Some(clock);
    options
}

/// Invites `email` with `role`; answers the invitation's token.
async fn invite(app: &TestApp, email: &str, role: &str) -> String {
    let invited = app
        .admin_post(
            "/api/admin/staff",
            &json!({ "email": email, "name": format!("{role} person"), "role": role }),
        )
        .await;
    assert_eq!(invited.status(), 200, "invite {email}");
    let invited: Value = invited.json().await.unwrap();
    let url = invited["invitationUrl"].as_str().unwrap();
    assert!(url.contains("/admin/invitation#"), "{url}");
    url.rsplit('#').next().unwrap().to_owned()
}

async fn accept(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/admin/invitations/{token}")))
        .header("Origin", &app.address)
        .json(&json!({ "password": password }))
        .send()
        .await
        .unwrap()
}

pub(crate) async fn sign_in_as(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/admin/session"))
        .header("Origin", &app.address)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
}

/// A person of `role` with a password, signed in: answers their session cookie.
pub(crate) async fn staff_session(app: &TestApp, role: &str) -> String {
    let email = format!("{role}@crew.example.com");
    let token = invite(app, &email, role).await;
    assert_eq!(accept(app, &token, PASSWORD).await.status(), 200);
    let signed_in = sign_in_as(app, &email, PASSWORD).await;
    assert_eq!(signed_in.status(), 200, "{role} signs in");
    let cookie = signed_in.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

pub(crate) async fn call(
    app: &TestApp,
    cookie: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let mut request = app
        .client
        .request(method.parse().unwrap(), app.url(path))
        .header("Cookie", cookie)
        .header("Origin", &app.address);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

async fn staff_id(app: &TestApp, email: &str) -> String {
    let staff: Value = app.admin_get("/api/admin/staff").await.json().await.unwrap();
    staff["staff"]
        .as_array()
        .unwrap()
        .iter()
        .find(|person| person["email"] == email)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

on_both_databases! {
    /// Every route of the admin router, as the contract the router builds lists them, answers
    /// each role as the table says: 403 `forbidden` exactly where the role is not allowed.
    async fn every_admin_route_answers_each_role_as_the_table_says(app, options()) {
        let contract: Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
        let mut routes = Vec::new();
        for (path, operations) in contract["paths"].as_object().unwrap() {
            let Some(route) = path.strip_prefix("/api/admin").map(|rest| format!("/api/admin{rest}")) else { continue };
            for method in operations.as_object().unwrap().keys() {
                routes.push((method.to_uppercase(), route.clone()));
            }
        }
        assert_eq!(routes.len(), roles::CALLS.len(), "the walk found the admin routes: {routes:?}");
        for (method, route) in &routes {
            assert!(roles::access(method, route).is_some(), "{method} {route} is missing from the table of calls");
        }
        for (method, route, _) in roles::CALLS {
            assert!(routes.iter().any(|(m, r)| m == method && r == route), "{method} {route} is in the table but not the router");
        }

        for role in Role::ALL {
            let cookie = staff_session(&app, role.as_str()).await;
            for (method, route) in &routes {
                let access = roles::access(method, route).unwrap();
                if access == Access::Public {
                    continue;
                }
                let path = route.replace("{id}", "no-such-id").replace("{name}", "no-such-export")
                    .replace("{number}", "NO-SUCH-1").replace("{token}", "no-such-token");
                let path = if route.ends_with("/check-in/search") { format!("{path}?q=zz") } else { path };
                let body = (method != "GET").then(|| json!({}));
                let answer = call(&app, &cookie, method, &path, body).await;
                let status = answer.status();
                if access.admits(role) {
                    assert!(status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
                            "{} may call {method} {route}, got {status}", role.as_str());
                } else {
                    assert_eq!(status, StatusCode::FORBIDDEN, "{} must not call {method} {route}", role.as_str());
                    let refusal: Value = answer.json().await.unwrap();
                    assert_eq!(refusal["code"], "forbidden", "{method} {route}");
                }
            }
        }
    }
}

on_both_databases! {
    /// The door checks tickets in and sees names, never orders, refunds or exports.
    async fn a_door_account_gets_403_on_orders_refunds_and_exports(app, options()) {
        let order_id = app.paid_ticket_order("developer", "Dora Door", "dora@example.com").await;
        let door = staff_session(&app, "door").await;
        let code = app.store.tickets_of_order(&order_id).await.unwrap()[0].code.clone();

        let orders = call(&app, &door, "GET", "/api/admin/orders", None).await;
        let order = call(&app, &door, "GET", &format!("/api/admin/orders/{order_id}"), None).await;
        let refund = call(&app, &door, "POST", &format!("/api/admin/orders/{order_id}/refund"), Some(json!({}))).await;
        let export = call(&app, &door, "GET", "/api/admin/exports/orders.csv", None).await;
        let admitted = call(&app, &door, "POST", "/api/admin/check-in", Some(json!({ "code": code }))).await;

        for refused in [orders, order, refund, export] {
            assert_eq!(refused.status(), StatusCode::FORBIDDEN);
            let body: Value = refused.json().await.unwrap();
            assert_eq!(body["code"], "forbidden");
            assert!(body["message"].as_str().unwrap().contains("door"), "{body}");
        }
        assert_eq!(admitted.status(), 200);
        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        let check_in = page["timeline"].as_array().unwrap().iter().find(|entry| entry["kind"] == "check_in");
        assert_eq!(check_in.map(|entry| entry["actor"].clone()), Some(json!("door person")), "the log names the person");
        assert_eq!(app.store.tickets_of_order(&order_id).await.unwrap()[0].checked_in_by.as_deref(), Some("door person"));
    }
}

on_both_databases! {
    /// An invitation sets a password once, within 48 hours; sign-in is by email afterwards.
    async fn invitations_work_once_and_expire(app, on_the_clock(ManualClock::at(OffsetDateTime::now_utc()))) {
        let clock = app.clock.clone().unwrap();
        let late = invite(&app, "late@crew.example.com", "support").await;
        let once = invite(&app, "once@crew.example.com", "manager").await;

        let short = accept(&app, &once, "too short").await;
        let first = accept(&app, &once, PASSWORD).await;
        let second = accept(&app, &once, "another long password").await;
        clock.set(OffsetDateTime::now_utc() + Duration::hours(49));
        let expired = accept(&app, &late, PASSWORD).await;
        let forged = accept(&app, "not-a-token", PASSWORD).await;

        assert_eq!(short.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(first.status(), 200);
        let person: Value = first.json().await.unwrap();
        assert_eq!((person["role"].as_str(), person["status"].as_str()), (Some("manager"), Some("active")));
        for gone in [second, expired, forged] {
            assert_eq!(gone.status(), StatusCode::GONE);
        }
        assert_eq!(sign_in_as(&app, "once@crew.example.com", "another long password").await.status(), 401);
        let signed_in = sign_in_as(&app, "ONCE@crew.example.com", PASSWORD).await;
        assert_eq!(signed_in.status(), 200);
        assert_eq!(signed_in.json::<Value>().await.unwrap()["role"], "manager");
        assert_eq!(sign_in_as(&app, "late@crew.example.com", PASSWORD).await.status(), 401, "never accepted");
        let invitation = app.store.list_outbox().await.unwrap();
        assert_eq!(invitation.iter().filter(|email| email.kind == "staff_invitation").count(), 2);
    }
}

on_both_databases! {
    /// Once anyone has an account, the shared password no longer signs in without an email; the
    /// first sign-in with an email and the shared password makes the owner's account, even after
    /// the owner invited the crew with the token.
    async fn the_shared_password_gives_way_to_accounts(app, options()) {
        let _door = staff_session(&app, "door").await;
        // Two browsers of the owner sign in for the first time at once: one makes the account, both get in.
        let (first, second) = tokio::join!(
            sign_in_as(&app, "olivia.organizer@codewave.example.com", crate::helpers::ADMIN_PASSWORD),
            sign_in_as(&app, "olivia.organizer@codewave.example.com", crate::helpers::ADMIN_PASSWORD),
        );
        assert_eq!((first.status(), second.status()), (StatusCode::OK, StatusCode::OK));
        let owner: Value = first.json().await.unwrap();
        assert_eq!((owner["role"].as_str(), owner["name"].as_str()), (Some("owner"), Some("Olivia Organizer")));
        let staff: Value = app.admin_get("/api/admin/staff").await.json().await.unwrap();
        assert_eq!(staff["staff"].as_array().unwrap().len(), 2, "the door and one owner");

        let shared = app
            .client
            .post(app.url("/api/admin/session"))
            .header("Origin", &app.address)
            .json(&json!({ "name": "Someone", "password": crate::helpers::ADMIN_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(shared.status(), 401);
        assert_eq!(shared.json::<Value>().await.unwrap()["code"], "email_required");
        let again = sign_in_as(&app, "olivia.organizer@codewave.example.com", crate::helpers::ADMIN_PASSWORD).await;
        assert_eq!(again.status(), 200);
        let stranger = sign_in_as(&app, "mallory@example.com", crate::helpers::ADMIN_PASSWORD).await;
        assert_eq!(stranger.status(), 401, "the shared password makes one owner only");
    }
}

/// Whether `cookie` still opens the back office: 200, or 401 `sign_in_required` once its session ended.
async fn session_holds(app: &TestApp, cookie: &str) -> bool {
    let answer = call(app, cookie, "GET", "/api/admin/orders", None).await;
    match answer.status() {
        StatusCode::OK => true,
        StatusCode::UNAUTHORIZED => {
            assert_eq!(answer.json::<Value>().await.unwrap()["code"], "sign_in_required");
            false
        }
        other => panic!("{other}"),
    }
}

on_both_databases! {
    /// The first sign-in with an email and the shared password makes the owner's account, and ends the sessions
    /// the shared password alone made.
    async fn a_shared_password_session_ends_when_the_first_owner_signs_in_to_their_account(app, options()) {
        let shared = app.sign_in().await;
        assert!(session_holds(&app, &shared).await);

        let owner = sign_in_as(&app, "olivia.organizer@codewave.example.com", crate::helpers::ADMIN_PASSWORD).await;

        assert_eq!(owner.status(), 200);
        let owner = owner.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        assert!(!session_holds(&app, &shared).await, "the shared password's session ended");
        assert!(session_holds(&app, &owner).await, "the owner's own session holds");
    }
}

on_both_databases! {
    /// An owner made on the server (`conference admin create-owner`) ends them too.
    async fn a_shared_password_session_ends_when_an_owner_is_made_on_the_command_line(app, options()) {
        let shared = app.sign_in().await;
        assert!(session_holds(&app, &shared).await);

        let hash = conference::admin::password::hash_password("an owner's long password").unwrap();
        app.store.create_owner("olga@example.com", "Olga Owner", &hash, "command line").await.unwrap();

        assert!(!session_holds(&app, &shared).await);
    }
}

on_both_databases! {
    /// A shared-password session holds across a restart with the same setting, and ends with a changed
    /// `ADMIN_PASSWORD_HASH` or none.
    async fn a_shared_password_session_ends_once_its_setting_is_changed_or_gone(app, options()) {
        let shared = app.sign_in().await;
        let app = app.restart().await;
        assert!(session_holds(&app, &shared).await, "the same setting");

        // The same password hashed again (a new salt): a new setting, as when the password is changed.
        let rehashed = conference::admin::password::hash_password(crate::helpers::ADMIN_PASSWORD).unwrap();
        let app = app
            .restart_with(|env| {
                env.retain(|(name, _)| *name != "ADMIN_PASSWORD_HASH");
                env.push(("ADMIN_PASSWORD_HASH", rehashed));
            })
            .await;
        assert!(!session_holds(&app, &shared).await, "a changed setting");
        let signed_in_again = app.sign_in().await;
        assert!(session_holds(&app, &signed_in_again).await);

        let app = app.restart_with(|env| env.retain(|(name, _)| *name != "ADMIN_PASSWORD_HASH")).await;
        assert!(!session_holds(&app, &signed_in_again).await, "no setting: only the token opens the back office");
        assert_eq!(app.admin_get("/api/admin/orders").await.status(), 200);
    }
}

on_both_databases! {
    /// Deactivating ends the person's session on their very next call; a new role counts at once.
    async fn deactivation_ends_a_session_at_once(app, options()) {
        let support = staff_session(&app, "support").await;
        let id = staff_id(&app, "support@crew.example.com").await;
        assert_eq!(call(&app, &support, "GET", "/api/admin/orders", None).await.status(), 200);

        let promoted = app.client.patch(app.url(&format!("/api/admin/staff/{id}")))
            .bearer_auth(crate::helpers::ADMIN_TOKEN).json(&json!({ "role": "door" })).send().await.unwrap();
        assert_eq!(promoted.status(), 200);
        assert_eq!(call(&app, &support, "GET", "/api/admin/orders", None).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(call(&app, &support, "GET", "/api/admin/check-in/list", None).await.status(), 200);

        let deactivated = app.client.patch(app.url(&format!("/api/admin/staff/{id}")))
            .bearer_auth(crate::helpers::ADMIN_TOKEN).json(&json!({ "active": false })).send().await.unwrap();
        assert_eq!(deactivated.json::<Value>().await.unwrap()["status"], "deactivated");
        let list = call(&app, &support, "GET", "/api/admin/check-in/list", None).await;
        let sync = call(&app, &support, "POST", "/api/admin/check-in/batch",
                        Some(json!({ "deviceId": "door-1", "scans": [] }))).await;
        assert_eq!((list.status(), sync.status()), (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED));
        assert_eq!(sign_in_as(&app, "support@crew.example.com", PASSWORD).await.status(), 401);
    }
}

on_both_databases! {
    /// The last active owner cannot be demoted or deactivated: the back office keeps an owner.
    async fn the_last_owner_stays(app, options()) {
        let _owner = staff_session(&app, "owner").await;
        let id = staff_id(&app, "owner@crew.example.com").await;
        let demoted = app.client.patch(app.url(&format!("/api/admin/staff/{id}")))
            .bearer_auth(crate::helpers::ADMIN_TOKEN).json(&json!({ "role": "manager" })).send().await.unwrap();
        assert_eq!(demoted.status(), StatusCode::CONFLICT);
        let taken = app.admin_post("/api/admin/staff", &json!({ "email": "owner@crew.example.com", "name": "Again", "role": "door" })).await;
        assert_eq!(taken.status(), StatusCode::CONFLICT);
        // Counted as sent, as the contract's maxLength is: padding does not slip past it.
        let padded = app
            .admin_post("/api/admin/staff", &json!({ "email": "pad@crew.example.com", "name": format!("Pat{}", " ".repeat(98)), "role": "door" }))
            .await;
        assert_eq!(padded.status(), StatusCode::UNPROCESSABLE_ENTITY);
        // A body that is not an object is refused, though every field of a change is optional.
        let array = app.client.patch(app.url(&format!("/api/admin/staff/{id}")))
            .bearer_auth(crate::helpers::ADMIN_TOKEN).header("Content-Type", "application/json").body("[]").send().await.unwrap();
        assert_eq!(array.status(), StatusCode::BAD_REQUEST);
    }
}

fn behind_a_proxy() -> TestOptions {
    let mut options = TestOptions::default().with_admin();
    options.env.push(("TRUSTED_PROXIES", "127.0.0.1".to_owned()));
    options
}

async fn sign_in_from(app: &TestApp, address: &str, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/admin/session"))
        .header("Origin", &app.address)
        .header("X-Forwarded-For", address)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
}

async fn accept_from(app: &TestApp, address: &str, token: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/admin/invitations/{token}")))
        .header("Origin", &app.address)
        .header("X-Forwarded-For", address)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .await
        .unwrap()
}

/// A person of the door with a password, invited and set up from `address`.
async fn door_person(app: &TestApp, email: &str, address: &str) {
    let token = invite(app, email, "door").await;
    assert_eq!(
        accept_from(app, address, &token).await.status(),
        200,
        "{email} sets a password"
    );
}

const DORA: &str = "dora@crew.example.com";

on_both_databases! {
    /// Wrong passwords slow the address they come from; the right password from anywhere else still signs in.
    async fn a_right_password_is_never_refused_for_wrong_ones_from_elsewhere(app, behind_a_proxy()) {
        door_person(&app, DORA, "192.0.2.1").await;
        let mut guesses = Vec::new();
        for _ in 0..6 {
            guesses.push(sign_in_from(&app, "198.51.100.1", DORA, "not her password").await);
        }

        let from_the_guesser = sign_in_from(&app, "198.51.100.1", DORA, PASSWORD).await;
        let from_her_phone = sign_in_from(&app, "198.51.100.2", DORA, PASSWORD).await;

        let statuses: Vec<StatusCode> = guesses.iter().map(reqwest::Response::status).collect();
        assert_eq!(statuses[..5], [StatusCode::UNAUTHORIZED; 5]);
        assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS, "the sixth guess from one address waits");
        assert_eq!(guesses[5].headers()["retry-after"], "60");
        assert_eq!(from_the_guesser.status(), StatusCode::TOO_MANY_REQUESTS, "the guessing address waits, whatever it sends");
        assert_eq!(from_her_phone.status(), StatusCode::OK);
    }
}

on_both_databases! {
    /// Guessing one account from many addresses: once the account has taken its failures, every address that
    /// failed at it waits; an address that never did is not refused, so the owner still signs in.
    async fn guessing_one_account_from_many_addresses_makes_the_addresses_that_failed_wait(app, behind_a_proxy()) {
        door_person(&app, DORA, "192.0.2.1").await;
        let mut first_guesses = Vec::new();
        for address in 1..=12 {
            first_guesses.push(sign_in_from(&app, &format!("198.51.100.{address}"), DORA, "a guess").await.status());
        }

        let second_guess = sign_in_from(&app, "198.51.100.1", DORA, "another guess").await;
        let another_account = sign_in_from(&app, "198.51.100.1", "bo@crew.example.com", "a guess").await;
        let a_new_address = sign_in_from(&app, "198.51.100.13", DORA, "a guess").await;
        let dora = sign_in_from(&app, "198.51.100.14", DORA, PASSWORD).await;

        assert_eq!(first_guesses, [StatusCode::UNAUTHORIZED; 12], "one guess per address is answered");
        assert_eq!(second_guess.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(another_account.status(), StatusCode::UNAUTHORIZED, "another account has its own count");
        assert_eq!(a_new_address.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(dora.status(), StatusCode::OK);
    }
}

on_both_databases! {
    /// The crew at the venue shares one address: everyone sets a password and signs in at the same moment.
    async fn a_crew_at_the_venue_sets_its_passwords_and_signs_in_together(app, behind_a_proxy()) {
        let venue = "203.0.113.7";
        let crew: Vec<String> = (1..=8).map(|person| format!("crew{person}@crew.example.com")).collect();
        for email in &crew {
            door_person(&app, email, venue).await;
        }

        let mistyped = sign_in_from(&app, venue, &crew[0], "a typo").await;
        let mut signed_in = Vec::new();
        for email in &crew {
            signed_in.push(sign_in_from(&app, venue, email, PASSWORD).await.status());
        }

        assert_eq!(mistyped.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(signed_in, [StatusCode::OK; 8]);
    }
}

on_both_databases! {
    /// Signing in and setting a password from an invitation draw on budgets of their own: a flood of sign-ins
    /// from an address does not stop an invitation from it.
    async fn invitations_are_kept_out_of_the_sign_in_budget(app, behind_a_proxy()) {
        let venue = "203.0.113.7";
        // With an owner, an unknown email is no guess at the shared password (which makes the first owner).
        let hash = conference::admin::password::hash_password("an owner's long password").unwrap();
        app.store.create_owner("olga@example.com", "Olga Owner", &hash, "command line").await.unwrap();
        let token = invite(&app, DORA, "door").await;
        // The budget gives one sign-in back every 2 s: on a loaded machine 31 sign-ins can take longer than that, so
        // the flood goes on until the address is refused rather than for a fixed count.
        let mut tries = Vec::new();
        while tries.last() != Some(&StatusCode::TOO_MANY_REQUESTS) && tries.len() < 100 {
            let email = format!("guess{}@example.com", tries.len());
            tries.push(sign_in_from(&app, venue, &email, "a guess").await.status());
        }

        let accepted = accept_from(&app, venue, &token).await;

        assert_eq!(tries[..30], [StatusCode::UNAUTHORIZED; 30], "room for a crew");
        assert_eq!(tries.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "the address's own budget is spent");
        assert_eq!(accepted.status(), StatusCode::OK);
    }
}

on_both_databases! {
    /// Until the first owner has an account, an email with a password is a guess at the shared password, however
    /// many made-up emails carry the guesses.
    async fn guesses_at_the_shared_password_share_one_count_whatever_email_comes_with_them(app, behind_a_proxy()) {
        let mut guesses = Vec::new();
        for attempt in 0..6 {
            guesses.push(sign_in_from(&app, "198.51.100.1", &format!("owner{attempt}@example.com"), "a guess").await.status());
        }

        assert_eq!(guesses[..5], [StatusCode::UNAUTHORIZED; 5]);
        assert_eq!(guesses[5], StatusCode::TOO_MANY_REQUESTS);
    }
}
