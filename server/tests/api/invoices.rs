//! Invoices and credit notes: issued with the payment, numbered without gaps across
//! instances, readable as PDFs by the buyer and the organizer, never edited (a refund or a
//! billing correction issues a credit note), and listed for the accountant.

use std::collections::BTreeSet;
use std::io::Read;
use std::sync::Arc;

use ab_glyph::Font as _;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::{ManualClock, TestApp, TestOptions, on_both_databases, post_json};

const PAYMENTS: usize = 200;

fn acme() -> Value {
    json!({
        "company": "Acme Widgets Inc.",
        "address": "500 Brickell Avenue\nSuite 1200",
        "city": "Miami",
        "region": "FL",
        "postalCode": "33131",
        "country": "US",
        "taxId": "US-12-3456789",
    })
}

/// The shipped event with the back office, the mail left in the outbox until the test sends it.
fn options() -> TestOptions {
    let mut options = TestOptions::default().with_admin();
    options.env.push(("MAIL_WORKER", "false".into()));
    options
}

fn on_the_clock(clock: Arc<ManualClock>) -> TestOptions {
    let mut options = options();
    options.clock = Some(clock);
    options
}

/// Buys 19 Team Passes for Acme with its billing details; answers the create call's answer.
async fn team_for_acme(app: &TestApp, email: &str) -> Value {
    let amount = app.ticket_total("team", 19).await;
    let created = app
        .post_json(
            "/api/create-payment-intent",
            &json!({ "ticketType": "team", "quantity": 19, "amount": amount, "name": "Ana Diaz", "email": email,
                     "billing": acme() }),
        )
        .await;
    assert_eq!(created.status(), 200);
    let created: Value = created.json().await.unwrap();
    let secret = created["clientSecret"].as_str().unwrap();
    assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
    created
}

