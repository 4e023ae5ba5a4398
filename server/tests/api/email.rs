//! Emails reach a real SMTP server exactly once: after a purchase, through an
//! outage, across a restart, and with two workers racing.

use std::time::Duration;

use mailparse::{MailHeaderMap, ParsedMail, parse_mail};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestOptions, on_both_databases};
use crate::smtp_sink::SmtpSink;

/// Every leaf part of a message: (mime type, decoded bytes).
fn leaves(mail: &ParsedMail<'_>) -> Vec<(String, Vec<u8>)> {
    if mail.subparts.is_empty() {
        return vec![(mail.ctype.mimetype.clone(), mail.get_body_raw().unwrap())];
    }
    mail.subparts.iter().flat_map(leaves).collect()
}

fn part(parts: &[(String, Vec<u8>)], mimetype: &str) -> String {
    let (_, bytes) = parts
        .iter()
        .find(|(kind, _)| kind == mimetype)
        .unwrap_or_else(|| panic!("no {mimetype} part"));
    String::from_utf8(bytes.clone()).unwrap()
}

fn sink(app: &TestApp) -> &SmtpSink {
    app.smtp.as_ref().expect("the test asked for an SMTP server")
}

async fn register(app: &TestApp, email: &str) {
    let body = json!({ "fullName": "Ana Diaz", "email": email });
    assert_eq!(app.post_json("/api/register-waitlist", &body).await.status(), 200);
}

async fn buy_developer_ticket(app: &TestApp, name: &str) -> Value {
    let created: Value = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": "developer", "amount": 79900, "name": name, "email": "ana@example.com" }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242")
            .await
            .status(),
        200
    );
    created
}

/// An SMTP server that is down; no background worker, so the test alone decides when to send.
fn smtp_down(env: &[(&'static str, String)]) -> TestOptions {
    let mut settings = vec![
        ("MAIL_WORKER", "false".to_owned()),
        ("MAIL_RETRY_BASE_SECONDS", "1".to_owned()),
    ];
    settings.extend_from_slice(env);
    TestOptions::with_unavailable_smtp(&settings)
}

on_both_databases! {
    async fn a_paid_ticket_sends_one_receipt_with_its_reference_qr_code_and_calendar(app, TestOptions::with_smtp_sink(&[])) {
        // Names carrying markup or links are refused at checkout; the rest of HTML's specials are escaped.
        let created = buy_developer_ticket(&app, "Ana \"Bo\" & O'Brien").await;
        let messages = sink(&app).wait_for(1).await;
        app.mailer.deliver_due().await.unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;

        assert_eq!(sink(&app).messages().len(), 1, "exactly one receipt");
        let mail = parse_mail(&messages[0]).unwrap();
        let order = app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(mail.headers.get_first_value("To").as_deref(), Some("ana@example.com"));
        assert!(mail.headers.get_first_value("From").unwrap().contains("hello@codewave.events"));
        assert!(mail.headers.get_first_value("Subject").unwrap().contains(&order.reference));
        let outbox = app.store.list_outbox().await.unwrap();
        assert_eq!(
            mail.headers.get_first_value("Message-ID"),
            Some(format!("<{}@codewave.events>", outbox[0].id)),
            "named by its outbox row, so a copy sent again after a crash is recognisable"
        );
        let parts = leaves(&mail);
        let text = part(&parts, "text/plain");
        let html = part(&parts, "text/html");
        assert!(text.contains(&order.reference) && text.contains("$799.00"), "{text}");
        assert!(html.contains("Ana &quot;Bo&quot; &amp; O&#x27;Brien"), "the name is escaped");
        assert!(!html.contains("\"Bo\" &"), "no raw quotes or ampersand in the HTML");
        let qr = parts.iter().find(|(kind, _)| kind == "image/png").expect("a QR code image");
        assert_eq!(&qr.1[..8], b"\x89PNG\r\n\x1a\n");
        let calendar = part(&parts, "text/calendar");
        let parsed = ical::IcalParser::new(calendar.as_bytes()).next().expect("one calendar").expect("a valid calendar");
        let start = parsed.events[0].properties.iter().find(|property| property.name == "DTSTART").unwrap();
        assert_eq!(start.value.as_deref(), Some("20260518T040000Z"));
    }
}

on_both_databases! {
    /// Without SMTP_URL the email is written where a developer can open it.
    async fn without_smtp_emails_are_written_as_eml_files(
        app, TestOptions { env: vec![("MAIL_WORKER", "false".into())], ..TestOptions::default() }
    ) {
        register(&app, "ana@example.com").await;

        assert_eq!(app.mailer.deliver_due().await.unwrap(), 1);

        let files: Vec<_> = std::fs::read_dir(app.data_dir().join("mail")).unwrap().map(|entry| entry.unwrap().path()).collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].extension().and_then(|ext| ext.to_str()), Some("eml"));
        let raw = std::fs::read(&files[0]).unwrap();
        let mail = parse_mail(&raw).unwrap();
        assert!(mail.headers.get_first_value("Subject").unwrap().contains("waitlist"));
    }
}

