//! The back office's API: who may call it, finding orders, refunds by the policy,
//! emails, notes and exports.

use conference::orders::OrderStatus;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};

fn admin() -> TestOptions {
    TestOptions::default().with_admin()
}

/// The refund windows moved around today, so each window can be tested now.
fn refund_windows(full_days_from_today: i64, half_days_from_today: i64) -> TestOptions {
    TestOptions::with_event(move |event| {
        let today = event.venue_date(OffsetDateTime::now_utc());
        event.full_refund_until = today + Duration::days(full_days_from_today);
        event.half_refund_until = today + Duration::days(half_days_from_today);
    })
    .with_admin()
}

/// Every admin call, as (method, path).
fn admin_calls(order_id: &str) -> Vec<(reqwest::Method, String)> {
    use reqwest::Method;
    vec![
        (Method::GET, "/api/admin/session".into()),
        (Method::GET, "/api/admin/dashboard".into()),
        (Method::GET, "/api/admin/orders?q=ana".into()),
        (Method::GET, format!("/api/admin/orders/{order_id}")),
        (Method::GET, "/api/admin/questions/totals".into()),
        (Method::POST, format!("/api/admin/orders/{order_id}/notes")),
        (Method::POST, format!("/api/admin/orders/{order_id}/refund")),
        (
            Method::POST,
            format!("/api/admin/orders/{order_id}/resend-confirmation"),
        ),
        (Method::GET, "/api/admin/emails".into()),
        (Method::POST, "/api/admin/emails/some-email/retry".into()),
        (Method::GET, "/api/admin/waitlist".into()),
        (Method::GET, "/api/admin/sponsorships".into()),
        (Method::GET, "/api/admin/exports/orders.csv".into()),
        (Method::GET, "/api/admin/exports/waitlist.csv".into()),
    ]
}

on_both_databases! {
    async fn every_admin_call_refuses_anonymous_callers_and_wrong_tokens(app, admin()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;

        for (method, path) in admin_calls(&order_id) {
            let anonymous = app.client.request(method.clone(), app.url(&path)).json(&json!({})).send().await.unwrap();
            let wrong = app
                .client
                .request(method.clone(), app.url(&path))
                .bearer_auth(format!("{}x", &ADMIN_TOKEN[..ADMIN_TOKEN.len() - 1]))
                .json(&json!({}))
                .send()
                .await
                .unwrap();

            assert_eq!(anonymous.status(), 401, "{method} {path}");
            let body: Value = anonymous.json().await.unwrap();
            assert_eq!(body["code"], "sign_in_required", "{method} {path}");
            assert_eq!(wrong.status(), 401, "{method} {path}");
            assert_eq!(wrong.json::<Value>().await.unwrap()["message"], "The admin token is not valid.");
        }
        let order = app.store.order(&order_id).await.unwrap().unwrap();
        assert_eq!(order.refunded_amount.cents(), 0, "nothing was done");
    }
}

on_both_databases! {
    /// The cookie is SameSite=Strict; a browser that sends it anyway still cannot change anything from elsewhere.
    async fn a_cross_site_form_post_with_the_session_cookie_is_refused(app, admin()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let cookie = app.sign_in().await;

        for (method, path) in admin_calls(&order_id).into_iter().filter(|(method, _)| method != reqwest::Method::GET) {
            let forged = app
                .client
                .request(method.clone(), app.url(&path))
                .header("Cookie", &cookie)
                .header("Origin", "https://evil.example")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .body("amount=79900&reason=gift")
                .send()
                .await
                .unwrap();
            assert_eq!(forged.status(), 403, "{method} {path}");
            assert_eq!(forged.json::<Value>().await.unwrap()["message"], "This change must be made from the back office itself.");
        }
        let read = app.client.get(app.url("/api/admin/dashboard")).header("Cookie", &cookie).send().await.unwrap();
        assert_eq!(read.status(), 200, "the same session reads");
        assert_eq!(app.store.order(&order_id).await.unwrap().unwrap().refunded_amount.cents(), 0);
        assert!(app.store.audit_for_order(&order_id).await.unwrap().is_empty());
    }
}

