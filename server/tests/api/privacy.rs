//! Privacy. A payment id is not a key to someone's data: names, emails and codes go only to
//! the caller holding the payment's client secret, and made-up ids never reach Stripe. And
//! personal data has an end date: the retention job erases exactly the personal fields once
//! the event is long enough over, keeping amounts, counts and invoices; an owner's erasure of
//! one person leaves no trace of them in any table or export but the invoices the law keeps.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use sqlx::Row;
use time::{Duration, Time};

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};
use crate::staff::{call, staff_session};

async fn tees_for(app: &TestApp, name: &str) -> Value {
    let body = json!({ "merchandiseId": 2, "amount": 3499, "name": name, "email": "ana.torres@example.com",
                       "quantity": 1, "size": "M", "color": "Coral" });
    let answer = app.post_json("/api/create-merchandise-payment", &body).await;
    assert_eq!(answer.status(), 200);
    answer.json().await.unwrap()
}

on_both_databases! {
    async fn payment_details_are_masked_without_the_client_secret(app) {
        let created = tees_for(&app, "Ana Torres").await;
        let (payment, secret) = (created["paymentIntentId"].as_str().unwrap(), created["clientSecret"].as_str().unwrap());
        let details = |query: String| {
            let app = &app;
            async move { app.get(&format!("/api/get-payment-details?paymentIntentId={payment}{query}")).await }
        };

        let bare = details(String::new()).await;
        let wrong: Value = details(format!("&clientSecret={payment}_secret_guess")).await.json().await.unwrap();
        let owner: Value = details(format!("&clientSecret={secret}")).await.json().await.unwrap();

        assert_eq!(bare.headers()["cache-control"], "no-store");
        let bare: Value = bare.json().await.unwrap();
        assert_eq!(bare, json!({ "merchandiseId": 2, "name": "A. T.", "email": "a•••@example.com" }));
        assert_eq!(wrong, bare);
        assert_eq!(owner, json!({ "merchandiseId": 2, "name": "Ana Torres", "email": "ana.torres@example.com" }));
    }
}

on_both_databases! {
    async fn pickup_codes_and_references_come_back_only_with_the_client_secret(app) {
        let created = tees_for(&app, "Ana Torres").await;
        let secret = created["clientSecret"].as_str().unwrap();
        app.pay_with_card(secret, "4242424242424242").await;
        let confirm = |client_secret: Option<&str>| {
            let mut body = json!({ "paymentIntentId": created["paymentIntentId"], "merchandiseId": 2 });
            if let Some(client_secret) = client_secret {
                body["clientSecret"] = json!(client_secret);
            }
            body
        };

        let stranger = app.post_json("/api/confirm-merchandise-purchase", &confirm(None)).await;
        let buyer: Value = app.post_json("/api/confirm-merchandise-purchase", &confirm(Some(secret))).await.json().await.unwrap();

        assert_eq!(stranger.status(), 200);
        let stranger: Value = stranger.json().await.unwrap();
        assert_eq!(stranger["status"], "paid");
        assert!(stranger.get("pickupCode").is_none() && stranger.get("reference").is_none(), "{stranger}");
        assert!(buyer["pickupCode"].as_str().unwrap().starts_with("PU-"));
        assert!(buyer["reference"].as_str().unwrap().starts_with("CW-"));
    }
}

