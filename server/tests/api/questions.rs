//! Attendee questions: every kind of answer checked at the checkout and on the manage link (422 by field), stored per
//! ticket with the order (once, whatever the retries), edited until the change deadline and refused after, cleared
//! when a seat changes hands; the back office's order page, attendees.csv columns and totals; flagged answers at the
//! door; the reminder to answer, once.

use conference::event::{Event, Question, QuestionKind};
use serde_json::{Value, json};
use time::macros::datetime;

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases};

fn question(id: &str, label: &str, kind: QuestionKind, options: &[&str]) -> Question {
    Question {
        id: id.into(),
        label: label.into(),
        kind,
        options: options.iter().map(|option| (*option).to_owned()).collect(),
        required: false,
        ticket_types: vec!["developer".into(), "vip".into(), "team".into()],
        help: None,
        show_at_door: false,
    }
}

/// The shipped questions (diet, T-shirt, accessibility, company) and one of every other kind; only VIPs are asked
/// about the dinner.
fn every_kind(event: &mut Event) {
    event.questions.extend([
        question(
            "interests",
            "Interests",
            QuestionKind::MultipleChoice,
            &["Talks", "Workshops", "Parties"],
        ),
        Question {
            ticket_types: vec!["vip".into()],
            ..question("vip_dinner", "VIP dinner", QuestionKind::YesNo, &[])
        },
        question("country", "Country", QuestionKind::Country, &[]),
        question("phone", "Phone", QuestionKind::Phone, &[]),
        question("birthday", "Birthday", QuestionKind::Date, &[]),
    ]);
}

/// Tickets on sale (a month before the last day for changes), every kind of question, the back office open, no
/// per-address limits.
fn asking() -> TestOptions {
    TestOptions {
        clock: Some(ManualClock::at(datetime!(2026-04-01 12:00 -4))),
        ..TestOptions::with_event(every_kind)
    }
    .with_admin()
    .without_rate_limits()
}

async fn buy(
    app: &TestApp,
    ticket_type: &str,
    quantity: i64,
    email: &str,
    answers: Option<Value>,
) -> reqwest::Response {
    let mut body = json!({
        "ticketType": ticket_type,
        "amount": app.ticket_total(ticket_type, quantity).await,
        "name": "Ana Diaz",
        "email": email,
        "quantity": quantity,
    });
    if let Some(answers) = answers {
        body["answers"] = answers;
    }
    app.post_json("/api/create-payment-intent", &body).await
}

/// A paid order; answers its id, the buyer's link and its tickets' ids.
async fn paid(
    app: &TestApp,
    ticket_type: &str,
    quantity: i64,
    email: &str,
    answers: Option<Value>,
) -> (String, String, Vec<String>) {
    let response = buy(app, ticket_type, quantity, email, answers).await;
    assert_eq!(response.status(), 200);
    let created: Value = response.json().await.unwrap();
    app.pay_ticket_order(&created).await
}

async fn tickets_page(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/my-tickets"))
        .header("X-Manage-Token", token)
        .send()
        .await
        .unwrap()
}

async fn seat(app: &TestApp, token: &str, position: usize) -> Value {
    let page: Value = tickets_page(app, token).await.json().await.unwrap();
    page["tickets"][position].clone()
}

async fn answer(app: &TestApp, token: &str, ticket_id: &str, body: &Value) -> reqwest::Response {
    app.client
        .put(app.url(&format!("/api/my-tickets/{ticket_id}/answers")))
        .header("X-Manage-Token", token)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn name(app: &TestApp, token: &str, ticket_id: &str, name: &str, email: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/my-tickets/{ticket_id}/attendee")))
        .header("X-Manage-Token", token)
        .json(&json!({ "name": name, "email": email }))
        .send()
        .await
        .unwrap()
}

async fn counted(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.database().await).await.unwrap()
}

fn field_errors(body: &Value) -> Vec<(String, String)> {
    let mut errors: Vec<(String, String)> = body["fieldErrors"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(field, message)| (field.clone(), message.as_str().unwrap().to_owned()))
        .collect();
    errors.sort();
    errors
}