on_both_databases! {
    /// Sends that finish together are marked sent together, and a batch's receipts are read together: every email
    /// goes out once, each receipt shows its own order, and none is left to send again.
    async fn a_batch_of_emails_is_sent_once_each_with_its_own_receipt_and_all_marked_sent(
        app, TestOptions { env: vec![("MAIL_WORKER", "false".into())], ..TestOptions::default() }.without_rate_limits()
    ) {
        let mut orders = Vec::new();
        for number in 0..5 {
            let created = buy_developer_ticket(&app, &format!("Buyer Number{number}")).await;
            orders.push(app.store.order(created["orderId"].as_str().unwrap()).await.unwrap().unwrap());
        }
        for number in 0..15 {
            register(&app, &format!("ana{number}@example.com")).await;
        }

        assert_eq!(app.mailer.deliver_due().await.unwrap(), 20);
        assert_eq!(app.mailer.deliver_due().await.unwrap(), 0, "nothing is left to send");

        let mut receipts = Vec::new();
        for file in std::fs::read_dir(app.data_dir().join("mail")).unwrap() {
            let raw = std::fs::read(file.unwrap().path()).unwrap();
            let mail = parse_mail(&raw).unwrap();
            let subject = mail.headers.get_first_value("Subject").unwrap();
            if let Some(order) = orders.iter().find(|order| subject.contains(&order.reference)) {
                let text = part(&leaves(&mail), "text/plain");
                assert!(text.contains(&format!("Hi {},", order.buyer_name)), "{subject}: {text}");
                receipts.push(order.reference.clone());
            }
        }
        receipts.sort();
        let mut references: Vec<String> = orders.iter().map(|order| order.reference.clone()).collect();
        references.sort();
        assert_eq!(receipts, references, "one receipt per order");
        let outbox = app.store.list_outbox().await.unwrap();
        assert_eq!(outbox.len(), 20);
        assert!(outbox.iter().all(|email| email.status == "sent"), "{outbox:?}");
    }
}