on_both_databases! {
    async fn signing_in_gives_a_strict_http_only_cookie_that_signing_out_ends(app, admin()) {
        let response = app
            .client
            .post(app.url("/api/admin/session"))
            .header("Origin", &app.address)
            .json(&json!({ "name": "Olivia", "password": crate::helpers::ADMIN_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let set_cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api/admin", "Max-Age=43200"] {
            assert!(set_cookie.contains(attribute), "{attribute} in {set_cookie}");
        }
        assert!(!set_cookie.contains("Secure"), "not a live site");
        let cookie = set_cookie.split(';').next().unwrap().to_owned();

        let me: Value = app.client.get(app.url("/api/admin/session")).header("Cookie", &cookie).send().await.unwrap().json().await.unwrap();
        assert_eq!(me["name"], "Olivia");

        let signed_out = app
            .client
            .delete(app.url("/api/admin/session"))
            .header("Cookie", &cookie)
            .header("Origin", &app.address)
            .send()
            .await
            .unwrap();
        assert_eq!(signed_out.status(), 200);
        let after = app.client.get(app.url("/api/admin/session")).header("Cookie", &cookie).send().await.unwrap();
        assert_eq!(after.status(), 401);
    }
}

on_both_databases! {
    async fn a_wrong_password_is_refused_and_guessing_is_rate_limited(app, admin()) {
        let attempt = |password: &'static str| {
            app.client
                .post(app.url("/api/admin/session"))
                .header("Origin", &app.address)
                .json(&json!({ "name": "Mallory", "password": password }))
                .send()
        };

        let first = attempt("password123").await.unwrap();
        assert_eq!(first.status(), 401);
        assert_eq!(first.json::<Value>().await.unwrap()["message"], "That password is not right.");
        for _ in 0..4 {
            assert_eq!(attempt("letmein").await.unwrap().status(), 401);
        }
        let sixth = attempt(crate::helpers::ADMIN_PASSWORD).await.unwrap();

        assert_eq!(sixth.status(), 429, "even the right password waits once the budget is spent");
        assert!(sixth.headers().contains_key("retry-after"));
    }
}

on_both_databases! {
    async fn without_a_password_or_token_the_back_office_is_closed(app) {
        let response = app.get("/api/admin/orders").await;

        assert_eq!(response.status(), 401);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "admin_disabled");
        assert_eq!(
            body["message"],
            "The back office is not enabled on this server: set ADMIN_PASSWORD_HASH or ADMIN_TOKEN, or make an owner \
             with `conference admin create-owner`."
        );
        assert_eq!(app.get("/admin").await.status(), 200, "the app explains how to enable it");
    }
}

on_both_databases! {
    /// `conference admin create-owner` opens the back office without either setting.
    async fn an_owner_made_on_the_command_line_opens_the_back_office(app) {
        let hash = conference::admin::password::hash_password("an owner's long password").unwrap();
        app.store.create_owner("olga@example.com", "Olga Owner", &hash, "command line").await.unwrap();

        let signed_in = app
            .client
            .post(app.url("/api/admin/session"))
            .header("Origin", &app.address)
            .json(&json!({ "email": "olga@example.com", "password": "an owner's long password" }))
            .send()
            .await
            .unwrap();
        assert_eq!(signed_in.status(), 200);
        let cookie = signed_in.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        let orders = app.client.get(app.url("/api/admin/orders")).header("Cookie", cookie).send().await.unwrap();
        assert_eq!(orders.status(), 200);
    }
}