on_both_databases! {
    /// The site's config lists each question as the checkout and the manage link ask it, in the event file's order.
    async fn the_config_lists_the_questions_with_their_kinds_options_and_ticket_types(app, asking()) {
        let config: Value = app.get("/api/config").await.json().await.unwrap();
        let questions = config["questions"].as_array().unwrap();
        let ids: Vec<&str> = questions.iter().map(|question| question["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["diet", "tshirt", "accessibility", "company", "interests", "vip_dinner", "country", "phone", "birthday"]);
        assert_eq!(questions[0], json!({
            "id": "diet",
            "label": "Dietary needs",
            "kind": "choice",
            "options": ["No preference", "Vegetarian", "Vegan", "Gluten-free"],
            "required": true,
            "ticketTypes": ["developer", "vip", "team"],
            "help": "We order lunch for five days.",
        }));
        assert_eq!(questions[5], json!({
            "id": "vip_dinner",
            "label": "VIP dinner",
            "kind": "yes_no",
            "options": [],
            "required": false,
            "ticketTypes": ["vip"],
            "help": null,
        }));
        assert_eq!(questions[2]["kind"], "long_text");
        assert_eq!(questions[4]["options"], json!(["Talks", "Workshops", "Parties"]));
    }
}

on_both_databases! {
    /// Each kind refuses what it cannot take, by field, and nothing is placed; what fits is stored once per ticket.
    async fn every_kind_is_checked_at_the_checkout_and_stored_with_the_order_once(app, asking()) {
        let refused = buy(&app, "developer", 1, "ana@example.com", Some(json!({
            "tshirt": "XXXL",
            "accessibility": 42,
            "company": "x".repeat(201),
            "interests": ["Talks", "Talks"],
            "vip_dinner": true,
            "country": "ZZ",
            "phone": "12ab56",
            "birthday": "1990-02-30",
            "shoe_size": "44",
        }))).await;
        assert_eq!(refused.status(), 422);
        let body: Value = refused.json().await.unwrap();
        let not_asked = "This question is not asked for this ticket.";
        assert_eq!(field_errors(&body), [
            ("answers.accessibility".into(), "Enter your answer as text.".into()),
            ("answers.birthday".into(), "Enter a date as YYYY-MM-DD.".into()),
            ("answers.company".into(), "Please keep it to 200 characters.".into()),
            ("answers.country".into(), "Choose a country by its two-letter code, such as \"DE\".".into()),
            ("answers.diet".into(), "Please answer this question.".into()),
            ("answers.interests".into(), "Choose any of the options, each once.".into()),
            ("answers.phone".into(), "Enter a phone number: 6 to 20 digits, spaces and + - ( ), at least 6 digits.".into()),
            ("answers.shoe_size".into(), not_asked.into()),
            ("answers.tshirt".into(), "Choose one of the options.".into()),
            ("answers.vip_dinner".into(), not_asked.into()),
        ]);
        let vip = buy(&app, "vip", 1, "ana@example.com", Some(json!({ "diet": "Vegan", "vip_dinner": "yes" }))).await;
        assert_eq!(field_errors(&vip.json::<Value>().await.unwrap()), [("answers.vip_dinner".into(), "Answer yes or no.".into())]);
        assert_eq!(counted(&app, "SELECT COUNT(*) FROM orders").await, 0);

        let answers = json!({
            "diet": "Vegan",
            "tshirt": null,
            "accessibility": "  Step-free access, please.  ",
            "company": "",
            "interests": ["Parties", "Talks"],
            "country": "de",
            "phone": "+49 (30) 1234-567",
            "birthday": "1990-02-28",
        });
        let mut body = json!({
            "ticketType": "developer", "amount": app.ticket_total("developer", 1).await,
            "name": "Ana Diaz", "email": "ana@example.com", "answers": answers,
        });
        let mut created = Vec::new();
        for _ in 0..2 {
            let response = app.client.post(app.url("/api/create-payment-intent"))
                .header("Idempotency-Key", "retry-the-same-purchase").json(&body).send().await.unwrap();
            assert_eq!(response.status(), 200);
            created.push(response.json::<Value>().await.unwrap());
        }
        assert_eq!(created[0]["orderId"], created[1]["orderId"], "a retry is the same purchase");
        body["answers"]["diet"] = json!("Vegetarian");
        let other = app.client.post(app.url("/api/create-payment-intent"))
            .header("Idempotency-Key", "retry-the-same-purchase").json(&body).send().await.unwrap();
        assert_eq!(other.status(), 409, "other answers are another request");
        assert_eq!(counted(&app, "SELECT COUNT(*) FROM ticket_answers").await, 6);
        assert_eq!(app.pay_with_card(created[0]["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        let token = app.buyer_manage_token(created[0]["orderId"].as_str().unwrap()).await;
        let ticket = seat(&app, &token, 0).await;
        assert_eq!(ticket["questions"], json!(["diet", "tshirt", "accessibility", "company", "interests", "country", "phone", "birthday"]));
        assert_eq!(ticket["answers"], json!({
            "diet": "Vegan",
            "accessibility": "Step-free access, please.",
            "interests": ["Talks", "Parties"],
            "country": "DE",
            "phone": "+49 (30) 1234-567",
            "birthday": "1990-02-28",
        }));
        assert_eq!(ticket["questionsOpen"], json!(["tshirt", "company"]));

        // Without `answers` nothing is asked now: the buyer answers on the link.
        let (_, later, _) = paid(&app, "vip", 1, "bo@example.com", None).await;
        let vip = seat(&app, &later, 0).await;
        assert_eq!(vip["answers"], json!({}));
        assert_eq!(vip["questionsOpen"].as_array().unwrap().len(), 9);
    }
}

on_both_databases! {
    /// The buyer answers for the seats still theirs; a holder for their own; a hand-over clears the seat's answers, a
    /// name correction keeps them; after the last day for changes, nothing changes.
    async fn answers_are_edited_on_the_link_until_the_deadline_and_cleared_by_a_hand_over(app, asking()) {
        let (_, buyer, tickets) = paid(&app, "team", 4, "ana@example.com", Some(json!({ "diet": "Vegan" }))).await;

        let saved = answer(&app, &buyer, &tickets[1], &json!({ "diet": "Gluten-free", "tshirt": "M" })).await;
        assert_eq!(saved.status(), 200);
        let page: Value = saved.json().await.unwrap();
        assert_eq!(page["tickets"][1]["answers"], json!({ "diet": "Gluten-free", "tshirt": "M" }));
        assert_eq!(page["tickets"][0]["answers"], json!({ "diet": "Vegan" }));
        let missing = answer(&app, &buyer, &tickets[1], &json!({ "tshirt": "S" })).await;
        assert_eq!(missing.status(), 422);
        assert_eq!(field_errors(&missing.json().await.unwrap()), [("answers.diet".into(), "Please answer this question.".into())]);
        let replaced = answer(&app, &buyer, &tickets[1], &json!({ "diet": "Gluten-free" })).await;
        assert_eq!(replaced.status(), 200);
        assert_eq!(seat(&app, &buyer, 1).await["answers"], json!({ "diet": "Gluten-free" }), "left out is cleared");

        assert_eq!(answer(&app, &buyer, &tickets[2], &json!({ "diet": "Vegetarian", "tshirt": "L" })).await.status(), 200);
        assert_eq!(name(&app, &buyer, &tickets[2], "Bo Lee", "bo@example.com").await.status(), 200);
        let given = seat(&app, &buyer, 2).await;
        assert_eq!((given["status"].clone(), given["questions"].clone(), given["answers"].clone()), (json!("transferred"), json!([]), json!({})));
        let refused = answer(&app, &buyer, &tickets[2], &json!({ "diet": "Vegan" })).await;
        assert_eq!(refused.status(), 409);
        let bo = app.manage_links_to("bo@example.com", 1).await.remove(0);
        let theirs = seat(&app, &bo, 0).await;
        assert_eq!(theirs["answers"], json!({}), "the new holder answers afresh");
        assert_eq!(theirs["questionsOpen"][0], "diet");
        let bo_answers = json!({ "diet": "Vegetarian", "accessibility": "Step-free access" });
        assert_eq!(answer(&app, &bo, &tickets[2], &bo_answers).await.status(), 200);
        assert_eq!(name(&app, &bo, &tickets[2], "Bo Lee-Park", "bo@example.com").await.status(), 200);
        assert_eq!(seat(&app, &bo, 0).await["answers"], bo_answers, "a name correction keeps the answers");
        assert_eq!(answer(&app, &bo, &tickets[1], &json!({ "diet": "Vegan" })).await.status(), 404);
        assert_eq!(answer(&app, "not-a-link", &tickets[1], &json!({ "diet": "Vegan" })).await.status(), 404);

        app.clock.as_ref().unwrap().set(datetime!(2026-05-12 09:00 -4));
        let late = answer(&app, &bo, &tickets[2], &json!({ "diet": "Vegan" })).await;
        assert_eq!(late.status(), 409);
        let message = late.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("Answers can be changed until May 11, 2026"), "{message}");
        assert_eq!(seat(&app, &bo, 0).await["answers"], bo_answers);
    }
}

on_both_databases! {
    /// The order page reads each answer, attendees.csv has a column per question, and the totals count valid tickets
    /// only.
    async fn the_back_office_reads_answers_on_the_order_in_the_csv_and_in_the_totals(app, asking()) {
        let (ana_order, _, _) = paid(&app, "developer", 1, "ana@example.com", Some(json!({
            "diet": "Vegan", "interests": ["Parties", "Talks"], "country": "DE", "vip_dinner": null,
        }))).await;
        paid(&app, "vip", 1, "bo@example.com", Some(json!({ "diet": "Vegetarian", "vip_dinner": true }))).await;
        paid(&app, "developer", 1, "cy@example.com", None).await;
        let (dee_order, _, _) = paid(&app, "developer", 1, "dee@example.com", Some(json!({ "diet": "Vegan" }))).await;
        let refunded = app.admin_post(&format!("/api/admin/orders/{dee_order}/refund"), &json!({ "amount": 79_900, "reason": "Cannot come" })).await;
        assert_eq!(refunded.status(), 200);

        let page: Value = app.admin_get(&format!("/api/admin/orders/{ana_order}")).await.json().await.unwrap();
        assert_eq!(page["tickets"][0]["answers"], json!([
            { "question": "diet", "label": "Dietary needs", "text": "Vegan" },
            { "question": "interests", "label": "Interests", "text": "Talks, Parties" },
            { "question": "country", "label": "Country", "text": "Germany" },
        ]));

        let csv = app.admin_get("/api/admin/exports/attendees.csv").await.text().await.unwrap();
        let mut lines = csv.trim_start_matches('\u{feff}').lines();
        assert!(lines.next().unwrap().ends_with(
            ",buyer email,Dietary needs,T-shirt size,Accessibility needs,Company,Interests,VIP dinner,Country,Phone,Birthday"
        ));
        let ana = lines.clone().find(|line| line.contains("ana@example.com")).unwrap();
        assert!(ana.ends_with(",ana@example.com,Vegan,,,,\"Talks, Parties\",,Germany,,"), "{ana}");
        let bo = lines.find(|line| line.contains("bo@example.com")).unwrap();
        assert!(bo.ends_with(",bo@example.com,Vegetarian,,,,,Yes,,,"), "{bo}");

        let totals = app.admin_get("/api/admin/questions/totals").await;
        assert_eq!(totals.status(), 200);
        let totals: Value = totals.json().await.unwrap();
        let diet = &totals[0];
        assert_eq!((diet["id"].clone(), diet["kind"].clone(), diet["answered"].clone(), diet["missing"].clone()),
            (json!("diet"), json!("choice"), json!(2), json!(1)));
        assert_eq!(diet["options"], json!([
            { "value": "No preference", "count": 0 }, { "value": "Vegetarian", "count": 1 },
            { "value": "Vegan", "count": 1 }, { "value": "Gluten-free", "count": 0 },
        ]));
        assert_eq!(totals[4]["options"], json!([
            { "value": "Talks", "count": 1 }, { "value": "Workshops", "count": 0 }, { "value": "Parties", "count": 1 },
        ]));
        let dinner = &totals[5];
        assert_eq!((dinner["answered"].clone(), dinner["missing"].clone()), (json!(1), json!(0)), "only VIPs are asked");
        assert_eq!(dinner["options"], json!([{ "value": "Yes", "count": 1 }, { "value": "No", "count": 0 }]));
        assert_eq!(totals[2]["options"], json!([]));
        assert_eq!((totals[2]["answered"].clone(), totals[2]["missing"].clone()), (json!(0), json!(3)));
    }
}

on_both_databases! {
    /// The door sees the answers of `show_at_door` questions beside the name: checking in, in the list it keeps and
    /// in an offline batch's results.
    async fn the_door_sees_the_flagged_answers(app, asking()) {
        let (ana_order, _, _) = paid(&app, "developer", 1, "ana@example.com", Some(json!({
            "diet": "Vegan", "accessibility": "Wheelchair-accessible seat",
        }))).await;
        let (bo_order, _, _) = paid(&app, "developer", 1, "bo@example.com", Some(json!({ "diet": "Vegan" }))).await;
        let code = |order: String| {
            let store = app.store.clone();
            async move { conference::tickets::display_code(&store.tickets_of_order(&order).await.unwrap()[0].code) }
        };
        let (ana_code, bo_code) = (code(ana_order).await, code(bo_order).await);
        let flagged = json!([{ "label": "Accessibility needs", "text": "Wheelchair-accessible seat" }]);

        let admitted: Value = app.admin_post("/api/admin/check-in", &json!({ "code": ana_code })).await.json().await.unwrap();
        assert_eq!(admitted["result"], "admitted");
        assert_eq!(admitted["flaggedAnswers"], flagged);
        let again: Value = app.admin_post("/api/admin/check-in", &json!({ "code": ana_code })).await.json().await.unwrap();
        assert_eq!((again["result"].clone(), again["flaggedAnswers"].clone()), (json!("already_checked_in"), flagged.clone()));
        let bo: Value = app.admin_post("/api/admin/check-in", &json!({ "code": bo_code })).await.json().await.unwrap();
        assert_eq!(bo["flaggedAnswers"], json!([]));

        let list: Value = app.admin_get("/api/admin/check-in/list?deviceId=door-1").await.json().await.unwrap();
        let entries = list["tickets"].as_array().unwrap();
        let with = |answers: &Value| entries.iter().filter(|entry| entry["flaggedAnswers"] == *answers).count();
        assert_eq!((entries.len(), with(&flagged), with(&json!([]))), (2, 1, 1));

        let scanned_at = conference::store::now_millis();
        let batch: Value = app.admin_post("/api/admin/check-in/batch", &json!({
            "deviceId": "door-1",
            "scans": [{ "code": ana_code, "scannedAt": scanned_at }, { "code": "TK-NOPE", "scannedAt": scanned_at }],
        })).await.json().await.unwrap();
        assert_eq!(batch["results"][0]["flaggedAnswers"], flagged);
        assert_eq!(batch["results"][1]["flaggedAnswers"], json!([]));
    }
}

on_both_databases! {
    /// A week before the last day for changes, each named holder with a required question open is reminded once,
    /// however often the job runs and on however many instances; a holder under their own link gets a new one.
    async fn a_holder_with_a_required_question_open_is_reminded_once(
        app,
        TestOptions::next_edition_at(datetime!(2026-12-01 12:00 -5)).without_rate_limits()
    ) {
        let (_, buyer, tickets) = paid(&app, "team", 4, "ana@example.com", None).await;
        assert_eq!(name(&app, &buyer, &tickets[1], "Bo Lee", "bo@example.com").await.status(), 200);
        assert_eq!(name(&app, &buyer, &tickets[2], "Cy Wu", "cy@example.com").await.status(), 200);
        let bo_first = app.manage_links_to("bo@example.com", 1).await.remove(0);
        let cy = app.manage_links_to("cy@example.com", 1).await.remove(0);
        assert_eq!(answer(&app, &cy, &tickets[2], &json!({ "diet": "Vegan" })).await.status(), 200);
        let (from, until) = conference::questions::reminders_window(&app.event);
        assert_eq!((from, until), (datetime!(2027-05-03 10:00 -4), datetime!(2027-05-11 00:00 -4)));

        let early = app.store.queue_answer_reminders(&app.event, from, until, datetime!(2027-05-03 09:59 -4)).await.unwrap();
        let due = app.store.queue_answer_reminders(&app.event, from, until, from).await.unwrap();
        let again = app.store.queue_answer_reminders(&app.event, from, until, datetime!(2027-05-04 10:00 -4)).await.unwrap();
        let other = app.another_instance().await;
        let elsewhere = other.store.queue_answer_reminders(&app.event, from, until, datetime!(2027-05-05 10:00 -4)).await.unwrap();

        assert_eq!((early, due, again, elsewhere), (0, 2, 0, 0), "Ana (her own seat) and Bo; Cy answered, seat 4 is unnamed");
        assert_eq!(counted(&app, "SELECT COUNT(*) FROM outbox WHERE kind = 'answers_reminder'").await, 2);
        let to_bo = app.email_to_containing("bo@example.com", "still need your").await;
        assert!(to_bo.contains("- Dietary needs") && to_bo.contains("by May 10, 2027"), "{to_bo}");
        let bo = app.links_to("bo@example.com", "/my-tickets#", 2).await.into_iter().find(|link| *link != bo_first).unwrap();
        assert_eq!(tickets_page(&app, &bo_first).await.status(), 404, "the new link replaces the old");
        assert_eq!(answer(&app, &bo, &tickets[1], &json!({ "diet": "Vegetarian" })).await.status(), 200);
        let to_ana = app.email_to_containing("ana@example.com", "still need your").await;
        assert!(to_ana.contains("from the link in your order") && !to_ana.contains("/my-tickets#"), "{to_ana}");
    }
}