/// Two Hackathon Tees, paid; answers the create call's answer.
async fn paid_tees(app: &TestApp, email: &str) -> Value {
    let created: Value = app
        .post_json(
            "/api/create-merchandise-payment",
            &json!({ "merchandiseId": 2, "amount": 6998, "name": "Bo Lee", "email": email, "quantity": 2,
                     "size": "M", "color": "Coral" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let secret = created["clientSecret"].as_str().expect("the order was created");
    assert_eq!(app.pay_with_card(secret, "4242424242424242").await.status(), 200);
    created
}

/// A request with the buyer's proof from a create call's answer (the confirmation page's link).
fn with_payment(request: reqwest::RequestBuilder, created: &Value) -> reqwest::RequestBuilder {
    request
        .header("X-Payment-Intent", created["paymentIntentId"].as_str().unwrap())
        .header("X-Client-Secret", created["clientSecret"].as_str().unwrap())
}

async fn my_order(app: &TestApp, created: &Value) -> reqwest::Response {
    with_payment(app.client.get(app.url("/api/my-order")), created)
        .send()
        .await
        .unwrap()
}

async fn correct(app: &TestApp, created: &Value, billing: Value) -> reqwest::Response {
    with_payment(app.client.put(app.url("/api/my-order/billing")), created)
        .json(&json!({ "billing": billing }))
        .send()
        .await
        .unwrap()
}

/// The text of a PDF as a PDF reader extracts it, without white space: extractors differ in
/// where they put spaces and line breaks, not in the words.
fn pdf_text(pdf: &[u8]) -> String {
    let text = pdf_extract::extract_text_from_mem(pdf).expect("the PDF's text can be extracted");
    squashed(&text)
}

fn squashed(text: &str) -> String {
    text.split_whitespace().collect()
}

/// Whether the PDF text `text` says `expected`, white space aside.
fn says(text: &str, expected: &str) -> bool {
    text.contains(&squashed(expected))
}

/// The runs of text a PDF draws, as its reader finds them: each page's size, and each run's
/// page, start, baseline, size in points and text. (The reader places the characters of a run
/// at its start, give or take kerning, so runs are told apart by their starts.)
#[derive(Default)]
struct Drawn {
    pages: Vec<(f64, f64)>,
    runs: Vec<Run>,
}

struct Run {
    page: usize,
    left: f64,
    baseline: f64,
    size: f64,
    text: String,
    /// Where the reader placed the last character.
    last: f64,
}

impl Run {
    /// The run's width set in DejaVu Sans, in points. The reader does not say which weight a
    /// run is in, so it is measured in the regular, the narrower.
    fn width(&self) -> f64 {
        let regular = &conference::typography::sans().expect("the bundled font").regular;
        let scale = regular.pt_to_px_scale(self.size as f32).unwrap();
        f64::from(conference::typography::text_width(regular, scale, &self.text))
    }
}

impl pdf_extract::OutputDev for Drawn {
    fn begin_page(
        &mut self,
        _: u32,
        media_box: &pdf_extract::MediaBox,
        _: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), pdf_extract::OutputError> {
        self.pages
            .push((media_box.urx - media_box.llx, media_box.ury - media_box.lly));
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &pdf_extract::Transform,
        _: f64,
        _: f64,
        font_size: f64,
        character: &str,
    ) -> Result<(), pdf_extract::OutputError> {
        let (page, x, baseline, size) = (self.pages.len() - 1, trm.m31, trm.m32, font_size * trm.m11.abs());
        match self.runs.last_mut() {
            Some(run)
                if run.page == page && run.baseline == baseline && run.size == size && (x - run.last).abs() < 5.0 =>
            {
                run.text.push_str(character);
                run.last = x;
            }
            _ => self.runs.push(Run {
                page,
                left: x,
                baseline,
                size,
                text: character.to_owned(),
                last: x,
            }),
        }
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
}

fn drawn(pdf: &[u8]) -> Drawn {
    let document = pdf_extract::Document::load_mem(pdf).expect("a PDF");
    let mut drawn = Drawn::default();
    pdf_extract::output_doc(&document, &mut drawn).expect("the PDF's text can be read");
    drawn
}

async fn pdf_at(request: reqwest::RequestBuilder) -> Vec<u8> {
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    response.bytes().await.unwrap().to_vec()
}

/// The PDF attachments of the emails the outbox sends to `recipient`, by file name.
async fn attachments_to(app: &TestApp, recipient: &str) -> Vec<(String, Vec<u8>)> {
    app.mailer.deliver_due().await.expect("the outbox is read");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(app.data_dir().join("mail")).unwrap() {
        let raw = std::fs::read(entry.unwrap().path()).unwrap();
        let mail = mailparse::parse_mail(&raw).unwrap();
        if !mail
            .headers
            .iter()
            .any(|h| h.get_key() == "To" && h.get_value().contains(recipient))
        {
            continue;
        }
        collect_pdfs(&mail, &mut found);
    }
    found.sort();
    found
}

fn collect_pdfs(part: &mailparse::ParsedMail<'_>, found: &mut Vec<(String, Vec<u8>)>) {
    if part.ctype.mimetype == "application/pdf" {
        let name = part
            .get_content_disposition()
            .params
            .get("filename")
            .cloned()
            .unwrap_or_default();
        found.push((name, part.get_body_raw().unwrap()));
    }
    for sub in &part.subparts {
        collect_pdfs(sub, found);
    }
}

on_both_databases! {
    /// Every instance takes the next number in the paying transaction: no gap, no duplicate.
    async fn payments_at_once_on_two_instances_are_numbered_without_gaps(app, options().without_rate_limits()) {
        let second = app.another_instance().await;
        let mut secrets = Vec::new();
        for buyer in 0..PAYMENTS {
            let created: Value = app
                .post_json(
                    "/api/create-merchandise-payment",
                    &json!({ "merchandiseId": 2, "amount": 3499, "name": "Racing Buyer",
                             "email": format!("buyer{buyer}@example.com"), "quantity": 1, "size": "M", "color": "Coral" }),
                )
                .await
                .json()
                .await
                .unwrap();
            secrets.push(created["clientSecret"].as_str().expect("the order was created").to_owned());
        }
        let urls = [app.url("/api/sandbox/confirm"), second.url("/api/sandbox/confirm")];

        let answers = futures::future::join_all(secrets.iter().enumerate().map(|(index, secret)| {
            let (client, url) = (&app.client, &urls[index % 2]);
            async move {
                post_json(client, url, &json!({ "clientSecret": secret, "cardNumber": "4242424242424242",
                                                 "expMonth": "12", "expYear": "34", "cvc": "123" })).await
            }
        }))
        .await;

        assert!(answers.iter().all(|answer| answer.status() == 200));
        let ledger: Value = app.admin_get("/api/admin/invoices").await.json().await.unwrap();
        let numbers: BTreeSet<String> = ledger["invoices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|invoice| invoice["number"].as_str().unwrap().to_owned())
            .collect();
        let expected: BTreeSet<String> = (1..=PAYMENTS).map(|n| format!("CW2026-{n:05}")).collect();
        assert_eq!(numbers, expected);
        assert_eq!(ledger["invoices"].as_array().unwrap().len(), PAYMENTS);
        assert_eq!(ledger["totals"]["total"], 3499 * PAYMENTS as i64);
    }
}

on_both_databases! {
    /// The invoice names the seller and the company, its line and its total; the buyer gets it
    /// from the manage link and with the receipt, the organizer from the order page.
    async fn a_team_invoice_holds_seller_buyer_lines_and_totals(app, options()) {
        let created = team_for_acme(&app, "ana@acme.example").await;
        let order_id = created["orderId"].as_str().unwrap();
        let order = app.store.order(order_id).await.unwrap().unwrap();
        let token = app.buyer_manage_token(order_id).await;

        let paperwork: Value = app
            .client
            .get(app.url("/api/my-order"))
            .header("X-Manage-Token", &token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(paperwork["billing"]["company"], "Acme Widgets Inc.");
        assert_eq!(paperwork["canCorrectBilling"], true);
        let invoices = paperwork["invoices"].as_array().unwrap();
        assert_eq!(invoices.len(), 1);
        assert_eq!((invoices[0]["kind"].as_str(), invoices[0]["total"].as_i64()), (Some("invoice"), Some(order.amount.cents())));
        let number = invoices[0]["number"].as_str().unwrap();
        let pdf = pdf_at(app.client.get(app.url(invoices[0]["url"].as_str().unwrap())).header("X-Manage-Token", &token)).await;
        let text = pdf_text(&pdf);

        for expected in [
            "Invoice",
            number,
            &order.reference,
            "CodeWave Events LLC",
            "1901 Convention Center Drive",
            "Acme Widgets Inc.",
            "500 Brickell Avenue",
            "Suite 1200",
            "Miami, FL 33131",
            "United States",
            "Tax ID US-12-3456789",
            "Attn. Ana Diaz <ana@acme.example>",
            "19 $699.00 $13,281.00",
            "Team Pass, CodeWave Miami 2026 (May 18-22, 2026)",
            "Team of 10 or more",
            &format!("Total (USD) {}", order.amount),
            "Paid by card on",
        ] {
            assert!(says(&text, expected), "the invoice says {expected:?}: {text}");
        }

        let receipt = attachments_to(&app, "ana@acme.example").await;
        assert_eq!(receipt.len(), 1, "the receipt carries the invoice");
        assert_eq!(receipt[0].0, format!("invoice-{number}.pdf"));
        assert!(says(&pdf_text(&receipt[0].1), "Acme Widgets Inc."));

        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        assert_eq!(page["invoices"][0]["number"], number);
        assert_eq!(page["invoices"][0]["url"], format!("/api/admin/invoices/{number}"));
        let from_the_back_office = pdf_at(app.client.get(app.url(&format!("/api/admin/invoices/{number}"))).bearer_auth(crate::helpers::ADMIN_TOKEN)).await;
        assert_eq!(pdf_text(&from_the_back_office), text);
        let signed_out = app.get(&format!("/api/admin/invoices/{number}")).await;
        assert_eq!(signed_out.status(), 401);
    }
}

on_both_databases! {
    /// Without billing details the invoice names the buyer; only the buyer's proofs open it.
    async fn an_invoice_opens_only_to_its_buyer(app, options()) {
        let tees = paid_tees(&app, "bo@example.com").await;
        let paperwork: Value = my_order(&app, &tees).await.json().await.unwrap();
        assert_eq!(paperwork["billing"], Value::Null);
        let url = paperwork["invoices"][0]["url"].as_str().unwrap().to_owned();
        let text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(&url)), &tees)).await);
        assert!(says(&text, "Bo Lee") && says(&text, "bo@example.com"), "{text}");
        assert!(says(&text, "Hackathon Tee, M / Coral"), "{text}");

        let other = paid_tees(&app, "cy@example.com").await;
        let wrong_secret = app
            .client
            .get(app.url(&url))
            .header("X-Payment-Intent", tees["paymentIntentId"].as_str().unwrap())
            .header("X-Client-Secret", other["clientSecret"].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(wrong_secret.status(), 404);
        let someone_elses = with_payment(app.client.get(app.url(&url)), &other).send().await.unwrap();
        assert_eq!(someone_elses.status(), 404, "another order's proof opens not this invoice");
        assert_eq!(app.get(&url).await.status(), 404);
        assert_eq!(app.get("/api/my-order").await.status(), 404);
    }
}

on_both_databases! {
    /// "New link": resending a ticket order's receipt retires the confirmation page's client
    /// secret as the buyer's proof, with the old manage link; the new link opens the paperwork.
    async fn a_new_manage_link_retires_the_client_secret(app, options()) {
        let created = team_for_acme(&app, "ana@acme.example").await;
        let order_id = created["orderId"].as_str().unwrap();
        let first = app.buyer_manage_token(order_id).await;
        let paperwork = my_order(&app, &created).await;
        assert_eq!(paperwork.status(), 200, "the just-paid buyer's secret opens the paperwork");
        let url = paperwork.json::<Value>().await.unwrap()["invoices"][0]["url"].as_str().unwrap().to_owned();
        let confirm = json!({ "paymentIntentId": created["paymentIntentId"], "clientSecret": created["clientSecret"] });
        let confirmed: Value = app.post_json("/api/confirm-purchase", &confirm).await.json().await.unwrap();
        assert!(confirmed["reference"].is_string());

        let resent = app.admin_post(&format!("/api/admin/orders/{order_id}/resend-confirmation"), &json!({})).await;

        assert_eq!(resent.status(), 200);
        assert_eq!(my_order(&app, &created).await.status(), 404);
        assert_eq!(with_payment(app.client.get(app.url(&url)), &created).send().await.unwrap().status(), 404);
        assert_eq!(correct(&app, &created, acme()).await.status(), 404);
        let confirmed: Value = app.post_json("/api/confirm-purchase", &confirm).await.json().await.unwrap();
        assert_eq!((confirmed["status"].as_str(), confirmed.get("reference")), (Some("paid"), None));
        let renewed = app
            .manage_links_to("ana@acme.example", 2)
            .await
            .into_iter()
            .find(|link| *link != first)
            .unwrap();
        let mine = app.client.get(app.url("/api/my-order")).header("X-Manage-Token", &renewed).send().await.unwrap();
        assert_eq!(mine.status(), 200);
        pdf_at(app.client.get(app.url(&url)).header("X-Manage-Token", &renewed)).await;
    }
}

on_both_databases! {
    /// A sponsor's new page link retires the confirmation page's client secret too.
    async fn a_sponsors_new_page_link_retires_the_client_secret(app, options()) {
        let created: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme Widgets Inc.", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "https://acme.dev",
                         "additionalInfo": "" }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        assert_eq!(my_order(&app, &created).await.status(), 200);
        let order_id = created["orderId"].as_str().unwrap();

        let renewed = app.admin_post(&format!("/api/admin/sponsorships/{order_id}/page-link"), &json!({})).await;

        assert_eq!(renewed.status(), 200);
        assert_eq!(my_order(&app, &created).await.status(), 404);
        let confirm = json!({ "paymentIntentId": created["paymentIntentId"], "clientSecret": created["clientSecret"] });
        let confirmed: Value = app.post_json("/api/confirm-sponsorship", &confirm).await.json().await.unwrap();
        assert_eq!((confirmed.get("reference"), &confirmed["sponsorPageUrl"]), (None, &Value::Null));
        let url = renewed.json::<Value>().await.unwrap()["sponsorPageUrl"].as_str().unwrap().to_owned();
        let secret = url.split_once('#').unwrap().1;
        let mine = app.client.get(app.url("/api/my-order")).header("X-Manage-Token", secret).send().await.unwrap();
        assert_eq!(mine.status(), 200);
    }
}

on_both_databases! {
    /// Unbroken runs as long as the fields allow are wrapped within the margins, and what does
    /// not fit the first page flows onto the next: no letter off the page, none lost.
    async fn long_unbroken_billing_details_stay_within_the_page(app, options()) {
        let (company, street, city) = ("W".repeat(200), format!("{}\n{}", "Ш".repeat(100), "M".repeat(99)), "W".repeat(100));
        let email = format!("{}@example.com", "x".repeat(64));
        let amount = app.ticket_total("developer", 1).await;
        let created: Value = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "developer", "amount": amount, "name": "Ana Diaz", "email": email,
                         "billing": { "company": company, "address": street, "city": city, "region": "W".repeat(100),
                                      "postalCode": "3".repeat(20), "country": "US", "taxId": "9".repeat(40) } }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);
        let paperwork: Value = my_order(&app, &created).await.json().await.unwrap();

        let pdf = pdf_at(with_payment(app.client.get(app.url(paperwork["invoices"][0]["url"].as_str().unwrap())), &created)).await;

        let drawn = drawn(&pdf);
        assert!(drawn.runs.len() > 30, "{}", drawn.runs.len());
        // Within the margins of 54 points, give or take two for kerning.
        for run in &drawn.runs {
            let (width, height) = drawn.pages[run.page];
            let right = run.left + run.width();
            assert!(
                run.left >= 52.0 && right <= width - 52.0 && run.baseline >= 27.0 && run.baseline <= height - 52.0,
                "{:?} drawn from {} to {right} at {} on page {} of {width}×{height}",
                run.text,
                run.left,
                run.baseline,
                run.page
            );
        }
        let text = pdf_text(&pdf);
        for expected in [company, "Ш".repeat(100), "M".repeat(99), email, "9".repeat(40), "Total (USD)".into()] {
            assert!(says(&text, &expected), "the invoice says {expected:?}: {text}");
        }
    }
}

