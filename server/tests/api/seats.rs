//! Workshop seats: a seat belongs to a ticket; the session's and the ticket's limits and the clash rule hold under
//! races; a freed seat goes to the first eligible ticket in line; refunds release seats and transfers carry them;
//! the workshop's door admits a seat once; the back office moves people with the limit, exports the roster and
//! messages the holders.

use conference::programme::{Programme, Room, Session, SessionKind};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::macros::datetime;

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};

/// A workshop of two hours on a day after the machine's clock, so that seats freed by a refund (which reads the
/// machine's clock) still move.
fn workshop(slug: &str, room: &str, start: OffsetDateTime) -> Session {
    Session {
        source_id: format!("src-{slug}"),
        slug: slug.into(),
        title: slug.replace('-', " "),
        subtitle: None,
        kind: SessionKind::Workshop,
        track: None,
        level: None,
        language: Some("en".into()),
        abstract_text: None,
        description: None,
        speakers: Vec::new(),
        room: Some(room.into()),
        start,
        end: start + time::Duration::hours(2),
        links: Vec::new(),
    }
}

fn room(source_id: &str, capacity: u32) -> Room {
    Room {
        source_id: source_id.into(),
        name: format!("Room {source_id}"),
        capacity: Some(capacity),
    }
}

const NINE: OffsetDateTime = datetime!(2027-05-19 09:00 -4);
const TEN: OffsetDateTime = datetime!(2027-05-19 10:00 -4);
const NOON: OffsetDateTime = datetime!(2027-05-19 12:00 -4);

async fn publish(app: &TestApp, sessions: Vec<Session>) {
    let programme = Programme {
        rooms: vec![room("one", 1), room("two", 2), room("lab", 36)],
        tracks: Vec::new(),
        speakers: Vec::new(),
        sessions,
    };
    app.store.apply_programme(&programme, "pretalx", "test").await.unwrap();
}

/// Tickets on sale (the date a month before the transfer cut-off), sign-up open since January, the back office
/// open, no per-address limits (every test request comes from 127.0.0.1).
fn seats_open() -> TestOptions {
    TestOptions {
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::with_event(|event| event.workshops.signup_opens = Some(datetime!(2026-01-01 00:00 -4)))
    }
    .with_admin()
    .without_rate_limits()
}

/// A ticket order of `quantity` people; answers the buyer's link and the tickets' ids.
async fn order(app: &TestApp, ticket_type: &str, quantity: i64, email: &str) -> (String, Vec<String>) {
    let created: Value = app
        .create_ticket_payment(ticket_type, quantity, email)
        .await
        .json()
        .await
        .unwrap();
    let secret = created["clientSecret"].as_str().expect("the order was created");
    assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
    let order_id = created["orderId"].as_str().unwrap();
    let token = app.buyer_manage_token(order_id).await;
    let tickets = app.store.tickets_of_order(order_id).await.unwrap();
    (token, tickets.into_iter().map(|ticket| ticket.id).collect())
}

/// One developer ticket; answers its link and id.
async fn holder(app: &TestApp, email: &str) -> (String, String) {
    let (token, mut tickets) = order(app, "developer", 1, email).await;
    (token, tickets.remove(0))
}

async fn reserve(app: &TestApp, token: &str, ticket_id: &str, slug: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/my-tickets/{ticket_id}/seats")))
        .header("X-Manage-Token", token)
        .json(&json!({ "session": slug }))
        .send()
        .await
        .unwrap()
}

