//! Codes: made in the back office, typed at checkout, each kind charging its price, a use
//! counted once whatever the race and given back when its order ends, holds and unlocks.

use conference::orders::OrderStatus;
use serde_json::{Value, json};

use crate::fake_stripe::FakeStripe;
use crate::helpers::{ADMIN_TOKEN, TestApp, TestOptions, on_both_databases};

fn admin() -> TestOptions {
    TestOptions::default().with_admin()
}

async fn make_codes(app: &TestApp, body: Value) -> reqwest::Response {
    app.admin_post("/api/admin/codes", &body).await
}

/// One code for the Developer Pass; answers its text.
async fn code_for_developer(app: &TestApp, discount: Value, max_uses: i64) -> String {
    let mut body = json!({ "appliesTo": ["ticket:developer"], "maxUses": max_uses });
    body.as_object_mut()
        .unwrap()
        .extend(discount.as_object().unwrap().clone());
    let made = make_codes(app, body).await;
    assert_eq!(made.status(), 200);
    made.json::<Value>().await.unwrap()["codes"][0]["code"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn buy_developer(app: &TestApp, code: &str, amount: i64, email: &str) -> reqwest::Response {
    app.post_json(
        "/api/create-payment-intent",
        &json!({ "ticketType": "developer", "amount": amount, "name": "Ana Diaz", "email": email, "quantity": 1, "code": code }),
    )
    .await
}

/// Whether `code` is `prefix` and four groups of four characters without look-alikes: 30^16,
/// about 2^78 codes, where eight characters (2^39) once let a presale's codes be guessed.
pub fn is_generated(code: &str, prefix: &str) -> bool {
    const ALPHABET: &str = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
    code.strip_prefix(prefix).is_some_and(|random| {
        let groups: Vec<&str> = random.split('-').collect();
        groups.len() == 4
            && groups
                .iter()
                .all(|group| group.len() == 4 && group.chars().all(|c| ALPHABET.contains(c)))
    })
}

async fn quote_developer(app: &TestApp, code: &str) -> reqwest::Response {
    app.post_json(
        "/api/quote",
        &json!({ "kind": "ticket", "item": "developer", "code": code }),
    )
    .await
}

on_both_databases! {
    /// Each kind of code charges what it says, in the quote and at the gateway.
    async fn each_kind_of_code_charges_its_price(app, admin()) {
        for (discount, total) in [
            (json!({ "percentOff": 20 }), 63_920),
            (json!({ "amountOff": 10_000 }), 69_900),
            (json!({ "fixedPrice": 50_000 }), 50_000),
        ] {
            let code = code_for_developer(&app, discount.clone(), 5).await;
            let quoted: Value = quote_developer(&app, &code.to_lowercase()).await.json().await.unwrap();
            assert_eq!(quoted["total"], total, "{discount}");
            assert_eq!(quoted["code"]["code"], code.as_str(), "codes are read in any case");

            let created = buy_developer(&app, &code, total, &format!("{code}@example.com")).await;
            assert_eq!(created.status(), 200, "{discount}");
            let created: Value = created.json().await.unwrap();
            assert_eq!((created["amount"].as_i64(), created["paid"].as_bool()), (Some(total), Some(false)));
            let payment = app.store.sandbox_payment(created["paymentIntentId"].as_str().unwrap()).await.unwrap().unwrap();
            assert_eq!(payment.amount.cents(), total, "the gateway charges the quote");
            let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
            assert_eq!(order.code.as_deref(), Some(code.as_str()));
            assert_eq!(order.discounts.iter().map(|discount| discount.amount.cents()).sum::<i64>(), 79_900 - total);
        }
    }
}

on_both_databases! {
    /// A total of zero is paid at once: tickets issued, receipt queued, no gateway asked.
    async fn a_free_order_never_reaches_the_gateway(app, TestOptions::with_stripe(FakeStripe::start().await).with_admin()) {
        let code = code_for_developer(&app, json!({ "percentOff": 100 }), 1).await;

        let created = buy_developer(&app, &code, 0, "speaker@example.com").await;

        assert_eq!(created.status(), 200);
        let created: Value = created.json().await.unwrap();
        assert_eq!((created["paid"].as_bool(), created["amount"].as_i64()), (Some(true), Some(0)));
        assert_eq!(app.stripe.as_ref().unwrap().created_count(), 0);
        let order_id = created["orderId"].as_str().unwrap();
        let order = app.store.order(order_id).await.unwrap().unwrap();
        assert_eq!((order.status, order.gateway.as_str()), (OrderStatus::Paid, "none"));
        assert_eq!(app.store.tickets_of_order(order_id).await.unwrap().len(), 1);
        let confirmed = app
            .post_json("/api/confirm-purchase", &json!({ "paymentIntentId": created["paymentIntentId"], "ticketId": 1 }))
            .await;
        assert_eq!(confirmed.status(), 200, "the browser confirms as after a card payment");
        let receipts = app.store.list_outbox().await.unwrap();
        assert_eq!(receipts.iter().filter(|email| email.kind == "order_confirmation").count(), 1);
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();
        assert_eq!(dashboard["discounts"], 79_900);
        assert_eq!(dashboard["codeUses"], json!([{ "tag": null, "codes": 1, "uses": 1 }]));
        assert_eq!(dashboard["revenue"]["ticket"], 0, "revenue is net of discounts");
    }
}

on_both_databases! {
    /// Fifty buyers race for a single-use code: exactly one order is made with it.
    async fn a_single_use_code_raced_by_fifty_buyers_makes_one_order(app, admin().without_rate_limits()) {
        let code = code_for_developer(&app, json!({ "percentOff": 50 }), 1).await;

        let rush = (0..50).map(|buyer| {
            let (app, code) = (&app, code.clone());
            async move { buy_developer(app, &code, 39_950, &format!("buyer{buyer}@example.com")).await }
        });
        let answers = futures::future::join_all(rush).await;

        let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
        assert!(statuses.iter().all(|status| [200, 422].contains(status)), "{statuses:?}");
        let with_code = app.store.list_orders().await.unwrap().into_iter().filter(|order| order.code.is_some()).count();
        assert_eq!(with_code, 1);
        let listed: Value = app.admin_get("/api/admin/codes").await.json().await.unwrap();
        assert_eq!(listed["codes"][0]["uses"], 1);
    }
}

on_both_databases! {
    /// A use comes back when its order expires unpaid, and when a refund cancels its order.
    async fn a_use_returns_on_expiry_and_on_a_cancelling_refund(app, admin()) {
        let code = code_for_developer(&app, json!({ "percentOff": 20 }), 1).await;
        assert_eq!(buy_developer(&app, &code, 63_920, "ana@example.com").await.status(), 200);
        assert_eq!(quote_developer(&app, &code).await.status(), 422, "used up while held");

        assert_eq!(app.expire_reservations_after(31).await, 1);

        assert_eq!(quote_developer(&app, &code).await.status(), 200, "the expired hold gave its use back");
        let created: Value = buy_developer(&app, &code, 63_920, "bo@example.com").await.json().await.unwrap();
        app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        let order_id = created["orderId"].as_str().unwrap();
        let refunded = app
            .admin_post(&format!("/api/admin/orders/{order_id}/refund"), &json!({ "amount": 10_000, "reason": "Cannot come" }))
            .await;
        assert_eq!(refunded.status(), 200);

        assert_eq!(quote_developer(&app, &code).await.status(), 200, "the cancelled order gave its use back");
    }
}

on_both_databases! {
    /// A code that cannot be used says why, next to the code field.
    async fn codes_out_of_scope_expired_or_used_up_answer_422_on_code(app, admin()) {
        let for_vip = make_codes(&app, json!({ "code": "VIPONLY", "appliesTo": ["ticket:vip"], "percentOff": 10, "maxUses": 5 })).await;
        assert_eq!(for_vip.status(), 200);
        let expired = make_codes(
            &app,
            json!({ "code": "LASTYEAR", "percentOff": 10, "maxUses": 5, "validUntil": "2025-01-01T00:00:00-05:00" }),
        )
        .await;
        assert_eq!(expired.status(), 200);
        let used_up = code_for_developer(&app, json!({ "percentOff": 10 }), 1).await;
        assert_eq!(buy_developer(&app, &used_up, 71_910, "first@example.com").await.status(), 200);

        for (code, message) in [
            ("VIPONLY", "This code is not valid. Please check it and try again."),
            ("lastyear", "This code is not valid. Please check it and try again."),
            (used_up.as_str(), "This code has been used as many times as it may be."),
            ("NO-SUCH-CODE", "This code is not valid. Please check it and try again."),
        ] {
            let answer = buy_developer(&app, code, 71_910, "ana@example.com").await;
            assert_eq!(answer.status(), 422, "{code}");
            assert_eq!(answer.json::<Value>().await.unwrap()["fieldErrors"]["code"], message, "{code}");
        }
        assert_eq!(app.store.list_orders().await.unwrap().len(), 1);
    }
}

on_both_databases! {
    /// A comp that holds a unit still works once the item sells out; disabling it gives the unit back.
    async fn a_code_that_holds_units_sells_when_the_item_is_sold_out(app, TestOptions::with_event(|event| {
        event.tickets.iter_mut().find(|ticket| ticket.ticket_type == "vip").unwrap().limit = Some(2);
    }).with_admin()) {
        let made: Value = make_codes(
            &app,
            json!({ "code": "COMP-VIP", "appliesTo": ["ticket:vip"], "percentOff": 100, "maxUses": 1, "reserve": 1 }),
        )
        .await
        .json()
        .await
        .unwrap();
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 1, "one unit held for the code");
        let public = app.create_ticket_payment("vip", 1, "public@example.com").await;
        assert_eq!(public.status(), 200);
        assert_eq!(app.create_ticket_payment("vip", 1, "late@example.com").await.status(), 409, "sold out to the public");

        let comp = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "vip", "amount": 0, "name": "Sam Speaker", "email": "sam@example.com", "code": "comp-vip" }),
            )
            .await;

        assert_eq!(comp.status(), 200);
        assert_eq!(app.store.stock_remaining().await.unwrap()["ticket:vip"], 0);
        let too_many = make_codes(&app, json!({ "appliesTo": ["ticket:vip"], "percentOff": 100, "maxUses": 1, "reserve": 1 })).await;
        assert_eq!(too_many.status(), 409);
        let id = made["codes"][0]["id"].as_str().unwrap();
        let disabled = app
            .client
            .patch(app.url(&format!("/api/admin/codes/{id}")))
            .bearer_auth(ADMIN_TOKEN)
            .json(&json!({ "disabled": true }))
            .send()
            .await
            .unwrap();
        assert_eq!(disabled.status(), 200);
        assert_eq!(disabled.json::<Value>().await.unwrap()["disabled"], true);
    }
}