on_both_databases! {
    async fn a_paid_sandbox_order_is_listed_and_found_by_email_reference_or_pickup_code(app, admin()) {
        let ticket = app.paid_ticket_order("vip", "Ana Diaz", "ana.diaz@example.com").await;
        app.paid_ticket_order("developer", "Bo Lee", "bo@example.org").await;
        let reference = app.store.order(&ticket).await.unwrap().unwrap().reference;

        let by_email: Value = app.admin_get("/api/admin/orders?q=ANA.DIAZ@example").await.json().await.unwrap();
        let by_reference: Value = app.admin_get(&format!("/api/admin/orders?q={}", &reference[3..])).await.json().await.unwrap();
        let paid_vip: Value = app.admin_get("/api/admin/orders?kind=ticket&status=paid&item=ticket:vip").await.json().await.unwrap();
        let everything: Value = app.admin_get("/api/admin/orders").await.json().await.unwrap();
        let wildcard: Value = app.admin_get("/api/admin/orders?q=%25").await.json().await.unwrap();

        assert_eq!(by_email["total"], 1);
        assert_eq!(by_email["items"][0]["id"], ticket.as_str());
        assert_eq!(by_email["items"][0]["status"], "paid");
        assert_eq!(by_email["items"][0]["gateway"], "sandbox");
        assert_eq!(by_reference["items"][0]["reference"], reference.as_str());
        assert_eq!(paid_vip["total"], 1);
        assert_eq!((everything["total"].as_i64(), everything["pageSize"].as_i64()), (Some(2), Some(25)));
        assert!(everything["items"].as_array().unwrap()[0].get("clientSecretHash").is_none());
        assert_eq!(wildcard["total"], 0, "a % is searched for, not a wildcard");
        assert!(everything["items"].as_array().is_some_and(|items| items.len() == 2));
        assert!(paid_vip["items"][0]["itemName"] == "VIP Pass");
        let unknown = app.admin_get("/api/admin/orders?status=lost").await;
        assert_eq!(unknown.status(), 400);
    }
}

async fn refund(app: &TestApp, order_id: &str, body: Value) -> reqwest::Response {
    app.admin_post(&format!("/api/admin/orders/{order_id}/refund"), &body)
        .await
}

async fn sandbox_refunded(app: &TestApp, order_id: &str) -> i64 {
    let payment = app.store.order(order_id).await.unwrap().unwrap().payment_id.unwrap();
    app.store
        .sandbox_refunded_amount(&payment)
        .await
        .unwrap()
        .unwrap()
        .cents()
}

on_both_databases! {
    /// Before `full_refund_until`: everything back, the seat back on sale, an email to the buyer.
    async fn a_refund_in_the_full_window_returns_everything_and_the_stock(app, refund_windows(10, 40)) {
        let order_id = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        let before = app.store.stock_remaining().await.unwrap()["ticket:vip"];

        let response = refund(&app, &order_id, json!({})).await;

        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!((body["refund"]["amount"].as_i64(), body["refund"]["policy"].as_str()), (Some(129_900), Some("full")));
        assert_eq!((body["order"]["status"].as_str(), body["order"]["refundedAmount"].as_i64()), (Some("refunded"), Some(129_900)));
        assert_eq!(sandbox_refunded(&app, &order_id).await, 129_900);
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], before + 1);
        let emails = app.store.list_outbox().await.unwrap();
        assert!(emails.iter().any(|email| email.kind == "refund_confirmation" && email.recipient == "ana@example.com"));
        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        let history: Vec<&str> = page["timeline"].as_array().unwrap().iter().map(|entry| entry["kind"].as_str().unwrap()).collect();
        assert!(history.contains(&"refund"), "{history:?}");
        let refund_entry = page["timeline"].as_array().unwrap().iter().find(|entry| entry["kind"] == "refund").unwrap();
        assert_eq!(refund_entry["actor"], "API token");
        assert_eq!(app.store.audit_for_order(&order_id).await.unwrap()[0].action, "refund");

        let again = refund(&app, &order_id, json!({})).await;
        assert_eq!(again.status(), 200, "the same request again is the same refund");
        assert_eq!(sandbox_refunded(&app, &order_id).await, 129_900);
    }
}