on_both_databases! {
    /// What an invoice cannot print as typed (control, invisible and non-characters, and what
    /// its font lacks) is refused wherever billing details and names are taken, naming the field.
    async fn what_an_invoice_cannot_print_is_refused_by_field(app, options()) {
        let refused = |answer: reqwest::Response| async move {
            assert_eq!(answer.status(), 422);
            answer.json::<Value>().await.unwrap()["fieldErrors"].clone()
        };
        let amount = app.ticket_total("developer", 1).await;
        let mut billing = acme();
        billing["company"] = json!("Acme\u{202e}cnI");
        let ticket = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "developer", "amount": amount, "name": "Ana\u{200b}Diaz", "email": "ana@example.com",
                         "billing": billing }),
            )
            .await;
        let errors = refused(ticket).await;
        assert_eq!(errors["name"], "Name cannot contain control or invisible characters");
        assert_eq!(
            errors["billing.company"],
            "The company name cannot contain invisible characters, such as text-direction marks or zero-width spaces."
        );

        let tees = app
            .post_json(
                "/api/create-merchandise-payment",
                &json!({ "merchandiseId": 2, "amount": 3499, "name": "Bo Lee 🚀", "email": "bo@example.com", "quantity": 1,
                         "size": "M", "color": "Coral" }),
            )
            .await;
        assert_eq!(
            refused(tees).await["name"],
            "The name cannot contain “🚀”: invoices are printed in a font that does not have it. Please leave it out."
        );

        let sponsor = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme\u{fdd0}", "contactName": "Ana 北",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "", "additionalInfo": "" }),
            )
            .await;
        let errors = refused(sponsor).await;
        assert!(errors["companyName"].as_str().unwrap().starts_with("The company name cannot contain invisible"), "{errors}");
        assert!(errors["contactName"].as_str().unwrap().starts_with("The contact name cannot contain “北”"), "{errors}");

        let paid = paid_tees(&app, "cy@example.com").await;
        let mut billing = acme();
        billing["address"] = json!("500 Brickell Avenue\nSuite 1200 🏢");
        let errors = refused(correct(&app, &paid, billing).await).await;
        assert!(errors["billing.address"].as_str().unwrap().starts_with("The street address cannot contain “🏢”"), "{errors}");
        assert_eq!(my_order(&app, &paid).await.json::<Value>().await.unwrap()["billing"], Value::Null, "nothing stored");
    }
}