on_both_databases! {
    /// A hidden item is in no list and sold to no one without its code; with it, it is both.
    async fn a_hidden_item_is_invisible_without_its_code_and_sold_with_it(app, TestOptions::next_edition_at(
        time::macros::datetime!(2026-10-01 12:00 -4),
    ).with_admin()) {
        let public: Value = app.get("/api/tickets").await.json().await.unwrap();
        assert!(public.as_array().unwrap().iter().all(|ticket| ticket["type"] != "speaker"));
        let made = make_codes(
            &app,
            json!({ "code": "SPEAKER-ANA", "appliesTo": ["ticket:speaker"], "unlocks": "ticket:speaker", "percentOff": 100, "maxUses": 1 }),
        )
        .await;
        assert_eq!(made.status(), 200);
        let speaker = json!({ "ticketType": "speaker", "amount": 0, "name": "Ana Diaz", "email": "ana@example.com" });
        let mut with_code = speaker.clone();
        with_code["code"] = json!("SPEAKER-ANA");

        let without = app.post_json("/api/create-payment-intent", &speaker).await;
        let listed: Value = app.get("/api/tickets?code=speaker-ana").await.json().await.unwrap();
        let with = app.post_json("/api/create-payment-intent", &with_code).await;

        assert_eq!(without.status(), 404);
        let pass = listed.as_array().unwrap().iter().find(|ticket| ticket["type"] == "speaker").expect("listed with its code");
        assert_eq!(pass["name"], "Speaker Pass");
        assert_eq!(with.status(), 200);
        assert_eq!(with.json::<Value>().await.unwrap()["paid"], true);
    }
}