on_both_databases! {
    async fn ticket_and_sponsorship_references_come_back_only_with_the_client_secret(app) {
        let ticket: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        app.pay_with_card(ticket["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        let sponsorship: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "", "additionalInfo": "" }),
            )
            .await
            .json()
            .await
            .unwrap();
        app.pay_with_card(sponsorship["clientSecret"].as_str().unwrap(), "4242424242424242").await;

        let ticket_for = |secret: &Value| json!({ "paymentIntentId": ticket["paymentIntentId"], "clientSecret": secret });
        let sponsor_for = |secret: &Value| json!({ "paymentIntentId": sponsorship["paymentIntentId"], "clientSecret": secret });
        let mut answers: Vec<Value> = Vec::new();
        for (path, body) in [
            ("/api/confirm-purchase", ticket_for(&Value::Null)),
            ("/api/confirm-purchase", ticket_for(&ticket["clientSecret"])),
            ("/api/confirm-sponsorship", sponsor_for(&Value::Null)),
            ("/api/confirm-sponsorship", sponsor_for(&sponsorship["clientSecret"])),
        ] {
            let answer = app.post_json(path, &body).await;
            assert_eq!(answer.status(), 200, "{path}");
            answers.push(answer.json().await.unwrap());
        }

        assert!(answers[0].get("reference").is_none(), "{}", answers[0]);
        assert!(answers[1]["reference"].as_str().unwrap().starts_with("CW-"));
        assert!(answers[2].get("reference").is_none(), "{}", answers[2]);
        assert_eq!(answers[2]["tierLabel"], "Gold");
        assert!(answers[3]["reference"].as_str().unwrap().starts_with("CW-"));
    }
}

on_both_databases! {
    async fn a_made_up_payment_id_never_reaches_stripe(app, TestOptions::with_fake_stripe().await) {
        let answer = app
            .post_json("/api/confirm-purchase", &json!({ "paymentIntentId": "pi_3MadeUpByAnAttacker", "ticketId": 1 }))
            .await;

        assert_eq!(answer.status(), 404);
        assert_eq!(answer.headers()["cache-control"], "no-store");
        let requests = app.stripe.as_ref().unwrap().requests().await;
        assert!(requests.is_empty(), "Stripe was asked: {requests:?}");
    }
}

/// Noon at the venue a month before the last day tickets can be named, the back office open, and one VIP Pass for
/// sale, so that the next VIP buyer joins the waiting list.
fn before_the_event() -> TestOptions {
    let event = crate::helpers::shipped_event();
    let day = conference::tickets::transfer_until(&event) - Duration::days(30);
    let noon = day
        .with_time(Time::from_hms(12, 0, 0).unwrap())
        .assume_offset(event.starts_at.offset());
    TestOptions {
        clock: Some(ManualClock::at(noon)),
        ..TestOptions::with_event(|event| {
            event
                .tickets
                .iter_mut()
                .find(|ticket| ticket.ticket_type == "vip")
                .unwrap()
                .limit = Some(1);
        })
    }
    .with_admin()
    .without_rate_limits()
}

fn acme_billing() -> Value {
    json!({ "company": "Acme Inc.", "address": "500 Brickell Avenue", "city": "Miami", "postalCode": "33131",
            "country": "US" })
}

/// A ticket order of `ticket_type` for `name`, with Acme's billing details, created and, when `pay`, paid.
async fn ticket_order(app: &TestApp, ticket_type: &str, name: &str, email: &str, pay: bool) -> String {
    let quantity = i64::from(app.event.ticket_by_type(ticket_type).unwrap().min_quantity);
    let amount = app.ticket_total(ticket_type, quantity).await;
    let created = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": ticket_type, "quantity": quantity, "amount": amount, "name": name, "email": email,
                     "billing": acme_billing() }),
        )
        .await;
    assert_eq!(created.status(), 200);
    let created: Value = created.json().await.unwrap();
    if pay {
        let secret = created["clientSecret"].as_str().unwrap();
        assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
    }
    created["orderId"].as_str().unwrap().to_owned()
}