async fn queue(app: &TestApp, token: &str, ticket_id: &str, slug: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/my-tickets/{ticket_id}/seats/{slug}/waiting-list")))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

async fn cancel(app: &TestApp, token: &str, ticket_id: &str, slug: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/api/my-tickets/{ticket_id}/seats/{slug}")))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

async fn seats_of(app: &TestApp, token: &str, ticket_id: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/my-tickets/{ticket_id}/seats")))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn held(seats: &Value) -> Vec<&str> {
    seats["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["session"].as_str().unwrap())
        .collect()
}

async fn counted(app: &TestApp, sql: &str) -> i64 {
    let database = app.database().await;
    let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&database).await.unwrap();
    count
}

async fn patch(app: &TestApp, slug: &str, body: &Value) -> reqwest::Response {
    app.client
        .patch(app.url(&format!("/api/admin/sessions/{slug}")))
        .bearer_auth(crate::helpers::ADMIN_TOKEN)
        .json(body)
        .send()
        .await
        .unwrap()
}

on_both_databases! {
    async fn fifty_holders_racing_for_the_last_seat_give_exactly_one_seat(app, seats_open()) {
        publish(&app, vec![workshop("last-seat", "one", TEN)]).await;
        let mut holders = Vec::new();
        for (index, quantity) in [19, 19, 12].into_iter().enumerate() {
            let (token, tickets) = order(&app, "team", quantity, &format!("team{index}@example.com")).await;
            holders.extend(tickets.into_iter().map(|ticket| (token.clone(), ticket)));
        }
        assert_eq!(holders.len(), 50);

        let racing = holders.iter().map(|(token, ticket)| reserve(&app, token, ticket, "last-seat"));
        let answers = futures_util::future::join_all(racing).await;

        let statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|&&status| status == 201).count(), 1, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|&&status| status == 409).count(), 49, "{statuses:?}");
        assert_eq!(counted(&app, "SELECT COUNT(*) FROM workshop_seats").await, 1);
        assert_eq!(counted(&app, "SELECT taken FROM session_seats").await, 1);
        let programme: Value = app.get("/api/programme/seats").await.json().await.unwrap();
        assert_eq!(programme["sessions"]["last-seat"]["left"], 0);
        assert_eq!(programme["sessions"]["last-seat"]["limit"], 1);
    }
}

on_both_databases! {
    async fn one_ticket_reserving_two_overlapping_sessions_at_once_gets_one_and_a_clash(app, seats_open()) {
        publish(&app, vec![workshop("morning-rust", "lab", NINE), workshop("morning-go", "lab", TEN)]).await;
        let (token, ticket) = holder(&app, "ana@example.com").await;

        let (first, second) = tokio::join!(
            reserve(&app, &token, &ticket, "morning-rust"),
            reserve(&app, &token, &ticket, "morning-go")
        );

        let mut statuses = [first.status().as_u16(), second.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 409]);
        let refused: Value = if first.status() == 409 { first.json().await.unwrap() } else { second.json().await.unwrap() };
        assert_eq!(refused["code"], "clash");
        let kept = held(&seats_of(&app, &token, &ticket).await)[0].to_owned();
        assert_eq!(refused["clashesWith"], kept.as_str());
        assert!(refused["message"].as_str().unwrap().contains(&kept.replace('-', " ")), "{refused}");
        // Back to back is no clash.
        publish(&app, vec![workshop("morning-rust", "lab", NINE), workshop("morning-go", "lab", TEN), workshop("afternoon", "lab", NOON)]).await;
        assert_eq!(reserve(&app, &token, &ticket, "afternoon").await.status(), 201);
        // Reserving again answers the seat held.
        assert_eq!(reserve(&app, &token, &ticket, "afternoon").await.status(), 200);
    }
}

on_both_databases! {
    async fn the_per_ticket_limit_holds_under_a_race(app, seats_open()) {
        let sessions: Vec<Session> = (0..6)
            .map(|day| workshop(&format!("day-{day}"), "lab", TEN + time::Duration::days(day)))
            .collect();
        publish(&app, sessions).await;
        let (token, ticket) = holder(&app, "ana@example.com").await;

        let racing = (0..6).map(|day| {
            let slug = format!("day-{day}");
            let (app, token, ticket) = (&app, &token, &ticket);
            async move { reserve(app, token, ticket, &slug).await }
        });
        let answers = futures_util::future::join_all(racing).await;

        let mut statuses: Vec<u16> = answers.iter().map(|answer| answer.status().as_u16()).collect();
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 201, 201, 409, 409, 409], "a developer ticket holds 3");
        let seats = seats_of(&app, &token, &ticket).await;
        assert_eq!((seats["limit"].as_i64(), held(&seats).len()), (Some(3), 3));
        for answer in answers.into_iter().filter(|answer| answer.status() == 409) {
            assert_eq!(answer.json::<Value>().await.unwrap()["code"], "limit");
        }
        let page: Value = app.client.get(app.url("/api/my-tickets")).header("X-Manage-Token", &token)
            .send().await.unwrap().json().await.unwrap();
        assert_eq!(page["tickets"][0]["workshopSeats"], 3);
    }
}

