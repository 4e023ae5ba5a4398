//! The waiting list for what sold out: a queue per item, units that come back held for it
//! and offered in order as personal codes, offers that pass on when they expire or are
//! declined, and refunds that never revive an offer.

use conference::orders::OrderStatus;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{TestApp, TestOptions, on_both_databases};

/// `ticket_type` limited to `limit` seats, refunds in full for ten more days, the back office open.
fn limited(ticket_type: &'static str, limit: u32) -> TestOptions {
    TestOptions::with_event(move |event| {
        let today = event.venue_date(OffsetDateTime::now_utc());
        event.full_refund_until = today + Duration::days(10);
        event.half_refund_until = today + Duration::days(40);
        event
            .tickets
            .iter_mut()
            .find(|ticket| ticket.ticket_type == ticket_type)
            .unwrap()
            .limit = Some(limit);
    })
    .with_admin()
    .without_rate_limits()
}

async fn join(app: &TestApp, ticket_type: &str, email: &str, quantity: i64) -> reqwest::Response {
    app.post_json(
        "/api/waiting-list",
        &json!({ "kind": "ticket", "item": ticket_type, "name": "Wanda Waiting", "email": email, "quantity": quantity }),
    )
    .await
}

async fn position(response: reqwest::Response) -> i64 {
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["position"].as_i64().unwrap()
}

/// A checkout that holds `quantity` seats (unpaid); answers its order id.
async fn hold(app: &TestApp, ticket_type: &str, quantity: i64, email: &str) -> String {
    let created = app.create_ticket_payment(ticket_type, quantity, email).await;
    assert_eq!(created.status(), 200, "{}", created.text().await.unwrap());
    created.json::<Value>().await.unwrap()["orderId"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The code of the offer emailed to `email`.
async fn offered_code(app: &TestApp, email: &str) -> String {
    let text = app.email_to_containing(email, "Your personal code: WAIT-").await;
    let at = text.find("WAIT-").unwrap();
    let code: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    assert!(
        crate::codes::is_generated(&code, "WAIT-"),
        "{code}: a code that holds units carries 64 bits at least"
    );
    code
}

async fn quote_with(app: &TestApp, ticket_type: &str, quantity: i64, code: &str) -> reqwest::Response {
    app.post_json(
        "/api/quote",
        &json!({ "kind": "ticket", "item": ticket_type, "quantity": quantity, "code": code }),
    )
    .await
}

/// Buys with the offer's code and pays; answers the order id.
async fn buy_with(app: &TestApp, ticket_type: &str, quantity: i64, email: &str, code: &str) -> String {
    let quote: Value = quote_with(app, ticket_type, quantity, code).await.json().await.unwrap();
    let created = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": ticket_type, "amount": quote["total"], "name": "Wanda Waiting", "email": email,
                     "quantity": quantity, "code": code }),
        )
        .await;
    assert_eq!(created.status(), 200, "{}", created.text().await.unwrap());
    let created: Value = created.json().await.unwrap();
    let paid = app
        .pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
        .await;
    assert_eq!(paid.status(), 200);
    created["orderId"].as_str().unwrap().to_owned()
}

/// Units left for the public, as the catalogue counts them.
async fn left(app: &TestApp, ticket_type: &str) -> i64 {
    app.store.stock_remaining().await.unwrap()[&format!("ticket:{ticket_type}")]
}

/// Runs the sweep as it would run `hours` from now: expired codes give their units back and
/// the waiting list is offered what is free.
async fn sweep_after(app: &TestApp, hours: i64) {
    let then = conference::store::now_millis() + hours * 60 * 60 * 1000;
    app.store.release_expired_code_holds(then).await.unwrap();
    app.store.offer_freed_units(then).await.unwrap();
}