on_both_databases! {
    /// Many codes at once, listed with their uses by tag, exported and imported back.
    async fn codes_are_made_in_bulk_exported_and_imported(app, admin()) {
        let made = make_codes(
            &app,
            json!({ "count": 5, "prefix": "team-", "appliesTo": ["ticket:developer"], "percentOff": 15, "maxUses": 1, "tag": "partners" }),
        )
        .await;
        assert_eq!(made.status(), 200);
        let made: Value = made.json().await.unwrap();
        let codes: Vec<&str> = made["codes"].as_array().unwrap().iter().map(|code| code["code"].as_str().unwrap()).collect();
        assert_eq!(codes.len(), 5);
        assert!(codes.iter().all(|code| is_generated(code, "TEAM-")), "{codes:?}");

        let csv = app.admin_get("/api/admin/exports/codes.csv").await.text().await.unwrap();
        assert!(codes.iter().all(|code| csv.contains(code)), "{csv}");
        let listed: Value = app.admin_get("/api/admin/codes?tag=partners").await.json().await.unwrap();
        assert_eq!(listed["codes"].as_array().unwrap().len(), 5);
        assert_eq!(listed["byTag"], json!([{ "tag": "partners", "codes": 5, "uses": 0 }]));

        let import = |body: &str| {
            app.client
                .post(app.url("/api/admin/codes/import"))
                .bearer_auth(ADMIN_TOKEN)
                .header("Content-Type", "text/csv")
                .body(body.to_owned())
                .send()
        };
        let imported = import("code,applies to,kind,value,max uses,tag\nSTUDENT-1,ticket:developer,fixed_price,299.00,10,students\nFRIENDS,,percent_off,10,3,\n").await.unwrap();
        assert_eq!(imported.status(), 200);
        let quoted: Value = app
            .post_json("/api/quote", &json!({ "kind": "ticket", "item": "developer", "code": "student-1" }))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(quoted["total"], 29_900);
        let bad = import("code,kind,value,max uses\nOK-CODE,percent_off,5,2\nBAD CODE,percent_off,5,2\n").await.unwrap();
        assert_eq!(bad.status(), 422);
        let message = bad.json::<Value>().await.unwrap()["fieldErrors"]["file"].as_str().unwrap().to_owned();
        assert!(message.starts_with("Line 3:"), "{message}");
        let again = import("code,kind,value,max uses\nFRIENDS,percent_off,5,2\n").await.unwrap();
        assert_eq!(again.status(), 409);
        let all: Value = app.admin_get("/api/admin/codes").await.json().await.unwrap();
        assert_eq!(all["codes"].as_array().unwrap().len(), 7, "a refused file makes no code");
    }
}