on_both_databases! {
    async fn a_cancelled_seat_goes_to_the_first_eligible_in_line_and_a_clashing_one_keeps_its_place(app, seats_open()) {
        publish(&app, vec![workshop("tiny", "one", TEN), workshop("same-time", "lab", TEN)]).await;
        let (ana, ana_ticket) = holder(&app, "ana@example.com").await;
        let (bo, bo_ticket) = holder(&app, "bo@example.com").await;
        let (cy, cy_ticket) = holder(&app, "cy@example.com").await;
        assert_eq!(reserve(&app, &ana, &ana_ticket, "tiny").await.status(), 201);
        let confirmation = app.email_to_containing("ana@example.com", "is reserved").await;
        assert!(confirmation.contains("/schedule.ics?sessions=tiny"), "{confirmation}");
        let full = reserve(&app, &bo, &bo_ticket, "tiny").await;
        assert_eq!(full.status(), 409);
        assert_eq!(full.json::<Value>().await.unwrap()["code"], "full");
        let bo_place: Value = queue(&app, &bo, &bo_ticket, "tiny").await.json().await.unwrap();
        assert_eq!(bo_place["place"], 1);
        // Bo now holds a seat at the same time: not eligible while that lasts.
        assert_eq!(reserve(&app, &bo, &bo_ticket, "same-time").await.status(), 201);
        let cy_joined = queue(&app, &cy, &cy_ticket, "tiny").await;
        assert_eq!(cy_joined.status(), 201);
        assert_eq!(cy_joined.json::<Value>().await.unwrap()["place"], 2);

        assert_eq!(cancel(&app, &ana, &ana_ticket, "tiny").await.status(), 204);

        assert_eq!(held(&seats_of(&app, &cy, &cy_ticket).await), ["tiny"]);
        let bo_seats = seats_of(&app, &bo, &bo_ticket).await;
        assert_eq!(bo_seats["waiting"], json!([{ "session": "tiny", "place": 1 }]));
        assert!(held(&seats_of(&app, &ana, &ana_ticket).await).is_empty());
        let email = app.email_to_containing("cy@example.com", "is now yours").await;
        assert!(email.contains("tiny") && email.contains("Room one"), "{email}");
        // Cancelling what it does not hold.
        assert_eq!(cancel(&app, &ana, &ana_ticket, "tiny").await.status(), 404);
    }
}

on_both_databases! {
    async fn a_refund_releases_the_seats_and_a_transfer_carries_them(app, seats_open()) {
        publish(&app, vec![workshop("tiny", "one", TEN)]).await;
        let created: Value = app.create_ticket_payment("developer", 1, "ana@example.com").await.json().await.unwrap();
        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        let ana_order = created["orderId"].as_str().unwrap().to_owned();
        let ana = app.buyer_manage_token(&ana_order).await;
        let ana_ticket = app.store.tickets_of_order(&ana_order).await.unwrap()[0].id.clone();
        let (bo, bo_ticket) = holder(&app, "bo@example.com").await;
        assert_eq!(reserve(&app, &ana, &ana_ticket, "tiny").await.status(), 201);
        assert_eq!(queue(&app, &bo, &bo_ticket, "tiny").await.status(), 201);

        // Handed to Dee: the same ticket, so the seat goes with it to her own link.
        let named = app.client.post(app.url(&format!("/api/my-tickets/{ana_ticket}/attendee")))
            .header("X-Manage-Token", &ana).json(&json!({ "name": "Dee Park", "email": "dee@example.com" }))
            .send().await.unwrap();
        assert_eq!(named.status(), 200);
        let dee = app.manage_links_to("dee@example.com", 1).await.remove(0);
        assert_eq!(held(&seats_of(&app, &dee, &ana_ticket).await), ["tiny"]);

        let refunded = app
            .admin_post(&format!("/api/admin/orders/{ana_order}/refund"), &json!({ "amount": 79_900, "reason": "Cannot come" }))
            .await;
        assert_eq!(refunded.status(), 200);

        assert!(held(&seats_of(&app, &dee, &ana_ticket).await).is_empty());
        assert_eq!(held(&seats_of(&app, &bo, &bo_ticket).await), ["tiny"]);
        app.email_to_containing("bo@example.com", "is now yours").await;
        let again = reserve(&app, &dee, &ana_ticket, "tiny").await;
        assert_eq!(again.status(), 409);
        assert_eq!(again.json::<Value>().await.unwrap()["code"], "closed");
    }
}