on_both_databases! {
    /// A seat holder's link opens their seat, never the buyer's invoices.
    async fn a_seat_holders_link_opens_no_invoices(app, TestOptions::next_edition_at(OffsetDateTime::now_utc())) {
        let order_id = app.paid_ticket_order("team", "Ana Diaz", "ana@example.com").await;
        let buyer = app.buyer_manage_token(&order_id).await;
        let seat = app.store.tickets_of_order(&order_id).await.unwrap()[1].id.clone();
        let given = app
            .client
            .post(app.url(&format!("/api/my-tickets/{seat}/attendee")))
            .header("X-Manage-Token", &buyer)
            .json(&json!({ "name": "Bo Lee", "email": "bo@example.com" }))
            .send()
            .await
            .unwrap();
        assert_eq!(given.status(), 200);
        let holder = app.manage_links_to("bo@example.com", 1).await.remove(0);

        let answer = app.client.get(app.url("/api/my-order")).header("X-Manage-Token", holder).send().await.unwrap();

        assert_eq!(answer.status(), 404);
    }
}

on_both_databases! {
    /// A refund never edits the invoice: a credit note for the amount, naming it, goes with the refund email.
    async fn a_refund_issues_a_credit_note_naming_the_invoice(app, options()) {
        let created = team_for_acme(&app, "ana@acme.example").await;
        let order_id = created["orderId"].as_str().unwrap();
        let refunded = app
            .admin_post(
                &format!("/api/admin/orders/{order_id}/refund"),
                &json!({ "amount": 100_000, "cancel": false, "reason": "Two colleagues could not travel" }),
            )
            .await;
        assert_eq!(refunded.status(), 200);

        let page: Value = app.admin_get(&format!("/api/admin/orders/{order_id}")).await.json().await.unwrap();
        let documents = page["invoices"].as_array().unwrap();
        assert_eq!(documents.len(), 2);
        let (invoice, note) = (&documents[0], &documents[1]);
        assert_eq!((note["kind"].as_str(), note["total"].as_i64()), (Some("credit_note"), Some(-100_000)));
        let original = app.store.invoice_by_number(invoice["number"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(original.total.cents(), app.store.order(order_id).await.unwrap().unwrap().amount.cents(), "the invoice is unchanged");
        let text = pdf_text(&pdf_at(app.client.get(app.url(note["url"].as_str().unwrap())).bearer_auth(crate::helpers::ADMIN_TOKEN)).await);
        let invoice_number = invoice["number"].as_str().unwrap();
        for expected in ["Credit note", &format!("Refers to {invoice_number}"), &format!("Refund of invoice {invoice_number}"), "-$1,000.00", "Acme Widgets Inc."] {
            assert!(says(&text, expected), "the credit note says {expected:?}: {text}");
        }

        let sent = attachments_to(&app, "ana@acme.example").await;
        let names: Vec<&str> = sent.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, [format!("credit-note-{}.pdf", note["number"].as_str().unwrap()), format!("invoice-{invoice_number}.pdf")]);
    }
}

on_both_databases! {
    /// A buyer corrects the details once: the old invoice is cancelled by a credit note, a new
    /// one names the company, both are emailed; a second correction is refused.
    async fn a_billing_correction_cancels_and_reissues_once(app, options()) {
        let tees = paid_tees(&app, "bo@example.com").await;
        let first_number = my_order(&app, &tees).await.json::<Value>().await.unwrap()["invoices"][0]["number"].as_str().unwrap().to_owned();
        let receipt = attachments_to(&app, "bo@example.com").await;

        let corrected = correct(&app, &tees, acme()).await;

        assert_eq!(corrected.status(), 200);
        let paperwork: Value = corrected.json().await.unwrap();
        assert_eq!((paperwork["canCorrectBilling"].as_bool(), paperwork["billing"]["company"].as_str()), (Some(false), Some("Acme Widgets Inc.")));
        let documents = paperwork["invoices"].as_array().unwrap();
        let kinds: Vec<(&str, i64)> = documents.iter().map(|d| (d["kind"].as_str().unwrap(), d["total"].as_i64().unwrap())).collect();
        assert_eq!(kinds, [("invoice", 6998), ("credit_note", -6998), ("invoice", 6998)]);
        let (note, replacement) = (&documents[1], &documents[2]);
        let note_text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(note["url"].as_str().unwrap())), &tees)).await);
        assert!(says(&note_text, &format!("Refers to {first_number}")) && says(&note_text, "-$69.98"), "{note_text}");
        assert!(says(&note_text, "Bo Lee"), "the credit note repeats the cancelled invoice's buyer: {note_text}");
        let new_text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(replacement["url"].as_str().unwrap())), &tees)).await);
        assert!(says(&new_text, "Acme Widgets Inc.") && says(&new_text, &format!("Replaces invoice {first_number}")), "{new_text}");
        let first_text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(documents[0]["url"].as_str().unwrap())), &tees)).await);
        assert!(!says(&first_text, "Acme"), "the issued invoice never changes: {first_text}");
        let emailed: Vec<String> = attachments_to(&app, "bo@example.com").await.into_iter().map(|(name, _)| name).collect();
        let file = |document: &Value| format!("{}-{}.pdf", document["kind"].as_str().unwrap().replace('_', "-"), document["number"].as_str().unwrap());
        assert_eq!(receipt.len(), 1);
        assert_eq!(receipt[0].0, file(&documents[0]), "the receipt carried the first invoice");
        assert_eq!(emailed, [file(note), file(&documents[0]), file(replacement)], "the correction email carried both");

        let again = correct(&app, &tees, json!({ "company": "Globex", "address": "1 Way", "city": "Miami", "country": "US" })).await;
        assert_eq!(again.status(), 409);
        assert!(again.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("corrected once already"));
        assert_eq!(app.store.invoices_of_order(&paperwork_order(&app, &tees).await).await.unwrap().len(), 3);
    }
}