on_both_databases! {
    /// A fixed price of $46 quadrillion made four tickets free (the total wrapped), and the
    /// import read "-0.50" as $0.50. Values are bounded when made, a code made before the
    /// bounds stops working instead of mispricing, and the import reads signs.
    async fn code_values_are_bounded_and_the_import_reads_signs(app, admin()) {
        let huge = 4_600_000_000_000_000_000_i64;
        for (field, value) in [("fixedPrice", huge), ("amountOff", 1_000_000_001), ("percentOff", 101)] {
            let mut body = json!({ "code": "HUGE", "appliesTo": ["ticket:developer"], "maxUses": 5 });
            body[field] = json!(value);
            let made = make_codes(&app, body).await;
            assert_eq!(made.status(), 422, "{field}");
            assert!(made.json::<Value>().await.unwrap()["fieldErrors"][field].is_string(), "{field}");
        }
        let database = app.database().await;
        sqlx::query(
            "INSERT INTO codes (id, code, applies_to, kind, value, max_uses, uses, reserved_left, created_at, updated_at)
             VALUES ('before-the-bounds', 'HUGE', '[\"ticket:developer\"]', 'fixed_price', $1, 5, 0, 0, 0, 0)",
        )
        .bind(huge)
        .execute(&database)
        .await
        .unwrap();

        let four = app
            .post_json("/api/quote", &json!({ "kind": "ticket", "item": "developer", "quantity": 4, "code": "HUGE" }))
            .await;

        assert_eq!(four.status(), 422, "not free");
        assert_eq!(
            four.json::<Value>().await.unwrap()["fieldErrors"]["code"],
            "This code is not valid. Please check it and try again."
        );
        let imported = app
            .client
            .post(app.url("/api/admin/codes/import"))
            .bearer_auth(ADMIN_TOKEN)
            .header("Content-Type", "text/csv")
            .body("code,kind,value,max uses\nREFUND-ME,fixed_price,-0.50,1\n")
            .send()
            .await
            .unwrap();
        assert_eq!(imported.status(), 422);
        assert_eq!(
            imported.json::<Value>().await.unwrap()["fieldErrors"]["file"],
            "Line 2: \"value\" is -0.50: a code's value cannot be below zero."
        );
        let listed: Value = app.admin_get("/api/admin/codes").await.json().await.unwrap();
        assert_eq!(listed["codes"].as_array().unwrap().len(), 1, "only the one made before the bounds");
    }
}