on_both_databases! {
    /// A queue forms only once the item sells out; a lapsed checkout's seat is held for the
    /// first in line, not sold to the next public buyer, and bought with the emailed code.
    async fn a_lapsed_checkout_is_offered_to_the_first_in_line(app, limited("vip", 1)) {
        let on_sale = join(&app, "vip", "early@example.com", 1).await;
        assert_eq!(on_sale.status(), 409, "the queue opens once the item is sold out");

        let lapsing = hold(&app, "vip", 1, "lapsing@example.com").await;
        assert_eq!(position(join(&app, "vip", "first@example.com", 1).await).await, 1);
        assert_eq!(position(join(&app, "vip", "second@example.com", 1).await).await, 2);
        let again = join(&app, "vip", "FIRST@example.com", 1).await;
        assert_eq!(again.status(), 409, "one entry per email per item");
        let joined = app.email_to_containing("second@example.com", "number 2").await;
        assert!(joined.contains("VIP Pass"), "{joined}");

        assert_eq!(app.expire_reservations_after(31).await, 1);
        assert_eq!(app.store.order(&lapsing).await.unwrap().unwrap().status, OrderStatus::Expired);
        let code = offered_code(&app, "first@example.com").await;
        assert_eq!(left(&app, "vip").await, 0, "the freed seat is held for the offer");
        let public = app.create_ticket_payment("vip", 1, "public@example.com").await;
        assert_eq!(public.status(), 409, "the public does not get the seat the queue is owed");
        let listed: Vec<Value> = app.get(&format!("/api/tickets?code={code}")).await.json().await.unwrap();
        let vip = listed.iter().find(|ticket| ticket["type"] == "vip").unwrap();
        assert_eq!(vip["sales"], "open", "the offer's checkout lists the held seat as on sale: {vip}");
        let other = quote_with(&app, "developer", 1, &code).await;
        assert_eq!(other.status(), 422, "the code is for the VIP Pass only");

        let order = buy_with(&app, "vip", 1, "first@example.com", &code).await;
        assert_eq!(app.store.order(&order).await.unwrap().unwrap().status, OrderStatus::Paid);
        let reused = quote_with(&app, "vip", 1, &code).await;
        assert_eq!(reused.status(), 422, "the code works once");
    }
}

on_both_databases! {
    /// An offer that runs out unused passes its seat to the next entry; the first code stops working.
    async fn an_expired_offer_passes_to_the_next_entry(app, limited("vip", 1)) {
        hold(&app, "vip", 1, "lapsing@example.com").await;
        join(&app, "vip", "first@example.com", 1).await;
        join(&app, "vip", "second@example.com", 1).await;
        app.expire_reservations_after(31).await;
        let first = offered_code(&app, "first@example.com").await;

        sweep_after(&app, 49).await;

        let second = offered_code(&app, "second@example.com").await;
        assert_ne!(first, second);
        assert_eq!(left(&app, "vip").await, 0, "still held, now for the second entry");
    }
}

on_both_databases! {
    /// "No thanks" passes the seat on at once; a scanner opening the link declines nothing.
    async fn a_declined_offer_passes_to_the_next_entry(app, limited("vip", 1)) {
        hold(&app, "vip", 1, "lapsing@example.com").await;
        join(&app, "vip", "first@example.com", 1).await;
        join(&app, "vip", "second@example.com", 1).await;
        app.expire_reservations_after(31).await;
        let token = app
            .links_to("first@example.com", "/waiting-list/decline?token=", 1)
            .await
            .remove(0);

        let page = app.get(&format!("/waiting-list/decline?token={token}")).await;
        assert_eq!(page.status(), 200);
        assert!(page.text().await.unwrap().contains("No thanks, pass it on"));
        let declined = app
            .client
            .post(app.url(&format!("/waiting-list/decline?token={token}")))
            .send()
            .await
            .unwrap();
        assert_eq!(declined.status(), 200);
        assert!(declined.text().await.unwrap().contains("goes to the next person"));

        offered_code(&app, "second@example.com").await;
        let unknown = app.client.post(app.url("/waiting-list/decline?token=nope")).send().await.unwrap();
        assert_eq!(unknown.status(), 404);
    }
}