async fn check_in(app: &TestApp, order_id: &str) -> reqwest::Response {
    let code = app.store.tickets_of_order(order_id).await.unwrap()[0].code.clone();
    app.admin_post("/api/admin/check-in", &json!({ "code": code })).await
}

async fn name_second_ticket(app: &TestApp, order_id: &str) -> reqwest::Response {
    let token = app.buyer_manage_token(order_id).await;
    let seat = app.store.tickets_of_order(order_id).await.unwrap()[1].id.clone();
    app.client
        .post(app.url(&format!("/api/my-tickets/{seat}/attendee")))
        .header("X-Manage-Token", token)
        .json(&json!({ "name": "Bo Lee", "email": "bo@example.com" }))
        .send()
        .await
        .unwrap()
}

/// The day a ticket can still be transferred, with the refund windows set around it.
fn half_window_before_the_cut_off() -> TestOptions {
    let mut options = refund_windows(-1, 30);
    let now = OffsetDateTime::now_utc();
    options.event = Some(Box::new(move |event| {
        let today = event.venue_date(now);
        event.full_refund_until = today - Duration::days(1);
        event.half_refund_until = today + Duration::days(30);
        let length = event.ends_at - event.starts_at;
        event.starts_at = now + Duration::days(60);
        event.ends_at = event.starts_at + length;
    }));
    options
}

on_both_databases! {
    /// A refund under the terms cancels, whatever share of the money it gives back: the
    /// tickets stop admitting anyone, the stock goes back on sale, transfers end.
    async fn a_refund_in_the_half_window_returns_half_and_cancels_the_order(app, half_window_before_the_cut_off()) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@example.com").await;
        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        assert_eq!((page["refundPolicy"]["window"].as_str(), page["refundPolicy"]["amount"].as_i64()), (Some("half"), Some(139_800)));
        let token = app.buyer_manage_token(&order_id).await;

        let body: Value = refund(&app, &order_id, json!({})).await.json().await.unwrap();

        assert_eq!((body["refund"]["amount"].as_i64(), body["refund"]["policy"].as_str()), (Some(139_800), Some("half")));
        assert_eq!(body["refund"]["cancelsOrder"], true);
        assert_eq!((body["order"]["status"].as_str(), body["order"]["refundedAmount"].as_i64()), (Some("refunded"), Some(139_800)));
        assert_eq!(sandbox_refunded(&app, &order_id).await, 139_800);
        let at_the_door = check_in(&app, &order_id).await;
        assert_eq!(at_the_door.status(), 410);
        assert_eq!(at_the_door.json::<Value>().await.unwrap()["result"], "refunded");
        let mine: Value = app.client.get(app.url("/api/my-tickets")).header("X-Manage-Token", &token).send().await.unwrap().json().await.unwrap();
        assert_eq!((mine["status"].as_str(), mine["canChange"].as_bool()), (Some("refunded"), Some(false)));
        assert_eq!(name_second_ticket(&app, &order_id).await.status(), 409, "transfers end");
        let more = refund(&app, &order_id, json!({ "reason": "second try" })).await;
        assert_eq!(more.status(), 422, "the policy's half is used up");
    }
}

fn vip_limited() -> TestOptions {
    let mut options = refund_windows(-1, 30);
    let change = options.event.take().unwrap();
    options.event = Some(Box::new(move |event| {
        change(event);
        event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == "vip")
            .unwrap()
            .limit = Some(5);
    }));
    options
}

on_both_databases! {
    async fn a_cancelling_refund_of_half_puts_the_seat_back_on_sale(app, vip_limited()) {
        let order_id = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 4);

        assert_eq!(refund(&app, &order_id, json!({})).await.status(), 200);

        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 5);
        assert_eq!(app.store.order(&order_id).await.unwrap().unwrap().refunded_amount.cents(), 64_950);
    }
}