on_both_databases! {
    async fn a_ticket_type_without_workshop_seats_is_refused_with_a_clear_message(
        app,
        TestOptions {
            clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
            ..TestOptions::with_event(|event| {
                event.workshops.signup_opens = Some(datetime!(2026-01-01 00:00 -4));
                event.tickets.iter_mut().for_each(|ticket| ticket.workshop_seats = 0);
            })
        }
    ) {
        publish(&app, vec![workshop("lab-session", "lab", TEN)]).await;
        let (token, ticket) = holder(&app, "ana@example.com").await;

        let refused = reserve(&app, &token, &ticket, "lab-session").await;
        let queued = queue(&app, &token, &ticket, "lab-session").await;

        assert_eq!(refused.status(), 403);
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["code"], "no_workshops");
        assert_eq!(body["message"], "This ticket's type does not include workshop seats.");
        assert_eq!(queued.status(), 403);
        assert_eq!(seats_of(&app, &token, &ticket).await["limit"], 0);
        let unknown = reserve(&app, &token, &ticket, "no-such-session").await;
        assert_eq!(unknown.status(), 404);
    }
}

on_both_databases! {
    async fn the_workshops_door_admits_a_seat_once_takes_walk_ins_and_refuses_when_full(app, seats_open()) {
        publish(&app, vec![workshop("pair", "two", TEN)]).await;
        let (ana, ana_ticket) = holder(&app, "ana@example.com").await;
        assert_eq!(reserve(&app, &ana, &ana_ticket, "pair").await.status(), 201);
        let code_of = |ticket: String| {
            let store = app.store.clone();
            async move { conference::tickets::display_code(&store.ticket(&ticket).await.unwrap().unwrap().code) }
        };
        let ana_code = code_of(ana_ticket.clone()).await;
        let (_, bo_ticket) = holder(&app, "bo@example.com").await;
        let (_, cy_ticket) = holder(&app, "cy@example.com").await;

        let first = app.admin_post("/api/admin/check-in", &json!({ "code": ana_code, "session": "pair" })).await;
        let second = app.admin_post("/api/admin/check-in", &json!({ "code": ana_code, "session": "pair" })).await;
        let walk_in = app.admin_post("/api/admin/check-in", &json!({ "code": code_of(bo_ticket).await, "session": "pair" })).await;
        let full = app.admin_post("/api/admin/check-in", &json!({ "code": code_of(cy_ticket).await, "session": "pair" })).await;

        assert_eq!(first.status(), 200);
        let first: Value = first.json().await.unwrap();
        assert_eq!((first["result"].as_str(), first.get("walkIn")), (Some("admitted"), Some(&json!(false))));
        assert_eq!(second.status(), 409);
        assert_eq!(second.json::<Value>().await.unwrap()["result"], "already_checked_in");
        assert_eq!(walk_in.status(), 200);
        let walk_in: Value = walk_in.json().await.unwrap();
        assert_eq!(walk_in["walkIn"], true);
        assert_eq!(walk_in["session"], json!({ "slug": "pair", "title": "pair", "limit": 2, "taken": 2, "left": 0, "checkedIn": 2 }));
        assert_eq!(full.status(), 409);
        assert_eq!(full.json::<Value>().await.unwrap()["result"], "full");
        // The main door is apart: Ana has not been checked in there.
        let main_door = app.admin_post("/api/admin/check-in", &json!({ "code": ana_code })).await;
        assert_eq!(main_door.status(), 200);
    }
}