on_both_databases! {
    /// A refund frees the seat for the queue; refunding the order made from that offer gives
    /// the seat to the next entry and never revives the refunded buyer's code.
    async fn a_refund_makes_an_offer_and_never_revives_one(app, limited("vip", 1)) {
        let bought = app.paid_ticket_order("vip", "Ana Diaz", "ana@example.com").await;
        join(&app, "vip", "first@example.com", 1).await;
        join(&app, "vip", "second@example.com", 1).await;

        let refunded = app.admin_post(&format!("/api/admin/orders/{bought}/refund"), &json!({})).await;
        assert_eq!(refunded.status(), 200);
        let code = offered_code(&app, "first@example.com").await;
        let from_offer = buy_with(&app, "vip", 1, "first@example.com", &code).await;

        let refunded = app.admin_post(&format!("/api/admin/orders/{from_offer}/refund"), &json!({})).await;
        assert_eq!(refunded.status(), 200);

        offered_code(&app, "second@example.com").await;
        let revived = quote_with(&app, "vip", 1, &code).await;
        assert_eq!(revived.status(), 422, "the refunded offer's code stays used");
        assert_eq!(left(&app, "vip").await, 0);
    }
}

on_both_databases! {
    /// Two seats that come back go together to the entry that waits for two.
    async fn two_freed_seats_go_to_an_entry_for_two(app, limited("developer", 2)) {
        hold(&app, "developer", 2, "lapsing@example.com").await;
        assert_eq!(position(join(&app, "developer", "pair@example.com", 2).await).await, 1);

        app.expire_reservations_after(31).await;

        let code = offered_code(&app, "pair@example.com").await;
        assert_eq!(left(&app, "developer").await, 0);
        assert_eq!(quote_with(&app, "developer", 2, &code).await.status(), 200);
        buy_with(&app, "developer", 2, "pair@example.com", &code).await;
    }
}

on_both_databases! {
    /// A raised limit goes to the queue first; what is left over goes on sale.
    async fn a_raised_limit_is_offered_to_the_queue_first(app, limited("vip", 1)) {
        hold(&app, "vip", 1, "holder@example.com").await;
        join(&app, "vip", "first@example.com", 1).await;

        app.store.sync_stock(&[("ticket:vip".to_owned(), 3)]).await.unwrap();

        offered_code(&app, "first@example.com").await;
        assert_eq!(left(&app, "vip").await, 1, "one seat went to the offer, one is on sale");
    }
}

on_both_databases! {
    /// Bad input gets a clear error.
    async fn bad_entries_are_refused_by_the_field(app, limited("vip", 1)) {
        hold(&app, "vip", 1, "holder@example.com").await;
        let bad = app
            .post_json(
                "/api/waiting-list",
                &json!({ "kind": "ticket", "item": "vip", "name": "x", "email": "nope", "quantity": 99 }),
            )
            .await;
        assert_eq!(bad.status(), 422);
        let body: Value = bad.json().await.unwrap();
        for field in ["name", "email", "quantity"] {
            assert!(body["fieldErrors"][field].is_string(), "{field}: {body}");
        }
        let unknown = app
            .post_json(
                "/api/waiting-list",
                &json!({ "kind": "ticket", "item": "nothing", "name": "Ana Diaz", "email": "ana@example.com" }),
            )
            .await;
        assert_eq!(unknown.status(), 404);
    }
}

/// The back office's queues.
async fn queues(app: &TestApp) -> Vec<Value> {
    let listed = app.admin_get("/api/admin/waiting-list").await;
    assert_eq!(listed.status(), 200);
    let listed: Value = listed.json().await.unwrap();
    listed["queues"].as_array().unwrap().clone()
}

/// The entry of `email` in `queue`.
fn entry<'a>(queue: &'a Value, email: &str) -> &'a Value {
    queue["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["email"] == email)
        .unwrap()
}