on_both_databases! {
    /// Some money back as a gesture, the order still valid: an explicit choice with an amount
    /// and a reason, recorded as goodwill.
    async fn a_goodwill_refund_keeps_the_order_valid(app, vip_limited()) {
        let order_id = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;

        let without_amount = refund(&app, &order_id, json!({ "reason": "Sorry", "cancel": false })).await;
        let without_reason = refund(&app, &order_id, json!({ "amount": 20_000, "cancel": false })).await;
        let everything = refund(&app, &order_id, json!({ "amount": 129_900, "reason": "Sorry", "cancel": false })).await;
        let goodwill = refund(&app, &order_id, json!({ "amount": 20_000, "reason": "The queue at the door", "cancel": false })).await;

        assert_eq!(without_amount.status(), 422);
        assert_eq!(
            without_amount.json::<Value>().await.unwrap()["fieldErrors"]["amount"],
            "A goodwill refund keeps the order valid: enter the amount to give back and a reason."
        );
        assert_eq!(without_reason.status(), 422);
        assert_eq!(everything.status(), 422);
        assert!(everything.json::<Value>().await.unwrap()["fieldErrors"]["amount"].as_str().unwrap().contains("cancel the order"));
        assert_eq!(goodwill.status(), 200);
        let body: Value = goodwill.json().await.unwrap();
        assert_eq!((body["refund"]["policy"].as_str(), body["refund"]["cancelsOrder"].as_bool()), (Some("goodwill"), Some(false)));
        assert_eq!((body["order"]["status"].as_str(), body["order"]["refundedAmount"].as_i64()), (Some("paid"), Some(20_000)));
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 4, "the seat stays sold");
        assert_eq!(check_in(&app, &order_id).await.status(), 200, "the ticket still admits its holder");
        let audit = app.store.audit_for_order(&order_id).await.unwrap();
        let refund_entry = audit.iter().find(|entry| entry.action == "refund").unwrap();
        assert_eq!(refund_entry.detail["cancelsOrder"], false);

        let by_policy: Value = refund(&app, &order_id, json!({})).await.json().await.unwrap();
        assert_eq!(by_policy["refund"]["amount"], 64_950 - 20_000, "the policy's half, less the goodwill already given");
        assert_eq!(by_policy["order"]["status"], "refunded");
    }
}

on_both_databases! {
    /// An Idempotency-Key names one refund: asked again for another amount it is refused,
    /// never answered with the earlier refund as if it were the new one.
    async fn a_refund_key_reused_for_another_amount_is_refused(app, vip_limited()) {
        let order_id = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        let keyed = |body: Value| {
            app.client
                .post(app.url(&format!("/api/admin/orders/{order_id}/refund")))
                .bearer_auth(ADMIN_TOKEN)
                .header("Idempotency-Key", "refund-attempt-1")
                .json(&body)
                .send()
        };
        let first = keyed(json!({ "amount": 10_000, "reason": "Goodwill", "cancel": false })).await.unwrap();
        let same = keyed(json!({ "amount": 10_000, "reason": "Goodwill", "cancel": false })).await.unwrap();
        let other = keyed(json!({ "amount": 30_000, "reason": "Goodwill", "cancel": false })).await.unwrap();

        assert_eq!((first.status().as_u16(), same.status().as_u16()), (200, 200));
        assert_eq!(other.status(), 409);
        let message = other.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.starts_with("This refund was already asked for with another amount"), "{message}");
        assert_eq!(sandbox_refunded(&app, &order_id).await, 10_000);
    }
}

