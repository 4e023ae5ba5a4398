//! The day-before email: once to each holder of a valid ticket (the attendee, else the buyer of a seat nobody was
//! named to), with their QR codes, the venue, the doors and the schedule; none for a refunded ticket or to whoever
//! gave theirs away; once however often the job runs, across a restart and on several instances.

use mailparse::MailHeaderMap;
use serde_json::{Value, json};
use time::macros::datetime;

use crate::helpers::{TestApp, TestOptions, on_both_databases};

async fn paid(app: &TestApp, ticket_type: &str, quantity: i64, email: &str) -> (String, String, Vec<String>) {
    let created: Value = app
        .create_ticket_payment(ticket_type, quantity, email)
        .await
        .json()
        .await
        .unwrap();
    app.pay_ticket_order(&created).await
}

async fn name(app: &TestApp, token: &str, ticket_id: &str, name: &str, email: &str) {
    let named = app
        .client
        .post(app.url(&format!("/api/my-tickets/{ticket_id}/attendee")))
        .header("X-Manage-Token", token)
        .json(&json!({ "name": name, "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(named.status(), 200);
}

/// The day-before emails to `recipient`: each one's subject, plain text and attached file names.
fn day_before_emails(app: &TestApp, recipient: &str) -> Vec<(String, String, Vec<String>)> {
    app.raw_emails_to(recipient)
        .iter()
        .map(|raw| mailparse::parse_mail(raw).unwrap())
        .filter(|mail| {
            mail.headers
                .get_first_value("Subject")
                .is_some_and(|subject| subject.contains("doors open"))
        })
        .map(|mail| {
            let mut text = String::new();
            let mut files = Vec::new();
            let mut parts = vec![&mail];
            while let Some(part) = parts.pop() {
                parts.extend(part.subparts.iter());
                let disposition = part.get_content_disposition();
                if let Some(file) = disposition
                    .params
                    .get("filename")
                    .filter(|_| disposition.disposition == mailparse::DispositionType::Attachment)
                {
                    files.push(file.clone());
                } else if part.ctype.mimetype == "text/plain" {
                    text.push_str(&part.get_body().unwrap());
                }
            }
            files.sort();
            (mail.headers.get_first_value("Subject").unwrap(), text, files)
        })
        .collect()
}

on_both_databases! {
    async fn every_valid_holder_gets_one_day_before_email_across_a_restart(
        app,
        TestOptions::next_edition_at(datetime!(2026-12-01 12:00 -5)).with_admin().without_rate_limits()
    ) {
        let (_, _, ana) = paid(&app, "developer", 1, "ana@example.com").await;
        let (_, team, seats) = paid(&app, "team", 4, "bo@example.com").await;
        name(&app, &team, &seats[1], "Cy Wu", "cy@example.com").await;
        name(&app, &team, &seats[2], "Dee Park", "dee@example.com").await;
        let dee = app.manage_links_to("dee@example.com", 1).await.remove(0);
        name(&app, &dee, &seats[2], "Eve Moss", "eve@example.com").await;
        let (refunded, _, _) = paid(&app, "developer", 1, "fay@example.com").await;
        let refund = app.admin_post(&format!("/api/admin/orders/{refunded}/refund"), &json!({})).await;
        assert_eq!(refund.status(), 200);
        let (from, until) = conference::tickets::day_before_window(&app.event);
        assert_eq!((from, until), (datetime!(2027-05-16 17:00 -4), datetime!(2027-05-18 00:00 -4)));

        let early = app.store.queue_day_before_emails(from, until, datetime!(2027-05-16 16:59 -4)).await.unwrap();
        let due = app.store.queue_day_before_emails(from, until, from).await.unwrap();
        let again = app.store.queue_day_before_emails(from, until, datetime!(2027-05-16 17:01 -4)).await.unwrap();
        let other = app.another_instance().await;
        let elsewhere = other.store.queue_day_before_emails(from, until, datetime!(2027-05-16 18:00 -4)).await.unwrap();
        let app = app.restart().await;
        let restarted = app.store.queue_day_before_emails(from, until, datetime!(2027-05-16 19:00 -4)).await.unwrap();

        assert_eq!((early, due, again, elsewhere, restarted), (0, 4, 0, 0, 0), "Ana, Bo (his seat and seat 4), Cy and Eve");
        app.email_to_containing("eve@example.com", "DOORS OPEN").await;
        for _ in 0..3 {
            app.mailer.deliver_due().await.unwrap();
        }
        let code = |ticket_id: String| {
            let store = app.store.clone();
            async move { conference::tickets::display_code(&store.ticket(&ticket_id).await.unwrap().unwrap().code) }
        };
        let to_bo = day_before_emails(&app, "bo@example.com");
        assert_eq!(to_bo.len(), 1);
        let (subject, text, files) = &to_bo[0];
        assert_eq!(subject, "CodeWave Miami 2027: your tickets, and the doors open at 17:00 on May 16, 2027");
        let (bo_code, spare_code) = (code(seats[0].clone()).await, code(seats[3].clone()).await);
        assert_eq!(files, &{
            let mut expected = vec![format!("ticket-{bo_code}.png"), format!("ticket-{spare_code}.png")];
            expected.sort();
            expected
        });
        assert!(text.contains(&app.event.venue.name) && text.contains("/schedule"), "{text}");
        for (holder, ticket) in [("ana@example.com", ana[0].clone()), ("cy@example.com", seats[1].clone()), ("eve@example.com", seats[2].clone())] {
            let emails = day_before_emails(&app, holder);
            assert_eq!(emails.len(), 1, "{holder}");
            assert_eq!(emails[0].2, [format!("ticket-{}.png", code(ticket).await)], "{holder}");
        }
        assert!(day_before_emails(&app, "dee@example.com").is_empty(), "Dee gave hers away");
        assert!(day_before_emails(&app, "fay@example.com").is_empty(), "Fay's was refunded");
        let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE kind = 'day_before'")
            .fetch_one(&app.database().await).await.unwrap();
        assert_eq!(queued, 4);
    }
}