on_both_databases! {
    /// The organizer sees each queue in order, moves an entry up, and takes entries off: a
    /// waiting one stops being owed its seat, an offered one's seat goes to the next in line.
    async fn the_organizer_moves_and_removes_entries(app, limited("vip", 1)) {
        hold(&app, "vip", 1, "lapsing@example.com").await;
        for email in ["first@example.com", "second@example.com", "third@example.com"] {
            join(&app, "vip", email, 1).await;
        }
        let listed = queues(&app).await;
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["sku"], "ticket:vip");
        assert_eq!(listed[0]["itemName"], "VIP Pass");
        assert_eq!(listed[0]["waiting"], 3);
        assert_eq!(listed[0]["free"], 0);
        assert_eq!(listed[0]["blocked"], Value::Null);
        let third = entry(&listed[0], "third@example.com")["id"].as_str().unwrap().to_owned();
        let first = entry(&listed[0], "first@example.com")["id"].as_str().unwrap().to_owned();
        assert_eq!(entry(&listed[0], "third@example.com")["place"], 3);

        let moved = app.admin_post(&format!("/api/admin/waiting-list/{third}/move-up"), &json!({})).await;
        assert_eq!(moved.status(), 200);
        assert_eq!(moved.json::<Value>().await.unwrap()["place"], 2);
        let top = app.admin_post(&format!("/api/admin/waiting-list/{first}/move-up"), &json!({})).await;
        assert_eq!(top.status(), 409, "the first is first already");
        let second = entry(&queues(&app).await[0], "second@example.com")["id"].as_str().unwrap().to_owned();
        assert_eq!(app.admin_delete(&format!("/api/admin/waiting-list/{second}")).await.status(), 204);
        assert_eq!(app.admin_delete(&format!("/api/admin/waiting-list/{second}")).await.status(), 409);
        assert_eq!(app.admin_delete("/api/admin/waiting-list/no-such-entry").await.status(), 404);

        app.expire_reservations_after(31).await;
        let listed = queues(&app).await;
        assert_eq!(entry(&listed[0], "first@example.com")["state"], "offered");
        assert!(entry(&listed[0], "first@example.com")["offerExpiresAt"].is_i64());
        assert_eq!(entry(&listed[0], "second@example.com")["state"], "removed");
        assert_eq!(entry(&listed[0], "third@example.com")["place"], 1);
        let code = offered_code(&app, "first@example.com").await;

        assert_eq!(app.admin_delete(&format!("/api/admin/waiting-list/{first}")).await.status(), 204);
        assert_eq!(quote_with(&app, "vip", 1, &code).await.status(), 422, "a removed offer's code stops working");
        offered_code(&app, "third@example.com").await;
        assert_eq!(entry(&queues(&app).await[0], "third@example.com")["state"], "offered");
        assert_eq!(left(&app, "vip").await, 0, "the seat went to the next in line, not on sale");
    }
}

on_both_databases! {
    /// A head that wants more than came back keeps its place and is told once; the seats go to
    /// the first behind it who asks for few enough, and the organizer sees why.
    async fn a_smaller_entry_behind_a_head_that_cannot_be_served_gets_the_units(app, limited("vip", 3)) {
        let created = app.create_ticket_payment("vip", 2, "paid@example.com").await;
        let created: Value = created.json().await.unwrap();
        let paid = app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await;
        assert_eq!(paid.status(), 200);
        hold(&app, "vip", 1, "lapsing@example.com").await;
        join(&app, "vip", "pair@example.com", 2).await;
        join(&app, "vip", "single@example.com", 1).await;
        join(&app, "vip", "third@example.com", 1).await;

        app.expire_reservations_after(31).await;

        let listed = queues(&app).await;
        assert_eq!(entry(&listed[0], "single@example.com")["state"], "offered", "{}", listed[0]);
        assert_eq!(entry(&listed[0], "pair@example.com")["place"], 1, "the head keeps its place");
        assert!(entry(&listed[0], "pair@example.com")["passedOverAt"].is_i64());
        assert_eq!(entry(&listed[0], "third@example.com")["passedOverAt"], Value::Null);
        let blocked = listed[0]["blocked"].as_str().unwrap();
        assert!(blocked.contains("The first in line wants 2"), "{blocked}");
        assert!(blocked.contains("keeps their place"), "{blocked}");
        let told = app.email_to_containing("pair@example.com", "You keep your place").await;
        assert!(told.contains("asked for fewer"), "{told}");

        let token = app
            .links_to("single@example.com", "/waiting-list/decline?token=", 1)
            .await
            .remove(0);
        let declined = app
            .client
            .post(app.url(&format!("/waiting-list/decline?token={token}")))
            .send()
            .await
            .unwrap();
        assert_eq!(declined.status(), 200);
        offered_code(&app, "third@example.com").await;
        let notices = app
            .store
            .list_outbox()
            .await
            .unwrap()
            .into_iter()
            .filter(|email| email.kind == "waiting_list_passed_over" && email.recipient == "pair@example.com")
            .count();
        assert_eq!(notices, 1, "the head is told once");

        let pair = entry(&queues(&app).await[0], "pair@example.com")["id"].as_str().unwrap().to_owned();
        let too_many = app.admin_post(&format!("/api/admin/waiting-list/{pair}/offer"), &json!({})).await;
        assert_eq!(too_many.status(), 409);
    }
}