on_both_databases! {
    async fn after_the_windows_only_an_amount_with_a_reason_is_refunded(app, refund_windows(-40, -10)) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;

        let by_policy = refund(&app, &order_id, json!({})).await;
        let no_reason = refund(&app, &order_id, json!({ "amount": 10_000 })).await;
        let too_much = refund(&app, &order_id, json!({ "amount": 90_000, "reason": "goodwill" })).await;
        let goodwill = refund(&app, &order_id, json!({ "amount": 10_000, "reason": "Flight cancelled" })).await;

        assert_eq!(by_policy.status(), 422);
        let message = by_policy.json::<Value>().await.unwrap()["fieldErrors"]["amount"].as_str().unwrap().to_owned();
        assert!(message.starts_with("No refund: the ticket refund period ended on"), "{message}");
        assert_eq!(no_reason.status(), 422);
        assert_eq!(no_reason.json::<Value>().await.unwrap()["fieldErrors"]["reason"], "Please give a reason for refunding this amount.");
        assert_eq!(too_much.status(), 422);
        assert_eq!(too_much.json::<Value>().await.unwrap()["fieldErrors"]["amount"], "At most $799.00 can still be refunded.");
        assert_eq!(goodwill.status(), 200);
        let body: Value = goodwill.json().await.unwrap();
        assert_eq!((body["refund"]["policy"].as_str(), body["refund"]["reason"].as_str()), (Some("override"), Some("Flight cancelled")));
        assert_eq!(body["order"]["status"], "refunded", "an amount under the terms cancels too");
        assert_eq!(sandbox_refunded(&app, &order_id).await, 10_000);
    }
}

on_both_databases! {
    /// Two clicks, two tabs, two organizers: the money goes back once.
    async fn refunds_called_twice_at_the_same_time_refund_once(app, refund_windows(10, 40)) {
        let same = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let keyed = app.paid_ticket_order("developer", "Bo Lee", "bo@example.com").await;

        let (first, second) = tokio::join!(refund(&app, &same, json!({})), refund(&app, &same, json!({})));
        let with_keys = |key: &'static str| {
            app.client
                .post(app.url(&format!("/api/admin/orders/{keyed}/refund")))
                .bearer_auth(ADMIN_TOKEN)
                .header("Idempotency-Key", key)
                .json(&json!({}))
                .send()
        };
        let (one, other) = tokio::join!(with_keys("tab-1"), with_keys("tab-2"));

        let (first, second): (Value, Value) = (first.json().await.unwrap(), second.json().await.unwrap());
        assert_eq!(first["refund"]["id"], second["refund"]["id"], "the same request is the same refund");
        assert_eq!(sandbox_refunded(&app, &same).await, 79_900);
        let statuses = [one.unwrap().status().as_u16(), other.unwrap().status().as_u16()];
        assert!(statuses.contains(&200), "{statuses:?}");
        assert_eq!(sandbox_refunded(&app, &keyed).await, 79_900, "refunded once: {statuses:?}");
        for order_id in [&same, &keyed] {
            let order = app.store.order(order_id).await.unwrap().unwrap();
            assert_eq!((order.status, order.refunded_amount.cents()), (OrderStatus::Refunded, 79_900));
            let made = app.store.refunds_of_order(order_id).await.unwrap();
            assert_eq!(made.iter().filter(|refund| refund.status == conference::store::RefundStatus::Succeeded).count(), 1);
        }
        let refund_emails = app.store.list_outbox().await.unwrap().into_iter().filter(|email| email.kind == "refund_confirmation").count();
        assert_eq!(refund_emails, 2, "one email per refunded order");
    }
}

on_both_databases! {
    async fn an_unpaid_order_cannot_be_refunded(app, admin()) {
        let created: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();

        let response = refund(&app, created["orderId"].as_str().unwrap(), json!({})).await;

        assert_eq!(response.status(), 409);
        assert_eq!(response.json::<Value>().await.unwrap()["message"], "Only a paid order can be refunded.");
        assert_eq!(refund(&app, "no-such-order", json!({})).await.status(), 404);
    }
}