async fn paperwork_order(app: &TestApp, created: &Value) -> String {
    app.store
        .order_by_payment(created["paymentIntentId"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap()
        .id
}

on_both_databases! {
    /// The last day of the 30 counts whole; the day after, corrections go through the organizers.
    async fn billing_is_corrected_until_thirty_days_after_payment(app, on_the_clock(ManualClock::at(OffsetDateTime::now_utc()))) {
        let clock = app.clock.clone().unwrap();
        let tees = paid_tees(&app, "bo@example.com").await;
        let until = my_order(&app, &tees).await.json::<Value>().await.unwrap()["correctBillingUntil"].as_str().unwrap().to_owned();
        let venue = app.event.starts_at.offset();
        let paid = app.event.venue_date(OffsetDateTime::now_utc());
        assert_eq!(until, (paid + Duration::days(30)).to_string());

        clock.set((paid + Duration::days(31)).midnight().assume_offset(venue) + Duration::hours(9));
        let late = correct(&app, &tees, acme()).await;
        let paperwork: Value = my_order(&app, &tees).await.json().await.unwrap();

        assert_eq!(late.status(), 409);
        assert!(late.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("until 30 days after payment"));
        assert_eq!(paperwork["canCorrectBilling"], false);
        assert_eq!(paperwork["invoices"].as_array().unwrap().len(), 1);

        clock.set((paid + Duration::days(30)).midnight().assume_offset(venue) + Duration::hours(23));
        assert_eq!(correct(&app, &tees, acme()).await.status(), 200, "the 30th day counts whole");
    }
}

on_both_databases! {
    /// Bad billing fields are named, at checkout and in a correction, and nothing is stored.
    async fn bad_billing_fields_answer_422_with_field_errors(app, options()) {
        let bad = json!({ "company": "A", "address": "", "city": "Miami", "postalCode": "33131!", "country": "ZZ", "taxId": "#" });
        let amount = app.ticket_total("developer", 1).await;
        let ticket = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "developer", "quantity": 1, "amount": amount, "name": "Ana Diaz",
                         "email": "ana@example.com", "billing": bad }),
            )
            .await;
        let merchandise = app
            .post_json(
                "/api/create-merchandise-payment",
                &json!({ "merchandiseId": 2, "amount": 3499, "name": "Bo Lee", "email": "bo@example.com", "quantity": 1,
                         "size": "M", "color": "Coral", "billing": { "country": "US" } }),
            )
            .await;
        let sponsor = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "https://acme.dev",
                         "additionalInfo": "", "billing": { "address": "1 Way", "city": "Miami", "country": "usa" } }),
            )
            .await;

        let fields = |body: &Value| -> BTreeSet<String> {
            body["fieldErrors"].as_object().expect("fieldErrors").keys().cloned().collect()
        };
        assert_eq!(ticket.status(), 422);
        assert_eq!(
            fields(&ticket.json().await.unwrap()),
            ["billing.address", "billing.company", "billing.country", "billing.postalCode", "billing.taxId"].map(String::from).into()
        );
        assert_eq!(merchandise.status(), 422);
        assert_eq!(
            fields(&merchandise.json().await.unwrap()),
            ["billing.address", "billing.city", "billing.company"].map(String::from).into()
        );
        assert_eq!(sponsor.status(), 422, "the sponsor's company stands in for the name, not for a country");
        assert_eq!(fields(&sponsor.json().await.unwrap()), ["billing.country"].map(String::from).into());
        assert!(app.store.list_orders().await.unwrap().is_empty());

        let tees = paid_tees(&app, "cy@example.com").await;
        let correction = correct(&app, &tees, json!({ "company": "Acme", "address": "1 Way", "city": "", "country": "US" })).await;
        assert_eq!(correction.status(), 422);
        assert_eq!(fields(&correction.json().await.unwrap()), ["billing.city"].map(String::from).into());
        assert_eq!(my_order(&app, &tees).await.json::<Value>().await.unwrap()["canCorrectBilling"], true);
    }
}