on_both_databases! {
    /// A merchandise variant has its own queue: its offer holds that variant, and buys it.
    async fn a_sold_out_variant_is_offered_and_bought_with_its_code(app, TestOptions::with_event(|event| {
        let tshirt = event.merchandise.iter_mut().find(|item| item.id == 1).unwrap();
        tshirt.variant_limits = vec![conference::event::VariantLimit {
            size: Some("XXL".into()),
            color: Some("Ocean Blue".into()),
            limit: 1,
        }];
    }).without_rate_limits()) {
        let tshirt = |email: &str, code: Option<&str>| json!({ "merchandiseId": 1, "amount": 500, "name": "Ana", "email": email,
            "quantity": 1, "size": "XXL", "color": "Ocean Blue", "code": code });
        let held = app.post_json("/api/create-merchandise-payment", &tshirt("lapsing@example.com", None)).await;
        assert_eq!(held.status(), 200);
        let joined = app
            .post_json(
                "/api/waiting-list",
                &json!({ "kind": "merchandise", "item": 1, "size": "XXL", "color": "Ocean Blue",
                         "name": "Wanda Waiting", "email": "wanda@example.com", "quantity": 1 }),
            )
            .await;
        assert_eq!(position(joined).await, 1);

        app.expire_reservations_after(31).await;
        let code = offered_code(&app, "wanda@example.com").await;
        let public = app.post_json("/api/create-merchandise-payment", &tshirt("public@example.com", None)).await;
        assert_eq!(public.status(), 409, "the variant is held for the queue");
        let other_size = app
            .post_json(
                "/api/create-merchandise-payment",
                &json!({ "merchandiseId": 1, "amount": 500, "name": "Ana", "email": "l@example.com", "quantity": 1,
                         "size": "L", "color": "Ocean Blue" }),
            )
            .await;
        assert_eq!(other_size.status(), 200, "the other variants stay on sale");
        let bought = app.post_json("/api/create-merchandise-payment", &tshirt("wanda@example.com", Some(&code))).await;
        assert_eq!(bought.status(), 200, "{}", bought.text().await.unwrap());
    }
}

/// The Hackathon Tee (no limit of its own) limited to one unit in each of `variants`, the back
/// office open; `rate_limits` keeps the per-client budgets and caps on.
fn one_tee_per(variants: &'static [(&'static str, &'static str)], rate_limits: bool) -> TestOptions {
    let options = TestOptions {
        env: vec![("TRUSTED_PROXIES", "127.0.0.1".to_owned())],
        ..TestOptions::with_event(move |event| {
            let tee = event.merchandise.iter_mut().find(|item| item.id == 2).unwrap();
            tee.variant_limits = variants
                .iter()
                .map(|(size, color)| conference::event::VariantLimit {
                    size: Some((*size).into()),
                    color: Some((*color).into()),
                    limit: 1,
                })
                .collect();
            event.hold_limits.units_per_email_per_item = 1;
            event.hold_limits.units_per_address_per_item = 2;
        })
    }
    .with_admin();
    if rate_limits {
        options
    } else {
        options.without_rate_limits()
    }
}