on_both_databases! {
    async fn the_waitlist_email_has_a_working_one_click_unsubscribe(app, TestOptions::with_smtp_sink(&[])) {
        register(&app, "ana@example.com").await;
        let messages = sink(&app).wait_for(1).await;

        let mail = parse_mail(&messages[0]).unwrap();
        let header = mail.headers.get_first_value("List-Unsubscribe").expect("a List-Unsubscribe header");
        assert_eq!(mail.headers.get_first_value("List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
        let link = header.trim_start_matches('<').trim_end_matches('>');
        let html = part(&leaves(&mail), "text/html").replace("&#x2f;", "/").replace("&amp;", "&");
        assert!(html.contains(link), "the footer links it too");
        let path = link.strip_prefix("http://codewave.test").expect("the link uses PUBLIC_URL");
        let page = app.get(path).await;
        assert_eq!(page.status(), 200);
        assert!(page.text().await.unwrap().contains("You're unsubscribed"));
        let registration = app.store.find_waitlist_registration("ana@example.com").await.unwrap().unwrap();
        assert!(!registration.subscribe);
        assert_eq!(app.get("/unsubscribe?token=nope").await.status(), 404);
    }
}

on_both_databases! {
    async fn an_email_waits_out_an_smtp_outage_and_is_sent_once(app, smtp_down(&[])) {
        register(&app, "ana@example.com").await;

        assert_eq!(app.mailer.deliver_due().await.unwrap(), 0, "the SMTP server is down");
        assert!(sink(&app).messages().is_empty());
        let queued = app.store.list_outbox().await.unwrap();
        assert_eq!((queued[0].status.as_str(), queued[0].attempts), ("queued", 1));
        assert!(queued[0].last_error.is_some());

        sink(&app).set_available(true);
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert_eq!(app.mailer.deliver_due().await.unwrap(), 1);
        assert_eq!(app.mailer.deliver_due().await.unwrap(), 0);

        assert_eq!(sink(&app).messages().len(), 1);
        let sent = app.store.list_outbox().await.unwrap();
        assert_eq!((sent[0].status.as_str(), sent[0].attempts, sent[0].last_error.as_deref()), ("sent", 2, None));
    }
}

on_both_databases! {
    /// After the last attempt the email stays in the outbox, marked failed, for the organizer.
    async fn an_email_is_given_up_after_the_last_attempt(app, smtp_down(&[("MAIL_MAX_ATTEMPTS", "2".into())])) {
        register(&app, "ana@example.com").await;

        app.mailer.deliver_due().await.unwrap();
        tokio::time::sleep(Duration::from_millis(1100)).await;
        app.mailer.deliver_due().await.unwrap();

        let outbox = app.store.list_outbox().await.unwrap();
        assert_eq!((outbox[0].status.as_str(), outbox[0].attempts), ("failed", 2));
        assert!(outbox[0].last_error.is_some());
    }
}

on_both_databases! {
    /// The worker only runs at start-up here: a payment made while it waits stands for a
    /// server killed between the payment and the send.
    async fn a_restart_between_payment_and_send_loses_nothing_and_sends_once(
        app, TestOptions::with_smtp_sink(&[("MAIL_POLL_SECONDS", "3600".into())])
    ) {
        buy_developer_ticket(&app, "Ana Diaz").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(sink(&app).messages().is_empty(), "nothing was sent before the restart");

        let app = app.restart().await;

        assert_eq!(sink(&app).wait_for(1).await.len(), 1);
        assert_eq!(app.mailer.deliver_due().await.unwrap(), 0);
        assert_eq!(sink(&app).messages().len(), 1);
    }
}

on_both_databases! {
    async fn two_instances_racing_send_each_email_once(app, TestOptions::with_smtp_sink(&[("RATE_LIMITS", "off".into())])) {
        let second = app.another_instance().await;
        for person in 0..12 {
            register(&app, &format!("person{person}@example.com")).await;
        }

        for _ in 0..5 {
            let (first, other) = tokio::join!(app.mailer.deliver_due(), second.mailer.deliver_due());
            first.unwrap();
            other.unwrap();
        }
        sink(&app).wait_for(12).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;

        let messages = sink(&app).messages();
        assert_eq!(messages.len(), 12);
        let mut recipients: Vec<String> =
            messages.iter().map(|raw| parse_mail(raw).unwrap().headers.get_first_value("To").unwrap()).collect();
        recipients.sort();
        recipients.dedup();
        assert_eq!(recipients.len(), 12);
        assert!(app.store.list_outbox().await.unwrap().iter().all(|email| email.status == "sent"));
    }
}

on_both_databases! {
    /// A stopping server lets the worker finish the batch it is sending: an email cut off
    /// between its send and its "sent" mark would go out a second time later.
    async fn a_stopping_worker_finishes_the_batch_in_hand(
        app, TestOptions::with_smtp_sink(&[("MAIL_WORKER", "false".into()), ("RATE_LIMITS", "off".into())])
    ) {
        for person in 0..30 {
            register(&app, &format!("person{person}@example.com")).await;
        }
        let (stop, stopping) = tokio::sync::watch::channel(false);
        let worker = tokio::spawn(conference::email::run_outbox_worker(
            app.mailer.clone(),
            Duration::from_secs(3600),
            stopping,
        ));
        sink(&app).wait_for(1).await;
        stop.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(20), worker).await.expect("the worker stops").unwrap();

        let outbox = app.store.list_outbox().await.unwrap();
        assert_eq!(outbox.len(), 30);
        assert!(outbox.iter().all(|email| email.status == "sent"), "every claimed email was sent and marked");
        assert_eq!(sink(&app).messages().len(), 30);
    }
}