on_both_databases! {
    /// A sponsor's invoice is made out to the company of the sponsor form, at its address.
    async fn a_sponsors_invoice_names_the_company(app, options()) {
        let created: Value = app
            .post_json(
                "/api/create-sponsorship-payment",
                &json!({ "tier": "gold", "price": 2_500_000, "companyName": "Acme Widgets Inc.", "contactName": "Ana Diaz",
                         "email": "ana@acme.dev", "phone": "+1 305 555 0100", "website": "https://acme.dev",
                         "additionalInfo": "", "billing": { "address": "500 Brickell Avenue", "city": "Miami",
                         "region": "FL", "postalCode": "33131", "country": "US" } }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(app.pay_with_card(created["clientSecret"].as_str().unwrap(), "4242424242424242").await.status(), 200);

        let paperwork: Value = my_order(&app, &created).await.json().await.unwrap();
        let url = paperwork["invoices"][0]["url"].as_str().unwrap();
        let text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(url)), &created)).await);

        for expected in ["Acme Widgets Inc.", "500 Brickell Avenue", "Gold Sponsorship", "$25,000.00"] {
            assert!(says(&text, expected), "the invoice says {expected:?}: {text}");
        }
    }
}

on_both_databases! {
    /// A 100% code: the order is paid without a card and its invoice is of zero.
    async fn a_free_order_gets_an_invoice_of_zero(app, options()) {
        let made: Value = app
            .admin_post("/api/admin/codes", &json!({ "appliesTo": ["ticket:developer"], "percentOff": 100, "maxUses": 1 }))
            .await
            .json()
            .await
            .unwrap();
        let code = made["codes"][0]["code"].as_str().unwrap();
        let created: Value = app
            .post_json(
                "/api/create-payment-intent",
                &json!({ "ticketType": "developer", "quantity": 1, "amount": 0, "name": "Ana Diaz", "email": "ana@example.com", "code": code }),
            )
            .await
            .json()
            .await
            .unwrap();

        let paperwork: Value = my_order(&app, &created).await.json().await.unwrap();
        assert_eq!((paperwork["invoices"][0]["kind"].as_str(), paperwork["invoices"][0]["total"].as_i64()), (Some("invoice"), Some(0)));
        let text = pdf_text(&pdf_at(with_payment(app.client.get(app.url(paperwork["invoices"][0]["url"].as_str().unwrap())), &created)).await);
        assert!(says(&text, "Total (USD) $0.00") && says(&text, "Nothing to pay."), "{text}");
    }
}