fn tee(size: &str, color: &str, email: &str, code: Option<&str>) -> Value {
    json!({ "merchandiseId": 2, "amount": 3499, "name": "Ana Diaz", "email": email, "quantity": 1,
            "size": size, "color": color, "code": code })
}

/// Buys one Hackathon Tee in `size`/`color` and pays; answers the order id.
async fn paid_tee(app: &TestApp, size: &str, color: &str, email: &str) -> String {
    let created = app
        .post_json("/api/create-merchandise-payment", &tee(size, color, email, None))
        .await;
    assert_eq!(created.status(), 200, "{}", created.text().await.unwrap());
    let created: Value = created.json().await.unwrap();
    let paid = app
        .pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
        .await;
    assert_eq!(paid.status(), 200);
    created["orderId"].as_str().unwrap().to_owned()
}

fn tee_entry(size: &str, color: &str, email: &str, quantity: i64) -> Value {
    json!({ "kind": "merchandise", "item": 2, "size": size, "color": color, "name": "Wanda Waiting",
            "email": email, "quantity": quantity })
}

/// The back office's queue waiting on `sku`.
async fn queue(app: &TestApp, sku: &str) -> Value {
    queues(app).await.into_iter().find(|queue| queue["sku"] == sku).unwrap()
}

on_both_databases! {
    /// Each variant's freed units go to its own queue, whatever waits for the item's other variants.
    async fn a_freed_variant_is_offered_though_another_variant_of_its_item_has_a_queue(
        app, one_tee_per(&[("S", "Coral"), ("S", "Charcoal")], false)
    ) {
        paid_tee(&app, "S", "Coral", "coral@example.com").await;
        let coral = app.post_json("/api/waiting-list", &tee_entry("S", "Coral", "wanda@example.com", 1)).await;
        assert_eq!(position(coral).await, 1);
        let charcoal = paid_tee(&app, "S", "Charcoal", "charcoal@example.com").await;
        let waiting = app.post_json("/api/waiting-list", &tee_entry("S", "Charcoal", "will@example.com", 1)).await;
        assert_eq!(position(waiting).await, 1);

        let refunded = app.admin_post(&format!("/api/admin/orders/{charcoal}/refund"), &json!({})).await;
        assert_eq!(refunded.status(), 200);

        let charcoal_queue = queue(&app, "merchandise:2:S:Charcoal").await;
        assert_eq!(entry(&charcoal_queue, "will@example.com")["state"], "offered", "{charcoal_queue}");
        assert_eq!(charcoal_queue["blocked"], Value::Null, "{charcoal_queue}");
        let coral_queue = queue(&app, "merchandise:2:S:Coral").await;
        assert_eq!(entry(&coral_queue, "wanda@example.com")["state"], "waiting");
        assert_eq!(coral_queue["blocked"], Value::Null, "nothing came back for S/Coral: {coral_queue}");
        let code = offered_code(&app, "will@example.com").await;
        let public = app.post_json("/api/create-merchandise-payment", &tee("S", "Charcoal", "p@example.com", None)).await;
        assert_eq!(public.status(), 409, "the freed tee is held for its queue");
        let bought = app
            .post_json("/api/create-merchandise-payment", &tee("S", "Charcoal", "will@example.com", Some(&code)))
            .await;
        assert_eq!(bought.status(), 200, "{}", bought.text().await.unwrap());
    }
}