on_both_databases! {
    async fn a_lowered_limit_moves_the_latest_seats_to_the_front_of_the_line_and_a_raised_one_promotes(app, seats_open()) {
        publish(&app, vec![workshop("pair", "two", TEN)]).await;
        let (ana, ana_ticket) = holder(&app, "ana@example.com").await;
        let (bo, bo_ticket) = holder(&app, "bo@example.com").await;
        let (cy, cy_ticket) = holder(&app, "cy@example.com").await;
        assert_eq!(reserve(&app, &ana, &ana_ticket, "pair").await.status(), 201);
        assert_eq!(reserve(&app, &bo, &bo_ticket, "pair").await.status(), 201);
        assert_eq!(queue(&app, &cy, &cy_ticket, "pair").await.status(), 201);

        let lowered = patch(&app, "pair", &json!({ "seatLimit": 1 })).await;

        assert_eq!(lowered.status(), 200);
        let lowered: Value = lowered.json().await.unwrap();
        assert_eq!((lowered["limit"].as_i64(), lowered["taken"].as_i64(), lowered["waiting"].as_i64()), (Some(1), Some(1), Some(2)));
        let detail: Value = app.admin_get("/api/admin/sessions/pair").await.json().await.unwrap();
        let line: Vec<&str> = detail["queue"].as_array().unwrap().iter().map(|entry| entry["ticketId"].as_str().unwrap()).collect();
        assert_eq!(line, [bo_ticket.as_str(), cy_ticket.as_str()], "Bo, moved back, goes before Cy");
        app.email_to_containing("bo@example.com", "went back to the front of its waiting").await;

        let raised = patch(&app, "pair", &json!({ "seatLimit": 3 })).await;
        assert_eq!(raised.status(), 200);
        assert_eq!(held(&seats_of(&app, &bo, &bo_ticket).await), ["pair"]);
        assert_eq!(held(&seats_of(&app, &cy, &cy_ticket).await), ["pair"]);

        for wrong in [json!({ "seatLimit": -1 }), json!({ "seatLimit": 10_001 })] {
            let refused = patch(&app, "pair", &wrong).await;
            assert_eq!(refused.status(), 422);
            assert!(refused.json::<Value>().await.unwrap()["fieldErrors"]["seatLimit"].is_string());
        }
        let revision_before: Value = app.get("/api/programme/seats").await.json().await.unwrap();
        assert!(revision_before["sessions"]["pair"].is_object());
        assert_eq!(patch(&app, "pair", &json!({ "signup": false })).await.status(), 200);
        let after: Value = app.get("/api/programme/seats").await.json().await.unwrap();
        assert!(after["sessions"]["pair"].is_null(), "the published view follows a PATCH: {after}");
        let page = app.get("/sessions/pair").await.text().await.unwrap();
        assert!(!page.contains("data-seat-panel"), "the page follows too");
    }
}

on_both_databases! {
    async fn the_back_office_lists_exports_and_messages_a_sessions_holders(app, seats_open()) {
        publish(&app, vec![workshop("pair", "two", TEN), workshop("python-lab", "lab", NOON)]).await;
        let (ana, ana_ticket) = holder(&app, "ana@example.com").await;
        assert_eq!(reserve(&app, &ana, &ana_ticket, "pair").await.status(), 201);
        assert_eq!(reserve(&app, &ana, &ana_ticket, "python-lab").await.status(), 201);

        let sessions: Value = app.admin_get("/api/admin/sessions").await.json().await.unwrap();
        let csv = app.admin_get("/api/admin/sessions/pair/roster.csv").await;
        let message = app.admin_post(
            "/api/admin/sessions/python-lab/message",
            &json!({ "subject": "Bring a laptop", "body": "Please bring a laptop with Python 3.12." }),
        ).await;
        let dashboard: Value = app.admin_get("/api/admin/dashboard").await.json().await.unwrap();

        let pair = sessions["sessions"].as_array().unwrap().iter().find(|session| session["slug"] == "pair").unwrap();
        assert_eq!((pair["limit"].as_i64(), pair["taken"].as_i64(), pair["left"].as_i64()), (Some(2), Some(1), Some(1)));
        assert_eq!(csv.status(), 200);
        assert_eq!(csv.headers()["content-disposition"], "attachment; filename=\"roster-pair.csv\"");
        let csv = csv.text().await.unwrap();
        assert!(csv.starts_with("\u{feff}name,email,ticket code,ticket type,reserved at,checked in at\r\n"), "{csv}");
        assert!(csv.contains("Ana Diaz,ana@example.com,TK-"), "{csv}");
        assert_eq!(message.status(), 202);
        assert_eq!(message.json::<Value>().await.unwrap()["recipients"], 1);
        let email = app.email_to_containing("ana@example.com", "Python 3.12").await;
        assert!(email.contains("python lab"), "{email}");
        let nearly_full: Vec<&str> = dashboard["workshops"]["nearlyFull"].as_array().unwrap().iter()
            .map(|session| session["slug"].as_str().unwrap()).collect();
        assert_eq!(nearly_full, ["pair"]);
        let programme: Value = app.get("/api/programme").await.json().await.unwrap();
        let listed = programme["sessions"].as_array().unwrap().iter().find(|session| session["slug"] == "python-lab").unwrap();
        assert_eq!((listed["seats"]["limit"].as_i64(), listed["seats"]["taken"].as_i64()), (Some(36), Some(1)));
        let schedule = app.get("/schedule").await.text().await.unwrap();
        assert!(schedule.contains("data-seats=\"python-lab\""), "the cards keep a line for the seats");
    }
}