on_both_databases! {
    /// The accountant's screen: documents of a range with their totals, the ledger as CSV and the PDFs in a zip.
    async fn the_ledger_lists_a_range_with_totals_csv_and_zip(app, options()) {
        let created = team_for_acme(&app, "ana@acme.example").await;
        let order_id = created["orderId"].as_str().unwrap();
        let total = app.store.order(order_id).await.unwrap().unwrap().amount.cents();
        paid_tees(&app, "bo@example.com").await;
        app.admin_post(&format!("/api/admin/orders/{order_id}/refund"), &json!({ "amount": 50_000, "cancel": false, "reason": "Goodwill" }))
            .await;
        let today = app.event.venue_date(OffsetDateTime::now_utc());
        let range = format!("from={today}&to={today}");

        let ledger: Value = app.admin_get(&format!("/api/admin/invoices?{range}")).await.json().await.unwrap();
        let tomorrow: Value = app.admin_get(&format!("/api/admin/invoices?from={}", today.next_day().unwrap())).await.json().await.unwrap();
        let backwards = app.admin_get(&format!("/api/admin/invoices?from={}&to={today}", today.next_day().unwrap())).await;
        let not_a_day = app.admin_get("/api/admin/invoices?from=May").await;
        let empty_day = app.admin_get("/api/admin/invoices/ledger.csv?to=").await;

        assert_eq!(ledger["invoices"].as_array().unwrap().len(), 3);
        assert_eq!(ledger["totals"], json!({ "invoices": 2, "creditNotes": 1, "net": total + 6998 - 50_000, "tax": 0, "total": total + 6998 - 50_000 }));
        assert_eq!(ledger["invoices"][2]["refersTo"], ledger["invoices"][0]["number"]);
        assert_eq!(ledger["invoices"][0]["buyerTaxId"], "US-12-3456789");
        assert_eq!(tomorrow["invoices"], json!([]));
        for refused in [backwards, not_a_day, empty_day] {
            assert_eq!(refused.status(), reqwest::StatusCode::BAD_REQUEST);
        }

        let csv = app.admin_get(&format!("/api/admin/invoices/ledger.csv?{range}")).await.text().await.unwrap();
        let rows: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
        assert_eq!(rows[0], "number,kind,date,buyer,tax id,net,tax,total,order reference,refers to");
        let credit = rows.iter().find(|row| row.contains("credit_note")).unwrap();
        assert!(credit.contains(",-500.00,0.00,-500.00,"), "{credit}");
        assert!(rows[1].contains("Acme Widgets Inc.,US-12-3456789"), "{}", rows[1]);

        // As a browser asks: a zip of PDFs is sent as it is, not compressed again.
        let zip = app
            .client
            .get(app.url(&format!("/api/admin/invoices/pdfs.zip?{range}")))
            .bearer_auth(crate::helpers::ADMIN_TOKEN)
            .header("Accept-Encoding", "gzip, br")
            .send()
            .await
            .unwrap();
        assert_eq!(zip.headers()["content-type"], "application/zip");
        assert!(zip.headers().get("content-encoding").is_none());
        let bytes = zip.bytes().await.unwrap();
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a zip");
        let mut names: Vec<String> = archive.file_names().map(|name| name.expect("a file name").into_owned()).collect();
        names.sort();
        let mut expected: Vec<String> = ledger["invoices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| format!("{}-{}.pdf", d["kind"].as_str().unwrap().replace('_', "-"), d["number"].as_str().unwrap()))
            .collect();
        expected.sort();
        assert_eq!(names, expected);
        let mut first = Vec::new();
        archive.by_index(0).unwrap().read_to_end(&mut first).unwrap();
        assert!(says(&pdf_text(&first), "CodeWave Events LLC"));
    }
}