/// Gives the order's second seat to `name`, from the buyer's link.
async fn give_second_seat(app: &TestApp, order_id: &str, name: &str, email: &str) {
    let token = app.buyer_manage_token(order_id).await;
    let seat = app.store.tickets_of_order(order_id).await.unwrap()[1].id.clone();
    let named = app
        .client
        .post(app.url(&format!("/api/my-tickets/{seat}/attendee")))
        .header("X-Manage-Token", token)
        .json(&json!({ "name": name, "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(named.status(), 200);
}

async fn register_confirmed(app: &TestApp, name: &str, email: &str) {
    let body = json!({ "fullName": name, "email": email, "interestAreas": ["ai"], "subscribe": true });
    assert_eq!(app.post_json("/api/register-waitlist", &body).await.status(), 200);
    let token = app.links_to(email, "/waitlist/confirm?token=", 1).await.remove(0);
    let confirmed = app
        .client
        .post(app.url(&format!("/waitlist/confirm?token={token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(confirmed.status(), 200);
}

async fn join_vip_waiting_list(app: &TestApp, name: &str, email: &str) {
    let joined = app
        .post_json(
            "/api/waiting-list",
            &json!({ "kind": "ticket", "item": "vip", "name": name, "email": email, "quantity": 1 }),
        )
        .await;
    assert!(joined.status().is_success(), "{}", joined.status());
}

/// An answer to one of the event file's questions, for a place in an order.
async fn answer(app: &TestApp, order_id: &str, position: i64, value: &str) {
    sqlx::query("INSERT INTO ticket_answers (order_id, position, question_id, value, answered_at) VALUES ($1, $2, 'diet', $3, 0)")
        .bind(order_id)
        .bind(position)
        .bind(value)
        .execute(&app.database().await)
        .await
        .unwrap();
}

/// Every text column of every table, as "table.column".
async fn text_columns(app: &TestApp) -> Vec<(String, String)> {
    let database = app.database().await;
    let rows = if app.database_url().starts_with("sqlite") {
        sqlx::query(
            "SELECT m.name AS table_name, c.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) c
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'
               AND UPPER(c.type) = 'TEXT'",
        )
        .fetch_all(&database)
        .await
        .unwrap()
    } else {
        sqlx::query(
            "SELECT CAST(table_name AS TEXT) AS table_name, CAST(column_name AS TEXT) AS column_name
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND data_type = 'text' AND table_name <> '_sqlx_migrations'",
        )
        .fetch_all(&database)
        .await
        .unwrap()
    };
    rows.iter()
        .map(|row| (row.get("table_name"), row.get("column_name")))
        .collect()
}

/// The text columns, as "table.column", that hold any of `needles` in any case.
async fn traces(app: &TestApp, needles: &[&str]) -> BTreeSet<String> {
    let database = app.database().await;
    let mut found = BTreeSet::new();
    for (table, column) in text_columns(app).await {
        for needle in needles {
            let count: i64 = sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM \"{table}\" WHERE LOWER(\"{column}\") LIKE $1"
            ))
            .bind(format!("%{}%", needle.to_lowercase()))
            .fetch_one(&database)
            .await
            .unwrap();
            if count > 0 {
                found.insert(format!("{table}.{column}"));
            }
        }
    }
    found
}

/// The back office's exports, each as text.
async fn exports(app: &TestApp) -> Vec<String> {
    let mut files = Vec::new();
    for name in ["orders", "attendees", "pickups", "waitlist", "codes", "sponsors"] {
        let answer = app.admin_get(&format!("/api/admin/exports/{name}.csv")).await;
        assert_eq!(answer.status(), 200, "{name}.csv");
        files.push(answer.text().await.unwrap());
    }
    files
}

/// What erasing must never change: each order's status and amounts, and each invoice as issued.
async fn money(app: &TestApp) -> (Vec<(String, String, i64, i64)>, Vec<(String, String, String)>) {
    let database = app.database().await;
    let orders = sqlx::query("SELECT id, status, amount, refunded_amount FROM orders ORDER BY id")
        .fetch_all(&database)
        .await
        .unwrap()
        .iter()
        .map(|row| {
            (
                row.get("id"),
                row.get("status"),
                row.get("amount"),
                row.get("refunded_amount"),
            )
        })
        .collect();
    let invoices = sqlx::query("SELECT number, buyer_name, document FROM invoices ORDER BY number")
        .fetch_all(&database)
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get("number"), row.get("buyer_name"), row.get("document")))
        .collect();
    (orders, invoices)
}

async fn count(app: &TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(&app.database().await)
        .await
        .unwrap()
}

/// Every column that can hold a person's name, address, phone, answers or words about them, and what becomes of it.
/// Erased: overwritten (or, for answers, deleted) by the retention job and an erasure on request. Kept: why.
const PERSONAL_COLUMNS: &[(&str, &str)] = &[
    ("waitlist_registrations.email", "erased"),
    ("waitlist_registrations.full_name", "erased"),
    ("waitlist_registrations.job_title", "erased"),
    ("orders.buyer_name", "erased"),
    ("orders.buyer_email", "erased"),
    (
        "orders.options",
        "erased: the sponsor contact's name, phone and words; the company stays",
    ),
    (
        "orders.billing",
        "erased unless an invoice was issued, which the law keeps with its address",
    ),
    ("orders.client_address", "erased"),
    ("orders.picked_up_by", "kept: a staff member's name"),
    ("outbox.recipient", "erased"),
    ("outbox.subject_id", "erased where it is an address"),
    ("admin_sessions.name", "kept: a staff member's name"),
    ("audit_log.detail", "erased: attendees' names and addresses, and notes"),
    ("invoices.buyer_name", "kept: the law keeps invoices as issued"),
    ("invoices.document", "kept: the law keeps invoices as issued"),
    ("staff.email", "kept: the crew's accounts, on the Staff screen"),
    ("staff.name", "kept: the crew's accounts, on the Staff screen"),
    ("tickets.attendee_name", "erased"),
    ("certificates.attendee_name", "erased"),
    ("certificates.event_name", "kept: the event's name, not a person's"),
    ("tickets.attendee_email", "erased"),
    ("tickets.checked_in_by", "kept: a staff member's name"),
    ("ticket_handovers.from_name", "erased"),
    ("ticket_handovers.from_email", "erased"),
    ("ticket_handovers.to_name", "erased"),
    ("ticket_handovers.to_email", "erased"),
    ("check_in_duplicates.scanned_by", "kept: a staff member's name"),
    ("sponsor_profiles.display_name", "kept: the company's public profile"),
    ("sponsor_profiles.approved_name", "kept: the company's public profile"),
    ("sponsor_profiles.reviewed_by", "kept: a staff member's name"),
    ("waiting_list_entries.name", "erased"),
    ("waiting_list_entries.email", "erased"),
    ("waiting_list_entries.client_address", "erased"),
    ("waiting_list_entries.item_name", "kept: what was for sale"),
    ("orders.item_name", "kept: what was sold"),
    ("presales.item_name", "kept: what was for sale"),
    ("draws.item_name", "kept: what was for sale"),
    (
        "draws.winners",
        "erased: the winners' names and addresses; their codes stay",
    ),
    ("codes.note", "erased where it names an address"),
    (
        "refunds.reason",
        "kept: the organizer's reason, the person's name and address erased on request",
    ),
    (
        "programme_rooms.name",
        "kept: the public programme, kept in the call-for-papers tool",
    ),
    (
        "programme_tracks.name",
        "kept: the public programme, kept in the call-for-papers tool",
    ),
    (
        "programme_speakers.name",
        "kept: the public programme, kept in the call-for-papers tool",
    ),
    ("ticket_answers.value", "erased: the answers are deleted"),
    ("session_messages.sent_by", "kept: a staff member's name"),
    ("messages.created_by", "kept: a staff member's address"),
    ("messages.body", "kept: the organizer's words to a segment"),
    ("outbox.dedupe_key", "erased where the email was"),
    ("draws.created_by", "kept: a staff member's name"),
    ("draws.drawn_by", "kept: a staff member's name"),
    ("presales.created_by", "kept: a staff member's name"),
    ("programme_versions.applied_by", "kept: a staff member's name"),
    ("workshop_seats.checked_in_by", "kept: a staff member's name"),
    ("ticket_handovers.made_by", "kept: 'buyer' or 'holder'"),
    (
        "waiting_list_entries.options",
        "kept: the ticket type, size or colour wanted",
    ),
];

/// Whether a column's name says it may hold a person's name, address or phone.
fn looks_personal(column: &str) -> bool {
    [
        "name",
        "email",
        "phone",
        "address",
        "billing",
        "recipient",
        "detail",
        "winners",
        "note",
        "_by",
        "options",
    ]
    .iter()
    .any(|hint| column.contains(hint))
}

on_both_databases! {
    async fn every_column_that_may_hold_personal_data_is_decided(app) {
        let columns: BTreeSet<String> =
            text_columns(&app).await.into_iter().map(|(table, column)| format!("{table}.{column}")).collect();
        let decided: BTreeSet<String> = PERSONAL_COLUMNS.iter().map(|(column, _)| (*column).to_owned()).collect();

        let undecided: Vec<&String> = columns
            .iter()
            .filter(|column| looks_personal(column.split_once('.').unwrap().1) && !decided.contains(*column))
            .collect();
        let gone: Vec<&String> = decided.iter().filter(|column| !columns.contains(*column)).collect();
        assert!(undecided.is_empty(), "decide what the retention job does with {undecided:?} (store/privacy.rs, README)");
        assert!(gone.is_empty(), "no such columns: {gone:?}");
    }
}

on_both_databases! {
    async fn an_erasure_on_request_leaves_no_trace_of_the_person_but_the_invoice(app, before_the_event()) {
        let ana = ticket_order(&app, "team", "Ana Diaz", "ana@example.com", true).await;
        give_second_seat(&app, &ana, "Bo Lee", "bo@example.com").await;
        answer(&app, &ana, 1, "\"Vegan\"").await;
        answer(&app, &ana, 2, "\"Vegetarian\"").await;
        ticket_order(&app, "vip", "Cy Park", "cy@example.com", true).await;
        join_vip_waiting_list(&app, "Ana Diaz", "ana@example.com").await;
        register_confirmed(&app, "Ana Diaz", "ana@example.com").await;
        let noted = app.admin_post(&format!("/api/admin/orders/{ana}/notes"), &json!({ "text": "Ana Diaz asked for parking" })).await;
        assert_eq!(noted.status(), 200);
        let sent = app.admin_post("/api/admin/messages",
                                  &json!({ "segment": { "kind": "ticket_holders" }, "subject": "Hi", "body": "Welcome." })).await;
        assert_eq!(sent.status(), 201);
        let buyer_link = app.buyer_manage_token(&ana).await;
        let before = money(&app).await;
        let tickets_before = count(&app, "tickets").await;
        assert!(traces(&app, &["ana@example.com", "Ana Diaz"]).await.len() > 5);

        let erased = app.admin_post("/api/admin/privacy/erase", &json!({ "email": "Ana@Example.com" })).await;

        assert_eq!(erased.status(), 200);
        assert_eq!(erased.json::<Value>().await.unwrap(),
                   json!({ "erased": { "orders": 1, "tickets": 3, "registrations": 1, "entries": 1 } }),
                   "her order, her seat and the two nobody holds, her registration and her place in line");
        assert_eq!(traces(&app, &["ana@example.com", "Ana Diaz"]).await, BTreeSet::from(["invoices.document".to_owned()]),
                   "only the invoice the law keeps names her");
        for file in exports(&app).await {
            assert!(!file.to_lowercase().contains("ana@example.com") && !file.contains("Ana Diaz"), "{file}");
        }
        assert_eq!(money(&app).await, before, "amounts, statuses and invoices as they were");
        assert_eq!(count(&app, "tickets").await, tickets_before);
        let number = before.1[0].0.clone();
        assert_eq!(app.admin_get(&format!("/api/admin/invoices/{number}")).await.status(), 200, "the invoice still reads");
        let bo: Vec<String> = sqlx::query_scalar("SELECT attendee_name FROM tickets WHERE attendee_email = 'bo@example.com'")
            .fetch_all(&app.database().await).await.unwrap();
        assert_eq!(bo, ["Bo Lee"], "the seat she gave away is Bo's, and stays his");
        assert_eq!(count(&app, "ticket_answers").await, 1, "Bo's answer stays");
        let link = app.client.get(app.url("/api/my-tickets")).header("X-Manage-Token", buyer_link).send().await.unwrap();
        assert_eq!(link.status(), 404, "her link opens nothing");
        let history: Vec<String> = app.store.audit_for_order(&ana).await.unwrap().into_iter().map(|entry| entry.action).collect();
        assert_eq!(history.last().map(String::as_str), Some("personal_data_erased"));
    }
}

on_both_databases! {
    async fn only_an_owner_erases_and_support_sees_when_the_job_runs(app, before_the_event()) {
        let manager = staff_session(&app, "manager").await;
        let support = staff_session(&app, "support").await;
        let door = staff_session(&app, "door").await;

        let by_manager = call(&app, &manager, "POST", "/api/admin/privacy/erase", Some(json!({ "email": "ana@example.com" }))).await;
        let not_an_email = app.admin_post("/api/admin/privacy/erase", &json!({ "email": "ana" })).await;
        let nobody = app.admin_post("/api/admin/privacy/erase", &json!({ "email": "nobody@example.com" })).await;
        let seen_by_support = call(&app, &support, "GET", "/api/admin/privacy", None).await;
        let seen_by_door = call(&app, &door, "GET", "/api/admin/privacy", None).await;

        assert_eq!(by_manager.status(), 403);
        assert_eq!(not_an_email.status(), 422);
        assert!(not_an_email.json::<Value>().await.unwrap()["fieldErrors"]["email"].is_string());
        assert_eq!(nobody.json::<Value>().await.unwrap(),
                   json!({ "erased": { "orders": 0, "tickets": 0, "registrations": 0, "entries": 0 } }));
        assert_eq!(seen_by_support.status(), 200);
        let terms: Value = seen_by_support.json().await.unwrap();
        let runs_at = app.event.ends_at + Duration::days(3650);
        assert_eq!(terms, json!({ "keepPersonalDataDays": 3650, "runsAt": conference::clock::unix_millis(runs_at),
                                  "erasedAt": null }));
        assert_eq!(seen_by_door.status(), 403);
    }
}

on_both_databases! {
    async fn the_retention_job_erases_the_personal_fields_once_due_and_keeps_amounts_counts_and_invoices(app, before_the_event()) {
        let ana = ticket_order(&app, "team", "Ana Diaz", "ana@example.com", true).await;
        give_second_seat(&app, &ana, "Bo Lee", "bo@example.com").await;
        answer(&app, &ana, 1, "[\"Vegan\"]").await;
        let eve = ticket_order(&app, "developer", "Eve Stone", "eve@example.com", false).await;
        ticket_order(&app, "vip", "Cy Park", "cy@example.com", true).await;
        join_vip_waiting_list(&app, "Gus Hale", "gus@example.com").await;
        register_confirmed(&app, "Frank Olsen", "frank@example.com").await;
        let price = app.event.sponsorship_tiers.iter().find(|tier| tier.value == "supporter").unwrap().amount.cents();
        let created: Value = app
            .post_json("/api/create-sponsorship-payment",
                       &json!({ "tier": "supporter", "price": price, "companyName": "Acme", "contactName": "Sam Sponsor",
                                "email": "sam@acme.dev", "phone": "+1 305 555 0199", "website": "https://acme.dev",
                                "additionalInfo": "Call Sam on his mobile" }))
            .await.json().await.unwrap();
        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        let sam = created["orderId"].as_str().unwrap().to_owned();
        app.admin_post(&format!("/api/admin/orders/{ana}/notes"), &json!({ "text": "Bo Lee uses a wheelchair" })).await;
        let people = ["ana@example.com", "Ana Diaz", "bo@example.com", "Bo Lee", "eve@example.com", "Eve Stone",
                      "cy@example.com", "Cy Park", "gus@example.com", "Gus Hale", "frank@example.com", "Frank Olsen",
                      "sam@acme.dev", "Sam Sponsor", "555 0199", "his mobile"];
        let mut short = app.event.clone();
        short.privacy.keep_personal_data_days = 30;
        let due = short.privacy.erase_from(short.ends_at);
        let before = money(&app).await;
        let counts_before = (count(&app, "orders").await, count(&app, "tickets").await,
                             count(&app, "waitlist_registrations").await, count(&app, "waiting_list_entries").await);

        let early = conference::privacy::erase_if_due(&app.store, &short, due - Duration::minutes(1)).await.unwrap();
        let untouched = traces(&app, &people).await;
        let first = conference::privacy::erase_if_due(&app.store, &short, due).await.unwrap();
        let same_day = conference::privacy::erase_if_due(&app.store, &short, due + Duration::hours(1)).await.unwrap();
        let next_day = conference::privacy::erase_if_due(&app.store, &short, due + Duration::days(1)).await.unwrap();

        assert_eq!(early, None, "not before the date");
        assert!(untouched.contains("orders.buyer_email"), "{untouched:?}");
        let first = first.expect("due");
        assert_eq!((first.orders, first.registrations, first.entries), (4, 1, 1));
        assert_eq!(first.tickets, counts_before.1);
        assert_eq!(same_day, None, "once a day");
        assert_eq!(next_day.map(|erased| (erased.orders, erased.tickets)), Some((0, 0)), "nothing left to erase");
        let left = traces(&app, &people).await;
        assert!(left.contains("invoices.document") && left.iter().all(|column| column.starts_with("invoices.")),
                "no one is named anywhere but on the invoices: {left:?}");
        assert_eq!(money(&app).await, before, "amounts, statuses and invoices as they were");
        assert_eq!((count(&app, "orders").await, count(&app, "tickets").await,
                    count(&app, "waitlist_registrations").await, count(&app, "waiting_list_entries").await),
                   counts_before, "no row that counts is gone");
        assert_eq!(count(&app, "ticket_answers").await, 0);
        let database = app.database().await;
        let billing = |id: String| {
            let database = database.clone();
            async move {
                sqlx::query_scalar::<_, Option<String>>("SELECT billing FROM orders WHERE id = $1")
                    .bind(id).fetch_one(&database).await.unwrap()
            }
        };
        assert!(billing(ana.clone()).await.is_some_and(|billing| billing.contains("Brickell")), "invoiced: kept");
        assert_eq!(billing(eve).await, None, "not invoiced: erased");
        let options: String = sqlx::query_scalar("SELECT options FROM orders WHERE id = $1")
            .bind(&sam).fetch_one(&database).await.unwrap();
        let options: Value = serde_json::from_str(&options).unwrap();
        assert_eq!((options["companyName"].as_str(), options["contactName"].as_str(), options["phone"].as_str()),
                   (Some("Acme"), Some("erased"), Some("erased")));
        let number = before.1[0].0.clone();
        assert_eq!(app.admin_get(&format!("/api/admin/invoices/{number}")).await.status(), 200, "the invoice still reads");
        let terms: Value = app.admin_get("/api/admin/privacy").await.json().await.unwrap();
        assert!(terms["erasedAt"].is_i64(), "{terms}");
    }
}