on_both_databases! {
    async fn notes_and_a_resent_confirmation_appear_in_the_order_history(app, admin()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;

        let noted = app.admin_post(&format!("/api/admin/orders/{order_id}/notes"), &json!({ "text": "Called: needs a wheelchair seat" })).await;
        let resent = app.admin_post(&format!("/api/admin/orders/{order_id}/resend-confirmation"), &json!({})).await;
        let empty = app.admin_post(&format!("/api/admin/orders/{order_id}/notes"), &json!({ "text": "  " })).await;

        assert_eq!((noted.status().as_u16(), resent.status().as_u16(), empty.status().as_u16()), (200, 200, 422));
        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        let texts: Vec<&str> = page["timeline"].as_array().unwrap().iter().map(|entry| entry["text"].as_str().unwrap()).collect();
        assert!(texts.contains(&"Note: Called: needs a wheelchair seat"), "{texts:?}");
        assert!(texts.contains(&"Confirmation email sent again"), "{texts:?}");
        assert!(texts.iter().any(|text| text.starts_with("Paid $799.00")), "{texts:?}");
        let confirmations = app.store.list_outbox().await.unwrap().into_iter().filter(|email| email.kind == "order_confirmation").count();
        assert_eq!(confirmations, 2);
    }
}

on_both_databases! {
    async fn a_failed_email_is_listed_and_queued_again(
        app,
        TestOptions::with_unavailable_smtp(&[("MAIL_MAX_ATTEMPTS", "1".into()), ("MAIL_WORKER", "false".into())]).with_admin()
    ) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        app.mailer.deliver_due().await.unwrap();

        let failed: Value = app.admin_get("/api/admin/emails?status=failed").await.json().await.unwrap();
        assert_eq!(failed["total"], 1);
        let email_id = failed["items"][0]["id"].as_str().unwrap().to_owned();
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();
        assert_eq!(dashboard["attention"]["failedEmails"][0]["id"], email_id.as_str());

        let retried = app.admin_post(&format!("/api/admin/emails/{email_id}/retry"), &json!({})).await;
        let twice = app.admin_post(&format!("/api/admin/emails/{email_id}/retry"), &json!({})).await;

        assert_eq!(retried.status(), 200);
        let email: Value = retried.json().await.unwrap();
        assert_eq!((email["status"].as_str(), email["attempts"].as_i64()), (Some("queued"), Some(0)));
        assert_eq!(twice.status(), 409);
        let history = app.store.audit_for_order(&order_id).await.unwrap();
        assert_eq!(history.last().unwrap().action, "retry_email");
    }
}

on_both_databases! {
    async fn the_dashboard_counts_money_stock_and_sales(app, admin()) {
        app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        app.create_ticket_payment("vip", 1, "bo@example.com").await;

        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();

        assert_eq!(dashboard["revenue"]["ticket"], 129_900);
        let vip = dashboard["stock"].as_array().unwrap().iter().find(|level| level["sku"] == "ticket:vip").unwrap();
        assert_eq!((vip["label"].as_str(), vip["capacity"].as_i64()), (Some("VIP Pass"), Some(200)));
        assert_eq!((vip["sold"].as_i64(), vip["held"].as_i64(), vip["left"].as_i64()), (Some(1), Some(1), Some(198)));
        let today = app.event.venue_date(OffsetDateTime::now_utc()).to_string();
        let days = dashboard["salesByDay"].as_array().unwrap();
        assert_eq!((days.len(), days[0]["date"].as_str(), days[0]["ticket"].as_i64()), (1, Some(today.as_str()), Some(129_900)));
        assert_eq!(dashboard["latestOrders"].as_array().unwrap().len(), 2);
        assert!(dashboard["attention"]["stuckPending"].as_array().unwrap().is_empty());
    }
}

on_both_databases! {
    async fn sponsors_are_listed_with_their_perks_and_latest_note(app, admin()) {
        let created: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme Corp", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "https://acme.dev", "additionalInfo": "Booth near the stage" }),
            )
            .await
            .json()
            .await
            .unwrap();
        app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        let order_id = created["orderId"].as_str().unwrap();
        app.admin_post(&format!("/api/admin/orders/{order_id}/notes"), &json!({ "text": "Logo received" })).await;

        let sponsors: Value = app.admin_get("/api/admin/sponsorships").await.json().await.unwrap();

        let acme = &sponsors[0];
        assert_eq!((acme["companyName"].as_str(), acme["tierLabel"].as_str()), (Some("Acme Corp"), Some("Gold")));
        assert_eq!((acme["vipPasses"].as_i64(), acme["exhibitionSpace"].as_str()), (Some(12), Some("15'x15'")));
        assert_eq!((acme["note"]["text"].as_str(), acme["note"]["actor"].as_str()), (Some("Logo received"), Some("API token")));
    }
}