on_both_databases! {
    async fn the_programmes_answer_follows_each_seat_taken_and_is_made_again_only_then(app, seats_open()) {
        publish(&app, vec![workshop("rust-lab", "lab", NINE)]).await;
        let (token, ticket) = holder(&app, "ana@example.com").await;
        let taken = |answer: &Value| {
            let sessions = answer["sessions"].as_array().unwrap();
            sessions.iter().find(|session| session["slug"] == "rust-lab").unwrap()["seats"]["taken"].as_i64()
        };

        let before = app.get("/api/programme").await;
        let etag = before.headers()["etag"].to_str().unwrap().to_owned();
        assert_eq!(taken(&before.json().await.unwrap()), Some(0));
        let again = app.get("/api/programme").await;
        assert_eq!(again.headers()["etag"].to_str().unwrap(), etag, "nothing changed: the same answer");
        assert_eq!(reserve(&app, &token, &ticket, "rust-lab").await.status(), 201);
        let after = app.get("/api/programme").await;

        assert_ne!(after.headers()["etag"].to_str().unwrap(), etag);
        assert_eq!(taken(&after.json().await.unwrap()), Some(1));
    }
}

/// The plain text of a message the SMTP sink received, and its subject.
fn text_of(raw: &[u8]) -> (String, String) {
    use mailparse::MailHeaderMap;
    fn plain(mail: &mailparse::ParsedMail<'_>) -> Option<String> {
        if mail.subparts.is_empty() {
            return (mail.ctype.mimetype == "text/plain").then(|| mail.get_body().unwrap());
        }
        mail.subparts.iter().find_map(plain)
    }
    let mail = mailparse::parse_mail(raw).unwrap();
    (
        mail.headers.get_first_value("Subject").unwrap(),
        plain(&mail).expect("a text part"),
    )
}

on_both_databases! {
    async fn the_evening_before_each_seat_is_reminded_once_with_its_room_through_smtp(
        app,
        TestOptions {
            clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
            event: Some(Box::new(|event: &mut conference::event::Event| {
                event.workshops.signup_opens = Some(datetime!(2026-01-01 00:00 -4));
            })),
            ..TestOptions::with_smtp_sink(&[("MAIL_WORKER", "false".into())])
        }
    ) {
        publish(&app, vec![workshop("lab-session", "lab", TEN)]).await;
        let order_id = app.paid_ticket_order("developer", "Ana Diaz", "ana@example.com").await;
        let ticket = app.store.tickets_of_order(&order_id).await.unwrap().remove(0);
        let reserved_at = datetime!(2026-04-01 12:00 -4);
        app.store.reserve_seat(&app.event, &ticket.id, "src-lab-session", reserved_at).await.unwrap();
        let sink = app.smtp.as_ref().unwrap();
        app.mailer.deliver_due().await.unwrap();
        let before = sink.messages().len();

        let early = app.store.queue_seat_reminders(&app.event, datetime!(2027-05-18 17:59 -4)).await.unwrap();
        let due = app.store.queue_seat_reminders(&app.event, datetime!(2027-05-18 18:00 -4)).await.unwrap();
        let again = app.store.queue_seat_reminders(&app.event, datetime!(2027-05-18 19:00 -4)).await.unwrap();
        let other = app.another_instance().await;
        let elsewhere = other.store.queue_seat_reminders(&app.event, datetime!(2027-05-18 20:00 -4)).await.unwrap();
        app.mailer.deliver_due().await.unwrap();

        assert_eq!((early, due, again, elsewhere), (0, 1, 0, 0));
        let messages = sink.wait_for(before + 1).await;
        let reminders: Vec<(String, String)> = messages.iter().map(|raw| text_of(raw))
            .filter(|(subject, _)| subject.starts_with("Tomorrow:")).collect();
        assert_eq!(reminders.len(), 1);
        let (subject, text) = &reminders[0];
        assert_eq!(subject, "Tomorrow: lab session in Room lab");
        assert!(text.contains("Hi Ana Diaz") && text.contains("10:00-12:00 on May 19, 2027"), "{text}");
        let confirmed = messages.iter().map(|raw| text_of(raw)).find(|(subject, _)| subject.contains("is reserved"));
        assert!(confirmed.is_some_and(|(_, text)| text.contains("/schedule.ics?sessions=lab-session")));
    }
}