on_both_databases! {
    /// An entry asks for no more than could ever come back: the item's limit (its variant's)
    /// when lower than its order maximum. The catalogue gives the dialog that bound.
    async fn a_join_asks_for_no_more_than_the_item_could_ever_offer(app, limited("vip", 3)) {
        hold(&app, "vip", 3, "holder@example.com").await;

        let hoarding = join(&app, "vip", "hoarder@example.com", 20).await;
        assert_eq!(hoarding.status(), 422);
        let body: Value = hoarding.json().await.unwrap();
        let message = body["fieldErrors"]["quantity"].as_str().unwrap();
        assert!(message.contains("at most 3"), "{message}");
        assert_eq!(queues(&app).await.len(), 0, "nothing was queued");
        assert_eq!(position(join(&app, "vip", "three@example.com", 3).await).await, 1);
        let listed: Vec<Value> = app.get("/api/tickets").await.json().await.unwrap();
        let vip = listed.iter().find(|ticket| ticket["type"] == "vip").unwrap();
        assert_eq!(vip["waitingListMaxQuantity"], 3, "{vip}");
    }
}

on_both_databases! {
    /// A sold-out variant limited to one unit takes entries for one.
    async fn a_variant_entry_asks_for_no_more_than_its_variant_could_offer(
        app, one_tee_per(&[("S", "Coral")], false)
    ) {
        paid_tee(&app, "S", "Coral", "coral@example.com").await;

        let two = app.post_json("/api/waiting-list", &tee_entry("S", "Coral", "two@example.com", 2)).await;
        assert_eq!(two.status(), 422);
        let body: Value = two.json().await.unwrap();
        let message = body["fieldErrors"]["quantity"].as_str().unwrap();
        assert!(message.contains("at most 1: no more of the Hackathon Tee, S / Coral"), "{message}");
        let one = app.post_json("/api/waiting-list", &tee_entry("S", "Coral", "one@example.com", 1)).await;
        assert_eq!(position(one).await, 1);
        let listed: Vec<Value> = app.get("/api/merchandise").await.json().await.unwrap();
        let hackathon_tee = listed.iter().find(|item| item["id"] == 2).unwrap();
        assert_eq!(hackathon_tee["waitingListMaxQuantity"], 10, "{hackathon_tee}");
        assert_eq!(
            hackathon_tee["variantWaitingListMaxQuantity"],
            json!([{ "size": "S", "color": "Coral", "maxQuantity": 1 }])
        );
    }
}

on_both_databases! {
    /// Units queued draw on the `[limits]` unit caps, per email and per address, as open
    /// checkouts do (counted apart from them): beyond them a join is refused, and another
    /// network still joins.
    async fn units_queued_are_capped_per_email_and_per_address(
        app, one_tee_per(&[("S", "Coral"), ("S", "Charcoal"), ("M", "Coral")], true)
    ) {
        for (size, color) in [("S", "Coral"), ("S", "Charcoal"), ("M", "Coral")] {
            paid_tee(&app, size, color, &format!("{size}-{color}@example.com")).await;
        }
        let first = app.post_json("/api/waiting-list", &tee_entry("S", "Coral", "ana@example.com", 1)).await;
        assert_eq!(position(first).await, 1);

        let same_email = app.post_json("/api/waiting-list", &tee_entry("S", "Charcoal", "ana@example.com", 1)).await;
        assert_eq!(same_email.status(), 409);
        let message = same_email.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("this email address"), "{message}");

        let other_email = app.post_json("/api/waiting-list", &tee_entry("S", "Charcoal", "bo@example.com", 1)).await;
        assert_eq!(position(other_email).await, 1);
        let same_network = app.post_json("/api/waiting-list", &tee_entry("M", "Coral", "cy@example.com", 1)).await;
        assert_eq!(same_network.status(), 409);
        let message = same_network.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("your network"), "{message}");

        let elsewhere = app
            .post_json_forwarded_for("/api/waiting-list", &tee_entry("M", "Coral", "cy@example.com", 1), "203.0.113.9")
            .await;
        assert_eq!(position(elsewhere).await, 1);
        let waiting: i64 = queues(&app).await.iter().map(|queue| queue["waiting"].as_i64().unwrap()).sum();
        assert_eq!(waiting, 3, "the refused joins queued nothing");
    }
}