on_both_databases! {
    async fn the_waitlist_screen_counts_interests(app, admin()) {
        for (email, interests) in [("a@example.com", json!(["web", "ai"])), ("b@example.com", json!(["ai"]))] {
            app.post_json("/api/register-waitlist", &json!({ "fullName": "Ana Diaz", "email": email, "interestAreas": interests })).await;
        }

        let token = app.links_to("a@example.com", "/waitlist/confirm?token=", 1).await.remove(0);
        app.client.post(app.url(&format!("/waitlist/confirm?token={token}"))).send().await.unwrap();

        let screen: Value = app.admin_get("/api/admin/waitlist").await.json().await.unwrap();

        assert_eq!((screen["registered"].as_i64(), screen["total"].as_i64()), (Some(2), Some(2)));
        let ai = screen["interests"].as_array().unwrap().iter().find(|interest| interest["value"] == "ai").unwrap();
        assert_eq!((ai["label"].as_str(), ai["count"].as_i64()), (Some("AI & Machine Learning"), Some(2)));
        assert_eq!(screen["items"][0]["interestAreas"], json!(["ai"]));
        assert_eq!((screen["subscribed"].as_i64(), screen["confirmed"].as_i64()), (Some(2), Some(1)));
        let confirmed: Vec<(&str, bool)> = screen["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| (item["email"].as_str().unwrap(), item["confirmed"].as_bool().unwrap()))
            .collect();
        assert_eq!(confirmed, [("b@example.com", false), ("a@example.com", true)]);
        let csv = app.admin_get("/api/admin/exports/waitlist.csv").await.text().await.unwrap();
        assert!(csv.starts_with("\u{feff}name,email,job title,interests,subscribed,confirmed,registered"), "{csv}");
        assert!(csv.contains(",a@example.com,,web ai,yes,yes,"), "{csv}");
        assert!(csv.contains(",b@example.com,,ai,yes,no,"), "{csv}");
    }
}

on_both_databases! {
    /// A buyer chooses their own name; a spreadsheet must not run it.
    async fn a_formula_in_a_buyers_name_is_neutralised_in_the_csv(app, admin()) {
        app.paid_ticket_order("developer", "=HYPERLINK(\"x\")", "ana@example.com").await;

        let response = app.admin_get("/api/admin/exports/orders.csv").await;

        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
        assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"orders-"));
        let csv = response.text().await.unwrap();
        assert!(csv.starts_with('\u{feff}'), "a BOM for spreadsheets");
        assert!(csv.contains(",\"'=HYPERLINK(\"\"x\"\")\",ana@example.com,"), "{csv}");
        assert!(!csv.contains(",=HYPERLINK"), "{csv}");
        for name in ["attendees.csv", "pickups.csv", "waitlist.csv"] {
            assert_eq!(app.admin_get(&format!("/api/admin/exports/{name}")).await.status(), 200, "{name}");
        }
        assert_eq!(app.admin_get("/api/admin/exports/secrets.csv").await.status(), 404);
    }
}

on_both_databases! {
    /// The contract says at most 2,000 characters, as sent: surrounding whitespace counts too.
    async fn a_note_longer_than_the_contract_allows_is_refused(app, admin()) {
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let padded = format!("\u{1}{}", "\u{b}".repeat(2000));

        let refused = app.admin_post(&format!("/api/admin/orders/{order_id}/notes"), &json!({ "text": padded })).await;
        let longest = app.admin_post(&format!("/api/admin/orders/{order_id}/notes"), &json!({ "text": "n".repeat(2000) })).await;

        assert_eq!(refused.status(), 422);
        assert_eq!(longest.status(), 200);
    }
}
